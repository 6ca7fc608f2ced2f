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
from blocks.invoice.doc_kinds import classify, is_title_line
from blocks.invoice.evidence import assess_fields
from blocks.invoice.lines import (
    AMOUNT,
    AMOUNT_RE,
    BARRIER,
    MARKERS,
    amount_value,
    item_lines,
    number_value,
)
from blocks.text.japanese import DATE_PATTERN, date_from_match, nfkc

__all__ = ["extract_invoice_fields"]

_ADDRESS = re.compile(r"^(?:〒|\d{3}-\d{4}|東京都|北海道|大阪府|京都府|\S{2,3}県)|TEL|FAX|電話|@")
_COMPANY = re.compile(
    r"株式会社|有限会社|合同会社|合資会社|合名会社|\(株\)|\(有\)|法人|商店|事務所|商会"
)
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
    r"(?:税込)?合計(?:金額)?\s*\(税込\)|税込合計(?:金額)?|(?:今回)?(?:ご|御)請求(?:金)?額(?:合計)?"
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
_REG_STRICT = re.compile(r"(?<![A-Za-z0-9])T ?-? ?(\d(?:[ -]?\d){12})(?![\d-])")
# The words of a registration label before 登録番号 (適格請求書発行事業者登録番号): not a name.
_REG_LABEL_HEAD = re.compile(
    r"(?:適格請求書発行事業者|適格請求書発行|適格事業者|インボイス|事業者)[:：]?\s*$"
)
_REG_LABEL = re.compile(r"登録番号\s*[:：]?\s*(\S*)")
_BUYER = re.compile(r"^(.+?)\s*(御中|様|殿|宛)(?:\s|$)")
_ISSUER_LABEL = re.compile(r"^(?:発行者|発行元|販売者|事業者名|請求元)\s*[:：]?\s*(.*)$")
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
    for match in _TAX_WITH_RATE.finditer(flat):
        taxes.setdefault(match.group(1), amount_value(match.group(2)))
        raw.setdefault(f"tax_by_rate.{match.group(1)}", match.group(0))
    for match in _BASE_WITH_RATE.finditer(flat):  # 課税対象額(10%) / 本体価格(8%)
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


def _total(flat: str) -> tuple[Any, str | None, list[dict[str, Any]]]:
    """The grand total (the first match of the strongest label group), its text, and every
    candidate of every label group (for the arithmetic cross-check)."""
    squeezed = _CJK_SPACE.sub("", flat)
    candidates: list[dict[str, Any]] = []
    for rank, label in enumerate(_TOTAL_LABELS):
        pattern = rf"[【(]?(?:{label})[】)]?\s*[:：]?\s*({AMOUNT})(?![\d,]|\s*%)"
        for match in re.finditer(pattern, squeezed):
            value = amount_value(match.group(1))
            if value is not None and not any(c["value"] == value for c in candidates):
                candidates.append({"value": value, "text": match.group(0).strip(), "rank": rank})
    if not candidates:
        return None, None, []
    first = candidates[0]
    return first["value"], first["text"], candidates


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


def _registration(tokens: list[str]) -> tuple[str | None, str | None]:
    """ "T" + 13 digits in one cell (hyphens and single spaces allowed), else whatever follows
    the 登録番号 label (so a malformed number is reported, not dropped)."""
    for token in tokens:
        strict = _REG_STRICT.search(token)
        if strict:
            return "T" + re.sub(r"[ -]", "", strict.group(1)), strict.group(0)
    for i, token in enumerate(tokens):
        label = _REG_LABEL.search(token)
        if label:
            following = tokens[i + 1] if i + 1 < len(tokens) else ""
            value = label.group(1) or (following if re.match(r"[A-Za-z]?\d", following) else "")
            if value:
                return value.replace("-", "").upper(), f"{label.group(0)} {value}".strip()
    return None, None


def _buyer(tokens: list[str]) -> tuple[str | None, str | None]:
    for token in tokens:
        match = _BUYER.match(token)
        if match and not BARRIER.search(match.group(1)):
            name = match.group(1).strip()
            return ("上様" if name == "上" else name), token  # 上様: the no-name placeholder
    return None, None


def _issuer(tokens: list[str], buyer: str | None) -> tuple[str | None, str | None, str | None]:
    """(name, text, cue): the cue is `label` (発行者: …), `registration` or `address` (the
    name beside the 登録番号 or the address, with a legal form), or `weak` (anything else)."""

    def usable(token: str) -> bool:
        return not (
            _ADDRESS.search(token)
            or _BUYER.match(token)
            or is_title_line(token)
            or DATE_PATTERN.search(token)
            or "担当" in token
            or (buyer is not None and token == buyer)
        )

    for i, token in enumerate(tokens):
        label = _ISSUER_LABEL.match(token)
        if label:
            name = label.group(1) or (tokens[i + 1] if i + 1 < len(tokens) else "")
            if name:
                return name.strip(), token if label.group(1) else f"{token} {name}", "label"
    anchors = [i for i, t in enumerate(tokens) if "登録番号" in t or _REG_STRICT.search(t)]
    anchors += [i for i, t in enumerate(tokens) if _ADDRESS.match(t)]
    for anchor in anchors:
        kind = (
            "registration"
            if "登録番号" in tokens[anchor] or _REG_STRICT.search(tokens[anchor])
            else "address"
        )
        head = _REG_LABEL_HEAD.sub("", tokens[anchor].split("登録番号")[0]).strip()
        if "登録番号" in tokens[anchor] and head and usable(head):
            return head, tokens[anchor], kind if _COMPANY.search(head) else "weak"
        for back in range(anchor - 1, max(anchor - 5, -1), -1):
            candidate = tokens[back]
            if (
                usable(candidate)
                and not BARRIER.search(candidate)
                and (_COMPANY.search(candidate) or not re.search(r"\d", candidate))
            ):
                return candidate, candidate, kind if _COMPANY.search(candidate) else "weak"
    for token in tokens:
        if _COMPANY.search(token) and usable(token) and not BARRIER.search(token):
            return token, token, "weak"
    return None, None, None


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


def extract_invoice_fields(
    text: str,
    source: dict[str, Any] | None = None,
    *,
    from_ocr: bool = False,
    pages: int | None = None,
) -> dict[str, Any]:
    """The qualified-invoice fields of one document's text (see the block spec); `from_ocr`
    when the text came from OCR (fields are then only 確定 when a check confirms them);
    `pages` the PDF's page count (for the page of each field's evidence)."""
    tokens = _tokens(text)
    flat = " ".join(tokens)
    notes: list[dict[str, str]] = []
    raw: dict[str, str] = {}
    kind = classify(text)
    title = kind.title
    if kind.line:
        raw["title"] = kind.line
    registration, raw_reg = _registration(tokens)
    date, raw_date = _transaction_date(flat, notes)
    buyer, raw_buyer = _buyer(tokens)
    issuer, raw_issuer, issuer_cue = _issuer(tokens, buyer)
    totals, taxes, inclusive, raw_rates = _rates(flat)
    total, raw_total, total_candidates = _total(flat)
    non_taxable, raw_non_taxable = _non_taxable(flat)
    if raw_non_taxable:
        raw["non_taxable"] = raw_non_taxable
    lines, lines_source = item_lines(tokens)
    for line in lines:  # no rate column: the marked items are the reduced-rate ones
        line["rate_stated"] = line["rate"] is not None
        if line["rate"] is None and not line["non_taxable"]:
            line["rate"] = 8 if line["marked"] else 10
            line["reduced_rate"] = line["marked"]
    if inclusive is None and total is not None and totals:
        base = sum(totals.values())
        inclusive = (
            True if total == base else False if total == base + sum(taxes.values()) else None
        )
    for key, value in (
        ("registration_number", raw_reg),
        ("transaction_date", raw_date),
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
        "buyer_name": buyer,
        "lines": lines,
        "reduced_rate_note": reduced_note is not None,
        "totals_by_rate": totals,
        "tax_by_rate": taxes,
        "amounts_include_tax": inclusive,
        "total": total,
        "notes": notes,
        "raw_matches": raw,
        "total_candidates": total_candidates,
        "non_taxable": non_taxable,
        "kind_evidence": "title" if kind.title else ("cue" if kind.kind else None),
        "text_source": "ocr" if from_ocr else "text",
        "extraction": "rules",
        "lines_source": lines_source,
        "issuer_cue": issuer_cue,
    }
    fields["evidence"] = _evidence(text, raw, pages)
    return assess_fields(fields)
