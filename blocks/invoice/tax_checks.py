"""The amounts of an invoice checked: the rates are 10% or 8%, the per-rate totals and the
consumption tax per rate are stated (a receipt: the tax *or* the rate), the tax is the rate of
its total rounded once per rate with the issuer's rounding (`down`, `half_up`, `up`, or
`detect`: the one that reproduces the stated tax), the grand total is what the per-rate figures
give, and the items add up (quantity × unit price, the items of a rate to its total)."""

from __future__ import annotations

from decimal import ROUND_DOWN, ROUND_HALF_UP, ROUND_UP, Decimal
from typing import Any

from blocks.invoice.findings import Findings
from keiri.base.catalog import t

__all__ = ["ROUNDING_MODES", "check_amounts", "tax_for"]

ROUNDING_MODES = {"down": ROUND_DOWN, "half_up": ROUND_HALF_UP, "up": ROUND_UP}
_ROUNDING_WORDS = {
    "down": "invoice.rounding.down",
    "half_up": "invoice.rounding.half_up",
    "up": "invoice.rounding.up",
}
_BASIS = {True: "invoice.basis.inclusive", False: "invoice.basis.exclusive"}
_RATES = {"10", "8"}


def tax_for(amount: Any, rate: str, inclusive: bool, rounding: str) -> Decimal:
    """Consumption tax of one per-rate total, rounded once (`down`, `half_up` or `up`)."""
    base = Decimal(str(amount))
    percent = Decimal(rate)
    raw = base * percent / (100 + percent) if inclusive else base * percent / 100
    return raw.quantize(Decimal(1), rounding=ROUNDING_MODES[rounding])


def _yen(value: Any) -> str:
    number = Decimal(str(value))
    shown = f"{int(number):,}" if number == number.to_integral_value() else f"{number:,}"
    return t("invoice.yen", amount=shown)


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


def check_amounts(inv: Findings, simplified: bool, rounding: str) -> str | None:
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
            t("invoice.finding.unsupported_rate", rate=rate),
        )
    if not totals:
        inv.missing(
            "totals_by_rate_missing",
            "totals_by_rate",
            t("invoice.item.totals_by_rate"),
        )
    if simplified:
        if not taxes and not totals:
            inv.missing("tax_or_rate_missing", "tax_by_rate", t("invoice.item.tax_or_rate"))
    else:
        for rate in sorted(set(totals) - set(taxes)):
            inv.missing(
                "tax_by_rate_missing",
                f"tax_by_rate.{rate}",
                t("invoice.item.tax_by_rate", rate=rate),
            )
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
            basis = t(_BASIS[bool(inclusive)])
            if rounding == "detect":
                reason = t(
                    "invoice.finding.tax_any_rounding",
                    rate=rate,
                    base=_yen(totals[rate]),
                    basis=basis,
                    stated=_yen(stated),
                    expected=_yen(expected),
                )
            else:
                reason = t(
                    "invoice.finding.tax_rounding",
                    rate=rate,
                    base=_yen(totals[rate]),
                    basis=basis,
                    rounding=t(_ROUNDING_WORDS[modes[0]]),
                    expected=_yen(expected),
                    stated=_yen(stated),
                )
            per_line = _line_tax(f.get("lines") or [], rate, inclusive, modes[0])
            if per_line == stated:
                reason += t("invoice.finding.tax_per_line")
            inv.add("tax_amount_mismatch", f"tax_by_rate.{rate}", reason)
    if chosen is None and rounding == "detect":
        used = None
    total = f.get("total")
    if total is None:
        inv.missing("total_missing", "total", t("invoice.item.total"))
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
                t(
                    "invoice.finding.total_mismatch",
                    total=_yen(total),
                    computed=" / ".join(_yen(a) for a in sorted(allowed)),
                ),
            )
    _check_lines(inv, totals)
    return used


def _check_lines(inv: Findings, totals: dict[str, Any]) -> None:
    lines = inv.f.get("lines") or []
    for line in lines:
        q, p, a = line.get("quantity"), line.get("unit_price"), line.get("amount")
        if None not in (q, p, a) and Decimal(str(q)) * Decimal(str(p)) != Decimal(str(a)):
            inv.add(
                "line_amount_mismatch",
                "lines",
                t(
                    "invoice.finding.line_amount",
                    description=line["description"],
                    quantity=q,
                    price=p,
                    amount=_yen(a),
                ),
            )
    if not lines or any(ln.get("amount") is None for ln in lines):
        return
    for rate, stated in sorted(totals.items()):
        summed = sum(Decimal(str(ln["amount"])) for ln in lines if str(ln.get("rate")) == rate)
        if summed != Decimal(str(stated)):
            inv.add(
                "line_amounts_mismatch",
                f"totals_by_rate.{rate}",
                t(
                    "invoice.finding.line_sum",
                    rate=rate,
                    summed=_yen(summed),
                    stated=_yen(stated),
                ),
            )
