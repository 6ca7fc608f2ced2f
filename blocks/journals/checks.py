"""The checks before an export: every entry balances (借方 = 貸方 per 伝票), amounts are whole
yen and not negative, dates fall inside the period, no entry is there twice, every text can be
written in the file's encoding, and each 摘要 fits the product's limit.

A 摘要 over the limit is cut, ending in a visible `…`, and listed (`KEIRI_JOURNAL_SUMMARY_
OVERFLOW=cut`, the default: the full 摘要 stays in the entry, the generic CSV and the Excel
sheet, and one long description should not hold up a month's export), or refused (`refuse`).
Every problem of every entry is collected, then reported once (JOURNAL_CHECK_FAILED).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from blocks.journals.formats import Layout, fit_summary, summary_size
from blocks.journals.mapping import Chart
from blocks.journals.model import Entry, Period
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t

__all__ = ["CheckResult", "Problem", "check_entries", "raise_problems"]

_MAX_SHOWN = 5


@dataclass(frozen=True)
class Problem:
    entry: str
    check: str
    message: str


@dataclass
class CheckResult:
    problems: list[Problem] = field(default_factory=list)
    summaries: dict[str, str] = field(default_factory=dict)
    cut: list[dict[str, str]] = field(default_factory=list)


def _unencodable(text: str, encoding: str | None) -> str | None:
    if not encoding:
        return None
    try:
        text.encode(encoding)
    except UnicodeEncodeError as exc:
        return text[exc.start : exc.end]
    return None


def check_entries(
    entries: Sequence[Entry],
    period: Period,
    target: Layout,
    chart: Chart,
    overflow: Literal["cut", "refuse"],
) -> CheckResult:
    result = CheckResult()
    keys = Counter(entry.dedup_key for entry in entries)
    add = result.problems.append
    for entry in entries:
        debit, credit = entry.total("debit"), entry.total("credit")
        if debit != credit:
            add(
                Problem(
                    entry.id,
                    "unbalanced",
                    t("journal.check.unbalanced", entry=entry.id, debit=debit, credit=credit),
                )
            )
        if any(
            line.amount < 0 or not 0 <= line.tax_amount <= max(line.amount, 0)
            for line in entry.lines
        ):
            add(Problem(entry.id, "amount", t("journal.check.amount", entry=entry.id)))
        if not period.contains(entry.date):
            add(
                Problem(
                    entry.id,
                    "outside_period",
                    t(
                        "journal.check.outside_period",
                        entry=entry.id,
                        date=entry.date,
                        period=period.label(),
                    ),
                )
            )
        if keys[entry.dedup_key] > 1:
            add(
                Problem(
                    entry.id,
                    "duplicate",
                    t(
                        "journal.check.duplicate",
                        entry=entry.id,
                        file=entry.evidence.path or entry.evidence.name or "",
                    ),
                )
            )
        summary = fit_summary(entry.description, target)
        if summary != entry.description:
            if overflow == "refuse":
                add(
                    Problem(
                        entry.id,
                        "summary_too_long",
                        t(
                            "journal.check.summary_too_long",
                            entry=entry.id,
                            size=summary_size(entry.description, target),
                            limit=target.summary_limit,
                            unit=t(_UNITS[target.summary_unit]),
                        ),
                    )
                )
            else:
                result.cut.append(
                    {"entry": entry.id, "before": entry.description, "after": summary}
                )
        result.summaries[entry.id] = summary
        texts = [summary, entry.counterparty.name or "", f"{entry.id} {entry.run_id}"]
        texts += [
            chart.account(line.account) for line in entry.lines if _mapped(chart, line.account)
        ]
        texts += [chart.tax_categories.get(line.tax_category, "") for line in entry.lines]
        for text in texts:
            bad = _unencodable(text, target.encoding)
            if bad is not None:
                add(
                    Problem(
                        entry.id,
                        "unencodable",
                        t(
                            "journal.check.unencodable",
                            entry=entry.id,
                            char=bad,
                            text=text,
                            encoding=target.encoding,
                        ),
                    )
                )
                break
    return result


_UNITS = {"chars": "journal.word.chars", "bytes": "journal.word.bytes"}


def _mapped(chart: Chart, account: str) -> bool:
    return chart.accounts is None or account in chart.accounts


def raise_problems(problems: Sequence[Problem], label: str) -> None:
    """JOURNAL_CHECK_FAILED listing every problem (nothing was written)."""
    if not problems:
        return
    shown = "; ".join(p.message for p in problems[:_MAX_SHOWN])
    if len(problems) > _MAX_SHOWN:
        shown += t("counterparty.csv.more", count=len(problems) - _MAX_SHOWN)
    raise BlockError(
        ErrorCode.JOURNAL_CHECK_FAILED,
        t("journal.check.failed", product=label, count=len(problems), problems=shown),
        details={"problems": [p.__dict__ for p in problems]},
        hint=t("journal.check.failed_hint"),
    )
