"""The vision LLM as a second reader (issue 25): the real `openai` client against a scripted
OpenAI-compatible server. Its values are 確定 only where they agree with the text reader or
the arithmetic, never on the model's word alone."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from blocks.invoice.extract import extract_invoice_fields
from blocks.invoice.second_reader import page_image, second_read
from blocks.llm.client import LLMClient, LLMSettings
from keiri.base.catalog import t
from tests.support.openai_server import LLM_ENV, TEST_API_KEY, ScriptedOpenAI

OCR_TEXT = (
    "請求書\n株式会社みなみ工業 御中\n請求日 2025年3月31日\n株式会社テスト商事\n"
    "登録番号 T7000012050002\nご請求金額 ¥33,000\n"
)


def _answer(**overrides: Any) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "document_type": "invoice",
        "title": "請求書",
        "issuer_name": "株式会社テスト商事",
        "registration_number": "T7000012050002",
        "transaction_date": "2025-03-31",
        "buyer_name": "株式会社みなみ工業",
        "rates": [{"rate": 10, "base": 30000, "tax": 3000}],
        "lines": [],
        "reduced_rate_note": False,
        "non_taxable": None,
        "amounts_include_tax": False,
        "total": 33000,
        "quotes": [],
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
def client(script: ScriptedOpenAI) -> LLMClient:
    return LLMClient(
        LLMSettings(api_key=TEST_API_KEY, max_retries=0), http_client=script.http_client()
    )


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 30), "white").save(out, format="PNG")
    return page_image(out.getvalue(), "image/png") or b""


def test_agreeing_reads_confirm_ocr_values_and_the_page_goes_as_an_image(
    script: ScriptedOpenAI, client: LLMClient
) -> None:
    fields = extract_invoice_fields(OCR_TEXT, from_ocr=True)
    assert fields["status"]["total"] == "要確認"
    assert fields["status"]["issuer_name"] == "要確認"
    script.enqueue_chat(_answer())
    second_read(client, fields, _png())
    assert fields["status"]["issuer_name"] == "確定"
    assert fields["status"]["buyer_name"] == "確定"
    assert (fields["total"], fields["status"]["total"]) == (33000, "確定")
    assert set(fields["second_reader"]["agreed"]) >= {"issuer_name", "total"}
    (request,) = script.requests
    parts = json.loads(request.body)["messages"][1]["content"]
    assert any(p["type"] == "image_url" and "base64" in p["image_url"]["url"] for p in parts)


def test_a_value_only_the_model_read_stays_to_be_checked(
    script: ScriptedOpenAI, client: LLMClient
) -> None:
    fields = extract_invoice_fields("請求書\n登録番号 T7000012050002\n", from_ocr=True)
    script.enqueue_chat(_answer(total=50000, rates=[]))
    second_read(client, fields, _png())
    assert (fields["total"], fields["status"]["total"]) == (50000, "要確認")
    assert fields["review_reasons"]["total"] == t("invoice.review.only_model")
    assert fields["status"]["buyer_name"] == "要確認"


def test_a_differing_reading_is_to_be_checked_with_both_candidates(
    script: ScriptedOpenAI, client: LLMClient
) -> None:
    text = OCR_TEXT.replace("ご請求金額 ¥33,000", "10%対象 30,000 消費税 3,000\nご請求金額 ¥33,000")
    fields = extract_invoice_fields(text)
    assert fields["status"]["total"] == "確定"
    script.enqueue_chat(_answer(total=38000, issuer_name="株式会社テスト商会"))
    second_read(client, fields, _png())
    assert fields["total"] == 33000 and fields["status"]["total"] == "要確認"
    assert {c["value"] for c in fields["candidates"]["total"]} >= {33000, 38000}
    assert fields["status"]["issuer_name"] == "要確認"
    assert fields["second_reader"]["disagreed"]["total"] == 38000
