"""Invoice fields read by an LLM (structured output), held to the same checks as the rules.

The model answers `LLMInvoice` (the same fields as `invoice_extract`, per-rate figures as a
list, and a verbatim quote of the document for each field). Before anything is trusted:

- every quote must occur in the document's text (NFKC, spaces ignored) and contain the value;
  a field whose quote is not in the text is 要確認 ("根拠の引用が本文にありません");
- the total goes through `assess_fields`: Σ base per rate + Σ tax (+ non-taxable) must give
  it, so a model's total that fails the arithmetic is 要確認, never 確定.

The output is the `invoice.extract_fields` schema, with `extraction: "llm"`.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from blocks.invoice.doc_kinds import Kind
from blocks.invoice.evidence import CONFIRMED, MISSING, REVIEW, assess_fields
from blocks.invoice.prompts import SYSTEM_PROMPT
from blocks.llm.client import LLMClient
from blocks.text.dates import DateError, parse_date_value
from keiri.base.catalog import t

__all__ = ["SYSTEM_PROMPT", "LLMInvoice", "extract_with_llm"]

_MAX_TEXT = 12_000
_QUOTED = ("issuer_name", "registration_number", "transaction_date", "buyer_name", "total")


class RateFigures(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rate: int = Field(description="税率（10 または 8）")
    base: int | None = Field(description="その税率の対象額（円）")
    tax: int | None = Field(description="その税率の消費税額（円）")


class LineItem(BaseModel):
    model_config = ConfigDict(extra="forbid")
    description: str = Field(description="品名・取引内容（本文のとおり）")
    quantity: float | None = Field(description="数量")
    unit_price: int | None = Field(description="単価（円）")
    amount: int | None = Field(description="金額（円）")
    rate: int | None = Field(description="税率（10 または 8）")
    marked: bool = Field(description="軽減税率対象を示す※印などが付いているか")
    rate_stated: bool = Field(description="税率（8% など）がその行に明記されているか")


class Quote(BaseModel):
    model_config = ConfigDict(extra="forbid")
    field: str = Field(description="項目名（issuer_name, total など）")
    text: str = Field(description="本文からの一字一句そのままの引用")


class LLMInvoice(BaseModel):
    """The structured answer of the model."""

    model_config = ConfigDict(extra="forbid")
    document_type: Kind | None
    title: str | None
    issuer_name: str | None
    registration_number: str | None
    transaction_date: str | None
    buyer_name: str | None
    rates: list[RateFigures]
    lines: list[LineItem]
    reduced_rate_note: bool = Field(description="※印などが軽減税率対象である旨の凡例があるか")
    non_taxable: int | None
    amounts_include_tax: bool | None
    total: int | None
    quotes: list[Quote]


def _squeeze(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).split())


def _value_in(value: Any, quote: str) -> bool:
    if isinstance(value, int):
        digits = re.sub(r"[^\d]", "", quote)
        return str(abs(value)) in digits
    if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        try:
            found = parse_date_value(quote.strip()) if quote.strip() else None
        except DateError:
            found = None
        if found is not None:
            return found.isoformat() == value
        return True  # a quote like 令和6年4月1日 inside a longer line: checked by the text test
    return _squeeze(str(value)) in _squeeze(quote)


def _verify(answer: LLMInvoice, text: str) -> dict[str, str]:
    """{field: reason} for every field whose quote is absent from the text or lacks the value."""
    body = _squeeze(text)
    quotes: dict[str, list[str]] = {}
    for quote in answer.quotes:
        quotes.setdefault(quote.field, []).append(quote.text)
    problems: dict[str, str] = {}
    for name in _QUOTED:
        value = getattr(answer, name)
        if value is None:
            continue
        listed = [q for q in quotes.get(name, []) if _squeeze(q) and _squeeze(q) in body]
        if not listed:
            problems[name] = t("invoice.review.quote_missing")
        elif not any(_value_in(value, q) for q in listed):
            problems[name] = t("invoice.review.quote_without_value")
    return problems


def _lines(answer: LLMInvoice, text: str) -> tuple[list[dict[str, Any]], list[str]]:
    """The model's line items whose description occurs in the text; the others are named."""
    body = _squeeze(text)
    kept: list[dict[str, Any]] = []
    dropped: list[str] = []
    for line in answer.lines:
        if not _squeeze(line.description) or _squeeze(line.description) not in body:
            dropped.append(line.description)
            continue
        kept.append(
            {
                "description": line.description,
                "quantity": line.quantity,
                "unit_price": line.unit_price,
                "amount": line.amount,
                "rate": line.rate,
                "reduced_rate": line.rate == 8,
                "marked": line.marked,
                "rate_stated": line.rate_stated and line.rate is not None,
            }
        )
    return kept, dropped


def _fields(answer: LLMInvoice, source: dict[str, Any] | None, text: str) -> dict[str, Any]:
    rates = {str(r.rate): r for r in answer.rates}
    quote_of = {q.field: q.text for q in answer.quotes}
    date = answer.transaction_date
    lines, dropped = _lines(answer, text)
    notes: list[dict[str, str]] = [
        {"field": "lines", "message": t("invoice.note.line_dropped", name=name)} for name in dropped
    ]
    if date is not None:
        try:
            parsed = parse_date_value(date)
            date = parsed.isoformat() if parsed else None
        except DateError as exc:
            notes.append({"field": "transaction_date", "message": str(exc)})
            date = None
    return {
        "source": source,
        "title": answer.title,
        "document_type": answer.document_type,
        "issuer_name": answer.issuer_name,
        "registration_number": answer.registration_number,
        "transaction_date": date,
        "buyer_name": answer.buyer_name,
        "lines": lines,
        "reduced_rate_note": answer.reduced_rate_note,
        "totals_by_rate": {k: r.base for k, r in rates.items() if r.base is not None},
        "tax_by_rate": {k: r.tax for k, r in rates.items() if r.tax is not None},
        "amounts_include_tax": answer.amounts_include_tax,
        "total": answer.total,
        "notes": notes,
        "raw_matches": {k: v for k, v in quote_of.items() if k in _QUOTED},
        "total_candidates": (
            []
            if answer.total is None
            else [{"value": answer.total, "text": quote_of.get("total", ""), "rank": 0}]
        ),
        "non_taxable": answer.non_taxable,
        "kind_evidence": "llm",
        "text_source": "text",
        "extraction": "llm",
    }


def extract_with_llm(
    client: LLMClient, text: str, source: dict[str, Any] | None = None, *, from_ocr: bool = False
) -> dict[str, Any]:
    """The invoice fields of `text` read by the model, verified against the text."""
    result = client.parse(SYSTEM_PROMPT, text[:_MAX_TEXT], LLMInvoice)
    answer = result.value
    fields = _fields(answer, source, text)
    if from_ocr:
        fields["text_source"] = "ocr"
    assess_fields(fields)
    for name, reason in _verify(answer, text).items():
        if fields["status"].get(name, MISSING) != MISSING:
            fields["status"][name] = REVIEW
            fields["review_reasons"][name] = reason
    if fields["status"].get("total") == CONFIRMED and not fields["totals_by_rate"]:
        # Without per-rate figures nothing checks the model's total: it stays 要確認.
        fields["status"]["total"] = REVIEW
        fields["review_reasons"]["total"] = t("invoice.review.total_unchecked")
    fields["llm_usage"] = result.usage
    return fields
