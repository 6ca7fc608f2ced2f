"""What happens to every evidence file: reconciled, unmatched, 要確認 (with the reason), not an
invoice (its kind), unreadable (its error) or excluded (lock file, empty file, a file the
operating system put in the ZIP). Nothing is set aside silently: `account_files` gives one row
per file and counts that add up to the files — the members of the ZIP when the operating
system's files (`__MACOSX/`, `.DS_Store`, `Thumbs.db`, which the ZIP reader leaves out) are
given as `os_files`.

A 要確認 invoice that can still be paired goes to the reconciliation as a *proposal*
(`triage`'s `review`): it becomes 照合済 only when a person accepted the proposed payment
(`matched` then holds it), and stays 要確認 with the reason when the proposal was rejected.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from blocks.invoice.doc_kinds import INVOICE_KINDS
from blocks.invoice.vocabulary import (
    CONFIRMED,
    EXCLUDED,
    KIND_LABELS,
    MATCHED,
    NOT_INVOICE,
    OUTCOMES,
    REVIEW,
    STATEMENT_DATE,
    STATEMENT_WITHDRAWAL,
    UNMATCHED,
    UNREADABLE,
)
from keiri.base.catalog import t

__all__ = ["KIND_LABELS", "OUTCOMES", "account_files", "triage"]


def _path(fields: dict[str, Any], index: int) -> str:
    source = fields.get("source") or {}
    return str(source.get("path") or source.get("name") or f"files[{index}]")


def _classify(fields: dict[str, Any]) -> tuple[str, str]:
    """(outcome before reconciliation, reason); outcome "payable" goes to reconciliation."""
    if fields.get("excluded"):
        return EXCLUDED, str(fields["excluded"])
    error = fields.get("error")
    if error:
        return UNREADABLE, f"{error.get('code')}: {error.get('message')}"
    kind = fields.get("document_type")
    if kind is None:
        return REVIEW, t("invoice.outcome.kind_unknown")
    if kind not in INVOICE_KINDS:
        return NOT_INVOICE, KIND_LABELS.get(kind, kind)
    status = fields.get("status") or {}
    reasons = fields.get("review_reasons") or {}
    problems = []
    if status.get("total") != CONFIRMED:
        problems.append(reasons.get("total") or t("invoice.outcome.no_total"))
    if status.get("transaction_date") != CONFIRMED:
        problems.append(reasons.get("transaction_date") or t("invoice.outcome.no_date"))
    if problems:
        return REVIEW, t("invoice.outcome.separator").join(problems)
    return "payable", ""


def _reviewable(fields: dict[str, Any]) -> bool:
    """An invoice at 要確認 that a payment may still be proposed for: it has a date and a
    total or a candidate total."""
    if fields.get("excluded") or fields.get("error"):
        return False
    if fields.get("document_type") not in INVOICE_KINDS or not fields.get("transaction_date"):
        return False
    return bool(fields.get("total") or (fields.get("candidates") or {}).get("total"))


def triage(items: list[dict[str, Any]]) -> dict[str, Any]:
    """Split extracted fields: `payables` (invoices whose total and date are 確定) go to the
    reconciliation; every other file is listed with its outcome and reason; `review` holds the
    要確認 invoices the reconciliation may propose a payment for."""
    payables: list[dict[str, Any]] = []
    review: list[dict[str, Any]] = []
    others: list[dict[str, Any]] = []
    for index, fields in enumerate(items):
        outcome, reason = _classify(fields)
        if outcome == "payable":
            payables.append(fields)
            continue
        others.append(_row(fields, index, outcome, reason))
        if outcome == REVIEW and _reviewable(fields):
            review.append(fields)
    counts = Counter(r["outcome"] for r in others)
    return {
        "payables": payables,
        "review": review,
        "set_aside": others,
        "summary": {
            "files": len(items),
            "payables": len(payables),
            "review": len(review),
            **dict(counts),
        },
    }


def _row(fields: dict[str, Any], index: int, outcome: str, reason: str) -> dict[str, Any]:
    kind = fields.get("document_type")
    candidates = (fields.get("candidates") or {}).get("total") or []
    return {
        "file": _path(fields, index),
        "outcome": outcome,
        "reason": reason,
        "kind": KIND_LABELS.get(kind, kind) if kind else None,
        "issuer_name": fields.get("issuer_name"),
        "transaction_date": fields.get("transaction_date"),
        "total": fields.get("total"),
        "total_status": (fields.get("status") or {}).get("total"),
        "total_candidates": " / ".join(
            t("invoice.outcome.candidate", value=f"{c['value']:,}", text=c["text"])
            for c in candidates
        ),
        "payment_date": None,
        "payment_amount": None,
    }


def _os_file_row(path: str) -> dict[str, Any]:
    return {
        "file": path,
        "outcome": EXCLUDED,
        "reason": t("reconcile.files.os_metadata"),
        "kind": None,
        "issuer_name": None,
        "transaction_date": None,
        "total": None,
        "total_status": None,
        "total_candidates": "",
        "payment_date": None,
        "payment_amount": None,
    }


def account_files(
    items: list[dict[str, Any]],
    matched: list[dict[str, Any]],
    skipped_left: list[dict[str, Any]],
    rejected: list[dict[str, Any]] | None = None,
    os_files: list[str] | None = None,
) -> dict[str, Any]:
    """One row per evidence file with its outcome, and counts that add up to the files
    (`len(items)` plus the operating system's files `os_files`, listed as 除外).

    `matched` and `skipped_left` are the reconciliation's outputs over `triage(items)`'s
    payables, `matched` with the accepted proposals and `rejected` the proposals not taken
    (`table.settle_proposals`); rows are recognised by their file path."""
    by_path = {_path(m["left"], 0): m for m in matched}
    not_taken = {_path(r["invoice"], 0): r for r in rejected or []}
    payables = triage(items)["payables"]
    skipped = {
        _path(payables[s["index"]], 0): s for s in skipped_left if s["index"] < len(payables)
    }
    rows = []
    for index, fields in enumerate(items):
        outcome, reason = _classify(fields)
        path = _path(fields, index)
        if outcome in ("payable", REVIEW) and path in by_path:
            match = by_path[path]
            outcome, reason = MATCHED, str(match.get("reason") or match.get("match", ""))
        elif outcome == "payable":
            if path in skipped:
                unmatched = skipped[path].get("reason", t("invoice.outcome.unreconcilable"))
                outcome, reason = REVIEW, str(unmatched)
            else:
                outcome, reason = UNMATCHED, t("invoice.outcome.no_payment")
        elif outcome == REVIEW and path in not_taken:
            reason = t(
                "reconcile.files.proposal_rejected",
                reason=not_taken[path]["reason"],
                review=reason,
            )
        row = _row(fields, index, outcome, reason)
        if path in by_path:
            right = by_path[path]["right"]
            row["payment_date"] = right.get(STATEMENT_DATE)
            row["payment_amount"] = right.get(STATEMENT_WITHDRAWAL)
        rows.append(row)
    rows += [_os_file_row(path) for path in os_files or []]
    counts = Counter(r["outcome"] for r in rows)
    summary = {"files": len(rows), **{o: counts.get(o, 0) for o in OUTCOMES}}
    return {"rows": rows, "summary": summary}
