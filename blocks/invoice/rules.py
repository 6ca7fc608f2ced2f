"""The checks of Japan's qualified invoice system (インボイス制度) on extracted invoice fields.

A 適格請求書 must show six items (issuer name and registration number, transaction date,
description with the reduced-rate marking, totals per tax rate with the rate, consumption tax
per rate, buyer name); a 適格簡易請求書 (receipts) may omit the buyer and show the tax *or* the
rate. The registration number is "T" + a 法人番号-style number whose first digit is a check
digit. Consumption tax is computed once per rate per invoice with the issuer's rounding.
Each finding has a stable snake_case `rule`, a `reason` from the catalog (`invoice.finding.*`,
in the language people read) and a severity (`findings.RULES`). The amounts (rates, tax per
rate, rounding, the grand total, the items) are checked in `tax_checks`.

With the answers of `registry.check` (optional), two more: the number was not valid on the
transaction date (not yet registered, cancelled, expired, or unknown to the registry), and the
issuer's name differs from the registered name (`_check_registry`).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from blocks.invoice.doc_kinds import INVOICE_KINDS
from blocks.invoice.findings import RULES, Findings
from blocks.invoice.tax_checks import ROUNDING_MODES, check_amounts, tax_for
from blocks.invoice.vocabulary import REVIEW
from keiri.base.catalog import t

__all__ = [
    "ROUNDING_MODES",
    "RULES",
    "check_invoices",
    "registration_check_digit",
    "registration_problem",
    "tax_for",
]

# A payment notice (支払通知書・仕入明細書) issued by the purchaser is the other route to the
# purchase tax credit: it must carry the same items (the supplier's registration number and
# name, the date, per-rate totals and tax), so it is checked with the same rules.
_CHECKED_KINDS = INVOICE_KINDS | {"payment_notice"}

#: `registry.check` statuses that mean the number was not valid on the transaction date.
_NOT_VALID = {"not_yet_registered", "cancelled", "expired", "unknown_number"}


def registration_check_digit(base12: str) -> int:
    """Check digit of a 法人番号 over its other 12 digits: weights 1,2,1,2,… from the right,
    9 − (sum mod 9)."""
    total = sum(int(d) * (1 if i % 2 == 0 else 2) for i, d in enumerate(reversed(base12)))
    return 9 - total % 9


def registration_problem(number: str) -> tuple[str, str] | None:
    """(rule, reason) when `number` is not a valid registration number, else None."""
    if not re.fullmatch(r"T\d{13}", number):
        return (
            "registration_number_format",
            t("invoice.finding.registration_format", number=number),
        )
    expected = registration_check_digit(number[2:])
    if int(number[1]) != expected:
        return (
            "registration_number_check_digit",
            t("invoice.finding.check_digit", number=number, expected=expected),
        )
    return None


def _check_items(inv: Findings, simplified: bool) -> None:
    f = inv.f
    if not f.get("issuer_name"):
        inv.missing("issuer_name_missing", "issuer_name", t("invoice.item.issuer"))
    number = f.get("registration_number")
    if not number:
        inv.missing(
            "registration_number_missing",
            "registration_number",
            t("invoice.item.registration_number"),
        )
    elif (problem := registration_problem(str(number))) is not None:
        inv.add(problem[0], "registration_number", problem[1])
    invalid_dates = [n for n in f.get("notes") or [] if n.get("field") == "transaction_date"]
    for note in invalid_dates:
        inv.add(
            "transaction_date_invalid",
            "transaction_date",
            t("invoice.finding.date_invalid", message=note["message"]),
        )
    if not f.get("transaction_date") and not invalid_dates:
        inv.missing(
            "transaction_date_missing", "transaction_date", t("invoice.item.transaction_date")
        )
    if not f.get("lines"):
        inv.missing("description_missing", "lines", t("invoice.item.description"))
    if not simplified and not f.get("buyer_name"):
        inv.missing("buyer_name_missing", "buyer_name", t("invoice.item.buyer"))


def _check_reduced(inv: Findings) -> None:
    lines = inv.f.get("lines") or []
    reduced = [line for line in lines if str(line.get("rate")) == "8"]
    if "8" in inv.f.get("totals_by_rate", {}) and not reduced and lines:
        inv.add(
            "reduced_rate_marking_missing",
            "lines",
            t("invoice.finding.reduced_without_items"),
        )
    unmarked = [
        ln["description"] for ln in reduced if not ln.get("marked") and not ln.get("rate_stated")
    ]
    if unmarked:
        inv.add(
            "reduced_rate_marking_missing",
            "lines",
            t("invoice.finding.reduced_unmarked", items=", ".join(unmarked)),
        )
    symbol_only = [ln for ln in reduced if ln.get("marked") and not ln.get("rate_stated")]
    if symbol_only and not inv.f.get("reduced_rate_note"):
        inv.add(
            "reduced_rate_marker_unexplained",
            "lines",
            t("invoice.finding.marker_unexplained"),
        )


def _file_of(fields: dict[str, Any], index: int) -> str:
    source = fields.get("source")
    if isinstance(source, dict):
        return str(source.get("path") or source.get("name") or f"invoice[{index}]")
    return str(source) if source else f"invoice[{index}]"


def _check_registry(inv: Findings, answers: dict[str, list[dict[str, Any]]]) -> None:
    """Findings from the registry's answer for this invoice's number (if it was asked): the
    answer for this document (`ref`) and number, or the document's only answer."""
    number = str(inv.f.get("registration_number") or "")
    mine = answers.get(inv.file, [])
    answer = next((a for a in mine if a.get("number") == number), None)
    if answer is None and len(mine) == 1 and number:
        answer = mine[0]
    if answer is None:
        return
    if answer.get("status") in _NOT_VALID:
        inv.add(
            "registration_not_valid_on_date",
            "registration_number",
            t("registry.finding.not_valid", number=number, reason=answer.get("reason", "")),
        )
    elif answer.get("name_matches") is False:
        inv.add(
            "issuer_name_differs",
            "issuer_name",
            t(
                "registry.finding.name_differs",
                issuer=inv.f.get("issuer_name") or "",
                registered=answer.get("registered_name") or "",
            ),
        )


def check_invoices(
    items: list[dict[str, Any]],
    rounding: str = "down",
    registry: list[dict[str, Any]] | None = None,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Findings of every invoice and a summary with `passed` per invoice; `registry`: the
    answers of `registry.check` (matched by the document and the number)."""
    answers: dict[str, list[dict[str, Any]]] = {}
    for answer in registry or []:
        answers.setdefault(str(answer.get("ref")), []).append(answer)
    findings: list[dict[str, Any]] = []
    results = []
    not_invoices: list[dict[str, Any]] = []
    for index, fields in enumerate(items):
        kind = fields.get("document_type")
        if fields.get("excluded"):
            continue
        if not fields.get("error") and kind is not None and kind not in _CHECKED_KINDS:
            not_invoices.append(
                {
                    "file": _file_of(fields, index),
                    "document_type": kind,
                    "title": fields.get("title"),
                }
            )
            continue
        inv = Findings(fields, _file_of(fields, index))
        simplified = fields.get("document_type") == "simplified_invoice"
        used: str | None = None
        if fields.get("error"):
            error = fields["error"]
            inv.add(
                "text_unavailable",
                "text",
                t(
                    "invoice.finding.text_unavailable",
                    code=error.get("code"),
                    message=error.get("message"),
                ),
            )
        else:
            for note in fields.get("notes") or []:
                if note.get("field") == "text":
                    inv.add("text_note", "text", str(note.get("message")))
            if fields.get("text_truncated"):
                inv.add(
                    "text_truncated",
                    "text",
                    t("invoice.finding.text_truncated"),
                )
            if fields.get("document_type") is None:
                inv.add(
                    "document_type_unknown",
                    "title",
                    t("invoice.finding.kind_unknown"),
                )
            _check_items(inv, simplified)
            _check_registry(inv, answers)
            _check_reduced(inv)
            used = check_amounts(inv, simplified, rounding)
            mismatch = any(x["rule"] == "total_mismatch" for x in inv.findings)
            if (fields.get("status") or {}).get("total") == REVIEW and not mismatch:
                listed = ", ".join(
                    t("invoice.candidate", value=f"{c['value']:,}", text=c["text"])
                    for c in (fields.get("candidates") or {}).get("total", [])
                )
                inv.add(
                    "total_unconfirmed",
                    "total",
                    t(
                        "invoice.finding.total_unconfirmed",
                        reason=fields["review_reasons"].get("total", ""),
                        candidates=listed,
                    ),
                )
        errors = sum(1 for x in inv.findings if x["severity"] == "error")
        results.append(
            {
                "file": inv.file,
                "document_type": fields.get("document_type"),
                "passed": errors == 0,
                "errors": errors,
                "warnings": len(inv.findings) - errors,
                "rounding": used,
            }
        )
        findings += inv.findings
    errors = sum(1 for x in findings if x["severity"] == "error")
    summary = {
        "invoices": len(results),
        "not_invoices": not_invoices,
        "passed": sum(1 for r in results if r["passed"]),
        "failed": sum(1 for r in results if not r["passed"]),
        "errors": errors,
        "warnings": len(findings) - errors,
        "by_rule": dict(sorted(Counter(x["rule"] for x in findings).items())),
        "results": results,
    }
    return findings, summary
