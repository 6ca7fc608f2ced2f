"""The 仕訳確認 (journal review) as rows a person corrects, and the corrections read back.

`review_rows` turns the purchases of a journal into one row per debit line — date,
counterparty, 摘要, amount, the suggested account and tax category, the invoice system's
answer and why the entry needs a look — with the accounts and tax categories a person may
choose: the names the export's product knows (its chart, `mapping`), so a corrected entry
never fails the export for an unmapped name. Tax categories are shown in words (the generic
chart's names, `課税仕入10%（経過措置80%控除）`) and read back to keiri's codes.

`corrections_from_rows` compares the rows of the form's answer with the journal and gives
the corrections `journal.apply_corrections` applies (and learns from): one per line whose
account or tax category a person changed. A row the answer leaves out is unchanged.

`proposal_rows` lists the counterparties `counterparties.link` proposed, each with a free
code for the master, for a person to accept (登録する) or skip.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from blocks.journals.formats import layout
from blocks.journals.mapping import Chart, load_chart
from blocks.journals.model import Entry, JournalBatch
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t
from keiri.base.errors import did_you_mean

__all__ = [
    "account_options",
    "corrections_from_rows",
    "line_id",
    "payment_rows",
    "proposal_rows",
    "review_rows",
    "tax_names",
    "tax_options",
]

_TAXED = ("purchase_", "non_taxable", "out_of_scope")
_QUALIFICATION = {
    "qualified": "journal.row.qualified",
    "before_invoice_system": "journal.row.before_invoice_system",
}


def line_id(entry: Entry, index: int) -> str:
    """The row of a debit line: `P-0001-1` (the entry and the line's place, from 1)."""
    return f"{entry.id}-{index + 1}"


def _chart_of(fmt: str) -> Chart:
    return load_chart(layout(fmt).chart)


def account_options(fmt: str, used: Iterable[str] = ()) -> list[str]:
    """The accounts a person may choose: the product's chart (any name passes the generic
    CSV: then 弥生's standard chart), plus the names already used."""
    chart = _chart_of(fmt)
    names = list((chart.accounts or load_chart("yayoi").accounts or {}).keys())
    return names + [name for name in dict.fromkeys(used) if name not in names]


def tax_names() -> dict[str, str]:
    """keiri's tax-category codes -> their names in words (the generic chart)."""
    return dict(load_chart("generic").tax_categories)


def tax_options(fmt: str) -> list[str]:
    """The purchase tax categories the product maps, in words."""
    names = tax_names()
    known = _chart_of(fmt).tax_categories
    return [names[code] for code in names if code in known and code.startswith(_TAXED)]


def _qualification(entry: Entry) -> str:
    q = entry.qualification
    if q is None:
        return ""
    if q.status in _QUALIFICATION:
        return t(_QUALIFICATION[q.status])
    key = "journal.row.unverified" if q.source == "no_registry" else "journal.row.deduction"
    return t(key, deduction=q.deduction)


def review_rows(batch: JournalBatch) -> list[dict[str, Any]]:
    """One row per debit line of the purchases."""
    names = tax_names()
    rows: list[dict[str, Any]] = []
    for entry in batch.entries:
        if entry.kind != "purchase":
            continue
        for index, line in enumerate(entry.lines):
            if line.side != "debit":
                continue
            rows.append(
                {
                    "line_id": line_id(entry, index),
                    "entry": entry.id,
                    "date": entry.date,
                    "counterparty": entry.counterparty.name or "",
                    "description": entry.description,
                    "amount": line.amount,
                    "tax_amount": line.tax_amount,
                    "account": line.account,
                    "tax_category": names.get(line.tax_category, line.tax_category),
                    "invoice": _qualification(entry),
                    "note": t("journal.review.sep").join(entry.review_reasons),
                    "evidence": entry.evidence.path or entry.evidence.name or "",
                }
            )
    return rows


def payment_rows(batch: JournalBatch | None) -> list[dict[str, Any]]:
    """The payments (clearing entries) as a person reads them: nothing to choose there."""
    if batch is None:
        return []
    rows = []
    for entry in batch.entries:
        sides = {
            side: t("journal.review.sep").join(
                f"{line.account} {line.amount:,}" for line in entry.lines if line.side == side
            )
            for side in ("debit", "credit")
        }
        rows.append(
            {
                "entry": entry.id,
                "date": entry.date,
                "counterparty": entry.counterparty.name or "",
                "description": entry.description,
                "amount": entry.total("debit"),
                "debit": sides["debit"],
                "credit": sides["credit"],
            }
        )
    return rows


def proposal_rows(
    proposals: Sequence[Mapping[str, Any]], taken: Iterable[str]
) -> list[dict[str, Any]]:
    """The proposed counterparties with a free code each (C001, C002, ...), not registered
    until a person ticks 登録する."""
    used = set(taken)
    number = 0
    rows = []
    for index, proposal in enumerate(proposals):
        while True:
            number += 1
            code = f"C{number:03d}"
            if code not in used:
                used.add(code)
                break
        rows.append(
            {
                "proposal": str(index + 1),
                "register": False,
                "code": code,
                "name": proposal.get("name") or "",
                "kana": proposal.get("kana") or "",
                "registration_number": proposal.get("registration_number") or "",
                "files": "、".join(str(f) for f in proposal.get("files") or []),
                "default_account": None,
            }
        )
    return rows


def _tax_code(name: Any, where: str) -> str | None:
    if name is None or name == "":
        return None
    names = tax_names()
    if name in names:  # already a code
        return str(name)
    codes = {label: code for code, label in names.items()}
    if name not in codes:
        raise BlockError(
            ErrorCode.INPUT_VALIDATION_FAILED,
            t("journal.form.unknown_tax", row=where, name=name, close=did_you_mean(name, codes)),
            details={"row": where, "tax_category": name},
        )
    return codes[name]


def corrections_from_rows(
    batch: JournalBatch, rows: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """The corrections of the lines whose account or tax category the rows change."""
    lines = {
        line_id(entry, index): (entry, index)
        for entry in batch.entries
        for index, line in enumerate(entry.lines)
        if line.side == "debit"
    }
    found: list[dict[str, Any]] = []
    for row in rows:
        where = str(row.get("line_id") or "")
        if where not in lines:
            raise BlockError(
                ErrorCode.INPUT_VALIDATION_FAILED,
                t("journal.form.unknown_row", row=where, close=did_you_mean(where, lines)),
                details={"row": where},
            )
        entry, index = lines[where]
        line = entry.lines[index]
        account = str(row.get("account") or line.account).strip()
        code = _tax_code(row.get("tax_category"), where) or line.tax_category
        if (account, code) == (line.account, line.tax_category):
            continue
        found.append(
            {
                "entry": entry.id,
                "line": index,
                "account": account,
                "tax_category": code if code != line.tax_category else None,
            }
        )
    return found
