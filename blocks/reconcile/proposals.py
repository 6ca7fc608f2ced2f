"""Proposals: payments that fit a 要確認 invoice, for a person to accept or reject.

An invoice whose total is 要確認 (candidates disagree, the arithmetic fails, OCR) is never
booked as matched on keiri's word. After the 確定 invoices have taken their payments, each
要確認 invoice is tried with every candidate of its total (`fields.candidates.total`, and its
`total`) against the payments left, with the same tolerance, window and expected days as the
確定 ones; the best fitting payment becomes a *proposal* (one per invoice, a payment proposed
once). The confirm form shows each proposal for one click (`proposal_fields`: a `choice` of
照合しない / 照合する per proposal, 照合しない by default); `blocks.reconcile.settle` books the
accepted ones as matched (with who accepted) and leaves the rejected ones unmatched with the
reason.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from typing import Any

from blocks.reconcile.due_dates import Expected, source_path
from blocks.reconcile.matching import ReconcileOptions, reconcile
from blocks.text.amounts import AmountError, parse_amount, plain_number
from keiri.base.catalog import t

__all__ = ["ACCEPT", "REJECT", "field_id", "proposal_fields", "propose"]

ACCEPT, REJECT = "accept", "reject"
#: The key the candidate total is matched under (never a field of an invoice).
_CANDIDATE = "__candidate_total__"


def field_id(number: int) -> str:
    """The form field of the `number`-th proposal (1-based): `proposal_1`."""
    return f"proposal_{number}"


def _candidates(invoice: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The distinct candidate totals of an invoice, its `total` first."""
    listed = (invoice.get("candidates") or {}).get("total") or []
    raw = [{"value": invoice.get("total"), "text": None}, *listed]
    seen: set[Decimal] = set()
    out: list[dict[str, Any]] = []
    for candidate in raw:
        if not isinstance(candidate, Mapping):
            continue
        try:
            value = parse_amount(candidate.get("value"))
        except AmountError:
            continue
        if value is None or value <= 0 or value in seen:
            continue
        seen.add(value)
        out.append({"value": plain_number(value), "text": candidate.get("text")})
    return out


def _yen(value: Any) -> str:
    try:
        amount = parse_amount(value)
    except AmountError:
        return str(value)
    return "—" if amount is None else f"¥{plain_number(amount):,}"


def propose(
    review: Sequence[Any],
    right: Sequence[Any],
    free: Sequence[int],
    opt: ReconcileOptions,
    expected: Mapping[int, Expected],
) -> list[dict[str, Any]]:
    """The proposals for the `review` invoices among the `free` rows of `right` (indices)."""
    if opt.left_amount is None or not review or not free:
        return []
    rows: list[dict[str, Any]] = []
    groups: list[int] = []
    chosen: list[dict[str, Any]] = []
    for index, invoice in enumerate(review):
        if not isinstance(invoice, Mapping):
            continue
        for candidate in _candidates(invoice):
            rows.append({**invoice, _CANDIDATE: candidate["value"]})
            groups.append(index)
            chosen.append(candidate)
    if not rows:
        return []
    days = {
        row: (expected[group].first, expected[group].last)
        for row, group in enumerate(groups)
        if group in expected
    }
    pool = [right[j] for j in free]
    found = reconcile(
        rows, pool, replace(opt, left_amount=_CANDIDATE), expected=days, groups=groups
    )
    proposals: list[dict[str, Any]] = []
    for match in sorted(found["matched"], key=lambda m: groups[m["left_index"]]):
        row = match["left_index"]
        index = groups[row]
        invoice = review[index]
        plan = expected.get(index)
        proposals.append(
            {
                "id": field_id(len(proposals) + 1),
                "number": len(proposals) + 1,
                "review_index": index,
                "right_index": free[match["right_index"]],
                "file": source_path(invoice),
                "invoice": invoice,
                "payment": pool[match["right_index"]],
                "candidate": chosen[row],
                "payment_amount": plain_number(
                    Decimal(str(chosen[row]["value"])) + Decimal(str(match["amount_diff"] or 0))
                ),
                "amount_diff": match["amount_diff"],
                "date_diff_days": match["date_diff_days"],
                "days_from_expected": match.get("days_from_expected"),
                "expected": plan.to_dict() if plan else None,
                "reason": str((invoice.get("review_reasons") or {}).get("total") or ""),
            }
        )
    return proposals


def proposal_fields(
    proposals: Sequence[Mapping[str, Any]], *, right_amount: str | None, right_date: str | None
) -> list[dict[str, Any]]:
    """One field per proposal for the confirm form: a `choice` of 照合しない (the default:
    nothing is booked without a person's yes) or 照合する, labelled with the pair."""
    fields: list[dict[str, Any]] = []
    for number, proposal in enumerate(proposals, start=1):
        invoice, payment = proposal["invoice"], proposal["payment"]
        label = t(
            "reconcile.proposal.label",
            number=number,
            issuer=invoice.get("issuer_name") or t("reconcile.proposal.no_issuer"),
            file=proposal.get("file") or "",
            total=_yen(proposal["candidate"]["value"]),
            date=(payment.get(right_date) if right_date else None) or "—",
            paid=_yen(payment.get(right_amount) if right_amount else None),
        )
        fields.append(
            {
                "id": proposal["id"],
                "type": "choice",
                "label": label,
                "description": t("reconcile.proposal.why", reason=proposal.get("reason") or "—"),
                "required": False,
                "default": REJECT,
                "options": [
                    {"id": REJECT, "label": t("reconcile.proposal.reject"), "details": {}},
                    {"id": ACCEPT, "label": t("reconcile.proposal.accept"), "details": {}},
                ],
            }
        )
    return fields
