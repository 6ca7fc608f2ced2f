"""The checks of Japan's qualified invoice system (インボイス制度) on extracted invoice fields.

A 適格請求書 must show six items (issuer name and registration number, transaction date,
description with the reduced-rate marking, totals per tax rate with the rate, consumption tax
per rate, buyer name); a 適格簡易請求書 (receipts) may omit the buyer and show the tax *or* the
rate. The registration number is "T" + a 法人番号-style number whose first digit is a check
digit. Consumption tax is computed once per rate per invoice with the issuer's rounding.
Each finding has a stable snake_case `rule`, a Japanese `reason` and a severity.

With the answers of `registry.check` (optional), two more: the number was not valid on the
transaction date (not yet registered, cancelled, expired, or unknown to the registry), and the
issuer's name differs from the registered name (`_check_registry`).
"""

from __future__ import annotations

import re
from collections import Counter
from decimal import ROUND_DOWN, ROUND_HALF_UP, ROUND_UP, Decimal
from typing import Any

from blocks.invoice.doc_kinds import INVOICE_KINDS
from keiri.base.catalog import t

__all__ = [
    "ROUNDING_MODES",
    "RULES",
    "check_invoices",
    "registration_check_digit",
    "registration_problem",
    "tax_for",
]

ROUNDING_MODES = {"down": ROUND_DOWN, "half_up": ROUND_HALF_UP, "up": ROUND_UP}
_ROUNDING_JA = {"down": "切り捨て", "half_up": "四捨五入", "up": "切り上げ"}
_RATES = {"10", "8"}
# A payment notice (支払通知書・仕入明細書) issued by the purchaser is the other route to the
# purchase tax credit: it must carry the same items (the supplier's registration number and
# name, the date, per-rate totals and tax), so it is checked with the same rules.
_CHECKED_KINDS = INVOICE_KINDS | {"payment_notice"}

#: Every rule id with its severity, for documentation and the block spec.
RULES: dict[str, str] = {
    "text_unavailable": "error",
    "text_truncated": "warning",
    "document_type_unknown": "warning",
    "issuer_name_missing": "error",
    "registration_number_missing": "error",
    "registration_number_format": "error",
    "registration_number_check_digit": "error",
    "transaction_date_missing": "error",
    "transaction_date_invalid": "error",
    "description_missing": "error",
    "reduced_rate_marking_missing": "error",
    "reduced_rate_marker_unexplained": "warning",
    "totals_by_rate_missing": "error",
    "tax_by_rate_missing": "error",
    "tax_or_rate_missing": "error",
    "unsupported_tax_rate": "error",
    "tax_amount_mismatch": "error",
    "total_mismatch": "error",
    "total_missing": "warning",
    "line_amounts_mismatch": "warning",
    "line_amount_mismatch": "warning",
    "buyer_name_missing": "error",
    "total_unconfirmed": "warning",
    "text_note": "warning",
    "registration_not_valid_on_date": "error",
    "issuer_name_differs": "warning",
}
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
            f"登録番号「{number}」は「T」＋13桁の数字の形式ではありません",
        )
    expected = registration_check_digit(number[2:])
    if int(number[1]) != expected:
        return (
            "registration_number_check_digit",
            f"登録番号「{number}」のチェックデジット（先頭の数字）が正しくありません"
            f"（計算上は {expected}）",
        )
    return None


def tax_for(amount: Any, rate: str, inclusive: bool, rounding: str) -> Decimal:
    """Consumption tax of one per-rate total, rounded once (`down`, `half_up` or `up`)."""
    base = Decimal(str(amount))
    percent = Decimal(rate)
    raw = base * percent / (100 + percent) if inclusive else base * percent / 100
    return raw.quantize(Decimal(1), rounding=ROUNDING_MODES[rounding])


def _yen(value: Any) -> str:
    number = Decimal(str(value))
    return f"{int(number):,}円" if number == number.to_integral_value() else f"{number:,}円"


class _Invoice:
    """Collects the findings of one invoice."""

    def __init__(self, fields: dict[str, Any], file: str) -> None:
        self.f = fields
        self.file = file
        self.findings: list[dict[str, Any]] = []

    def add(self, rule: str, field: str, reason: str) -> None:
        self.findings.append(
            {
                "file": self.file,
                "field": field,
                "rule": rule,
                "reason": reason,
                "severity": RULES[rule],
            }
        )

    def missing(self, rule: str, field: str, what: str) -> None:
        self.add(rule, field, f"{what}が記載されていません（読み取れません）")


def _check_items(inv: _Invoice, simplified: bool) -> None:
    f = inv.f
    if not f.get("issuer_name"):
        inv.missing(
            "issuer_name_missing", "issuer_name", "発行者（適格請求書発行事業者）の氏名又は名称"
        )
    number = f.get("registration_number")
    if not number:
        inv.missing("registration_number_missing", "registration_number", "登録番号")
    elif (problem := registration_problem(str(number))) is not None:
        inv.add(problem[0], "registration_number", problem[1])
    invalid_dates = [n for n in f.get("notes") or [] if n.get("field") == "transaction_date"]
    for note in invalid_dates:
        inv.add(
            "transaction_date_invalid",
            "transaction_date",
            f"取引年月日が正しい日付ではありません: {note['message']}",
        )
    if not f.get("transaction_date") and not invalid_dates:
        inv.missing("transaction_date_missing", "transaction_date", "取引年月日")
    if not f.get("lines"):
        inv.missing("description_missing", "lines", "取引内容（品名・明細）")
    if not simplified and not f.get("buyer_name"):
        inv.missing(
            "buyer_name_missing", "buyer_name", "書類の交付を受ける事業者（宛名）の氏名又は名称"
        )


def _check_reduced(inv: _Invoice) -> None:
    lines = inv.f.get("lines") or []
    reduced = [line for line in lines if str(line.get("rate")) == "8"]
    if "8" in inv.f.get("totals_by_rate", {}) and not reduced and lines:
        inv.add(
            "reduced_rate_marking_missing",
            "lines",
            "8%対象の合計がありますが、軽減税率の対象品目である旨が記載された明細がありません",
        )
    unmarked = [
        ln["description"] for ln in reduced if not ln.get("marked") and not ln.get("rate_stated")
    ]
    if unmarked:
        inv.add(
            "reduced_rate_marking_missing",
            "lines",
            f"軽減税率の対象品目である旨（※印等）がない明細があります: {', '.join(unmarked)}",
        )
    symbol_only = [ln for ln in reduced if ln.get("marked") and not ln.get("rate_stated")]
    if symbol_only and not inv.f.get("reduced_rate_note"):
        inv.add(
            "reduced_rate_marker_unexplained",
            "lines",
            "※印等で軽減税率対象を示していますが、その印が軽減税率対象であることの説明（凡例）がありません",
        )


def _line_tax(lines: list[dict[str, Any]], rate: str, inclusive: bool, rounding: str) -> Decimal:
    return sum(
        (
            tax_for(ln["amount"], rate, inclusive, rounding)
            for ln in lines
            if str(ln.get("rate")) == rate and ln.get("amount") is not None
        ),
        Decimal(0),
    )


def _tax_matches(f: dict[str, Any], rounding: str, inclusive: bool) -> bool:
    totals, taxes = f.get("totals_by_rate") or {}, f.get("tax_by_rate") or {}
    return all(
        tax_for(totals[r], r, inclusive, rounding) == Decimal(str(taxes[r]))
        for r in taxes
        if r in totals and r in _RATES
    )


def _check_amounts(inv: _Invoice, simplified: bool, rounding: str) -> str | None:
    """Per-rate totals, tax per rate with one rounding per rate, grand total. Returns the
    rounding used (the detected one in `detect` mode, None when none reproduces the tax)."""
    f = inv.f
    totals, taxes = f.get("totals_by_rate") or {}, f.get("tax_by_rate") or {}
    rates = (
        set(totals)
        | set(taxes)
        | {str(ln.get("rate")) for ln in f.get("lines") or [] if ln.get("rate_stated")}
    )
    for rate in sorted(rates - _RATES):
        inv.add(
            "unsupported_tax_rate",
            f"totals_by_rate.{rate}",
            f"税率 {rate}% は消費税の税率（10% / 8%）ではありません",
        )
    if not totals:
        inv.missing(
            "totals_by_rate_missing",
            "totals_by_rate",
            "税率ごとに区分して合計した対価の額及び適用税率",
        )
    if simplified:
        if not taxes and not totals:
            inv.missing(
                "tax_or_rate_missing", "tax_by_rate", "税率ごとに区分した消費税額等又は適用税率"
            )
    else:
        for rate in sorted(set(totals) - set(taxes)):
            inv.missing("tax_by_rate_missing", f"tax_by_rate.{rate}", f"{rate}%対象の消費税額等")
    stated_basis = f.get("amounts_include_tax")
    bases = [stated_basis] if stated_basis is not None else [False, True]
    modes = list(ROUNDING_MODES) if rounding == "detect" else [rounding]
    chosen = next(((m, b) for m in modes for b in bases if _tax_matches(f, m, b)), None)
    used: str | None
    used, inclusive = chosen if chosen else (modes[0], bases[0])
    if chosen is None:
        for rate in sorted(set(totals) & set(taxes) & _RATES):
            expected = tax_for(totals[rate], rate, inclusive, modes[0])
            stated = Decimal(str(taxes[rate]))
            if expected == stated:
                continue
            basis = "税込" if inclusive else "税抜"
            if rounding == "detect":
                reason = (
                    f"{rate}%対象 {_yen(totals[rate])}（{basis}）の消費税額は、切り捨て・四捨五入・"
                    f"切り上げのいずれでも記載の {_yen(stated)} になりません"
                    f"（切り捨てなら {_yen(expected)}）"
                )
            else:
                reason = (
                    f"{rate}%対象 {_yen(totals[rate])}（{basis}）の消費税額は{_ROUNDING_JA[modes[0]]}で"
                    f"{_yen(expected)}になるはずですが、記載は {_yen(stated)} です"
                )
            per_line = _line_tax(f.get("lines") or [], rate, inclusive, modes[0])
            if per_line == stated:
                reason += (
                    "。明細ごとに端数処理して合計した額と一致します（端数処理は税率ごとに1回）"
                )
            inv.add("tax_amount_mismatch", f"tax_by_rate.{rate}", reason)
    if chosen is None and rounding == "detect":
        used = None
    total = f.get("total")
    if total is None:
        inv.missing("total_missing", "total", "請求金額（税込合計）")
    elif totals:
        base = sum(Decimal(str(v)) for v in totals.values())
        if f.get("non_taxable") is not None:  # 非課税・対象外・立替金 are outside the rates
            base += Decimal(str(f["non_taxable"]))
        tax = sum(Decimal(str(v)) for v in taxes.values())
        allowed = {base if b else base + tax for b in bases}
        if Decimal(str(total)) not in allowed:
            inv.add(
                "total_mismatch",
                "total",
                f"合計 {_yen(total)} が、税率ごとの合計と消費税額から計算した "
                f"{' / '.join(_yen(a) for a in sorted(allowed))} と一致しません",
            )
    _check_lines(inv, totals)
    return used


def _check_lines(inv: _Invoice, totals: dict[str, Any]) -> None:
    lines = inv.f.get("lines") or []
    for line in lines:
        q, p, a = line.get("quantity"), line.get("unit_price"), line.get("amount")
        if None not in (q, p, a) and Decimal(str(q)) * Decimal(str(p)) != Decimal(str(a)):
            inv.add(
                "line_amount_mismatch",
                "lines",
                f"明細「{line['description']}」の数量×単価（{q}×{p}）が金額 {_yen(a)} と一致しません",
            )
    if not lines or any(ln.get("amount") is None for ln in lines):
        return
    for rate, stated in sorted(totals.items()):
        summed = sum(Decimal(str(ln["amount"])) for ln in lines if str(ln.get("rate")) == rate)
        if summed != Decimal(str(stated)):
            inv.add(
                "line_amounts_mismatch",
                f"totals_by_rate.{rate}",
                f"{rate}%対象の明細の合計 {_yen(summed)} が、記載の {rate}%対象合計 {_yen(stated)} と一致しません",
            )


def _file_of(fields: dict[str, Any], index: int) -> str:
    source = fields.get("source")
    if isinstance(source, dict):
        return str(source.get("path") or source.get("name") or f"invoice[{index}]")
    return str(source) if source else f"invoice[{index}]"


def _check_registry(inv: _Invoice, answers: dict[str, list[dict[str, Any]]]) -> None:
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
        inv = _Invoice(fields, _file_of(fields, index))
        simplified = fields.get("document_type") == "simplified_invoice"
        used: str | None = None
        if fields.get("error"):
            error = fields["error"]
            inv.add(
                "text_unavailable",
                "text",
                f"テキストを読み取れないため確認できません（{error.get('code')}: {error.get('message')}）",
            )
        else:
            for note in fields.get("notes") or []:
                if note.get("field") == "text":
                    inv.add("text_note", "text", str(note.get("message")))
            if fields.get("text_truncated"):
                inv.add(
                    "text_truncated",
                    "text",
                    "抽出テキストが途中で切れているため、後半の記載を確認できていません",
                )
            if fields.get("document_type") is None:
                inv.add(
                    "document_type_unknown",
                    "title",
                    "書類の表題（請求書・領収書等）が読み取れません。適格請求書として確認しました",
                )
            _check_items(inv, simplified)
            _check_registry(inv, answers)
            _check_reduced(inv)
            used = _check_amounts(inv, simplified, rounding)
            mismatch = any(x["rule"] == "total_mismatch" for x in inv.findings)
            if (fields.get("status") or {}).get("total") == "要確認" and not mismatch:
                listed = ", ".join(
                    f"{c['value']:,}円（{c['text']}）"
                    for c in (fields.get("candidates") or {}).get("total", [])
                )
                inv.add(
                    "total_unconfirmed",
                    "total",
                    f"合計を確定できません: {fields['review_reasons'].get('total', '')}。候補: {listed}",
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
