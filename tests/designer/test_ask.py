"""`keiri ask` end to end: the real CLI and the real local Prefect server, the model scripted
through the real `openai` client (a local OpenAI-compatible server). A request served by two
blocks with a dependency; one that waits for a person's confirmation; one the catalog cannot
serve (answered as such, no plan invented); an answer quoting a number not in the outputs."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from keiri.base.catalog import t
from keiri.cli import main
from tests.designer.answers import design, node, skeleton, step, var
from tests.support.openai_server import ScriptedOpenAI

pytestmark = pytest.mark.prefect
PAYMENTS = [
    {"vendor": "株式会社あおば企画", "amount": 110000},
    {"vendor": "株式会社かもめ電機", "amount": 52800},
    {"vendor": "株式会社あおば企画", "amount": 33000},
]
REQUEST = "今月の支払データを検証してから、取引先別に合計してください"


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptedOpenAI]:
    with ScriptedOpenAI() as srv:
        for key, value in srv.env().items():
            monkeypatch.setenv(key, value)
        monkeypatch.setenv("KEIRI_LLM_MAX_RETRIES", "0")
        yield srv


def _ask(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    code = main(["ask", *args, "--json"])
    return code, json.loads(capsys.readouterr().out)


def _tasks(*tasks: tuple[str, str, list[str]]) -> dict[str, Any]:
    return {
        "servable": True,
        "reason": "検証と集計のブロックで実行できます",
        "tasks": [
            {"id": t, "block": b, "purpose": f"{t} を行う", "depends_on": d} for t, b, d in tasks
        ],
    }


def _script_plan(srv: ScriptedOpenAI, *, confirm: bool = False) -> None:
    srv.enqueue_chat(
        _tasks(("check", "data.check_rules", []), ("total", "data.aggregate", ["check"]))
    )
    srv.enqueue_chat(
        skeleton(
            [
                step("check", "data.check_rules"),
                step("total", "data.aggregate", inputs_from=["check"]),
            ]
        )
    )
    graph = [
        node(
            "check",
            "data.check_rules",
            {
                "data": "${vars.payments}",
                "rules": [
                    {"field": "vendor", "required": True},
                    {"field": "amount", "type": "number", "min": 0},
                ],
            },
        ),
        node(
            "total",
            "data.aggregate",
            {"records": "${vars.payments}", "sum_fields": ["amount"], "group_by": "vendor"},
            when="${check.passed} == true",
        ),
    ]
    if confirm:
        graph.insert(
            1,
            node(
                "confirm",
                "ui.interactive_input",
                {"mode": "confirm", "message": "検証結果を確認して集計を承認してください"},
            ),
        )
        graph[2]["when"] = "${confirm.approved} == true"
    srv.enqueue_chat(
        design(
            "payment_totals",
            graph,
            vars_=[var("payments", PAYMENTS, "支払データ", "array")],
            layout=["confirm"] if confirm else [],
        )
    )


def test_a_request_served_by_two_dependent_blocks_is_answered_from_the_outputs(
    prefect_server: str, server: ScriptedOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    _script_plan(server)
    server.enqueue_chat(
        {
            "answer": "検証は問題ありません。株式会社あおば企画 143,000 円、株式会社かもめ電機 52,800 円です。"
        }
    )
    code, doc = _ask(capsys, REQUEST)
    assert code == 0, doc
    assert doc["ok"] is True and doc["servable"] is True
    assert [(t["id"], t["depends_on"]) for t in doc["tasks"]] == [
        ("check", []),
        ("total", ["check"]),
    ]
    assert Path(doc["plan_path"]).is_file() and doc["plan_id"] == "payment_totals"
    run = doc["run"]
    assert run["state"] == "completed" and run["outputs"]["check"]["passed"] is True
    groups = {g["key"]: g["totals"]["amount"] for g in run["outputs"]["total"]["groups"]}
    assert groups == {"株式会社あおば企画": 143000, "株式会社かもめ電機": 52800}
    assert doc["answer"] == {
        "text": "検証は問題ありません。株式会社あおば企画 143,000 円、株式会社かもめ電機 52,800 円です。",
        "source": "llm",
        "unsupported": [],
    }
    # the answer's prompt carried the request and the run's outputs
    assert (
        REQUEST in server.requests[-1].user_prompt and "143000" in server.requests[-1].user_prompt
    )


def test_an_answer_quoting_a_number_not_in_the_outputs_is_replaced_by_the_template(
    prefect_server: str, server: ScriptedOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    _script_plan(server)
    server.enqueue_chat({"answer": "株式会社あおば企画は 150,000 円です。"})  # invented
    code, doc = _ask(capsys, REQUEST)
    assert code == 0, doc
    assert doc["answer"]["source"] == "template" and doc["answer"]["unsupported"] == ["150000"]
    assert "150,000" not in doc["answer"]["text"] and REQUEST in doc["answer"]["text"]


def test_a_request_that_needs_a_confirmation_pauses_and_resumes(
    prefect_server: str, server: ScriptedOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    _script_plan(server, confirm=True)
    code, doc = _ask(capsys, REQUEST, "--detach")
    assert code == 3, doc
    run = doc["run"]
    assert run["state"] == "paused" and run["paused"]["node_id"] == "confirm"
    assert run["paused"]["form_url"] in doc["answer"]["text"]
    from flows.lifecycle import runs

    started = runs.started_by(run["run_id"])
    assert started is not None and started["via"] == "ask"
    resumed = main(["resume", run["run_id"], "--input", "approved=true", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert resumed == 0, out
    assert out["outputs"]["total"]["count"] == 3


def test_a_request_the_catalog_cannot_serve_is_answered_as_such(
    prefect_server: str, server: ScriptedOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    server.enqueue_chat(
        {"servable": False, "reason": "メールを送るブロックがありません", "tasks": []}
    )
    code, doc = _ask(capsys, "未払いの取引先に督促メールを送って")
    assert code == 1
    assert doc["servable"] is False and doc["plan_id"] is None and doc["run"] is None
    assert "メールを送るブロックがありません" in doc["answer"]["text"]
    assert len(server.requests) == 1  # no plan was designed


def test_tasks_naming_a_block_that_does_not_exist_are_not_served(
    prefect_server: str, server: ScriptedOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    server.enqueue_chat(_tasks(("read", "excel.read_dat", []), ("mail", "mail.send", ["read"])))
    code, doc = _ask(capsys, "請求書一覧を読んで督促メールを送って")
    assert code == 1 and doc["servable"] is False and doc["run"] is None
    assert "excel.read_data" in doc["reason"]  # did you mean
    assert "mail.send" in doc["reason"]
    assert len(server.requests) == 1


def test_an_empty_request_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", "  "]) == 2


def test_a_plan_that_does_not_validate_is_never_run(
    prefect_server: str, server: ScriptedOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    server.enqueue_chat(_tasks(("total", "data.aggregate", [])))
    server.enqueue_chat(skeleton([step("total", "data.aggregate")]))
    broken = design("payment_totals", [node("total", "data.aggregate", {"rows": "${vars.x}"})])
    server.enqueue_chat(broken)
    server.enqueue_chat(broken)  # the repair round answers the same
    code, doc = _ask(capsys, "支払を合計して")
    assert code == 1 and doc["servable"] is True and doc["run"] is None
    assert {e["code"] for e in doc["errors"]} & {"UNKNOWN_INPUT", "MISSING_REQUIRED_INPUT"}
    assert t("ask.not_validated") in doc["answer"]["text"]
