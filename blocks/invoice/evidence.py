"""Status and evidence of extracted invoice fields: 確定 (consistent), 要確認 (candidates
disagree or fail the arithmetic; candidates listed), なし (absent).

The grand total is cross-checked with the per-rate figures: Σ taxable base per rate + Σ tax
(tax-exclusive) or Σ base (tax-inclusive) must equal it. A total is never 確定 when that
arithmetic contradicts it, nor when two labelled totals disagree.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from blocks.invoice.dates import RIVAL_DATE, YEAR_INFERRED
from blocks.invoice.patterns import MONEY_MARK, NET_LABEL
from blocks.invoice.rules import registration_problem
from blocks.invoice.vocabulary import CONFIRMED, MISSING, REVIEW
from keiri.base.catalog import t

__all__ = ["CONFIRMED", "MISSING", "REVIEW", "assess_fields", "expected_totals", "tax_basis"]

_SIMPLE_FIELDS = ("issuer_name", "registration_number", "buyer_name")


def _dec(value: Any) -> Decimal:
    return Decimal(str(value))


def expected_totals(fields: dict[str, Any]) -> set[Decimal]:
    """The grand totals the per-rate figures allow (empty when there are none); a balance
    carried from the last invoice (`carried_over`) is added to each."""
    totals = fields.get("totals_by_rate") or {}
    taxes = fields.get("tax_by_rate") or {}
    if not totals or any(v is None for v in [*totals.values(), *taxes.values()]):
        return set()
    base = sum((_dec(v) for v in totals.values()), Decimal(0))
    if fields.get("carried_over"):
        base += _dec(fields["carried_over"])
    tax = sum((_dec(v) for v in taxes.values()), Decimal(0))
    inclusive = fields.get("amounts_include_tax")
    if inclusive is None:
        inclusive = tax_basis(totals, taxes)
    allowed = set()
    for outside in _non_taxable_amounts(fields):
        if inclusive is not False:
            allowed.add(base + outside)
        if inclusive is not True and set(taxes) >= set(totals):
            allowed.add(base + outside + tax)
    return allowed


def tax_basis(totals: dict[str, Any], taxes: dict[str, Any]) -> bool | None:
    """Whether the per-rate bases include their tax, as the taxes say when the document does
    not: each tax is its rate of the base (exclusive: 67,540 of 675,400) or its rate's share
    of it (inclusive: 61,400 of 675,400), within 1 yen. None when both or neither fit, so
    a base that is a subtotal is never taken for a tax-inclusive total by default."""
    fits = {True: True, False: True}
    if not taxes or not set(taxes) <= set(totals):
        return None
    for rate, tax in taxes.items():
        try:
            base, percent, stated = _dec(totals[rate]), _dec(rate), _dec(tax)
        except (ArithmeticError, ValueError):
            return None
        fits[False] &= abs(base * percent / 100 - stated) <= 1
        fits[True] &= abs(base * percent / (100 + percent) - stated) <= 1
    if fits[True] == fits[False]:
        return None
    return fits[True]


def _non_taxable_amounts(fields: dict[str, Any]) -> set[Decimal]:
    """The amount outside the tax the total may include: the stated 非課税 figure, else the
    non-taxable line items' sum (立替金 in the item table) or nothing."""
    if fields.get("non_taxable") is not None:
        return {_dec(fields["non_taxable"])}
    lines = [ln for ln in fields.get("lines") or [] if ln.get("non_taxable")]
    listed = sum((_dec(ln["amount"]) for ln in lines if ln.get("amount") is not None), Decimal(0))
    return {Decimal(0), listed}


def _tax_consistent(fields: dict[str, Any]) -> bool:
    """Every stated tax is its rate of its base (tax-exclusive or -inclusive, any rounding,
    within 1 yen): the per-rate figures hold together, so they can confirm a total."""
    totals = fields.get("totals_by_rate") or {}
    taxes = fields.get("tax_by_rate") or {}
    if not taxes or not set(taxes) <= set(totals):
        return False
    for rate, tax in taxes.items():
        try:
            base, percent, stated = _dec(totals[rate]), _dec(rate), _dec(tax)
        except (ArithmeticError, ValueError):
            return False
        exclusive = base * percent / 100
        inclusive = base * percent / (100 + percent)
        if min(abs(exclusive - stated), abs(inclusive - stated)) > 1:
            return False
    return True


def _money_like(candidate: dict[str, Any], largest_line: Any) -> bool:
    """A candidate that can be a grand total: marked as money (¥, 円, a thousands
    separator) or at least 100, and not smaller than a line item."""
    value = _dec(candidate["value"])
    if value <= 0:
        return False
    if value < 100 and not MONEY_MARK.search(candidate["text"]):
        return False  # a row number or a count under a 合計 header
    return largest_line is None or value >= _dec(largest_line)


def _choose(fields: dict[str, Any], chosen: dict[str, Any]) -> None:
    fields["total"] = chosen["value"]
    fields["raw_matches"]["total"] = chosen["text"]


def _total(fields: dict[str, Any]) -> tuple[str, str | None, list[dict[str, Any]]]:
    """The total's status; with 源泉徴収 withheld the amount paid is the total less it, and which
    of the two the document's total means cannot be told from the words: 要確認, the amount
    after withholding first."""
    state, reason, candidates = _total_read(fields)
    withheld, total = fields.get("withholding"), fields.get("total")
    if state == MISSING or not withheld or total is None:
        return state, reason, candidates
    chosen, withheld = _dec(total), _dec(withheld)
    expected = expected_totals(fields)
    shown = {_dec(c["value"]) for c in fields.get("total_candidates") or []}
    after, before = t("invoice.review.after_withholding"), t("invoice.review.before_withholding")
    net_label = NET_LABEL.match(str(fields["raw_matches"].get("total") or ""))
    if chosen + withheld in shown | expected or net_label:  # gross printed/computed, or 差引…
        gross, net = chosen + withheld, chosen
        pair = [(net, after), (gross, before)]
    elif chosen in expected or chosen - withheld in shown:  # the chosen amount is the gross
        gross, net = chosen, chosen - withheld
        pair = [(net, after), (gross, before)]
    else:  # nothing tells which: the amount read stays first, the other reading beside it
        gross, net = chosen, chosen - withheld
        pair = [(chosen, str(fields["raw_matches"].get("total") or before)), (net, after)]
    listed = [{"value": int(v) if v == int(v) else float(v), "text": why} for v, why in pair]
    fields["total"] = listed[0]["value"]
    rest = [c for c in candidates if _dec(c["value"]) not in (gross, net)]
    amount = t("invoice.yen", amount=f"{withheld:,}")
    return REVIEW, t("invoice.review.withholding", amount=amount), listed + rest


def _total_read(fields: dict[str, Any]) -> tuple[str, str | None, list[dict[str, Any]]]:
    every = fields.get("total_candidates") or []
    candidates = [{"value": c["value"], "text": c["text"]} for c in every]
    if not candidates:
        return MISSING, None, []
    amounts = [ln["amount"] for ln in fields.get("lines") or [] if ln.get("amount") is not None]
    largest = max(amounts) if amounts else None
    money = [c for c in every if _money_like(c, largest)]
    ocr = fields.get("text_source") == "ocr"
    expected = expected_totals(fields)
    consistent = _tax_consistent(fields)
    if all(c.get("unlabelled") for c in every):
        given = expected if consistent else _tax_share_fits(fields, every)
        return _unlabelled(fields, every, given)
    net = _net_of_advance(fields, money)
    if net is not None and not ocr:
        _choose(fields, net)
        return CONFIRMED, None, candidates
    if expected:
        fitting = [c for c in every if _dec(c["value"]) in expected]
        if not fitting:
            computed = ", ".join(t("invoice.yen", amount=f"{v:,}") for v in sorted(expected))
            listed = [
                {"value": int(v), "text": t("invoice.review.computed")} for v in sorted(expected)
            ]
            return (
                REVIEW,
                t("invoice.review.total_arithmetic", computed=computed),
                candidates + listed,
            )
        _choose(fields, fitting[0])
        net_rivals = [
            c for c in money if NET_LABEL.match(str(c["text"])) and _dec(c["value"]) not in expected
        ]
        if net_rivals:  # a 差引 amount to pay that the arithmetic's total is not
            amount = t("invoice.yen", amount=f"{net_rivals[0]['value']:,}")
            return REVIEW, t("invoice.review.net_differs", amount=amount), candidates
        rivals = [c for c in money if c["value"] != fitting[0]["value"]]
        strongest = min((c["rank"] for c in money), default=fitting[0]["rank"])
        if rivals and not consistent and any(c["rank"] == strongest for c in rivals):
            return REVIEW, t("invoice.review.total_rivals"), candidates
        if ocr and not consistent:
            return REVIEW, t("invoice.review.total_ocr"), candidates
        return CONFIRMED, None, candidates
    if not money:
        _choose(fields, every[0])
        return (
            REVIEW,
            t("invoice.review.total_small"),
            candidates,
        )
    strongest = min(c["rank"] for c in money)
    strong = [c for c in money if c["rank"] == strongest]
    _choose(fields, strong[0])
    asked = _net_rival(every, {_dec(strong[0]["value"])})
    if asked is not None:
        return REVIEW, asked, candidates
    if len({c["value"] for c in strong}) > 1:
        return REVIEW, t("invoice.review.total_rivals"), candidates
    if ocr:
        return REVIEW, t("invoice.review.total_ocr"), candidates
    if strong[0].get("flat_table"):
        return (
            REVIEW,
            t("invoice.review.flat_table"),
            candidates,
        )
    if largest is not None and _dec(largest) > _dec(strong[0]["value"]):
        return REVIEW, t("invoice.review.total_below_line"), candidates
    return CONFIRMED, None, candidates


def _net_rival(every: list[dict[str, Any]], allowed: set[Decimal]) -> str | None:
    """Why the total is asked when a 差引 amount (差引ご請求額: after an advance, an overpayment,
    a deduction) is printed and is not the total taken: the amount to pay may be either."""
    net = next(
        (c for c in every if NET_LABEL.match(str(c["text"])) and _dec(c["value"]) not in allowed),
        None,
    )
    if net is None:
        return None
    return t("invoice.review.net_differs", amount=t("invoice.yen", amount=f"{net['value']:,}"))


def _net_of_advance(fields: dict[str, Any], money: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The 差引 amount when an advance already paid (前受金 △…, a negative `carried_over`) is
    taken off a printed total that the lines and the tax make: the amount to pay."""
    carry = fields.get("carried_over")
    amounts = [_dec(ln["amount"]) for ln in fields.get("lines") or [] if ln.get("amount")]
    if not carry or _dec(carry) >= 0 or not amounts:
        return None
    taxes = [_dec(v) for v in (fields.get("tax_by_rate") or {}).values() if v is not None]
    gross = sum(amounts, Decimal(0)) + sum(taxes, Decimal(0))
    if all(_dec(c["value"]) != gross for c in money):
        return None
    return next(
        (
            c
            for c in money
            if NET_LABEL.match(str(c["text"])) and _dec(c["value"]) == gross + _dec(carry)
        ),
        None,
    )


def _tax_share_fits(fields: dict[str, Any], every: list[dict[str, Any]]) -> set[Decimal]:
    """With one rate's tax and no base (a receipt's 「内消費税 10% ¥210」 under an amount with
    no total label): the printed amounts whose tax share at that rate is that tax (within
    1 yen: 2,310 × 10/110 = 210), which the amount paid is; empty for a base that is stated."""
    taxes = fields.get("tax_by_rate") or {}
    if fields.get("totals_by_rate") or len(taxes) != 1 or fields.get("non_taxable"):
        return set()
    ((rate, tax),) = taxes.items()
    try:
        percent, stated = _dec(rate), _dec(tax)
    except (ArithmeticError, ValueError):
        return set()
    return {
        _dec(c["value"])
        for c in every
        if stated > 0 and abs(_dec(c["value"]) * percent / (100 + percent) - stated) < 1
    }


def _unlabelled(
    fields: dict[str, Any], every: list[dict[str, Any]], expected: set[Decimal]
) -> tuple[str, str | None, list[dict[str, Any]]]:
    """No total label was read (OCR lost it, 「合計」 printed large): a printed money amount
    that the consistent per-rate figures give, and not less than a line item, is the total,
    never 確定; else there is none."""
    amounts = [_dec(ln["amount"]) for ln in fields.get("lines") or [] if ln.get("amount")]
    fitting = [
        c
        for c in every
        if _dec(c["value"]) in expected and max(amounts, default=0) <= _dec(c["value"])
    ][:1]
    fields["total_candidates"] = fitting if len(expected) == 1 else []
    if not fields["total_candidates"]:
        fields["total"] = None
        fields["raw_matches"].pop("total", None)
        return MISSING, None, []
    _choose(fields, fitting[0])
    listed = [{"value": fitting[0]["value"], "text": fitting[0]["text"]}]
    return REVIEW, t("invoice.review.total_unlabelled"), listed


def _date_status(fields: dict[str, Any], name: str, ocr: bool) -> tuple[str, str | None]:
    notes = [n for n in fields.get("notes") or [] if n.get("field") == name]
    if fields.get(name) and ocr:
        return REVIEW, t("invoice.review.date_ocr")
    if fields.get(name):
        return CONFIRMED, None
    if notes:
        return REVIEW, notes[0]["message"]
    return MISSING, None


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
    for name in ("transaction_date", "due_date"):
        if name == "due_date" and "due_date" not in fields:
            continue
        status[name], why = _date_status(fields, name, ocr)
        if why:
            reasons[name] = why
    for note in fields.get("notes") or []:
        if note.get("field") == YEAR_INFERRED and fields.get(note["name"]):
            status[note["name"]] = REVIEW
            reasons[note["name"]] = t("invoice.review.date_year_inferred")
    rivals = [n for n in fields.get("notes") or [] if n.get("field") == RIVAL_DATE]
    if rivals and fields.get("transaction_date"):
        status["transaction_date"] = REVIEW
        reasons["transaction_date"] = t("invoice.review.date_rivals")
        candidates["transaction_date"] = [
            {
                "value": fields["transaction_date"],
                "text": (fields.get("raw_matches") or {}).get("transaction_date")
                or fields["transaction_date"],
            },
            *({"value": n["value"], "text": n["text"]} for n in rivals),
        ]
    for name in _SIMPLE_FIELDS:
        status[name] = CONFIRMED if fields.get(name) else MISSING
        if fields.get(name) and ocr and name != "registration_number":
            status[name] = REVIEW
            reasons[name] = t("invoice.review.name_ocr")
    if fields.get("issuer_name") and fields.get("issuer_cue") == "weak":
        status["issuer_name"] = REVIEW
        reasons["issuer_name"] = t("invoice.review.issuer_weak")
    number = fields.get("registration_number")
    problem = registration_problem(str(number)) if number else None
    if problem is not None:
        status["registration_number"] = REVIEW
        reasons["registration_number"] = problem[1]
    elif number and ocr:
        # The check digit (weights 1 and 2, modulo 9) misses a 0 read as a 9 and back.
        status["registration_number"] = REVIEW
        reasons["registration_number"] = t("invoice.review.registration_ocr")
    if ocr:
        fields["from_ocr"] = [k for k, v in status.items() if v != MISSING]
    fields["status"] = status
    fields["review_reasons"] = reasons
    fields["candidates"] = candidates
    return fields
