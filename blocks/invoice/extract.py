"""Deterministic extraction of the items of a Japanese (qualified) invoice from its text.

Works on the text of `file.extract_text` whatever the layout gives: one cell per line (PDF),
tab-separated rows (DOCX/XLSX) or free lines (`コーヒー ※ 2 ¥360`). Every field found keeps the
text it came from in `raw_matches`. No LLM; the same text always gives the same fields.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from decimal import Decimal
from typing import Any

from blocks.file.extract_pdf import PAGE_SEPARATOR
from blocks.invoice.doc_kinds import classify
from blocks.invoice.evidence import assess_fields
from blocks.invoice.layout_read import item_rows, layout_rows, summary_lines
from blocks.invoice.lines import (
    AMOUNT,
    AMOUNT_RE,
    MARKERS,
    amount_value,
    item_lines,
    line_item,
    number_value,
)
from blocks.invoice.parties import buyer_of, issuer_of, registration_of
from blocks.text.japanese import DATE_PATTERN, date_from_match, nfkc

__all__ = ["extract_invoice_fields"]

_RATE_LABEL = re.compile(r"(\d+(?:\.\d+)?)\s*%(?:(?!課税|額)[^\d%。]){0,12}?対象")
_SEGMENT_END = re.compile(r"税込合計|税込金額合計|合計|総額|ご請求|請求金額|請求額|お支払|[※]")
_NOT_RATE = r"(?![\d,.]|\s*%)"  # an amount is not the "10" of "(10%)"
_SUBTOTAL = re.compile(
    rf"(?:小計|対象額|対象金額|課税対象額|税抜金額|税込金額|本体価格|計)\s*[:：]?\s*({AMOUNT}){_NOT_RATE}"
)
_TAX = re.compile(rf"(?:内消費税|消費税等?額?|税額|内税)\s*[:：]?\s*\(?\s*({AMOUNT}){_NOT_RATE}")
_TAX_WITH_RATE = re.compile(
    rf"(?:内)?消費税等?額?\s*[(（]\s*(\d+)\s*%\s*[)）]\s*[:：]?\s*({AMOUNT}){_NOT_RATE}"
)
# 「(消費税 10%) 5,000」: the rate inside the bracket with the label.
_BRACKET_TAX = re.compile(
    rf"[(（]\s*(?:内)?消費税等?額?\s*(\d+)\s*%\s*[)）]\s*[:：]?\s*({AMOUNT}){_NOT_RATE}"
)
_BRACKET_BASE = re.compile(
    rf"[(（]\s*(\d+)\s*%\s*対象(?:額|金額)?\s*[)）]\s*[:：]?\s*({AMOUNT}){_NOT_RATE}"
)
_BASE_WITH_RATE = re.compile(
    rf"(?:課税対象額|対象額|対象金額|本体価格|税抜金額|小計|課税標準額)\s*[(（]\s*(\d+)\s*%\s*"
    rf"(?:対象)?[)）]\s*[:：]?\s*({AMOUNT}){_NOT_RATE}"
)
_SINGLE_RATE_TOTAL = re.compile(
    rf"(?:税抜合計|税抜金額|合計\(税抜\)|小計\(税抜\)|課税対象額|本体価格|小計)\s*[:：]?\s*"
    rf"({AMOUNT}){_NOT_RATE}"
)
# Total labels, strongest first; each group's matches are candidates of the grand total.
_TOTAL_LABELS = (
    r"(?:税込)?合計(?:金額)?\s*\(税込\)|税込合計(?:金額)?|(?<!前回)(?<!前月)(?:今回)?(?:ご|御)請求(?:金)?額(?:合計)?"
    r"|請求金額(?:合計)?|お支払(?:い)?金額|お支払額|総額|総計|領収金額",
    r"(?<![小対象])合計(?:金額)?(?!\s*\(税抜)",
    r"(?<![単抜体象価])金額(?=\s*[:：]?\s*[¥￥])",
)
_NON_TAXABLE = re.compile(
    rf"(?:非課税|不課税|対象外|立替金)(?:\s*\((?:立替金|非課税|対象外)\))?(?:分|額|対象|合計)?\s*[:：]?\s*"
    rf"({AMOUNT})(?![\d,]|\s*%)"
)
_CJK_SPACE = re.compile(
    r"(?<=[\u3040-\u30ff\u4e00-\u9fff【(])\s+(?=[\u3040-\u30ff\u4e00-\u9fff】)])"
)
_REDUCED_NOTE = re.compile(rf"[{MARKERS}]\s*印?\s*(?:は|の|:|=)?[^。\d]{{0,15}}?(?:軽減|8\s*%)")
_DATE_LABELS = (
    ("取引日", "取引年月日", "納品日", "売上日", "ご利用日", "利用日", "お買上日"),
    ("請求日", "発行日", "日付", "作成日"),
)
_DUE_LABELS = ("支払期限", "振込期限", "お支払期日", "お支払期限", "支払期日", "期日", "有効期限")


def _tokens(text: str) -> list[str]:
    """Cells: every tab-separated part of every line, NFKC, stripped, non-empty."""
    return [c.strip() for line in nfkc(text).splitlines() for c in line.split("\t") if c.strip()]


def _rates(flat: str) -> tuple[dict[str, Any], dict[str, Any], bool | None, dict[str, str]]:
    totals: dict[str, Any] = {}
    taxes: dict[str, Any] = {}
    raw: dict[str, str] = {}
    inclusive: bool | None = None
    labels = list(_RATE_LABEL.finditer(flat))
    for i, label in enumerate(labels):
        rate = str(number_value(Decimal(label.group(1))))
        end = labels[i + 1].start() if i + 1 < len(labels) else len(flat)
        stop = _SEGMENT_END.search(flat, label.end(), end)
        segment = flat[label.end() : stop.start() if stop else end]
        raw[f"totals_by_rate.{rate}"] = (label.group(0) + segment).strip()
        subtotal = _SUBTOTAL.search(segment) or AMOUNT_RE.search(segment)
        if subtotal is not None:
            totals[rate] = amount_value(subtotal.group(subtotal.lastindex or 0))
        tax = _TAX.search(segment)
        if tax is not None:
            taxes[rate] = amount_value(tax.group(1))
        around = label.group(0) + segment
        if "税込" in around or "内消費税" in around or "内税" in around:
            inclusive = True
        elif "税抜" in around or "外税" in around:
            inclusive = False if inclusive is None else inclusive
    for match in [*_TAX_WITH_RATE.finditer(flat), *_BRACKET_TAX.finditer(flat)]:
        taxes.setdefault(match.group(1), amount_value(match.group(2)))
        raw.setdefault(f"tax_by_rate.{match.group(1)}", match.group(0))
    for match in [*_BASE_WITH_RATE.finditer(flat), *_BRACKET_BASE.finditer(flat)]:
        totals.setdefault(match.group(1), amount_value(match.group(2)))
        raw.setdefault(f"totals_by_rate.{match.group(1)}", match.group(0))
        inclusive = False if inclusive is None else inclusive
    if not totals and len(taxes) == 1:  # one rate: its total is the tax-excluded subtotal
        single = _SINGLE_RATE_TOTAL.search(flat)
        if single is not None:
            (rate,) = taxes
            totals[rate] = amount_value(single.group(1))
            raw[f"totals_by_rate.{rate}"] = single.group(0)
            inclusive = False if "税抜" in single.group(0) or "課税" in single.group(0) else None
    return totals, taxes, inclusive, raw


_UNIT_AFTER = re.compile(
    r"^\s*(?:単位|個|本|件|点|枚|名|人|回|台|箱|冊|式|袋|缶|組|セット|ケース|kg|g|m|時間|日|ヶ月|か月)"
)


# 「合計 11点 ¥172,875」: a count of pieces between the label and an amount with ¥.
_COUNT = r"\d{1,4}\s*(?:点|個|品|件|枚|本|コ)"


# A total label right after other labels and followed by a run of amounts: a table's header
# row and value row read in reading order, where the first amount belongs to the first label.
_HEADER_BEFORE = re.compile(r"(?:額|税|計|金)\s*$")
_AMOUNT_AFTER = re.compile(rf"\s+(?:{AMOUNT})(?![\d,]|\s*%)")


def _total(flat: str) -> tuple[Any, str | None, list[dict[str, Any]]]:
    """The grand total (the first match of the strongest label group), its text, and every
    candidate of every label group (for the arithmetic cross-check). A number followed by a
    unit word (「合計 24単位」, 「合計 5点」) is a count, not a candidate."""
    squeezed = _CJK_SPACE.sub("", flat)
    candidates: list[dict[str, Any]] = []
    for rank, label in enumerate(_TOTAL_LABELS):
        pattern = (
            rf"[【(]?(?:{label})[】)]?\s*[:：]?\s*(?:{_COUNT}\s*(?=[¥￥]))?"
            rf"({AMOUNT})(?![\d,]|\s*%)"
        )
        for match in re.finditer(pattern, squeezed):
            if _UNIT_AFTER.match(squeezed[match.end() : match.end() + 6]):
                continue
            value = amount_value(match.group(1))
            if value is not None and not any(c["value"] == value for c in candidates):
                candidate = {"value": value, "text": match.group(0).strip(), "rank": rank}
                if _HEADER_BEFORE.search(squeezed[max(0, match.start() - 30) : match.start()]) and (
                    _AMOUNT_AFTER.match(squeezed[match.end() : match.end() + 24])
                ):
                    candidate["flat_table"] = True  # a header row read flat: order, not position
                candidates.append(candidate)
    if not candidates:
        return None, None, []
    first = candidates[0]
    return first["value"], first["text"], candidates


def _label_of(text: str) -> str:
    return "".join(AMOUNT_RE.sub("", text).split()).strip("【】()（）:：")


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
    kept = [c for c in found["candidates"] if _label_of(c["text"]) not in heads]
    merged = [{**c, "layout": True} for c in table_candidates]
    merged += [c for c in kept if all(m["value"] != c["value"] for m in merged)]
    found["candidates"] = merged
    if found.get("non_taxable") is None:
        found["non_taxable"], _ = _non_taxable(paired)
    found["carry"] = _carry(paired)
    return found


_CARRY = re.compile(rf"繰越(?:金額|額|残高)?\s*[:：]?\s*({AMOUNT})")
_PREVIOUS = re.compile(rf"前回(?:ご|御)?請求(?:金)?額\s*[:：]?\s*({AMOUNT})")
_PAID = re.compile(rf"(?:今回|前回)?(?:ご|御)?入金(?:額)?\s*[:：]?\s*({AMOUNT})")


def _carry(paired: str) -> Any:
    """The balance carried from the last invoice (繰越金額, else 前回ご請求額 − 今回ご入金額):
    an account-style invoice's 今回ご請求額 includes it."""
    carried = _CARRY.search(paired)
    if carried is not None:
        return amount_value(carried.group(1))
    previous, paid = _PREVIOUS.search(paired), _PAID.search(paired)
    if previous is None or paid is None:
        return None
    before, after = amount_value(previous.group(1)), amount_value(paid.group(1))
    return None if before is None or after is None else before - after


def _transaction_date(flat: str, notes: list[dict[str, str]]) -> tuple[str | None, str | None]:
    found: list[tuple[int, int, re.Match[str]]] = []
    for order, match in enumerate(DATE_PATTERN.finditer(flat)):
        before = flat[max(0, match.start() - 12) : match.start()]
        if any(label in before for label in _DUE_LABELS):
            continue
        rank = next(
            (r for r, group in enumerate(_DATE_LABELS) if any(g in before for g in group)), 2
        )
        found.append((rank, order, match))
    if not found:
        return None, None
    _, _, match = min(found, key=lambda f: (f[0], f[1]))
    try:
        return date_from_match(match).isoformat(), match.group(0).strip()
    except ValueError as exc:
        notes.append({"field": "transaction_date", "message": str(exc)})
        return None, match.group(0).strip()


_PAYMENT_DUE = re.compile(r"(?:お?支払(?:い)?|お?振込)(?:期限|期日|予定日)|お支払日|振込日|支払日")
_MONTH_END = re.compile(r"(?P<year>\d{4})\s*[年/.\-]\s*(?P<month>\d{1,2})\s*月?\s*末(?:日)?")


def _due_date(flat: str, notes: list[dict[str, str]]) -> tuple[str | None, str | None]:
    """支払期限 / お支払期日 / 振込期限: the first date right after such a label (「7月末日」 is
    the month's last day)."""
    for label in _PAYMENT_DUE.finditer(flat):
        window = flat[label.end() : label.end() + 24]
        date = DATE_PATTERN.search(window)
        month_end = _MONTH_END.search(window)
        if month_end is not None and (date is None or month_end.start() <= date.start()):
            year, month = int(month_end.group("year")), int(month_end.group("month"))
            if 1 <= month <= 12:
                last = calendar.monthrange(year, month)[1]
                return dt.date(year, month, last).isoformat(), (
                    label.group(0) + window[: month_end.end()]
                ).strip()
        if date is not None and not window[: date.start()].strip(" :：\t"):
            quote = (label.group(0) + window[: date.end()]).strip()
            try:
                return date_from_match(date).isoformat(), quote
            except ValueError as exc:
                notes.append({"field": "due_date", "message": str(exc)})
                return None, quote
    return None, None


def _non_taxable(flat: str) -> tuple[Any, str | None]:
    match = _NON_TAXABLE.search(flat)
    if match is None:
        return None, None
    return amount_value(match.group(1)), match.group(0)


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


def _layout_lines(rows: list[Any]) -> list[dict[str, Any]]:
    """Line items from the item table read by columns (`layout_read.item_rows`)."""
    items = []
    for row in item_rows(rows):
        numbers = [row[k] for k in ("quantity", "unit_price", "amount", "rate") if row[k]]
        item = line_item(row["description"], numbers)
        if item is not None:
            items.append(item)
    return items


def _sound(items: list[dict[str, Any]]) -> bool:
    """Items read by column whose quantity × unit price, where both are read, give the
    amount (a column taken for another would not)."""
    return bool(items) and all(
        item["quantity"] is None
        or item["unit_price"] is None
        or Decimal(str(item["quantity"])) * Decimal(str(item["unit_price"]))
        == Decimal(str(item["amount"]))
        for item in items
    )


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
    tokens = _tokens(text)
    flat = " ".join(tokens)
    notes: list[dict[str, str]] = []
    raw: dict[str, str] = {}
    kind = classify(text)
    title = kind.title
    if kind.line:
        raw["title"] = kind.line
    rows = layout_rows(layout, text)
    # The parties by cell when the layout has cells (two names side by side on one printed
    # line are two cells), else by the text's tokens.
    cells = [c[2] for row in rows for c in row] if layout else tokens
    registration, raw_reg = registration_of(tokens)
    date, raw_date = _transaction_date(flat, notes)
    due, raw_due = _due_date(flat, notes)
    buyer, raw_buyer = buyer_of(cells)
    issuer, raw_issuer, issuer_cue = issuer_of(cells, buyer)
    totals, taxes, inclusive, raw_rates = _rates(flat)
    _, _, candidates = _total(flat)
    non_taxable, raw_non_taxable = _non_taxable(flat)
    pairs, used = summary_lines(rows)
    found: dict[str, Any] = {
        "totals": totals,
        "taxes": taxes,
        "inclusive": inclusive,
        "raw": raw_rates,
        "candidates": candidates,
        "non_taxable": non_taxable,
        "carry": None,
    }
    if pairs:
        found = _merge_layout(flat, pairs, used, found)
        raw["layout_tables"] = " / ".join(pairs)
    totals, taxes, inclusive = found["totals"], found["taxes"], found["inclusive"]
    candidates, non_taxable = found["candidates"], found["non_taxable"]
    total = candidates[0]["value"] if candidates else None
    raw_total = candidates[0]["text"] if candidates else None
    if raw_non_taxable:
        raw["non_taxable"] = raw_non_taxable
    lines, lines_source = item_lines(tokens)
    by_column = _layout_lines(rows)
    if _sound(by_column) and len(by_column) >= len(lines):
        lines, lines_source = by_column, "layout"
    for line in lines:  # no rate column: the marked items are the reduced-rate ones
        line["rate_stated"] = line["rate"] is not None
        if line["rate"] is None and not line["non_taxable"]:
            line["rate"] = 8 if line["marked"] else 10
            line["reduced_rate"] = line["marked"]
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
    reduced_note = _REDUCED_NOTE.search(flat)
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
        "carried_over": found["carry"],
        "kind_evidence": "title" if kind.title else ("cue" if kind.kind else None),
        "text_source": "ocr" if from_ocr else "text",
        "extraction": "rules",
        "lines_source": lines_source,
        "issuer_cue": issuer_cue,
    }
    fields["evidence"] = _evidence(text, raw, pages)
    return assess_fields(fields)
