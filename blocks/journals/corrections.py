"""People's corrections of suggested accounts, and the rules they teach.

A correction names an entry (`entry`), the account it should use (`account`) and optionally
its tax category and which debit line (`line`, 0-based; default: every debit line on the
entry's expense account). Applying it changes the entry (its `account_source` becomes
`person`, it no longer needs review) and, for a purchase, saves a rule in the counterparty
master — for the counterparty, or for the issuer's name when the master lacks it — so the
next run suggests the corrected account. The rule is saved with who and when (the change log
of `blocks.counterparties.store`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from blocks.counterparties.rules import learned_rule
from blocks.counterparties.store import CounterpartyStore
from blocks.journals.model import Entry, JournalBatch
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t
from keiri.base.errors import did_you_mean

__all__ = ["apply_corrections"]


def _expense_lines(entry: Entry, line: int | None) -> list[int]:
    debit = [i for i, item in enumerate(entry.lines) if item.side == "debit"]
    if line is not None:
        if line not in range(len(entry.lines)):
            raise BlockError(
                ErrorCode.INPUT_VALIDATION_FAILED,
                t("journal.correct.no_line", entry=entry.id, line=line),
                details={"entry": entry.id, "line": line},
            )
        return [line]
    first = entry.lines[debit[0]].account if debit else None
    return [i for i in debit if entry.lines[i].account == first]


def apply_corrections(
    batches: Sequence[JournalBatch],
    corrections: Sequence[Mapping[str, Any]],
    who: str,
    *,
    learn: bool = True,
    store: CounterpartyStore | None = None,
) -> tuple[list[JournalBatch], list[dict[str, Any]], list[dict[str, Any]]]:
    """(corrected batches, the changes made, the rules saved)."""
    by_id = {
        entry.id: (b, i) for b, batch in enumerate(batches) for i, entry in enumerate(batch.entries)
    }
    entries = [list(batch.entries) for batch in batches]
    changes: list[dict[str, Any]] = []
    rules: list[dict[str, Any]] = []
    for correction in corrections:
        entry_id = str(correction.get("entry") or "")
        if entry_id not in by_id:
            raise BlockError(
                ErrorCode.INPUT_VALIDATION_FAILED,
                t(
                    "journal.correct.unknown_entry",
                    entry=entry_id,
                    close=did_you_mean(entry_id, by_id),
                ),
                details={"entry": entry_id},
                hint=t("journal.correct.unknown_entry_hint"),
            )
        b, i = by_id[entry_id]
        entry = entries[b][i]
        account = str(correction.get("account") or "").strip()
        tax_category = correction.get("tax_category") or None
        if not account:
            raise BlockError(
                ErrorCode.INPUT_VALIDATION_FAILED,
                t("journal.correct.no_account", entry=entry_id),
                details={"entry": entry_id},
            )
        lines = list(entry.lines)
        targets = _expense_lines(entry, correction.get("line"))
        before = sorted({lines[k].account for k in targets})
        for k in targets:
            update: dict[str, Any] = {"account": account}
            if tax_category:
                update["tax_category"] = tax_category
            lines[k] = lines[k].model_copy(update=update)
        entries[b][i] = entry.model_copy(
            update={
                "lines": lines,
                "account_source": "person",
                "review": False,
                "review_reasons": [],
            }
        )
        changes.append(
            {
                "entry": entry_id,
                "from": before,
                "to": account,
                "tax_category": tax_category,
                "by": who,
            }
        )
        if learn and entry.kind == "purchase" and before != [account]:
            rule = learned_rule(
                entry.counterparty.code,
                entry.source.get("issuer_name") or entry.counterparty.name,
                account,
                tax_category,
                note=t(
                    "journal.correct.rule_note",
                    "ja",
                    entry=entry_id,
                    before=t("journal.correct.rule_before_sep", "ja").join(before),
                ),
            )
            if rule is not None:
                own = store or CounterpartyStore()
                try:
                    saved, action = own.add_rule(rule, who)
                finally:
                    if store is None:
                        own.close()
                rules.append({**saved.model_dump(), "saved": action})
    corrected = [
        batch.model_copy(update={"entries": entries[b], "revision": batch.revision + 1})
        for b, batch in enumerate(batches)
    ]
    return corrected, changes, rules
