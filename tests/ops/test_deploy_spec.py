"""Deployment files are validated like plans (code, key path, line, hint) and rendered into
`prefect.yaml` deterministically; the committed `prefect.yaml` matches `deployments/`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from flows.deploy.apply import ENTRYPOINT, render_prefect_yaml
from flows.deploy.spec import load_deployment, load_deployments
from keiri.base.catalog import t
from tests.conftest import ROOT, TEST_BLOCK_SPECS
from tests.ops.conftest import OPS, PLANS

INVALID = sorted((OPS / "fixtures" / "invalid").glob("*.yaml"))


@pytest.fixture(autouse=True)
def _test_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))


def _marked_line(path: Path) -> int:
    """Each invalid fixture marks the offending line with `# <-`."""
    return next(
        n for n, line in enumerate(path.read_text("utf-8").splitlines(), 1) if "# <-" in line
    )


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_invalid_deployment_reports_code_and_line(path: Path) -> None:
    spec, issues = load_deployment(path)
    expected = path.stem.split("__")[0]
    assert spec is None
    first = issues[0]
    assert first.code == expected, [i.model_dump() for i in issues]
    assert first.line == _marked_line(path)
    assert first.file == str(path) and first.severity == "error"


@pytest.mark.parametrize(
    ("stem", "hint"),
    [
        ("DEPLOYMENT_SCHEMA_INVALID__unknown_key", "did you mean 'schedules'?"),
        ("UNKNOWN_DESIGN__typo_in_name", "did you mean 'invoice_reconciliation'?"),
        ("UNKNOWN_VAR__typo_in_var", "did you mean 'sleep_ms'?"),
        ("INVALID_INPUT__unknown_field", "did you mean 'amount'?"),
        ("UNKNOWN_INPUT__not_a_human_node", "human-input nodes: ask"),
    ],
)
def test_unknown_names_suggest_the_closest(
    stem: str, hint: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KEIRI_LANG", "en")  # the English wording is matched
    _spec, issues = load_deployment(OPS / "fixtures" / "invalid" / f"{stem}.yaml")
    assert issues[0].hint == hint


def test_invalid_design_reports_the_plan_issues_too() -> None:
    _spec, issues = load_deployment(
        OPS / "fixtures" / "invalid" / "DESIGN_INVALID__plan_with_errors.yaml"
    )
    codes = [i.code for i in issues]
    assert codes[0] == "DESIGN_INVALID" and "UNKNOWN_BLOCK" in codes
    plan_issue = next(i for i in issues if i.code == "UNKNOWN_BLOCK")
    assert plan_issue.file is not None and plan_issue.file.endswith(
        "UNKNOWN_BLOCK__typo_in_block.yaml"
    )


def _write(folder: Path, name: str, content: dict[str, Any]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(yaml.safe_dump(content, allow_unicode=True), encoding="utf-8")
    return path


def test_defaults_and_rendered_entry(tmp_path: Path) -> None:
    _write(
        tmp_path,
        "month-end",
        {
            "design": str(PLANS / "record_chain.yaml"),
            "schedules": [{"cron": "0 9 1 * *"}],
            "vars": {"sleep_ms": 5},
            "tags": ["monthly"],
        },
    )
    specs, issues = load_deployments(tmp_path)
    assert issues == [] and [s.name for s in specs] == ["month-end"]
    document = yaml.safe_load(render_prefect_yaml(specs))
    (entry,) = document["deployments"]
    assert entry["entrypoint"] == ENTRYPOINT == "flows/run_plan.py:run_plan"
    assert entry["version"] == "1.2.0"  # the plan's version
    assert entry["description"].startswith("Three recorded steps")  # the plan's description
    assert entry["schedules"] == [{"cron": "0 9 1 * *", "timezone": "Asia/Tokyo", "active": True}]
    # `enqueue` is the deployment's own work queue (its limit set by `keiri deploy`), not
    # Prefect's lease-based deployment limit (leases were lost on a server restart).
    assert entry["concurrency_limit"] is None
    assert entry["work_pool"] == {"name": "keiri", "work_queue_name": "keiri-month-end"}
    assert entry["parameters"] == {
        "plan": str(PLANS / "record_chain.yaml"),
        "vars": {"sleep_ms": 5},
    }
    assert entry["tags"] == [
        "plan:record_chain",
        "plan-version:1.2.0",
        "deployment:month-end",
        "monthly",
    ]
    pull = document["pull"][0]["prefect.deployments.steps.set_working_directory"]
    assert pull == {"directory": "{{ $KEIRI_PROJECT_ROOT }}"}


def test_inputs_become_parameters_and_concurrency_can_be_lifted(tmp_path: Path) -> None:
    _write(
        tmp_path,
        "prefilled",
        {
            "design": str(PLANS / "ask_then_record.yaml"),
            "inputs": {"ask": {"amount": 12}},
            "concurrency": None,
        },
    )
    _write(
        tmp_path,
        "cancel",
        {
            "design": str(PLANS / "record_chain.yaml"),
            "concurrency": {"limit": 2, "collision_strategy": "cancel_new"},
        },
    )
    specs, issues = load_deployments(tmp_path)
    assert issues == []
    entries = {e["name"]: e for e in yaml.safe_load(render_prefect_yaml(specs))["deployments"]}
    assert entries["prefilled"]["parameters"]["answers"] == {"ask": {"amount": 12}}
    assert entries["prefilled"]["concurrency_limit"] is None
    assert entries["cancel"]["concurrency_limit"] == {
        "limit": 2,
        "collision_strategy": "CANCEL_NEW",
    }


def test_duplicate_names_are_reported(tmp_path: Path) -> None:
    design = str(PLANS / "record_chain.yaml")
    _write(tmp_path, "a", {"design": design, "name": "same"})
    _write(tmp_path, "b", {"design": design, "name": "same"})
    _specs, issues = load_deployments(tmp_path)
    assert [i.code for i in issues] == ["DUPLICATE_DEPLOYMENT"]
    assert issues[0].file is not None and issues[0].file.endswith("b.yaml")


def test_rendering_is_deterministic(tmp_path: Path) -> None:
    for name in ("zeta", "alpha"):
        _write(tmp_path, name, {"design": str(PLANS / "record_chain.yaml")})
    specs, _ = load_deployments(tmp_path)
    first = render_prefect_yaml(specs)
    assert first == render_prefect_yaml(list(reversed(specs)))
    assert [d["name"] for d in yaml.safe_load(first)["deployments"]] == ["alpha", "zeta"]


def test_committed_prefect_yaml_matches_deployments(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KEIRI_BLOCK_SPECS")
    specs, issues = load_deployments(ROOT / "deployments")
    assert not [i for i in issues if i.severity == "error"], issues
    assert specs, "deployments/ holds at least the example"
    committed = (ROOT / "prefect.yaml").read_text(encoding="utf-8")
    # Business-day schedules list their dates from January of the year they were rendered
    # in (`keiri deploy` renders them again): compare with that year's rendering.
    import re
    from datetime import date

    found = re.search(r"RDATE:(\d{4})", committed)
    year = int(found[1]) if found else date.today().year
    rendered = render_prefect_yaml(specs, date(year, 1, 1))
    assert committed == rendered, "run `keiri deploy` and commit prefect.yaml"


def test_the_new_run_page_lists_business_day_schedules(monkeypatch: pytest.MonkeyPatch) -> None:
    """The form app's 新規実行 page joins each deployment's schedules as text: a business-day
    schedule (no cron) is shown as written."""
    from ui_app.plans import deployments

    monkeypatch.delenv("KEIRI_BLOCK_SPECS")
    monkeypatch.setenv("KEIRI_PROJECT_ROOT", str(ROOT))
    shown = {d.name: d.schedules for d in deployments()}
    assert shown["monthly_invoice_check"] == ["business_day 3 09:00"]
    assert all(isinstance(s, str) for schedules in shown.values() for s in schedules)


@pytest.mark.parametrize(
    ("stem", "message"),
    [
        (
            "INVALID_SCHEDULE__bad_cron",
            ("cli.deploy_issue.bad_cron", {"cron": "'61 9 * * *'"}),
        ),
        (
            "INVALID_SCHEDULE__bad_timezone",
            ("cli.deploy_issue.bad_timezone", {"timezone": "'Asia/Tokio'"}),
        ),
    ],
)
def test_schedule_problems_read_in_the_readers_language(
    stem: str, message: tuple[str, dict[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Prefect's own English (`Invalid cron string`, `specify in IANA tzdata format`) never
    shows: keiri says what is wrong, the hint says what is allowed."""
    path = OPS / "fixtures" / "invalid" / f"{stem}.yaml"
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    _spec, issues = load_deployment(path)
    key, fields = message
    assert (issues[0].code, issues[0].message) == ("INVALID_SCHEDULE", t(key, **fields))
    assert "IANA" in issues[0].hint and "Invalid" not in issues[0].message
    monkeypatch.setenv("KEIRI_LANG", "en")
    _spec, issues = load_deployment(path)
    assert issues[0].message == t(key, "en", **fields)
