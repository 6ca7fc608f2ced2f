"""One-to-one reconciliation of two tables (invoices vs deposits, ledger vs statement).

Candidates are pairs that agree on the exact keys, lie within the amount tolerance and the date
window, and (optionally) have similar normalised counterpart names. They are taken best first —
smallest amount difference, then smallest date difference, then most similar name, then the
original order — and a row is never used twice. Everything is deterministic.

The date window is around each left row's *expected* days: its date, or — given `expected` by
the caller (`blocks.reconcile.due_dates`: a due date, moved to the business days a payment due
on a bank holiday is made on) — an interval of days; a right row inside it is 0 days off.
Left rows may share a `group` (the candidate totals of one 要確認 invoice,
`blocks.reconcile.proposals`): one-to-one then holds per group.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import numpy as np
import pandas as pd

from blocks.sdk.errors import BlockError, ErrorCode
from blocks.text.amounts import AmountError, parse_amount
from blocks.text.dates import DateError, parse_date_value
from blocks.text.japanese import NOT_TRANSACTION, name_similarity, nfkc
from keiri.base.catalog import t

__all__ = ["DECLINE", "Chooser", "ReconcileOptions", "reconcile"]

_EPS = 1e-9

#: What a chooser returns to leave the left row unmatched.
DECLINE = -1
#: (left index, tied right indices best first) -> the right index to take, `DECLINE`, or None
#: for the default (the first). Called when a left row has several equally good candidates.
Chooser = Callable[[int, list[int]], int | None]


@dataclass(frozen=True)
class ReconcileOptions:
    keys: list[tuple[str, str]] = field(default_factory=list)
    left_amount: str | None = None
    right_amount: str | None = None
    amount_tolerance: float = 0.0
    left_date: str | None = None
    right_date: str | None = None
    date_window_days: int = 0
    left_name: str | None = None
    right_name: str | None = None
    name_min_similarity: float = 0.8


def _bad(field_path: str, message: str, hint: str, value: Any = None) -> BlockError:
    return BlockError(
        ErrorCode.INPUT_VALIDATION_FAILED,
        message,
        details={"field": field_path, "actual_value": value},
        hint=hint,
    )


def _invalid(where: str, value: Any, reason: str) -> dict[str, Any]:
    shown = value if isinstance(value, int | float | str) or value is None else str(value)
    if isinstance(shown, float) and not math.isfinite(shown):
        shown = str(shown)
    return {"field": where, "value": shown, "reason": reason}


def _amount(value: Any, where: str, invalid: list[dict[str, Any]]) -> Decimal | None:
    try:
        return parse_amount(value)
    except AmountError as exc:
        invalid.append(_invalid(where, value, exc.reason))
        return None


def _date(value: Any, where: str, invalid: list[dict[str, Any]]) -> dt.date | None:
    try:
        return parse_date_value(value)
    except DateError as exc:
        invalid.append(_invalid(where, value, exc.reason))
        return None


def _row_note(row: dict[str, Any]) -> str | None:
    """ "前月繰越" / "合計" rows of a statement are not transactions."""
    for value in row.values():
        if isinstance(value, str):
            text = nfkc(value).replace(" ", "").replace("\u3000", "")
            hit = next((w for w in NOT_TRANSACTION if text.startswith(w)), None)
            if hit:
                return t("runtime.reconcile.not_transaction", label=hit)
    return None


def _key(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = nfkc(str(value)).strip()
    return text or None


def _frame(
    rows: list[Any],
    side: str,
    amount: str | None,
    date: str | None,
    keys: list[str],
    name: str | None,
    expected: dict[int, tuple[dt.date, dt.date]] | None = None,
) -> tuple[pd.DataFrame, dict[int, dict[str, Any]], list[dict[str, Any]]]:
    """Parsed matching values of one side (as a frame and by row index), and the rows skipped
    for a missing value. A row's expected days are its date, or `expected[index]`."""
    records: list[dict[str, Any]] = []
    skipped: list[dict[str, Any]] = []
    for index, row in enumerate(rows):
        if not isinstance(row, dict):
            raise _bad(f"{side}[{index}]", f"{side}[{index}] is not an object", "rows are objects")
        parsed: dict[str, Any] = {"index": index}
        missing: list[str] = []
        invalid: list[dict[str, Any]] = []
        if amount is not None:
            parsed["amount"] = _amount(row.get(amount), amount, invalid)
            bad = any(x["field"] == amount for x in invalid)
            missing += [amount] if parsed["amount"] is None and not bad else []
        if date is not None:
            parsed["date"] = _date(row.get(date), date, invalid)
            bad = any(x["field"] == date for x in invalid)
            missing += [date] if parsed["date"] is None and not bad else []
        for i, key in enumerate(keys):
            parsed[f"k{i}"] = _key(row.get(key))
            missing += [key] if parsed[f"k{i}"] is None else []
        if name is not None:
            parsed["name"] = str(row.get(name) or "")
        note = _row_note(row) if (missing or invalid) else None
        if missing or invalid:
            reasons = [t("runtime.reconcile.empty", field=m) for m in missing]
            reasons += [f"{x['field']} = {x['value']!r}: {x['reason']}" for x in invalid]
            skipped.append(
                {
                    "index": index,
                    "missing": missing,
                    "invalid": invalid,
                    "reason": note or t("runtime.reconcile.row_sep").join(reasons),
                    "kind": "not_transaction" if note else "incomplete",
                    "record": row,
                }
            )
        else:
            records.append(parsed)
    frame = pd.DataFrame.from_records(records, columns=_columns(amount, date, keys, name))
    if amount is not None:
        frame["amount_f"] = frame["amount"].astype(float)
    if date is not None:
        frame["day"] = np.array([d.toordinal() for d in frame["date"]], dtype=np.int64)
        given = expected or {}
        days = [
            given.get(int(i), (d, d)) for i, d in zip(frame["index"], frame["date"], strict=True)
        ]
        frame["first_day"] = np.array([a.toordinal() for a, _ in days], dtype=np.int64)
        frame["last_day"] = np.array([b.toordinal() for _, b in days], dtype=np.int64)
    return frame, {r["index"]: r for r in records}, skipped


def _columns(amount: str | None, date: str | None, keys: list[str], name: str | None) -> list[str]:
    columns = ["index"]
    columns += ["amount"] if amount is not None else []
    columns += ["date"] if date is not None else []
    columns += [f"k{i}" for i in range(len(keys))]
    columns += ["name"] if name is not None else []
    return columns


def _band(
    left: pd.DataFrame, right: pd.DataFrame, column: str, width: float, bounds: tuple[str, str]
) -> pd.DataFrame:
    """Pairs whose right `column` lies within `width` of the left row's [low, high] `bounds`
    columns (sorted search, no cross join)."""
    order = np.argsort(right[column].to_numpy(), kind="stable")
    values = right[column].to_numpy()[order]
    low, high = bounds
    lows = np.searchsorted(values, left[low].to_numpy() - width - _EPS, side="left")
    highs = np.searchsorted(values, left[high].to_numpy() + width + _EPS, side="right")
    counts = highs - lows
    left_pos = np.repeat(np.arange(len(left)), counts)
    starts = np.repeat(lows - np.cumsum(counts) + counts, counts)
    right_pos = order[starts + np.arange(counts.sum())] if counts.sum() else np.array([], int)
    pairs = left.iloc[left_pos].reset_index(drop=True).add_prefix("l_")
    return pairs.join(right.iloc[right_pos].reset_index(drop=True).add_prefix("r_"))


def _candidates(left: pd.DataFrame, right: pd.DataFrame, opt: ReconcileOptions) -> pd.DataFrame:
    if opt.keys:
        keys = [f"k{i}" for i in range(len(opt.keys))]
        pairs = left.add_prefix("l_").merge(
            right.add_prefix("r_"),
            left_on=[f"l_{k}" for k in keys],
            right_on=[f"r_{k}" for k in keys],
            how="inner",
        )
    elif opt.left_amount is not None:
        pairs = _band(left, right, "amount_f", opt.amount_tolerance, ("amount_f", "amount_f"))
    else:
        pairs = _band(left, right, "day", opt.date_window_days, ("first_day", "last_day"))
    if opt.left_amount is not None:
        pairs["abs_amount"] = (pairs["r_amount_f"] - pairs["l_amount_f"]).abs()
        pairs = pairs[pairs["abs_amount"] <= opt.amount_tolerance + _EPS]
    else:
        pairs["abs_amount"] = 0.0
    if opt.left_date is not None:
        early = pairs["l_first_day"] - pairs["r_day"]
        late = pairs["r_day"] - pairs["l_last_day"]
        pairs["abs_days"] = np.maximum(0, np.maximum(early, late))
        pairs = pairs[pairs["abs_days"] <= opt.date_window_days]
    else:
        pairs["abs_days"] = 0
    if opt.left_name is not None:
        scores = [
            name_similarity(a, b) for a, b in zip(pairs["l_name"], pairs["r_name"], strict=True)
        ]
        pairs = pairs.assign(name_score=scores)
        pairs = pairs[pairs["name_score"] >= opt.name_min_similarity]
    else:
        pairs = pairs.assign(name_score=1.0)
    return pairs.sort_values(
        ["abs_amount", "abs_days", "name_score", "l_index", "r_index"],
        ascending=[True, True, False, True, True],
        kind="stable",
    )


def _days_off(paid: dt.date, expected: tuple[dt.date, dt.date] | None) -> int | None:
    """Days between `paid` and the expected days (0 inside them); None without expected days."""
    if expected is None:
        return None
    first, last = expected
    return (first - paid).days if paid < first else (paid - last).days if paid > last else 0


def _number(value: Decimal | None) -> int | float | None:
    if value is None:
        return None
    return int(value) if value == value.to_integral_value() else float(value)


def _sum(values: list[Decimal]) -> int | float:
    return _number(sum(values, Decimal(0))) or 0


def reconcile(
    left: list[Any],
    right: list[Any],
    opt: ReconcileOptions,
    choose: Chooser | None = None,
    *,
    expected: dict[int, tuple[dt.date, dt.date]] | None = None,
    groups: list[int] | None = None,
) -> dict[str, Any]:
    """Match `left` rows to `right` rows one-to-one; see the block spec for the outputs.
    `choose` decides between equally good candidates (default: the first, best ranked).
    `expected[i]` is the (first, last) day left row `i` is expected to be paid on (default: its
    date); left rows of the same `groups[i]` are matched at most once together."""
    if not (opt.keys or opt.left_amount or opt.left_date):
        raise _bad(
            "keys",
            "nothing to match on: give keys, amount fields or date fields",
            "for invoices vs deposits: left_amount, right_amount and a date window",
        )
    lframe, lparsed, lskip = _frame(
        left,
        "left",
        opt.left_amount,
        opt.left_date,
        [k for k, _ in opt.keys],
        opt.left_name,
        expected,
    )
    rframe, rparsed, rskip = _frame(
        right, "right", opt.right_amount, opt.right_date, [k for _, k in opt.keys], opt.right_name
    )
    group = groups or list(range(len(left)))
    used_left: set[int] = set()  # groups
    used_right: set[int] = set()
    declined: set[int] = set()
    chosen: list[tuple[int, int, float]] = []
    if len(lframe) and len(rframe):
        pairs = _candidates(lframe, rframe, opt)
        rows = list(
            zip(
                pairs["l_index"].astype(int),
                pairs["r_index"].astype(int),
                pairs["name_score"].astype(float),
                pairs["abs_amount"].astype(float),
                strict=True,
            )
        )
        by_left: dict[int, list[tuple[int, float, float]]] = {}
        for li, ri, score, gap in rows:
            by_left.setdefault(li, []).append((ri, score, gap))
        for li, best, best_score, gap in rows:
            if group[li] in used_left or li in declined or best in used_right:
                continue
            ri, score = best, best_score
            if choose is not None:
                # Equally good candidates (the same amount difference, any date in the window).
                tied = [
                    (r, s)
                    for r, s, g in by_left[li]
                    if r not in used_right and abs(g - gap) <= _EPS
                ]
                if len(tied) > 1:
                    picked = choose(li, [r for r, _ in tied])
                    if picked == DECLINE:
                        declined.add(li)
                        continue
                    if picked is not None:
                        ri, score = next((r, s) for r, s in tied if r == picked)
            used_left.add(group[li])
            used_right.add(ri)
            chosen.append((li, ri, score))
    matched = []
    diffs: list[Decimal] = []
    for li, ri, score in sorted(chosen):
        lp, rp = lparsed[li], rparsed[ri]
        amount_diff = rp["amount"] - lp["amount"] if opt.left_amount else None
        days = (rp["date"] - lp["date"]).days if opt.left_date else None
        off = _days_off(rp["date"], (expected or {}).get(li)) if opt.left_date else None
        late = off if off is not None else days
        kinds = (["amount"] if amount_diff else []) + (["date"] if late else [])
        diffs += [amount_diff] if amount_diff is not None else []
        matched.append(
            {
                "left_index": li,
                "right_index": ri,
                "left": left[li],
                "right": right[ri],
                "amount_diff": _number(amount_diff),
                "date_diff_days": days,
                **({"days_from_expected": off} if off is not None else {}),
                "name_similarity": score if opt.left_name else None,
                "match": "exact" if not kinds else "within_tolerance",
                "differences": kinds,
            }
        )
    matched_left = {m["left_index"] for m in matched}
    unmatched_left = [i for i in lparsed if group[i] not in used_left and i not in matched_left]
    unmatched_right = [i for i in rparsed if i not in used_right]
    amounts = opt.left_amount is not None

    def total(parsed: dict[int, dict[str, Any]], indices: Any) -> int | float | None:
        return _sum([parsed[i]["amount"] for i in indices]) if amounts else None

    differences = [m for m in matched if m["differences"]]
    summary = {
        "left_count": len(left),
        "right_count": len(right),
        "matched_count": len(matched),
        "exact_count": len(matched) - len(differences),
        "differences_count": len(differences),
        "unmatched_left_count": len(unmatched_left),
        "unmatched_right_count": len(unmatched_right),
        "skipped_left": lskip,
        "skipped_right": rskip,
        "left_total": total(lparsed, lparsed),
        "right_total": total(rparsed, rparsed),
        "matched_left_total": total(lparsed, [m["left_index"] for m in matched]),
        "matched_right_total": total(rparsed, [m["right_index"] for m in matched]),
        "unmatched_left_total": total(lparsed, unmatched_left),
        "unmatched_right_total": total(rparsed, unmatched_right),
        "amount_difference_total": _sum(diffs) if amounts else None,
        "unmatched_left_indices": unmatched_left,
        "unmatched_right_indices": unmatched_right,
    }
    return {
        "matched": matched,
        "unmatched_left": [left[i] for i in unmatched_left],
        "unmatched_right": [right[i] for i in unmatched_right],
        "differences": differences,
        "summary": summary,
    }
