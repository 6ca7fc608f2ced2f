"""The command line speaks the reader's language (issue 12 item 6): Japanese when `KEIRI_LANG`
is unset, English with `KEIRI_LANG=en` — an invalid plan, a run that fails, the run list and
the resume of an unknown run, on the local Prefect server. Codes, ids, paths and command
names stay as they are in both languages, and `--json` keeps its keys and codes."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path
from typing import Any

import pytest

from keiri.base.catalog import t
from keiri.cli import main, render
from tests.conftest import FIXTURES, TEST_BLOCK_SPECS
from tests.support.catalog_text import shown

INVALID_PLAN = FIXTURES / "plans" / "invalid" / "UNKNOWN_INPUT__typo_in_input.yaml"
FAILING_PLAN = """\
apiVersion: v1
id: fails_at_once
graph:
  - id: broken
    block: test.fail
    in: { unless_exists: /nonexistent/marker, message: 支払データがありません }
"""
#: Words only the other language would print (a line left untranslated shows up here).
ENGLISH_ONLY = ("encountered", "waiting", "inspect:", "retry:", "hint:", "run id", "Failed")


@pytest.fixture(params=["ja", "en"])
def lang(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "ja":
        monkeypatch.delenv("KEIRI_LANG", raising=False)
    else:
        monkeypatch.setenv("KEIRI_LANG", "en")
    # Wide enough that rich never wraps a table cell (the run list has five columns).
    monkeypatch.setattr(render.console, "_width", 200)
    return str(request.param)


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _no_english(text: str) -> None:
    assert not [word for word in ENGLISH_ONLY if word in text], text


def test_validate_of_an_invalid_plan(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _cli(capsys, "validate", str(INVALID_PLAN))
    assert code == 1
    assert "UNKNOWN_INPUT [total]" in out and f"{INVALID_PLAN.name}:7" in out  # verbatim
    assert f"{t('cli.label.error')} UNKNOWN_INPUT" in out and t("cli.label.hint") in out
    assert t("cli.validate.failed", plan=INVALID_PLAN, errors=1) in out
    if lang == "ja":
        # The one literal of this check: KEIRI_LANG unset reads Japanese.
        assert "エラー UNKNOWN_INPUT" in out
        _no_english(out)
    else:
        assert f"{t('cli.label.error', 'en')} UNKNOWN_INPUT" in out
    code, out, _ = _cli(capsys, "validate", str(INVALID_PLAN), "--json")
    doc = json.loads(out)
    assert code == 1 and doc["ok"] is False and doc["errors"][0]["code"] == "UNKNOWN_INPUT"


def test_validate_of_a_missing_file_is_a_usage_error(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _cli(capsys, "validate", "no/such/plan.yaml")
    assert code == 2 and "no/such/plan.yaml" in err and "'keiri validate --help'" in err
    assert shown("cli.no_such_plan", err) and t("cli.label.usage_error") in err


@pytest.mark.prefect
def test_a_failed_run_and_the_run_list(
    lang: str,
    prefect_server: str,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    monkeypatch.setenv("KEIRI_TEST_JOURNAL", str(tmp_path / "journal.jsonl"))
    plan = tmp_path / "fails_at_once.yaml"
    plan.write_text(FAILING_PLAN, encoding="utf-8")
    code, out, err = _cli(capsys, "run", str(plan))
    assert code == 1
    found = re.search(r"[0-9a-f]{8}-[0-9a-f-]{27}", out.splitlines()[0])  # the header line
    assert found is not None, out
    run_id = found.group(0)
    assert "❌ API_ERROR [broken] 支払データがありません" in err  # the block's own message
    assert f"keiri retry {run_id}" in err and "keiri runs --state failed" in err
    failed = t("cli.run.header", state=t("state.FAILED"), plan="fails_at_once", run=run_id)
    assert failed in out and shown("cli.run.log", out)
    assert t("cli.run.inspect", run=run_id) in err
    if lang == "ja":
        assert t("cli.recoverable", "ja") in err
        _no_english(out + err)
    else:
        assert t("cli.recoverable", "en") in err

    code, out, _ = _cli(capsys, "runs", "--state", "failed", "--limit", "50")
    row = next(line for line in out.splitlines() if run_id in line)
    assert out.split()[:3] == [*t("cli.col.run_id").split(), t("cli.col.plan")]
    assert t("state.FAILED") in row
    if lang == "ja":
        _no_english(out)
    code, out, _ = _cli(capsys, "runs", "--state", "failed", "--json")
    view = next(r for r in json.loads(out)["runs"] if r["run_id"] == run_id)
    assert code == 0 and view["state"] == "Failed" and view["state_type"] == "FAILED"


@pytest.mark.prefect
def test_resume_of_an_unknown_run(
    lang: str, prefect_server: str, capsys: pytest.CaptureFixture[str]
) -> None:
    unknown = str(uuid.uuid4())
    code, _, err = _cli(capsys, "resume", unknown, "--input", "amount=1")
    assert code == 1 and "RUN_NOT_FOUND" in err and unknown in err
    assert t("cli.error.no_run", run=unknown) in err and t("cli.hint.run_not_found") in err
    if lang == "ja":
        _no_english(err)
    code, out, _ = _cli(capsys, "resume", "not-a-run", "--json")
    doc: dict[str, Any] = json.loads(out)
    assert code == 2 and doc["error"]["code"] == "INVALID_RUN_ID"
    hint = doc["error"]["hint"]
    assert t("cli.hint.invalid_run_id") in hint
