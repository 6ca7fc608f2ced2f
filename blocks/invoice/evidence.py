"""Status and evidence of extracted invoice fields: 確定 (consistent), 要確認 (candidates
disagree or fail the arithmetic; candidates listed), なし (absent).

The grand total is cross-checked with the per-rate figures: Σ taxable base per rate + Σ tax
(tax-exclusive) or Σ base (tax-inclusive) must equal it. A total is never 確定 when that
arithmetic contradicts it, nor when two labelled totals disagree.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from blocks.invoice.rules import registration_problem

__all__ = ["CONFIRMED", "MISSING", "REVIEW", "assess_fields", "expected_totals"]

CONFIRMED, REVIEW, MISSING = "確定", "要確認", "なし"
_SIMPLE_FIELDS = ("issuer_name", "registration_number", "buyer_name")


def _dec(value: Any) -> Decimal:
    return Decimal(str(value))


def expected_totals(fields: dict[str, Any]) -> set[Decimal]:
    """The grand totals the per-rate figures allow (empty when there are none)."""
    totals = fields.get("totals_by_rate") or {}
    taxes = fields.get("tax_by_rate") or {}
    if not totals or any(v is None for v in [*totals.values(), *taxes.values()]):
        return set()
    base = sum((_dec(v) for v in totals.values()), Decimal(0))
    if fields.get("non_taxable") is not None:
        base += _dec(fields["non_taxable"])
    tax = sum((_dec(v) for v in taxes.values()), Decimal(0))
    inclusive = fields.get("amounts_include_tax")
    allowed = set()
    if inclusive is not False:
        allowed.add(base)
    if inclusive is not True and set(taxes) >= set(totals):
        allowed.add(base + tax)
    return allowed


def _total(fields: dict[str, Any]) -> tuple[str, str | None, list[dict[str, Any]]]:
    candidates = [
        {"value": c["value"], "text": c["text"]} for c in fields.get("total_candidates") or []
    ]
    if not candidates:
        return MISSING, None, []
    expected = expected_totals(fields)
    strongest = min(c["rank"] for c in fields["total_candidates"])
    strong = [c for c in fields["total_candidates"] if c["rank"] == strongest]
    if expected:
        fitting = [c for c in fields["total_candidates"] if _dec(c["value"]) in expected]
        if not fitting:
            computed = ", ".join(f"{v:,}円" for v in sorted(expected))
            return (
                REVIEW,
                f"記載の合計が税率ごとの金額と税額の計算（{computed}）と一致しません",
                (candidates + [{"value": int(v), "text": "計算値"} for v in sorted(expected)]),
            )
        fields["total"] = fitting[0]["value"]
        fields["raw_matches"]["total"] = fitting[0]["text"]
        others = [c for c in strong if c["value"] != fitting[0]["value"]]
        if others:
            return REVIEW, "合計の候補が複数あり、一致しません", candidates
        return CONFIRMED, None, candidates
    if len(strong) > 1:
        return REVIEW, "合計の候補が複数あり、一致しません", candidates
    if fields.get("text_source") == "ocr":
        return REVIEW, "OCR で読んだ合計を計算で確かめられません", candidates
    chosen = strong[0]
    if chosen["value"] < 100 and not re.search(r"[¥￥円,]", chosen["text"]):
        return (
            REVIEW,
            "合計の欄の数値が小さく、金額の記載（¥・円・桁区切り）がありません",
            candidates,
        )
    amounts = [ln["amount"] for ln in fields.get("lines") or [] if ln.get("amount") is not None]
    if amounts and max(amounts) > chosen["value"]:
        return REVIEW, "合計が明細の金額より小さく、計算が合いません", candidates
    if fields.get("total") is not None and _dec(fields["total"]) <= 0:
        return REVIEW, "合計が0以下です", candidates
    return CONFIRMED, None, candidates


def assess_fields(fields: dict[str, Any]) -> dict[str, Any]:
    """Add `status` ({field: 確定|要確認|なし}), `review_reasons` and `candidates` to the
    fields of one document (in place) and return them."""
    status: dict[str, str] = {}
    reasons: dict[str, str] = {}
    candidates: dict[str, list[dict[str, Any]]] = {}
    state, reason, listed = _total(fields)
    status["total"] = state
    if reason:
        reasons["total"] = reason
    if listed:
        candidates["total"] = listed
    ocr = fields.get("text_source") == "ocr"
    date_notes = [n for n in fields.get("notes") or [] if n.get("field") == "transaction_date"]
    if fields.get("transaction_date") and ocr:
        status["transaction_date"] = REVIEW
        reasons["transaction_date"] = "OCR で読んだ日付です（読み違いの可能性）"
    elif fields.get("transaction_date"):
        status["transaction_date"] = CONFIRMED
    elif date_notes:
        status["transaction_date"] = REVIEW
        reasons["transaction_date"] = date_notes[0]["message"]
    else:
        status["transaction_date"] = MISSING
    for name in _SIMPLE_FIELDS:
        status[name] = CONFIRMED if fields.get(name) else MISSING
        if fields.get(name) and ocr and name != "registration_number":
            status[name] = REVIEW
            reasons[name] = "OCR で読んだ名称です（読み違いの可能性）"
    if fields.get("issuer_name") and fields.get("issuer_cue") == "weak":
        status["issuer_name"] = REVIEW
        reasons["issuer_name"] = (
            "発行者の手がかり（発行者欄、登録番号や住所の近くの会社名）がありません"
        )
    number = fields.get("registration_number")
    problem = registration_problem(str(number)) if number else None
    if problem is not None:
        status["registration_number"] = REVIEW
        reasons["registration_number"] = problem[1]
    if ocr:
        fields["from_ocr"] = [k for k, v in status.items() if v != MISSING]
    fields["status"] = status
    fields["review_reasons"] = reasons
    fields["candidates"] = candidates
    return fields
