"""The Design page with AppTest: generate → design chat → validate/dry-run → register."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from keiri.base.catalog import t
from tests.designer.answers import design, node, skeleton, step, var
from tests.support.catalog_text import shown
from tests.support.embeddings import embedding_handler
from tests.support.openai_server import ScriptedOpenAI
from tests.support.timing import scaled

APP = Path(__file__).with_name("design_page_app.py")
INVOICES = '[{"請求書番号": "INV-1", "取引先": "A社", "請求金額": 1100}]'


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptedOpenAI]:
    with ScriptedOpenAI(embedding_handler) as srv:
        for key, value in srv.env().items():
            monkeypatch.setenv(key, value)
        monkeypatch.setenv("KEIRI_LLM_MAX_RETRIES", "0")
        yield srv


def plan_nodes() -> list[dict[str, object]]:
    return [
        node(
            "collect",
            "ui.interactive_input",
            {
                "mode": "collect",
                "requirements": [{"id": "statement", "type": "file", "label": "入金明細"}],
            },
            {"collected_data": "files"},
        ),
        node(
            "read",
            "excel.read_data",
            {"workbook": "${collect.files.statement}"},
            {"records": "rows"},
        ),
        node(
            "match",
            "table.reconcile",
            {
                "left": "${vars.invoices}",
                "right": "${read.rows}",
                "amount_tolerance": "${vars.tolerance}",
            },
            {"unmatched_left": "unpaid"},
        ),
        node("write", "excel.write", {"data": "${match.unpaid}"}),
    ]


def test_design_page_generate_chat_validate_register(
    server: ScriptedOpenAI, designs_dir: Path
) -> None:
    answer = design(
        "bank_match",
        plan_nodes(),
        vars_=[
            var("invoices", None, "照合する請求書の一覧", "array"),
            var("tolerance", None, "許容する金額差（円）", "integer"),
        ],
        layout=["collect"],
    )
    server.enqueue_chat(
        skeleton([step("collect", "ui.interactive_input"), step("match", "table.reconcile")])
    )
    server.enqueue_chat(answer)

    at = AppTest.from_file(str(APP), default_timeout=scaled(60)).run()
    assert not at.exception
    at.text_area(key="design::instruction").input(
        "請求書の一覧と入金明細を照合し、未入金をExcelに出力"
    ).run()
    candidates = at.dataframe[0].value
    assert "table.reconcile" in list(candidates["id"])
    at.multiselect(key="design::tags").select("入金消込").run()
    assert at.multiselect(key="design::templates").options == [
        "入金消込（請求書と入金明細の照合）（bank_reconciliation）"
    ]
    at.multiselect(key="design::templates").select("bank_reconciliation").run()
    at.file_uploader(key="design::docs").set_value(
        [("消込ルール.md", "振込手数料は880円まで差し引き可".encode(), "text/markdown")]
    ).run()
    at.button(key="design::generate").click().run()
    assert not at.exception

    chats = [r for r in server.requests if r.endpoint == "chat"]
    prompt = chats[0].user_prompt
    assert "振込手数料は880円まで差し引き可" in prompt and "### bank_reconciliation" in prompt
    assert t("design.placeholders", count=2) in [w.value for w in at.warning]
    assert at.metric[0].value == "1"  # attempts: open settings are placeholders, not errors
    assert "placeholder: true" in at.text_area(key="design::yaml").value
    missing = " ".join(m.value for m in at.markdown)
    assert (
        t("design.placeholder_item", target="invoices", label="照合する請求書の一覧", type="array")
        in missing
    )
    assert (
        t(
            "design.placeholder_item",
            target="tolerance",
            label="許容する金額差（円）",
            type="number",
        )
        in missing
    )

    # The design chat: one requirement at a time, validated like ui.interactive_input.
    at.text_input(key="design::chat::invoices").input(INVOICES).run()
    at.button(key="design::chat_send").click().run()
    at.number_input(key="design::chat::tolerance").set_value(880).run()
    at.button(key="design::chat_send").click().run()
    assert at.json[0].value  # vars preview
    at.button(key="design::chat_apply").click().run()
    assert any(shown("design.passed", s.value) for s in at.success), [e.value for e in at.error]
    text = at.text_area(key="design::yaml").value
    assert "INV-1" in text and "tolerance: 880" in text

    at.button(key="design::register").click().run()
    [saved] = designs_dir.glob("bank_match_*.yaml")
    assert any(str(saved) in s.value for s in at.success)

    at.text_area(key="design::yaml").input(
        text.replace("block: excel.write", "block: excel.writ")
    ).run()
    at.button(key="design::validate").click().run()
    assert any("UNKNOWN_BLOCK" in e.value for e in at.error)
    at.button(key="design::register").click().run()
    assert t("design.not_registered") in [e.value for e in at.error]
    assert len(list(designs_dir.glob("bank_match_*.yaml"))) == 1


def test_design_page_reports_a_missing_api_key(designs_dir: Path) -> None:
    """No LLM settings: the page says so (the variables folded for the administrator) and
    disables what needs the LLM; the YAML editor stays usable."""
    at = AppTest.from_file(str(APP), default_timeout=scaled(60)).run()
    assert not at.exception
    assert at.warning[0].value == t("llm_page.not_configured")
    assert "OPENAI_API_KEY" not in str(at.warning[0].value)
    assert any("OPENAI_API_KEY" in str(m.value) for m in at.markdown)  # in the admin's expander
    assert at.text_area(key="design::instruction").disabled
    assert at.button(key="design::generate").disabled
    assert not at.text_area(key="design::yaml").disabled
    assert not at.error  # no technical error in the person's face


def test_design_page_regenerates_with_the_chat_answers(
    server: ScriptedOpenAI, designs_dir: Path
) -> None:
    from tests.designer.answers import question

    nodes = plan_nodes()
    nodes[2] = node(
        "match",
        "table.reconcile",
        {"left": "${read.rows}", "right": "${read.rows}"},
        {"unmatched_left": "unpaid"},
    )
    first = skeleton(
        [step("collect", "ui.interactive_input")],
        questions=[question("bank", "入金口座の銀行", "select", ["A銀行", "B銀行"])],
    )
    server.enqueue_chat(first)
    server.enqueue_chat(design("bank_match", nodes, layout=["collect"]))
    server.enqueue_chat(skeleton([step("collect", "ui.interactive_input")]))
    server.enqueue_chat(design("bank_match_b", nodes, layout=["collect"]))

    at = AppTest.from_file(str(APP), default_timeout=scaled(60)).run()
    at.text_area(key="design::instruction").input("入金明細を照合").run()
    at.button(key="design::generate").click().run()
    assert any(shown("design.passed", s.value) for s in at.success)
    at.selectbox(key="design::chat::bank").select("B銀行").run()
    at.button(key="design::chat_send").click().run()
    at.button(key="design::chat_apply").click().run()
    assert at.button(key="design::generate").label == t("design.regenerate")
    at.button(key="design::generate").click().run()
    assert not at.exception
    chats = [r for r in server.requests if r.endpoint == "chat"]
    assert '- bank: "B銀行"' in chats[2].user_prompt
    assert "id: bank_match_b" in at.text_area(key="design::yaml").value
