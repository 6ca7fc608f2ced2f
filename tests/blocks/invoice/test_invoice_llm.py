"""`invoice.extract_fields` with `method: llm`: the real `openai` client against scripted
answers (httpx2.MockTransport). The model's fields go through the same checks as the rules:
quotes must be in the text, the total must fit Σ base + Σ tax, or the field is 要確認."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from blocks.llm.client import LLMClient, LLMSettings
from blocks.sdk.context import BlockContext
from blocks.sdk.store import FileStore
from keiri.base.catalog import t
from tests.blocks.file.conftest import load_block
from tests.support.openai_server import LLM_ENV, TEST_API_KEY, ScriptedOpenAI

TEXT = (
    "御 請 求 書\n株式会社サンプル商事 御中\n請求日 2024年4月3日\n有限会社テスト\n"
    "登録番号 T7000012050002\n作業費 1 ¥10,000 ¥10,000 10%\n10%対象 ¥10,000 消費税 ¥1,000\n"
    "ご請求金額 ¥11,000"
)


def _answer(**overrides: Any) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "document_type": "invoice",
        "title": "御 請 求 書",
        "issuer_name": "有限会社テスト",
        "registration_number": "T7000012050002",
        "transaction_date": "2024-04-03",
        "buyer_name": "株式会社サンプル商事",
        "rates": [{"rate": 10, "base": 10000, "tax": 1000}],
        "lines": [
            {
                "description": "作業費",
                "quantity": 1,
                "unit_price": 10000,
                "amount": 10000,
                "rate": 10,
                "marked": False,
                "rate_stated": True,
            }
        ],
        "reduced_rate_note": False,
        "non_taxable": None,
        "amounts_include_tax": False,
        "total": 11000,
        "quotes": [
            {"field": "issuer_name", "text": "有限会社テスト"},
            {"field": "registration_number", "text": "登録番号 T7000012050002"},
            {"field": "transaction_date", "text": "請求日 2024年4月3日"},
            {"field": "buyer_name", "text": "株式会社サンプル商事 御中"},
            {"field": "total", "text": "ご請求金額 ¥11,000"},
        ],
    }
    answer.update(overrides)
    return answer


@pytest.fixture(autouse=True)
def _clean_llm_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in LLM_ENV:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def script() -> Iterator[ScriptedOpenAI]:
    scripted = ScriptedOpenAI()
    yield scripted
    scripted.stop()


@pytest.fixture
def extract(script: ScriptedOpenAI, tmp_path: Any) -> Callable[[str], dict[str, Any]]:
    client = LLMClient(
        LLMSettings(api_key=TEST_API_KEY, max_retries=0), http_client=script.http_client()
    )
    ctx = BlockContext(
        run_id="t",
        plan_id="t",
        node_id="extract",
        file_store=FileStore(tmp_path / "store"),
        services={"llm_client": client},
    )

    def run(text: str) -> dict[str, Any]:
        out = load_block("invoice.extract_fields").execute(ctx, {"text": text, "method": "llm"})
        return dict(out["fields"])

    return run


def test_a_consistent_answer_is_confirmed_and_sent_as_structured_output(
    script: ScriptedOpenAI, extract: Callable[[str], dict[str, Any]]
) -> None:
    script.enqueue_chat(_answer())
    fields = extract(TEXT)
    assert fields["extraction"] == "llm"
    assert (fields["total"], fields["status"]["total"]) == (11000, "確定")
    assert fields["status"]["issuer_name"] == "確定"
    assert fields["tax_by_rate"] == {"10": 1000}
    (request,) = script.requests
    body = json.loads(request.body)
    assert body["response_format"]["type"] == "json_schema"
    assert TEXT in body["messages"][1]["content"]


def test_a_total_that_fails_the_arithmetic_is_to_be_checked(
    script: ScriptedOpenAI, extract: Callable[[str], dict[str, Any]]
) -> None:
    script.enqueue_chat(_answer(total=10000, quotes=[{"field": "total", "text": "¥10,000"}]))
    fields = extract(TEXT)
    assert fields["status"]["total"] == "要確認"
    computed = t("invoice.yen", amount="11,000")
    assert fields["review_reasons"]["total"] == t(
        "invoice.review.total_arithmetic", computed=computed
    )


def test_a_value_whose_quote_is_not_in_the_text_is_to_be_checked(
    script: ScriptedOpenAI, extract: Callable[[str], dict[str, Any]]
) -> None:
    quotes = _answer()["quotes"]
    quotes[0] = {"field": "issuer_name", "text": "株式会社でっちあげ"}
    script.enqueue_chat(_answer(issuer_name="株式会社でっちあげ", quotes=quotes))
    fields = extract(TEXT)
    assert fields["status"]["issuer_name"] == "要確認"
    assert fields["review_reasons"]["issuer_name"] == t("invoice.review.quote_missing")
    assert fields["status"]["total"] == "確定"


def test_a_total_without_rate_figures_is_never_confirmed(
    script: ScriptedOpenAI, extract: Callable[[str], dict[str, Any]]
) -> None:
    script.enqueue_chat(_answer(rates=[]))
    fields = extract(TEXT)
    assert fields["status"]["total"] == "要確認"


def test_line_items_are_kept_only_when_their_description_is_in_the_text(
    script: ScriptedOpenAI, extract: Callable[[str], dict[str, Any]]
) -> None:
    invented = {**_answer()["lines"][0], "description": "振込先 三井住友銀行 1234567"}
    script.enqueue_chat(_answer(lines=[*_answer()["lines"], invented]))
    fields = extract(TEXT)
    assert [line["description"] for line in fields["lines"]] == ["作業費"]
    assert fields["lines"][0]["rate_stated"] is True
    dropped = t("invoice.note.line_dropped", name="振込先 三井住友銀行 1234567")
    assert any(note["message"] == dropped for note in fields["notes"])


def test_an_answer_without_line_items_is_missing_its_description(
    script: ScriptedOpenAI, extract: Callable[[str], dict[str, Any]]
) -> None:
    script.enqueue_chat(_answer(lines=[]))
    fields = extract(TEXT)
    assert fields["lines"] == []  # invoice.check then reports description_missing, as for rules
