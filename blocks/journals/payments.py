"""Clearing entries from matched payments (`journal.from_payments`).

A pair of `table.reconcile`'s `matched` (left: the invoice, right: our payment on the
statement) becomes: debit the payable account (未払金) for the invoice's total, credit the
bank account (普通預金) for what left the account, and the difference — reconcile's
`amount_diff`, paid − invoiced — on the fee account (支払手数料): a credit when the vendor bore
the transfer fee and we sent less (the bank's fee line itself is booked with the statement's
other withdrawals), a debit when we paid the fee within the same withdrawal. A difference
larger than `max_fee` is no fee: the pair is skipped with the reason.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from blocks.counterparties.names import kana_key, name_key
from blocks.journals.model import CounterpartyRef, Entry, Evidence, Line, Skipped
from blocks.journals.purchases import dedup_key, file_of
from blocks.journals.tax import OUT_OF_SCOPE, included_tax
from blocks.text.amounts import AmountError
from blocks.text.dates import parse_date_value
from blocks.text.japanese import parse_amount_text
from keiri.base.catalog import t

__all__ = ["PaymentOptions", "build_payments"]


@dataclass
class PaymentOptions:
    payable_account: str = "未払金"
    bank_account: str = "普通預金"
    fee_account: str = "支払手数料"
    fee_tax_category: str = "purchase_10"
    max_fee: int = 1000
    amount_field: str = "出金"
    date_field: str = "日付"
    description_field: str = "摘要"
    run_id: str = ""


def _whole(value: Any) -> int | None:
    try:
        amount = value if isinstance(value, int | float) else parse_amount_text(str(value or ""))
    except (AmountError, ValueError):
        return None
    if amount is None or int(amount) != amount:
        return None
    return int(amount)


def build_payments(
    matched: Sequence[Mapping[str, Any]],
    options: PaymentOptions,
    *,
    links: Mapping[int, dict[str, Any]] | None = None,
    statement_file: Mapping[str, Any] | None = None,
    evidence: Mapping[str, dict[str, Any]] | None = None,
) -> tuple[list[Entry], list[Skipped]]:
    """Clearing entries of the matched pairs; `links` maps a statement line (right index) to
    its `counterparties.link` result."""
    entries: list[Entry] = []
    skipped: list[Skipped] = []
    for pair in matched:
        invoice, record = pair.get("left") or {}, pair.get("right") or {}
        file = file_of(invoice, int(pair.get("left_index") or 0))
        total = _whole(invoice.get("total"))
        paid = _whole(record.get(options.amount_field))
        try:
            day = parse_date_value(record.get(options.date_field))
        except ValueError:
            day = None
        if total is None or paid is None or day is None:
            skipped.append(
                Skipped(
                    file=file,
                    code="unreadable_payment",
                    reason=t("journal.skip.unreadable_payment"),
                )
            )
            continue
        diff = paid - total
        if abs(diff) > options.max_fee:
            reason = t("journal.skip.difference_too_large", diff=diff, limit=options.max_fee)
            skipped.append(Skipped(file=file, code="difference_too_large", reason=reason))
            continue
        lines = [
            Line(
                side="debit",
                account=options.payable_account,
                tax_category=OUT_OF_SCOPE,
                amount=total,
            ),
            Line(
                side="credit", account=options.bank_account, tax_category=OUT_OF_SCOPE, amount=paid
            ),
        ]
        if diff:
            fee = abs(diff)
            lines.append(
                Line(
                    side="credit" if diff < 0 else "debit",
                    account=options.fee_account,
                    tax_category=options.fee_tax_category,
                    amount=fee,
                    tax_amount=included_tax(fee, 10),
                    rate=10,
                )
            )
        right_index = pair.get("right_index")
        link = (links or {}).get(right_index) if isinstance(right_index, int) else None
        linked = (link or {}).get("counterparty") or {}
        issuer = str(invoice.get("issuer_name") or "")
        name = str(linked.get("name") or issuer)
        description = str(record.get(options.description_field) or "")
        summary_key = {
            0: "journal.summary.payment",
            -1: "journal.summary.payment_fee_deducted",
            1: "journal.summary.payment_fee_paid",
        }[(diff > 0) - (diff < 0)]
        party_key = str(
            linked.get("code") or invoice.get("registration_number") or name_key(issuer)
        )
        ref = dict(statement_file or {})
        invoice_ref = (evidence or {}).get(file) or (invoice.get("source") or {}).get("file") or {}
        entries.append(
            Entry(
                id=f"S-{len(entries) + 1:04d}",
                kind="payment",
                date=day.isoformat(),
                description=t(summary_key, "ja", name=name, fee=abs(diff)),
                counterparty=CounterpartyRef(
                    code=linked.get("code"),
                    name=name or None,
                    registration_number=invoice.get("registration_number"),
                    confidence=(link or {}).get("confidence"),
                    method=(link or {}).get("method"),
                ),
                lines=lines,
                account_source="payment",
                evidence=Evidence(
                    store_id=ref.get("sha256"), uri=ref.get("uri"), name=ref.get("name")
                ),
                run_id=options.run_id,
                dedup_key=dedup_key(
                    "payment", day.isoformat(), party_key, paid, kana_key(description), str(total)
                ),
                source={
                    "file": file,
                    "invoice_store_id": invoice_ref.get("sha256"),
                    "statement_line": right_index,
                    "statement_description": description,
                    "amount_diff": diff,
                },
            )
        )
    return entries, skipped
