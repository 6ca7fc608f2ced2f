"""Purchase entries from checked invoices (`journal.from_invoices`).

One entry per invoice: a debit line per tax rate (the rate's total with its tax, tax
included, so the lines add up to the invoice's own total; the tax is the invoice's stated
tax per rate, computed — rounded down — only when the invoice states none), a debit line for
a non-taxable part, and one credit line on the payable account (未払金 or 買掛金) for the
total. The account comes from a rule (register / suggest), else the counterparty's default,
else the fallback account (marked for review). The tax category follows the invoice system
(`blocks.journals.tax`).

An invoice does not become an entry — it is listed in `skipped` with the reason — when it is
not an invoice, when an amount or the date is 要確認 or missing, when the check found an error
other than a registration-number one (those only make it not qualified), when its per-rate
amounts do not add up to its total, or when a rule says ignore.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from blocks.counterparties.models import Counterparty, Rule
from blocks.counterparties.names import name_key
from blocks.counterparties.rules import match_rule
from blocks.journals.model import CounterpartyRef, Entry, Evidence, Line, Skipped
from blocks.journals.tax import OUT_OF_SCOPE, category_for, included_tax, qualify
from blocks.text.payment_terms import parse_terms
from keiri.base.catalog import t

__all__ = ["NOT_BLOCKING", "PurchaseOptions", "build_purchases", "evidence_index", "file_of"]

#: Findings of `invoice.check` that make an invoice not qualified instead of unbookable.
NOT_BLOCKING = frozenset(
    {"registration_number_missing", "registration_number_format", "registration_number_check_digit"}
)
_BOOKABLE_KINDS = {"invoice", "simplified_invoice", "payment_notice"}
_CONFIRMED_FIELDS = ("total", "transaction_date", "totals_by_rate", "tax_by_rate")
_UNSURE = "要確認"


@dataclass
class PurchaseOptions:
    payable_account: str = "未払金"
    fallback_account: str = "雑費"
    trust_check_digit: bool = False
    run_id: str = ""


@dataclass
class PurchaseContext:
    """What the entries are built from besides the invoices."""

    counterparties: Mapping[str, Counterparty] = field(default_factory=dict)
    rules: Sequence[Rule] = ()
    links: Mapping[str, dict[str, Any]] = field(default_factory=dict)  # file -> invoice link
    evidence: Mapping[str, dict[str, Any]] = field(default_factory=dict)  # path -> FileRef
    findings: Mapping[str, list[str]] = field(default_factory=dict)  # file -> error rules
    reasons: Mapping[tuple[str, str], str] = field(default_factory=dict)  # (file, rule) -> why
    registry: Mapping[str, str] = field(default_factory=dict)


def file_of(fields: Mapping[str, Any], index: int) -> str:
    source = fields.get("source") or {}
    return str(source.get("path") or source.get("name") or f"#{index + 1}")


def evidence_index(files: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """path -> FileRef of `file.parse_zip_2tier`'s evidence files."""
    return {str(f["path"]): dict(f["file"]) for f in files if f.get("path") and f.get("file")}


def _yen(value: Any) -> int | None:
    """An amount as whole yen; None when it is not a whole number."""
    try:
        number = Decimal(str(value))
    except (InvalidOperation, ValueError):
        return None
    if not number.is_finite() or number != number.to_integral_value():
        return None
    return int(number)


def _skip(file: str, code: str, reason: str) -> Skipped:
    return Skipped(file=file, code=code, reason=reason)


def _unsure(fields: Mapping[str, Any]) -> list[str]:
    status = fields.get("status") or {}
    reasons = fields.get("review_reasons") or {}
    return [
        str(reasons.get(name) or name) for name in _CONFIRMED_FIELDS if status.get(name) == _UNSURE
    ]


def _per_rate(
    fields: Mapping[str, Any], rates: Sequence[int]
) -> tuple[list[tuple[int, int, int]], int] | str:
    """[(rate, gross, tax)] and the non-taxable part, or the code of why they cannot be."""
    totals = {str(k): v for k, v in (fields.get("totals_by_rate") or {}).items() if v is not None}
    taxes = {str(k): v for k, v in (fields.get("tax_by_rate") or {}).items() if v is not None}
    total = _yen(fields.get("total"))
    non_taxable = _yen(fields.get("non_taxable") or 0)
    if not totals or total is None or non_taxable is None:
        return "no_totals"
    if set(totals) - {str(r) for r in rates}:
        return "unsupported_rate"
    net = {r: _yen(v) for r, v in totals.items()}
    stated = {r: _yen(v) for r, v in taxes.items()}
    if any(v is None for v in (*net.values(), *stated.values())):
        return "not_whole_yen"
    inclusive = fields.get("amounts_include_tax")
    if inclusive is None:  # decide by the total: which basis adds up to it
        inclusive = sum(v or 0 for v in net.values()) + non_taxable == total
    lines: list[tuple[int, int, int]] = []
    for rate in sorted(net, key=int, reverse=True):
        amount, tax = net[rate] or 0, stated.get(rate)
        if inclusive:
            lines.append(
                (int(rate), amount, included_tax(amount, int(rate)) if tax is None else tax)
            )
        else:
            tax = tax if tax is not None else amount * int(rate) // 100
            lines.append((int(rate), amount + tax, tax))
    if sum(gross for _, gross, _ in lines) + non_taxable != total:
        return "amounts_inconsistent"
    return lines, non_taxable


def _content_hash(fields: Mapping[str, Any]) -> str:
    keys = ("issuer_name", "registration_number", "transaction_date", "total", "totals_by_rate")
    text = json.dumps({k: fields.get(k) for k in keys}, ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def dedup_key(kind: str, evidence: str, counterparty: str, amount: int, *more: str) -> str:
    """The idempotency key of an entry: its evidence, counterparty and amount."""
    text = "|".join((kind, evidence, counterparty, str(amount), *more))
    return hashlib.sha256(text.encode()).hexdigest()


def _description(name: str, fields: Mapping[str, Any]) -> str:
    items = [str(line.get("description") or "").strip() for line in fields.get("lines") or []]
    items = [item for item in items if item]
    what = items[0] if items else str(fields.get("title") or t("journal.summary.invoice", "ja"))
    more = t("journal.summary.more", "ja") if len(items) > 1 else ""
    return f"{name} {what}{more}".strip()


def build_purchases(
    invoices: Sequence[Mapping[str, Any]], context: PurchaseContext, options: PurchaseOptions
) -> tuple[list[Entry], list[Skipped]]:
    """Entries of the bookable invoices, and the invoices skipped with their reasons."""
    from blocks.journals.tax import tax_table

    rates = tax_table().rates
    entries: list[Entry] = []
    skipped: list[Skipped] = []
    for index, fields in enumerate(invoices):
        file = file_of(fields, index)
        if fields.get("document_type") not in _BOOKABLE_KINDS:
            kind = fields.get("document_type") or t("journal.skip.unknown_kind")
            skipped.append(_skip(file, "not_invoice", t("journal.skip.not_invoice", kind=kind)))
            continue
        unsure = _unsure(fields)
        if unsure:
            reasons = "、".join(unsure)
            skipped.append(
                _skip(file, "unconfirmed", t("journal.skip.unconfirmed", reasons=reasons))
            )
            continue
        day_text = fields.get("transaction_date")
        try:
            day = dt.date.fromisoformat(str(day_text))
        except ValueError:
            skipped.append(_skip(file, "no_date", t("journal.skip.no_date")))
            continue
        blocking = [r for r in context.findings.get(file, []) if r not in NOT_BLOCKING]
        if blocking:
            # what the check said, as people read it (the rule's id when it gave no reason)
            rules = t("journal.review.sep").join(
                context.reasons.get((file, r), r) for r in sorted(set(blocking))
            )
            skipped.append(_skip(file, "check_errors", t("journal.skip.check_errors", rules=rules)))
            continue
        amounts = _per_rate(fields, rates)
        if isinstance(amounts, str):
            skipped.append(_skip(file, amounts, t(_SKIP_REASONS[amounts])))
            continue
        per_rate, non_taxable = amounts
        entry = _entry(fields, file, day, per_rate, non_taxable, context, options)
        if isinstance(entry, Skipped):
            skipped.append(entry)
            continue
        entries.append(entry.model_copy(update={"id": f"P-{len(entries) + 1:04d}"}))
    return entries, skipped


_SKIP_REASONS = {
    "no_totals": "journal.skip.no_totals",
    "unsupported_rate": "journal.skip.unsupported_rate",
    "not_whole_yen": "journal.skip.not_whole_yen",
    "amounts_inconsistent": "journal.skip.amounts_inconsistent",
}


def _entry(
    fields: Mapping[str, Any],
    file: str,
    day: dt.date,
    per_rate: list[tuple[int, int, int]],
    non_taxable: int,
    context: PurchaseContext,
    options: PurchaseOptions,
) -> Entry | Skipped:
    issuer = str(fields.get("issuer_name") or "")
    number = fields.get("registration_number") or None
    link = context.links.get(file) or {}
    linked = link.get("counterparty") or {}
    party = context.counterparties.get(str(linked.get("code") or ""))
    words = " ".join(
        [issuer, *(str(line.get("description") or "") for line in fields.get("lines") or [])]
    )
    rule = match_rule(context.rules, party.code if party else None, words)
    if rule is not None and rule.action == "ignore":
        return _skip(file, "rule_ignore", t("journal.skip.rule_ignore", rule=rule.id))
    reasons: list[str] = []
    if rule is not None:
        account, source = str(rule.account), f"rule:{rule.id}"
        if rule.action == "suggest":
            reasons.append(t("journal.review.suggested", "ja", rule=rule.id))
    elif party is not None and party.default_account:
        account, source = party.default_account, "counterparty"
    else:
        account, source = options.fallback_account, "fallback"
        reasons.append(t("journal.review.fallback", "ja", account=account))
    forced = (rule.tax_category if rule else None) or (
        party.default_tax_category if party else None
    )
    qualification = qualify(
        number, day, context.registry, trust_check_digit=options.trust_check_digit
    )
    if qualification.source in ("no_registry", "no_number"):
        reasons.append(t(_REVIEW_QUALIFICATION[qualification.source], "ja"))
    if party is None:
        reasons.append(t("journal.review.unknown_counterparty", "ja"))
    lines = [
        Line(
            side="debit",
            account=account,
            tax_category=forced or category_for(rate, qualification),
            amount=gross,
            tax_amount=tax,
            rate=rate,
        )
        for rate, gross, tax in per_rate
    ]
    if non_taxable:
        lines.append(
            Line(side="debit", account=account, tax_category=OUT_OF_SCOPE, amount=non_taxable)
        )
    total = sum(line.amount for line in lines)
    lines.append(
        Line(
            side="credit", account=options.payable_account, tax_category=OUT_OF_SCOPE, amount=total
        )
    )
    ref = _evidence(fields, file, context)
    name = party.name if party else issuer
    key_party = (party.code if party else None) or number or name_key(issuer)
    due = (
        parse_terms(party.payment_terms).due_date(day).isoformat()
        if party and party.payment_terms
        else None
    )
    return Entry(
        id="",
        kind="purchase",
        date=day.isoformat(),
        description=_description(name, fields),
        counterparty=CounterpartyRef(
            code=party.code if party else None,
            name=name or None,
            registration_number=number,
            confidence=link.get("confidence"),
            method=link.get("method"),
        ),
        lines=lines,
        qualification=qualification,
        account_source=source,
        review=bool(reasons),
        review_reasons=reasons,
        due_date=due,
        evidence=ref,
        run_id=options.run_id,
        dedup_key=dedup_key("purchase", ref.store_id or _content_hash(fields), key_party, total),
        source={"file": file, "total": total, "issuer_name": issuer or None},
    )


_REVIEW_QUALIFICATION = {
    "no_registry": "journal.review.unverified",
    "no_number": "journal.review.no_number",
}


def _evidence(fields: Mapping[str, Any], file: str, context: PurchaseContext) -> Evidence:
    source = fields.get("source") or {}
    ref = source.get("file") or context.evidence.get(file)
    if isinstance(ref, Mapping):
        return Evidence(
            store_id=ref.get("sha256"), uri=ref.get("uri"), name=ref.get("name"), path=file
        )
    return Evidence(name=source.get("name"), path=file)
