"""Issue 17: a setting the model leaves open is a placeholder, never a silent default.

The scripted model (the real `openai` client against scripted wire answers) designs
「請求書と入金明細を照合」 but cannot decide the transfer-fee tolerance: it leaves the var null
*and* asks about it as a question (the cause of the old `tolerance` / `tolerance_2` pair).
The saved plan holds one placeholder; `keiri validate` warns; `keiri run` refuses naming it;
`keiri run --var tolerance=880` completes on the local Prefect server; `generate --json`
reports it; the Design page asks once and writes the answer typed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from streamlit.testing.v1 import AppTest

from blocks.llm.client import LLMClient
from blocks.sdk.registry import BlockRegistry
from designer import DesignEngineOptions, apply_answers, generate_plan
from keiri.base.catalog import t
from keiri.cli import main
from tests.designer.answers import design, node, question, skeleton, step, var
from tests.support.catalog_text import shown
from tests.support.embeddings import embedding_handler
from tests.support.openai_server import ScriptedOpenAI
from tests.support.timing import scaled

INSTRUCTION = "請求書と入金明細を照合し、照合できた明細の差額をチェックする"
FEE_QUESTION = "振込手数料の許容額（円）は？"
INVOICES = [{"請求書番号": "INV-2024-0401", "取引先": "サンプル商事", "請求金額": 110000}]
DEPOSITS = [{"摘要": "ｻﾝﾌﾟﾙｼｮｳｼﾞ", "入金": 109120}]  # 880 yen fee deducted by the payer
APP = Path(__file__).with_name("design_page_app.py")


def open_setting_script(srv: ScriptedOpenAI) -> None:
    """Stage 1 and stage 2 answers that leave `tolerance` open (and ask about it)."""
    ask = question("tolerance", FEE_QUESTION, "number")
    srv.enqueue_chat(
        skeleton(
            [
                step("match", "table.reconcile", "請求と入金の照合"),
                step("check", "data.check_rules"),
            ],
            vars_=[var("tolerance", None, FEE_QUESTION, "integer")],
            questions=[ask],
        )
    )
    srv.enqueue_chat(
        design(
            "bank_match",
            [
                node(
                    "match",
                    "table.reconcile",
                    {
                        "left": "${vars.invoices}",
                        "right": "${vars.deposits}",
                        "left_amount": "請求金額",
                        "right_amount": "入金",
                        "amount_tolerance": "${vars.tolerance}",
                    },
                    {"matched": "matched"},
                ),
                node(
                    "check",
                    "data.check_rules",
                    {"data": "${match.matched}", "rules": [{"field": "amount_diff", "min": -1000}]},
                    {"findings": "findings"},
                ),
            ],
            vars_=[
                var("invoices", INVOICES, "請求書の一覧", "array"),
                var("deposits", DEPOSITS, "入金明細", "array"),
                var("tolerance", None, FEE_QUESTION, "integer"),
            ],
            questions=[ask],
        )
    )


def test_open_setting_is_a_placeholder_validate_warns_run_refuses_then_runs_with_var(
    script: ScriptedOpenAI,
    llm: LLMClient,
    registry: BlockRegistry,
    designs_dir: Path,
    prefect_server: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    open_setting_script(script)
    result = generate_plan(
        INSTRUCTION, None, registry, DesignEngineOptions(retrieval="bm25", save=True), llm=llm
    )

    # The generation: valid, saved, one placeholder, asked once (no tolerance_2).
    assert result.ok, result.errors
    assert [r.id for r in result.requirements] == ["tolerance"]
    [req] = result.requirements
    assert (req.label, req.type, req.value_type, req.target) == (
        FEE_QUESTION,
        "number",
        "number",  # the type of the port that reads it (amount_tolerance: number)
        "vars.tolerance",
    )
    assert [w.code for w in result.warnings] == ["VAR_PLACEHOLDER"]
    assert result.saved_path is not None
    saved = yaml.safe_load(result.saved_path.read_text(encoding="utf-8"))
    assert saved["vars"]["tolerance"] == {
        "placeholder": True,
        "type": "number",
        "question": FEE_QUESTION,
    }
    assert saved["vars"]["invoices"] == INVOICES  # decided values stay values
    doc = result.to_json()
    assert doc["placeholders"] == [
        {
            "name": "tolerance",
            "type": "number",
            "question": FEE_QUESTION,
            "options": [],
            "example": None,
            "secret": False,
        }
    ]
    plan = str(result.saved_path)
    capsys.readouterr()

    # keiri validate: valid, with the VAR_PLACEHOLDER warning naming the var and the node.
    assert main(["validate", plan, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is True
    [warning] = report["warnings"]
    assert (warning["code"], warning["path"], warning["node_id"]) == (
        "VAR_PLACEHOLDER",
        "vars.tolerance",
        "match",
    )

    # keiri run: refused before anything starts, naming the var and how to give it.
    assert main(["run", plan]) == 1
    out = capsys.readouterr()
    refused = out.out + out.err
    assert "VAR_PLACEHOLDER" in refused and "vars.tolerance" in refused
    assert FEE_QUESTION in refused and "--var tolerance=" in refused
    assert shown("issue.placeholder.how", refused, name="tolerance"), refused

    # keiri run --var: completes on the local Prefect server, with the value it was given.
    assert main(["run", plan, "--var", "tolerance=880", "--json"]) == 0
    run = json.loads(capsys.readouterr().out)
    assert run["state"] == "completed" and run["error"] is None
    [matched] = run["outputs"]["match"]["matched"]
    assert matched["amount_diff"] == -880
    assert run["outputs"]["check"]["findings"] == []


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptedOpenAI]:
    with ScriptedOpenAI(embedding_handler) as srv:
        for key, value in srv.env().items():
            monkeypatch.setenv(key, value)
        monkeypatch.setenv("KEIRI_LLM_MAX_RETRIES", "0")
        yield srv


def test_generate_json_reports_the_placeholder(
    server: ScriptedOpenAI, designs_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    open_setting_script(server)
    assert main(["generate", "-i", INSTRUCTION, "--json"]) == 0
    doc: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert doc["ok"] is True and Path(doc["saved_path"]).is_file()
    assert [p["name"] for p in doc["placeholders"]] == ["tolerance"]
    assert doc["placeholders"][0]["question"] == FEE_QUESTION
    assert [w["code"] for w in doc["warnings"]] == ["VAR_PLACEHOLDER"]
    assert [r["id"] for r in doc["requirements"]] == ["tolerance"]
    # auto retrieval with an embedding endpoint configured: hybrid, and it says so.
    assert doc["retrieval"]["requested"] == "auto" and doc["retrieval"]["method"] == "hybrid"
    assert doc["metrics"]["retrieval"] == "hybrid"
    assert [r.endpoint for r in server.requests][:2] == ["embeddings", "embeddings"]


def test_design_page_asks_once_and_writes_the_answer_typed(
    server: ScriptedOpenAI, designs_dir: Path
) -> None:
    open_setting_script(server)
    at = AppTest.from_file(str(APP), default_timeout=scaled(60)).run()
    at.text_area(key="design::instruction").input(INSTRUCTION).run()
    assert any(t("design.retrieval.hybrid") in c.value for c in at.caption)  # the retrieval
    at.button(key="design::generate").click().run()
    assert not at.exception

    assert any(t("design.placeholders", count=1) in w.value for w in at.warning)
    missing = " ".join(m.value for m in at.markdown)
    item = t("design.placeholder_item", target="tolerance", label=FEE_QUESTION, type="number")
    assert item in missing
    assert any(
        t("design.retrieval_used", mode=f"{t('design.retrieval.hybrid')} — auto") in c.value
        for c in at.caption
    )
    # One question for the one open setting: the model's question about it is the same item.
    keys = [w.key for w in at.number_input] + [w.key for w in at.text_input]
    assert keys.count("design::chat::tolerance") == 1
    assert not any(k and "tolerance_2" in k for k in keys)
    assert at.main.get("progress")[0].proto.text == t("design.answered", done="0", total="1")

    at.number_input(key="design::chat::tolerance").set_value(880).run()
    at.button(key="design::chat_send").click().run()
    assert at.json[0].value == '{"tolerance": 880}'  # the vars preview
    at.button(key="design::chat_apply").click().run()
    assert not at.exception
    text = at.text_area(key="design::yaml").value
    plan_vars = yaml.safe_load(text)["vars"]
    assert plan_vars["tolerance"] == 880 and isinstance(plan_vars["tolerance"], int)
    assert any(shown("design.passed", s.value) for s in at.success)
    assert not any("VAR_PLACEHOLDER" in w.value for w in at.warning)


def test_answers_are_written_with_the_placeholder_type() -> None:
    from designer.requirements import DesignRequirement

    def req(name: str, value_type: str, kind: str = "text", **extra: Any) -> DesignRequirement:
        return DesignRequirement(
            id=name,
            type=kind,  # type: ignore[arg-type]
            label=name,
            target=f"vars.{name}",
            value_type=value_type,
            source="var",
            **extra,
        )

    reqs = [
        req("fee", "integer", "number", validation={"integer": True}),
        req("rate", "number", "number"),
        req("strict", "boolean", "boolean"),
        req("accounts", "array", value_format="json"),
        req("bank", "string", "select", options=["A銀行", "B銀行"]),
    ]
    data = {"vars": {r.id: {"placeholder": True, "question": r.id} for r in reqs}}
    applied = apply_answers(
        data,
        reqs,
        {"fee": 880.0, "rate": "0.1", "strict": True, "accounts": '["売掛金"]', "bank": "B銀行"},
    )
    assert not applied.problems
    assert applied.plan["vars"] == {
        "fee": 880,
        "rate": 0.1,
        "strict": True,
        "accounts": ["売掛金"],
        "bank": "B銀行",
    }
    assert isinstance(applied.plan["vars"]["fee"], int)
    wrong = apply_answers(data, reqs, {"fee": 880.5, "accounts": '{"not": "a list"}'})
    assert sorted(p.field for p in wrong.problems) == ["accounts", "fee"]
    assert wrong.plan["vars"]["fee"] == {"placeholder": True, "question": "fee"}  # not applied
