"""`table.reconcile`: match two lists of records one-to-one (invoices vs bank deposits, ledger
lines vs a statement) by exact keys, amount tolerance, date window and similar names.

The window is around the day each invoice is expected to be paid (`blocks.reconcile.due_dates`:
its due date, else its vendor's or the plan's payment terms, on business days; else its date).
要確認 invoices given as `review` are matched only as proposals (`blocks.reconcile.proposals`),
for a person to accept or reject; a proposed payment is neither matched nor unmatched until
then (`table.settle_proposals` books the decisions)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from blocks.reconcile.due_dates import Expected, expected_payments, terms_by_file
from blocks.reconcile.matching import DECLINE, ReconcileOptions, reconcile
from blocks.reconcile.proposals import proposal_fields, propose
from blocks.sdk.base import Block
from blocks.sdk.confirmation import NeedsConfirmation, Option
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError, ErrorCode
from blocks.text.amounts import plain_number
from blocks.text.payment_terms import parse_terms
from keiri.base.catalog import t

__all__ = ["ReconcileBlock", "key_pairs"]

#: The option id that leaves the invoice unmatched.
NONE_OPTION = "none"


def _row_text(row: Any) -> str:
    if not isinstance(row, dict):
        return str(row)
    return t("runtime.reconcile.row_sep").join(
        f"{k}: {v}" for k, v in row.items() if v not in (None, "")
    )


class _Ambiguities:
    """The chooser of `reconcile`: asks through `ctx.confirm` when a left row (an invoice)
    has several equally good candidates (payments of the same amount, dates in the window);
    unasked or unattended, keeps the best-ranked one and records the ambiguity as a finding."""

    def __init__(self, ctx: BlockContext, left: list[Any], right: list[Any]) -> None:
        self.ctx, self.left, self.right = ctx, left, right
        self.found: list[dict[str, Any]] = []

    def __call__(self, li: int, candidates: list[int]) -> int | None:
        options = [
            Option(
                id=f"right-{ri}",
                label=t("runtime.reconcile.option", row=ri + 1, text=_row_text(self.right[ri])),
                details={
                    "right_index": ri,
                    **(self.right[ri] if isinstance(self.right[ri], dict) else {}),
                },
            )
            for ri in candidates
        ]
        options.append(Option(id=NONE_OPTION, label=t("runtime.reconcile.none_option")))
        need = NeedsConfirmation(
            question=t(
                "runtime.reconcile.question",
                row=li + 1,
                text=_row_text(self.left[li]),
                count=len(candidates),
            ),
            options=options,
            context={"left_index": li, "left": self.left[li]},
            default=options[0].id,
            key=f"left[{li}]",
        )
        answer = self.ctx.confirm(need)
        finding: dict[str, Any] = {
            "left_index": li,
            "left": self.left[li],
            "candidate_right_indices": candidates,
            "question": need.question,
        }
        if answer is None:
            self.found.append(
                finding
                | {
                    "decided_by": "automatic",
                    "chosen_right_index": candidates[0],
                    "note": t("runtime.reconcile.auto_matched"),
                }
            )
            return None
        picked = DECLINE if answer.option == NONE_OPTION else int(str(answer.option)[6:])
        self.found.append(
            finding
            | {
                "decided_by": answer.answered_by,
                "chosen_right_index": None if picked == DECLINE else picked,
                "note": t("runtime.confirm.checked"),
            }
        )
        return picked


def key_pairs(keys: Any) -> list[tuple[str, str]]:
    """`{"left": "right"}`, `[["left", "right"], ...]` or `["same_name", ...]` as pairs
    (the spec's schema has already refused any other shape)."""
    if keys is None:
        return []
    if isinstance(keys, dict):
        return [(str(k), str(v)) for k, v in keys.items()]
    return [(item, item) if isinstance(item, str) else (item[0], item[1]) for item in keys]


def _both(inputs: dict[str, Any], left: str, right: str) -> tuple[str | None, str | None]:
    pair = inputs.get(left), inputs.get(right)
    if (pair[0] is None) != (pair[1] is None):
        missing = left if pair[0] is None else right
        raise BlockError(
            ErrorCode.INPUT_VALIDATION_FAILED,
            t("runtime.reconcile.pair", missing=missing, left=left, right=right),
            details={"field": missing},
            hint=t("runtime.reconcile.pair_hint", left=left, right=right),
        )
    return pair


class ReconcileBlock(Block):
    """Outputs matched pairs, unmatched rows of each side, differences and a summary."""

    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        left_amount, right_amount = _both(inputs, "left_amount", "right_amount")
        left_date, right_date = _both(inputs, "left_date", "right_date")
        left_name, right_name = _both(inputs, "left_name", "right_name")
        options = ReconcileOptions(
            keys=key_pairs(inputs.get("keys")),
            left_amount=left_amount,
            right_amount=right_amount,
            amount_tolerance=float(inputs.get("amount_tolerance", 0)),
            left_date=left_date,
            right_date=right_date,
            date_window_days=int(inputs.get("date_window_days", 0)),
            left_name=left_name,
            right_name=right_name,
            name_min_similarity=float(inputs.get("name_min_similarity", 0.8)),
        )
        terms = inputs.get("payment_terms")
        links = terms_by_file(inputs.get("counterparty_links"))

        def expected(rows: list[Any]) -> dict[int, Expected]:
            return expected_payments(
                rows,
                date_field=left_date,
                due_field=inputs.get("left_due_date"),
                default_terms=parse_terms(terms) if terms else None,
                counterparty_terms=links,
            )

        left, right = inputs["left"], inputs["right"]
        days = expected(left) if left_date else {}
        chooser = _Ambiguities(ctx, left, right)
        result = reconcile(
            left, right, options, chooser, expected={i: (e.first, e.last) for i, e in days.items()}
        )
        result["ambiguities"] = chooser.found
        for match in result["matched"]:
            plan = days.get(match["left_index"])
            match["expected"] = plan.to_dict() if plan else None
        review = inputs.get("review") or []
        free = result["summary"]["unmatched_right_indices"]
        proposals = propose(review, right, free, options, expected(review) if left_date else {})
        _withhold(result, right, proposals)
        result["proposals"] = proposals
        result["proposal_fields"] = proposal_fields(
            proposals, right_amount=right_amount, right_date=right_date
        )
        ctx.emit(
            "reconciled",
            matched=result["summary"]["matched_count"],
            unmatched_left=result["summary"]["unmatched_left_count"],
            unmatched_right=result["summary"]["unmatched_right_count"],
            proposals=len(proposals),
        )
        return result


def _withhold(result: dict[str, Any], right: list[Any], proposals: list[dict[str, Any]]) -> None:
    """Proposed payments wait for a person: out of `unmatched_right` (and its count and total)
    until `table.settle_proposals` books the decision."""
    summary = result["summary"]
    summary["proposals_count"] = len(proposals)
    if not proposals:
        return
    proposed = {p["right_index"] for p in proposals}
    kept = [i for i in summary["unmatched_right_indices"] if i not in proposed]
    result["unmatched_right"] = [right[i] for i in kept]
    summary["unmatched_right_indices"] = kept
    summary["unmatched_right_count"] = len(kept)
    if summary.get("unmatched_right_total") is not None:
        withheld = sum(Decimal(str(p["payment_amount"])) for p in proposals)
        left = Decimal(str(summary["unmatched_right_total"])) - withheld
        summary["unmatched_right_total"] = plain_number(left)
