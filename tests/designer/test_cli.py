"""`keiri generate` end to end: the real console script against the scripted OpenAI server."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from openpyxl import Workbook

from keiri.base.catalog import t
from keiri.cli import main
from keiri.cli.main import cli
from tests.conftest import ROOT
from tests.designer.answers import design, node, question, skeleton, step, var
from tests.support.catalog_text import shown
from tests.support.openai_server import ScriptedOpenAI

KEIRI = ROOT / ".venv" / "bin" / "keiri"


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptedOpenAI]:
    with ScriptedOpenAI() as srv:
        for key, value in srv.env().items():
            monkeypatch.setenv(key, value)
        monkeypatch.setenv("KEIRI_LLM_MAX_RETRIES", "0")
        yield srv


def reconciliation_nodes(
    tolerance: str | int = 880, invoices: str = "${read_invoices.rows}"
) -> list[dict[str, Any]]:
    return [
        node(
            "collect",
            "ui.interactive_input",
            {
                "mode": "collect",
                "requirements": [
                    {"id": "invoices", "type": "file", "label": "請求書一覧", "accept": ".xlsx"},
                    {"id": "statement", "type": "file", "label": "入金明細", "accept": ".xlsx"},
                ],
            },
            {"collected_data": "files"},
        ),
        node(
            "read_invoices",
            "excel.read_data",
            {"workbook": "${collect.files.invoices}"},
            {"records": "rows"},
        ),
        node(
            "read_statement",
            "excel.read_data",
            {"workbook": "${collect.files.statement}"},
            {"records": "rows"},
        ),
        node(
            "match",
            "table.reconcile",
            {
                "left": invoices,
                "right": "${read_statement.rows}",
                "left_amount": "請求金額",
                "right_amount": "入金",
                "amount_tolerance": tolerance,
            },
            {"unmatched_left": "unpaid"},
        ),
        node("write", "excel.write", {"data": "${match.unpaid}"}, {"output_file": "report"}),
    ]


def script_success(srv: ScriptedOpenAI) -> None:
    srv.enqueue_chat(
        skeleton([step("collect", "ui.interactive_input"), step("match", "table.reconcile")])
    )
    srv.enqueue_chat(design("bank_match", reconciliation_nodes(), layout=["collect"]))


NULL_INVOICES = [var("invoices", None, "照合する請求書の一覧（JSON の配列）", "array")]


def script_null_var(srv: ScriptedOpenAI, rounds: int = 1) -> None:
    srv.enqueue_chat(
        skeleton([step("collect", "ui.interactive_input"), step("match", "table.reconcile")])
    )
    for _ in range(rounds):
        srv.enqueue_chat(
            design(
                "bank_match",
                reconciliation_nodes(invoices="${vars.invoices}"),
                vars_=NULL_INVOICES,
                layout=["collect"],
            )
        )


def script_undefined_var(srv: ScriptedOpenAI, rounds: int = 2) -> None:
    """The model reads ${vars.tolerance} but never defines it: an error in every round."""
    srv.enqueue_chat(
        skeleton([step("collect", "ui.interactive_input"), step("match", "table.reconcile")])
    )
    for _ in range(rounds):
        srv.enqueue_chat(
            design(
                "bank_match",
                reconciliation_nodes(tolerance="${vars.tolerance}"),
                layout=["collect"],
            )
        )


@pytest.fixture
def docs(tmp_path: Path) -> str:
    rules = tmp_path / "消込ルール.md"
    rules.write_text("# 入金消込\n振込手数料 880 円までの差額は許容する。\n", encoding="utf-8")
    book = Workbook()
    sheet = book.active
    sheet.append(["請求書番号", "取引先", "請求金額"])
    sheet.append(["INV-2024-0401", "株式会社サンプル商事", 110000])
    xlsx = tmp_path / "請求書一覧.xlsx"
    book.save(xlsx)
    return f"{rules},{xlsx}"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(KEIRI), "generate", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ),
        cwd=ROOT,
        check=False,
    )


def test_generate_end_to_end_json_exit_0(
    server: ScriptedOpenAI, docs: str, designs_dir: Path
) -> None:
    script_success(server)
    done = run(
        "--instruction",
        "請求書一覧と入金明細を照合し、未入金の請求書をExcelに出力する",
        "--docs",
        docs,
        "--templates",
        "bank_reconciliation",
        "--apply-mode",
        "hint",
        "--retrieval",
        "bm25",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["ok"] is True and doc["plan_id"] == "bank_match" and doc["errors"] == []
    saved = Path(doc["saved_path"])
    assert saved.parent == designs_dir and saved.name.startswith("bank_match_")
    assert {d["name"] for d in doc["documents"]["documents"]} == {
        "消込ルール.md",
        "請求書一覧.xlsx",
    }
    assert doc["metrics"]["attempts"] == 1 and doc["metrics"]["retrieval"] == "bm25"
    first_prompt = server.requests[0].user_prompt
    assert "振込手数料 880 円までの差額は許容する。" in first_prompt
    assert "INV-2024-0401" in first_prompt and "### bank_reconciliation" in first_prompt
    assert Path(doc["events"]).is_file()
    check = subprocess.run(
        [str(KEIRI), "validate", str(saved)], capture_output=True, text=True, check=False
    )
    assert check.returncode == 0, check.stdout


def test_generate_failure_exit_1_with_requirements_and_draft(
    server: ScriptedOpenAI, tmp_path: Path
) -> None:
    script_undefined_var(server)
    done = run(
        "-i",
        "請求書と入金明細を照合",
        "--retrieval",
        "bm25",
        "--json",
        "--out",
        str(tmp_path / "x.yaml"),
    )
    assert done.returncode == 1, done.stderr
    doc = json.loads(done.stdout)
    assert doc["ok"] is False and doc["saved_path"] is None
    assert any(
        e["code"] == "UNRESOLVED_REFERENCE" and e["node_id"] == "match" for e in doc["errors"]
    )
    assert [r["id"] for r in doc["requirements"]] == ["tolerance"]
    assert doc["requirements"][0]["target"] == "vars.tolerance"
    assert doc["metrics"]["attempts"] == 2 and doc["metrics"]["repair_rounds"] == 1
    assert Path(doc["draft_path"]).is_file() and not (tmp_path / "x.yaml").exists()
    human = run("-i", "請求書と入金明細を照合", "--retrieval", "bm25", "--no-save")
    assert human.returncode == 1
    assert server.unexpected == 1  # the human run had no scripted answer left: an LLM error
    assert "API_ERROR" in human.stderr
    as_json = run("-i", "請求書と入金明細を照合", "--retrieval", "bm25", "--json")
    assert as_json.returncode == 1
    error = json.loads(as_json.stdout)
    assert error["ok"] is False and error["error"]["code"] == "API_ERROR"
    assert error["error"]["details"]["reason"] == "server_error"


def test_generate_human_output_lists_what_to_ask(server: ScriptedOpenAI) -> None:
    script_undefined_var(server)
    human = run("-i", "請求書と入金明細を照合", "--retrieval", "bm25", "--no-interactive")
    assert human.returncode == 1
    assert "tolerance [number, 必須] 設定値 tolerance" in human.stdout
    assert "UNRESOLVED_REFERENCE [match]" in human.stdout
    assert shown("cli.design.draft", human.stdout), human.stdout


def test_generate_null_var_is_a_placeholder_listed_with_how_to_give_it(
    server: ScriptedOpenAI, designs_dir: Path
) -> None:
    script_null_var(server)
    human = run("-i", "請求書と入金明細を照合", "--retrieval", "bm25", "--no-interactive")
    assert human.returncode == 0, human.stdout + human.stderr
    assert t("cli.design.open_placeholders", count=1) in human.stdout
    assert "invoices [array] 照合する請求書の一覧（JSON の配列）" in human.stdout
    [saved] = designs_dir.glob("bank_match_*.yaml")
    assert f"keiri run {saved} --var invoices=…" in human.stdout
    assert "VAR_PLACEHOLDER [match]" in human.stdout  # the validator's warning


INVOICES = '[{"請求書番号": "INV-1", "取引先": "A社", "請求金額": 1100}]'


def test_generate_answer_option_fills_a_null_var(server: ScriptedOpenAI, designs_dir: Path) -> None:
    script_null_var(server)
    done = run(
        "-i",
        "請求書と入金明細を照合",
        "--retrieval",
        "bm25",
        "--answer",
        f"invoices={INVOICES}",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert "請求金額: 1100" in doc["yaml"] and doc["metrics"]["attempts"] == 1
    assert "- invoices: [{" in server.requests[1].user_prompt


def test_generate_interactive_terminal_chat(server: ScriptedOpenAI, designs_dir: Path) -> None:
    server.enqueue_chat(
        skeleton(
            [step("collect", "ui.interactive_input")],
            questions=[question("bank", "入金口座の銀行", "select", ["A銀行", "B銀行"])],
        )
    )
    for _ in range(2):
        server.enqueue_chat(
            design(
                "bank_match", reconciliation_nodes(invoices="${vars.invoices}"), vars_=NULL_INVOICES
            )
        )
    result = CliRunner().invoke(
        cli,
        ["generate", "-i", "請求書と入金明細を照合", "--retrieval", "bm25", "--interactive"],
        input=f"B銀行\n{INVOICES}\n",
    )
    assert result.exit_code == 0, result.output
    assert "入金口座の銀行" in result.output and "照合する請求書の一覧" in result.output
    assert '- bank: "B銀行"' in server.requests[1].user_prompt
    [saved] = designs_dir.glob("bank_match_*.yaml")
    text = saved.read_text(encoding="utf-8")
    assert "INV-1" in text and "placeholder" not in text  # the answer, as an array
    assert server.pending == 1  # the placeholder was answered: no repair round was needed


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], ("cli.design.no_instruction", {})),
        (["-i", "x", "--docs", "missing.pdf"], ("cli.design.no_document", {})),
        (
            ["-i", "x", "--templates", "bank_reconciliaton"],
            ("issue.did_you_mean", {"names": "'bank_reconciliation'"}),
        ),
        (["-i", "x", "--templates", "excel_report", "--apply-mode", "llm-only"], "llm-only"),
        (["-i", "x", "--answer", "novalue"], ("cli.design.bad_answer", {"item": "'novalue'"})),
        (["-i", "x", "--apply-mode", "other"], "other"),
    ],
)
def test_generate_usage_errors_exit_2(
    args: list[str], message: str | tuple[str, dict[str, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    """`message`: the option echoed back, or a catalog key and the fields known."""
    code = main(["generate", *args])
    err = capsys.readouterr().err
    assert code == 2
    assert message in err if isinstance(message, str) else shown(message[0], err, **message[1])
