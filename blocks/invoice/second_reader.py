"""A vision-capable LLM as a second reader of an invoice's page image.

When `invoice.extract_fields` has `second_reader: llm`, the model reads page 1 of the file
(a PDF page rendered at 150 dpi, or the photo) into the same structured fields (the strict
`LLMInvoice` schema of `llm_reader`). It never decides alone:

- a value the model reads the same as the text reader (rules over the text layer or OCR)
  is two independent reads agreeing: a field held 要確認 because it came from OCR becomes
  確定;
- the model's total is 確定 only when it equals a candidate of the text reader or the
  total the per-rate arithmetic allows (`evidence.expected_totals`);
- a value only the model has, or one it reads differently, is 要確認 with both readings
  in `candidates` and the reason — never 確定 on the model's word.

`fields.second_reader` records the model, the fields it agreed on and what it read
differently.
"""

from __future__ import annotations

import io
from decimal import Decimal
from typing import Any

from blocks.invoice.evidence import CONFIRMED, MISSING, REVIEW, expected_totals
from blocks.invoice.llm_reader import LLMInvoice
from blocks.invoice.prompts import IMAGE_REQUEST, VISION_PROMPT
from blocks.llm.client import LLMClient
from blocks.text.dates import DateError, parse_date_value
from blocks.text.japanese import normalize_name
from keiri.base.catalog import t

__all__ = ["VISION_PROMPT", "page_image", "second_read"]

_NAMES = ("issuer_name", "buyer_name")
_PLAIN = ("registration_number", "transaction_date")
_RENDER_DPI = 150
_MAX_SIDE = 2000


def page_image(data: bytes, media_type: str) -> bytes | None:
    """PNG of the document's first page (PDF rendered, photo re-encoded and bounded), None
    for a format without pages (spreadsheets, text)."""
    from PIL import Image

    if media_type == "application/pdf":
        import pypdfium2

        document = pypdfium2.PdfDocument(data)
        try:
            image = document[0].render(scale=_RENDER_DPI / 72).to_pil()
        finally:
            document.close()
    elif media_type.startswith("image/"):
        image = Image.open(io.BytesIO(data))
        image.load()
    else:
        return None
    image.thumbnail((_MAX_SIDE, _MAX_SIDE))
    out = io.BytesIO()
    image.convert("RGB").save(out, format="PNG", optimize=True)
    return out.getvalue()


def _same(name: str, left: Any, right: Any) -> bool:
    if left is None or right is None:
        return False
    if name in _NAMES:
        return normalize_name(str(left)) == normalize_name(str(right))
    if name == "total":
        return Decimal(str(left)) == Decimal(str(right))
    return str(left).replace(" ", "").upper() == str(right).replace(" ", "").upper()


def _date(value: str | None) -> str | None:
    if value is None:
        return None
    try:
        parsed = parse_date_value(value)
    except DateError:
        return None
    return parsed.isoformat() if parsed else None


def _settle(fields: dict[str, Any], name: str, seen: Any, record: dict[str, Any]) -> None:
    status, reasons = fields["status"], fields["review_reasons"]
    mine = fields.get(name)
    if seen is None:
        return
    if _same(name, mine, seen):
        record["agreed"].append(name)
        if status.get(name) == REVIEW and fields.get("text_source") == "ocr" and name != "total":
            status[name] = CONFIRMED  # two independent reads of the same value
            reasons.pop(name, None)
        return
    record["disagreed"][name] = seen
    listed = fields["candidates"].setdefault(name, [])
    if mine is not None and not any(c.get("value") == mine for c in listed):
        listed.append({"value": mine, "text": str(fields["raw_matches"].get(name, ""))})
    listed.append({"value": seen, "text": t("invoice.candidate.model")})
    if mine is None:
        fields[name] = seen
        status[name], reasons[name] = REVIEW, t("invoice.review.only_model")
    else:
        status[name], reasons[name] = REVIEW, t("invoice.review.model_differs", seen=seen)


def _settle_total(fields: dict[str, Any], seen: int | None, record: dict[str, Any]) -> None:
    """The model's total counts only where the text reader or the arithmetic has it."""
    if seen is None:
        return
    status, reasons = fields["status"], fields["review_reasons"]
    candidates = [c["value"] for c in fields.get("total_candidates") or []]
    allowed = expected_totals(fields)
    if any(_same("total", c, seen) for c in candidates) or Decimal(seen) in allowed:
        record["agreed"].append("total")
        if status.get("total") != CONFIRMED and (
            _same("total", fields.get("total"), seen) or Decimal(seen) in allowed
        ):
            status["total"] = CONFIRMED
            reasons.pop("total", None)
            fields["total"] = seen
        elif status.get("total") == REVIEW:
            reasons["total"] += t("invoice.review.model_total", amount=f"{seen:,}")
        return
    _settle(fields, "total", seen, record)
    if status.get("total") == CONFIRMED:  # never confirmed against a differing reading
        status["total"] = REVIEW


def second_read(client: LLMClient, fields: dict[str, Any], image: bytes) -> dict[str, Any]:
    """`fields` (the text reader's) settled against the model's reading of `image`."""
    result = client.parse(VISION_PROMPT, IMAGE_REQUEST, LLMInvoice, images=[image])
    answer = result.value
    record: dict[str, Any] = {"model": result.model, "agreed": [], "disagreed": {}}
    fields.setdefault("candidates", {})
    for name in (*_NAMES, *_PLAIN):
        seen = getattr(answer, name)
        if name == "transaction_date":
            seen = _date(seen)
        _settle(fields, name, seen, record)
    _settle_total(fields, answer.total, record)
    for name in ("issuer_name", "buyer_name", "registration_number", "transaction_date"):
        if fields.get(name) is None:
            fields["status"][name] = MISSING
    fields["second_reader"] = record
    fields["llm_usage"] = result.usage
    return fields
