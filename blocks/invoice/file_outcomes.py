"""What happens to every evidence file: reconciled, unmatched, 要確認 (with the reason), not an
invoice (its kind), unreadable (its error) or excluded (lock file, empty file). Nothing is set
aside silently: `account_files` gives one row per file and counts that add up to the files.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from blocks.invoice.doc_kinds import INVOICE_KINDS

__all__ = ["KIND_LABELS", "OUTCOMES", "account_files", "triage"]

OUTCOMES = ("照合済", "未照合", "要確認", "請求書以外", "読取不可", "除外")
KIND_LABELS = {
    "invoice": "請求書",
    "simplified_invoice": "領収書・簡易請求書",
    "quotation": "見積書",
    "purchase_order": "注文書",
    "delivery_note": "納品書",
    "payment_notice": "支払通知書",
    "credit_note": "返品・値引",
    "cover_letter": "送付状",
}


def _path(fields: dict[str, Any], index: int) -> str:
    source = fields.get("source") or {}
    return str(source.get("path") or source.get("name") or f"files[{index}]")


def _classify(fields: dict[str, Any]) -> tuple[str, str]:
    """(outcome before reconciliation, reason); outcome "payable" goes to reconciliation."""
    if fields.get("excluded"):
        return "除外", str(fields["excluded"])
    error = fields.get("error")
    if error:
        return "読取不可", f"{error.get('code')}: {error.get('message')}"
    kind = fields.get("document_type")
    if kind is None:
        return "要確認", "書類の表題（請求書・領収書など）が読み取れません"
    if kind not in INVOICE_KINDS:
        return "請求書以外", KIND_LABELS.get(kind, kind)
    status = fields.get("status") or {}
    reasons = fields.get("review_reasons") or {}
    problems = []
    if status.get("total") != "確定":
        problems.append(reasons.get("total") or "合計金額が読み取れません")
    if status.get("transaction_date") != "確定":
        problems.append(reasons.get("transaction_date") or "取引日が読み取れません")
    if problems:
        return "要確認", "、".join(problems)
    return "payable", ""


def triage(items: list[dict[str, Any]]) -> dict[str, Any]:
    """Split extracted fields: `payables` (invoices whose total and date are 確定) go to the
    reconciliation; every other file is listed with its outcome and reason."""
    payables: list[dict[str, Any]] = []
    others: list[dict[str, Any]] = []
    for index, fields in enumerate(items):
        outcome, reason = _classify(fields)
        if outcome == "payable":
            payables.append(fields)
        else:
            others.append(_row(fields, index, outcome, reason))
    counts = Counter(r["outcome"] for r in others)
    return {
        "payables": payables,
        "set_aside": others,
        "summary": {"files": len(items), "payables": len(payables), **dict(counts)},
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
        "total_candidates": " / ".join(f"{c['value']:,}（{c['text']}）" for c in candidates),
        "payment_date": None,
        "payment_amount": None,
    }


def account_files(
    items: list[dict[str, Any]], matched: list[dict[str, Any]], skipped_left: list[dict[str, Any]]
) -> dict[str, Any]:
    """One row per evidence file with its outcome, and counts that add up to `len(items)`.

    `matched` and `skipped_left` are the reconciliation's outputs over `triage(items)`'s
    payables (rows are recognised by their file path)."""
    by_path = {_path(m["left"], 0): m for m in matched}
    payables = triage(items)["payables"]
    skipped = {
        _path(payables[s["index"]], 0): s for s in skipped_left if s["index"] < len(payables)
    }
    rows = []
    for index, fields in enumerate(items):
        outcome, reason = _classify(fields)
        path = _path(fields, index)
        if outcome == "payable":
            if path in by_path:
                outcome, reason = "照合済", by_path[path].get("match", "")
            elif path in skipped:
                outcome, reason = "要確認", str(skipped[path].get("reason", "照合できない値"))
            else:
                outcome, reason = "未照合", "明細に対応する支払が見つかりません"
        row = _row(fields, index, outcome, reason)
        if path in by_path:
            right = by_path[path]["right"]
            row["payment_date"] = right.get("日付")
            row["payment_amount"] = right.get("出金")
        rows.append(row)
    counts = Counter(r["outcome"] for r in rows)
    summary = {"files": len(items), **{o: counts.get(o, 0) for o in OUTCOMES}}
    return {"rows": rows, "summary": summary}
