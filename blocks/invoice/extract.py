"""Deterministic extraction of the items of a Japanese (qualified) invoice from its text.

Works on the text of `file.extract_text` whatever the layout gives: one cell per line (PDF),
tab-separated rows (DOCX/XLSX) or free lines (`コーヒー ※ 2 ¥360`). Every field found keeps the
text it came from in `raw_matches`. No LLM; the same text always gives the same fields.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from blocks.file.extract_pdf import PAGE_SEPARATOR
from blocks.invoice.cells import cell_as_read
from blocks.invoice.dates import due_date, transaction_date
from blocks.invoice.doc_kinds import classify
from blocks.invoice.evidence import assess_fields, tax_basis
from blocks.invoice.flat_tables import label_of, spread_flat_tables, with_flat
from blocks.invoice.layout_read import layout_rows, summary_lines
from blocks.invoice.lines import (
    AMOUNT_RE,
    amount_value,
    number_value,
)
from blocks.invoice.ocr_repair import repair_layout, repair_text
from blocks.invoice.parties import buyer_of, issuer_of, registration_of
from blocks.invoice.patterns import (
    ADVANCE_DEDUCTED,
    AMOUNT,
    AMOUNT_AFTER,
    AMOUNT_CELL,
    BASE_WITH_RATE,
    BRACKET_BASE,
    BRACKET_TAX,
    CARRY,
    CJK_SPACE,
    COUNT,
    DUE_CELL,
    EXCLUSIVE_WORDS,
    HEADER_BEFORE,
    INCLUSIVE_WORDS,
    MONEY_MARK,
    MONEY_PREFIX,
    NON_TAXABLE,
    PAID,
    PREVIOUS,
    RATE_LABEL,
    REDUCED_NOTE,
    SEGMENT_END,
    SINGLE_EXCLUSIVE_WORDS,
    SINGLE_RATE_TOTAL,
    SUBTOTAL,
    TAX,
    TAX_INCLUDED,
    TAX_THEN_RATE,
    TAX_WITH_RATE,
    TOTAL_LABELS,
    UNIT_AFTER,
    WITHHOLDING,
)
from blocks.invoice.stacked import stacked_totals, stacked_values
from blocks.invoice.table_lines import document_lines, mark_outside_tax
from blocks.invoice.unrated_tax import rate_of_unrated_tax
from blocks.text.japanese import nfkc

__all__ = ["extract_invoice_fields"]


def _tokens(text: str) -> list[str]:
    """Cells: every tab-separated part of every line, NFKC, stripped, non-empty."""
    return [c.strip() for line in nfkc(text).splitlines() for c in line.split("\t") if c.strip()]


def _untaxed_amount(segment: str, tax: re.Match[str] | None) -> re.Match[str] | None:
    """The first amount of a rate's segment as its base, unless it is the tax's own amount
    (「10%対象 消費税 ¥1,000」 is the 10% tax, not the 10% base)."""
    plain = AMOUNT_RE.search(segment)
    if plain is None or (
        tax is not None and plain.start() < tax.end(1) and tax.start(1) < plain.end()
    ):
        return None
    return plain


def _rates(flat: str) -> tuple[dict[str, Any], dict[str, Any], bool | None, dict[str, str]]:
    totals: dict[str, Any] = {}
    taxes: dict[str, Any] = {}
    raw: dict[str, str] = {}
    inclusive: bool | None = None
    labels = list(RATE_LABEL.finditer(flat))
    for i, label in enumerate(labels):
        rate = str(number_value(Decimal(label.group(1))))
        end = labels[i + 1].start() if i + 1 < len(labels) else len(flat)
        stop = SEGMENT_END.search(flat, label.end(), end)
        segment = flat[label.end() : stop.start() if stop else end]
        raw[f"totals_by_rate.{rate}"] = (label.group(0) + segment).strip()
        tax = TAX.search(segment)
        subtotal = SUBTOTAL.search(segment) or _untaxed_amount(segment, tax)
        if subtotal is not None:
            totals[rate] = amount_value(subtotal.group(subtotal.lastindex or 0))
        if tax is not None:
            taxes[rate] = amount_value(tax.group(1))
        around = label.group(0) + segment
        if any(word in around for word in INCLUSIVE_WORDS):
            inclusive = True
        elif any(word in around for word in EXCLUSIVE_WORDS):
            inclusive = False if inclusive is None else inclusive
    for match in [*TAX_WITH_RATE.finditer(flat), *BRACKET_TAX.finditer(flat)]:
        taxes.setdefault(match.group(1), amount_value(match.group(2)))
        raw.setdefault(f"tax_by_rate.{match.group(1)}", match.group(0))
    for match in TAX_THEN_RATE.finditer(flat):
        taxes.setdefault(match["rate"], amount_value(match["amount"]))
        raw.setdefault(f"tax_by_rate.{match['rate']}", match.group(0))
    for match in [*BASE_WITH_RATE.finditer(flat), *BRACKET_BASE.finditer(flat)]:
        totals.setdefault(match.group(1), amount_value(match.group(2)))
        raw.setdefault(f"totals_by_rate.{match.group(1)}", match.group(0))
        inclusive = False if inclusive is None else inclusive
    if not totals and len(taxes) == 1:  # one rate: its total is the tax-excluded subtotal
        single = SINGLE_RATE_TOTAL.search(flat)
        if single is not None:
            (rate,) = taxes
            totals[rate] = amount_value(single.group(1))
            raw[f"totals_by_rate.{rate}"] = single.group(0)
            exclusive = any(word in single.group(0) for word in SINGLE_EXCLUSIVE_WORDS)
            inclusive = False if exclusive else None
    return totals, taxes, inclusive, raw


def _total(flat: str) -> tuple[Any, str | None, list[dict[str, Any]]]:
    """The grand total (the first match of the strongest label group), its text, and every
    candidate of every label group (for the arithmetic cross-check). A number followed by a
    unit word (「合計 24単位」, 「合計 5点」) is a count, not a candidate."""
    squeezed = CJK_SPACE.sub("", flat)
    candidates: list[dict[str, Any]] = []
    for rank, label in enumerate(TOTAL_LABELS):
        pattern = (
            rf"[【(]?(?:{label})[】)]?{TAX_INCLUDED}\s*[:：]?\s*(?:{COUNT}\s*(?=[¥￥]))?"
            rf"{MONEY_PREFIX}"
            rf"({AMOUNT})(?![\d,]|\s*%)"
        )
        for match in re.finditer(pattern, squeezed):
            if UNIT_AFTER.match(squeezed[match.end() : match.end() + 6]):
                continue
            value = amount_value(match.group(1))
            if value is not None and not any(c["value"] == value for c in candidates):
                candidate = {"value": value, "text": match.group(0).strip(), "rank": rank}
                if HEADER_BEFORE.search(squeezed[max(0, match.start() - 30) : match.start()]) and (
                    AMOUNT_AFTER.match(squeezed[match.end() : match.end() + 24])
                ):
                    candidate["flat_table"] = True  # a header row read flat: order, not position
                candidates.append(candidate)
    if not candidates:
        return None, None, []
    first = candidates[0]
    return first["value"], first["text"], candidates


def _unlabelled_amounts(tokens: list[str]) -> list[dict[str, Any]]:
    """Without any total label: every cell that is only an amount written as money (¥, 円),
    as candidates `evidence` takes only when the per-rate figures give one of them."""
    found: list[dict[str, Any]] = []
    for token in tokens:
        if AMOUNT_CELL.match(token) and MONEY_MARK.search(token):
            value = amount_value(token)
            if value is not None and all(c["value"] != value for c in found):
                found.append(
                    {"value": value, "text": token, "rank": len(TOTAL_LABELS), "unlabelled": True}
                )
    return found


def _merge_layout(
    flat: str, pairs: list[str], used: set[str], found: dict[str, Any]
) -> dict[str, Any]:
    """Per-rate figures and total candidates of the summary tables read by position, over
    those of the reading order: a table's figure replaces the flat one of the same rate, its
    total candidates come first, and flat candidates of a label the table paired are dropped
    (they are the reading-order misreads of that table)."""
    paired = " ".join(pairs)
    totals, taxes, inclusive, raw = _rates(paired)
    found["totals"].update(totals)
    found["taxes"].update(taxes)
    if inclusive is not None:
        found["inclusive"] = inclusive
    found["raw"].update(raw)
    _, _, table_candidates = _total(paired)
    heads = {"".join(u.split()) for u in used}
    kept = [c for c in found["candidates"] if label_of(c["text"]) not in heads]
    merged = [{**c, "layout": True} for c in table_candidates]
    merged += [c for c in kept if all(m["value"] != c["value"] for m in merged)]
    found["candidates"] = merged
    if found.get("non_taxable") is None:
        found["non_taxable"], _ = _non_taxable(paired)
    carry = _carry(paired)
    if carry is not None:
        found["carry"] = carry
    return found


def _advance(text: str) -> Any:
    """An advance already paid (前受金 △…), as a negative carry: the amount to pay is the
    total less it."""
    advance = ADVANCE_DEDUCTED.search(text)
    paid = amount_value(advance.group(1)) if advance is not None else None
    return None if paid is None else -abs(paid)


def _carry(paired: str) -> Any:
    """The balance carried from the last invoice (繰越金額, else 前回ご請求額 − 今回ご入金額):
    an account-style invoice's 今回ご請求額 includes it."""
    carried = CARRY.search(paired)
    if carried is not None:
        return amount_value(carried.group(1))
    previous, paid = PREVIOUS.search(paired), PAID.search(paired)
    if previous is None or paid is None:
        return None
    before, after = amount_value(previous.group(1)), amount_value(paid.group(1))
    return None if before is None or after is None else before - after


def _non_taxable(flat: str) -> tuple[Any, str | None]:
    match = NON_TAXABLE.search(flat)
    if match is None:
        return None, None
    return amount_value(match.group(match.lastindex or 1)), match.group(0)


def _evidence(text: str, raw: dict[str, str], pages: int | None) -> dict[str, dict[str, Any]]:
    """{field: {text, page}}: the text each field came from and its PDF page (1-based; None
    when the document has no pages or its page breaks cannot be told apart)."""
    chunks = [_squeeze(c) for c in text.split(PAGE_SEPARATOR)] if pages and pages > 1 else []
    if chunks and len(chunks) not in (pages, (pages or 0) + 1):  # +1: the form-field block
        chunks = []
    out: dict[str, dict[str, Any]] = {}
    for field, quote in raw.items():
        page: int | None = 1 if pages == 1 else None
        hits = [i + 1 for i, chunk in enumerate(chunks) if _squeeze(quote) in chunk]
        if hits:
            page = hits[0]
        out[field] = {"text": quote, "page": page}
    return out


def _squeeze(text: str) -> str:
    return "".join(nfkc(text).split())


def extract_invoice_fields(
    text: str,
    source: dict[str, Any] | None = None,
    *,
    from_ocr: bool = False,
    pages: int | None = None,
    layout: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The qualified-invoice fields of one document's text (see the block spec); `from_ocr`
    when the text came from OCR (fields are then only 確定 when a check confirms them);
    `pages` the PDF's page count (for the page of each field's evidence); `layout` the rows
    of cells with positions (`blocks.file.layout`; without it the text's tab-separated lines
    are the grid), so tables are read as tables."""
    if from_ocr:
        text, layout = repair_text(text), repair_layout(layout)
    text = "\n".join("\t".join(map(cell_as_read, line.split("\t"))) for line in text.split("\n"))
    if layout:
        layout = [
            {**row, "cells": [[c[0], c[1], cell_as_read(str(c[2]))] for c in row["cells"]]}
            for row in layout
        ]
    tokens = _tokens(text)
    flat = " ".join(tokens)
    notes: list[dict[str, str]] = []
    raw: dict[str, str] = {}
    kind = classify(text)
    title = kind.title
    if kind.line:
        raw["title"] = kind.line
    rows, flat_candidates, flat_labels = spread_flat_tables(layout_rows(layout, text))
    # The parties by cell when the layout has cells (two names side by side on one printed
    # line are two cells), else by the text's tokens.
    cells = [c[2] for row in rows for c in row] if layout else tokens
    places = [(i, c[0]) for i, row in enumerate(rows) for c in row] if layout else None
    registration, raw_reg = registration_of(tokens)
    date, raw_date = transaction_date(flat, notes)
    due, raw_due = due_date(flat, notes, date, stacked_values(rows, DUE_CELL))
    buyer, raw_buyer = buyer_of(cells, places)
    issuer, raw_issuer, issuer_cue = issuer_of(cells, buyer, places)
    totals, taxes, inclusive, raw_rates = _rates(flat)
    _, _, candidates = _total(flat)
    if layout:  # a label with its amount under it (a boxed figure), not beside it
        stacked = [
            c for c in stacked_totals(rows) if all(k["value"] != c["value"] for k in candidates)
        ]
        candidates = sorted(candidates + stacked, key=lambda c: int(c["rank"]))
    non_taxable, raw_non_taxable = _non_taxable(flat)
    pairs, used = summary_lines(rows)
    found: dict[str, Any] = {
        "totals": totals,
        "taxes": taxes,
        "inclusive": inclusive,
        "raw": raw_rates,
        "candidates": candidates,
        "non_taxable": non_taxable,
        "carry": _advance(flat),
    }
    if pairs:
        found = _merge_layout(flat, pairs, used, found)
        raw["layout_tables"] = " / ".join(pairs)
    if flat_candidates:
        found["candidates"] = with_flat(found["candidates"], flat_candidates, flat_labels)
    totals, taxes, inclusive = found["totals"], found["taxes"], found["inclusive"]
    candidates, non_taxable = found["candidates"], found["non_taxable"]
    if not candidates:
        candidates = _unlabelled_amounts(cells)
    total = candidates[0]["value"] if candidates else None
    raw_total = (
        candidates[0]["text"] if candidates and not candidates[0].get("unlabelled") else None
    )
    if raw_non_taxable:
        raw["non_taxable"] = raw_non_taxable
    withheld = WITHHOLDING.search(flat)
    withholding = amount_value(withheld.group(1)) if withheld else None
    if withheld and withholding:
        raw["withholding"] = withheld.group(0)
    taxed = sum(totals.values()) if totals else None
    # the items add up to the taxed base, with what is outside the tax, or to the total
    outside = taxed + non_taxable if taxed is not None and non_taxable else None
    sums = {taxed, outside, total} - {None}
    lines, lines_source = document_lines(tokens, rows, sums)
    for line in lines:  # no rate column: the marked items are the reduced-rate ones
        line["rate_stated"] = line["rate"] is not None
        if line["rate"] is None and not line["non_taxable"]:
            line["rate"] = 8 if line["marked"] else 10
            line["reduced_rate"] = line["marked"]
    mark_outside_tax(lines, non_taxable, totals)
    if not taxes and total is not None:  # a tax without its rate: the arithmetic's rate
        wholes = {total, total - (non_taxable or 0), total - (found["carry"] or 0)}
        unrated = rate_of_unrated_tax(" ".join([flat, *pairs]), wholes, lines)
        if unrated is not None:
            taxes = {unrated[0]: unrated[1]}
            raw[f"tax_by_rate.{unrated[0]}"] = unrated[2]
    if inclusive is None and totals:
        inclusive = tax_basis(totals, taxes)  # the taxes say it, not the candidate
    if inclusive is None and total is not None and totals:
        base = sum(totals.values()) + (found["carry"] or 0)
        inclusive = (
            True if total == base else False if total == base + sum(taxes.values()) else None
        )
    for key, value in (
        ("registration_number", raw_reg),
        ("transaction_date", raw_date),
        ("due_date", raw_due),
        ("buyer_name", raw_buyer),
        ("issuer_name", raw_issuer),
        ("total", raw_total),
    ):
        if value is not None:
            raw[key] = value
    raw.update(raw_rates)
    reduced_note = REDUCED_NOTE.search(flat)
    if reduced_note:
        raw["reduced_rate_note"] = reduced_note.group(0)
    fields = {
        "source": source,
        "title": title,
        "document_type": kind.kind,
        "issuer_name": issuer,
        "registration_number": registration,
        "transaction_date": date,
        "due_date": due,
        "buyer_name": buyer,
        "lines": lines,
        "reduced_rate_note": reduced_note is not None,
        "totals_by_rate": totals,
        "tax_by_rate": taxes,
        "amounts_include_tax": inclusive,
        "total": total,
        "notes": notes,
        "raw_matches": raw,
        "total_candidates": candidates,
        "non_taxable": non_taxable,
        "withholding": withholding or None,
        "carried_over": found["carry"],
        "kind_evidence": "title" if kind.title else ("cue" if kind.kind else None),
        "text_source": "ocr" if from_ocr else "text",
        "extraction": "rules",
        "lines_source": lines_source,
        "issuer_cue": issuer_cue,
    }
    fields["evidence"] = _evidence(text, raw, pages)
    return assess_fields(fields)
