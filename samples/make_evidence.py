"""Deterministic generator of Japanese evidence files (適格請求書) for tests and benchmarks.

    python samples/make_evidence.py [--out DIR] [--count N]

Writes N invoice PDFs in three layouts (a real embedded Japanese font, so the text is
extractable), one DOCX and one XLSX invoice, a cp932-named two-tier `evidence.zip` (vendor
folders, no UTF-8 flag, as made on Japanese Windows) and `manifest.json` with every invoice's
true fields and its deliberate defects. Same arguments, same bytes.
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import json
import random
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "BUYER",
    "Invoice",
    "Item",
    "build_invoices",
    "check_digit",
    "cp932_zip",
    "font_path",
    "generate",
    "main",
    "render_docx",
    "render_pdf",
    "render_xlsx",
]

BUYER = "株式会社サンプル商事"
FONT = "IPAexGothic"
_FIXED_TIME = (2024, 4, 30, 9, 0, 0)
_ISSUERS = [
    ("株式会社山田商店", "東京都千代田区神田須田町1-2-3", "yamada"),
    ("有限会社みどり印刷", "大阪府大阪市北区梅田4-5-6", "midori"),
    ("合同会社ブルーオーシャン", "福岡県福岡市中央区天神2-8-1", "blueocean"),
    ("株式会社さくら運輸", "愛知県名古屋市中村区名駅3-1-1", "sakura"),
    ("株式会社北斗システム", "北海道札幌市中央区北一条西5-2", "hokuto"),
    ("株式会社東京オフィスサプライ", "東京都港区芝公園1-1-1", "tokyo_office"),
    ("株式会社ひまわり食品", "神奈川県横浜市西区みなとみらい2-3-4", "himawari"),
]
_REDUCED = [
    ("コーヒー豆 200g", 1180),
    ("ミネラルウォーター 2L×6本", 987),
    ("会議用弁当", 853),
    ("緑茶 500ml×24本", 2413),
    ("焼菓子詰め合わせ", 1527),
    ("牛乳 1L", 231),
]
_STANDARD = [
    ("コピー用紙 A4 500枚", 557),
    ("トナーカートリッジ", 12833),
    ("配送料", 1109),
    ("会議室利用料", 5521),
    ("システム保守費用", 33017),
    ("名刺印刷 100枚", 2753),
    ("封筒 長3 1000枚", 3987),
    ("梱包資材一式", 4629),
]
_LAYOUTS = ("standard", "compact", "statement")
_DEFECTS = {
    2: "missing_registration_number",
    3: "invalid_check_digit",
    4: "per_line_tax_rounding",
    5: "missing_buyer",
}


def check_digit(base12: str) -> int:
    """法人番号 check digit: weights 1,2,1,2… from the right over 12 digits; 9 − (sum mod 9)."""
    total = sum(int(d) * (1 if i % 2 == 0 else 2) for i, d in enumerate(reversed(base12)))
    return 9 - total % 9


@dataclass
class Item:
    description: str
    quantity: int
    unit_price: int
    rate: int

    @property
    def amount(self) -> int:
        return self.quantity * self.unit_price


@dataclass
class Invoice:
    id: str
    slug: str
    layout: str
    issuer: str
    address: str
    registration_number: str | None
    registration_valid: bool
    buyer: str | None
    number: str
    date: dt.date
    date_style: int
    items: list[Item]
    defects: list[str] = field(default_factory=list)

    def subtotals(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for item in self.items:
            out[item.rate] = out.get(item.rate, 0) + item.amount
        return dict(sorted(out.items(), reverse=True))

    def correct_taxes(self) -> dict[int, int]:
        return {rate: amount * rate // 100 for rate, amount in self.subtotals().items()}

    def taxes(self) -> dict[int, int]:
        """The tax as printed: once per rate, or per line when that is the defect."""
        if "per_line_tax_rounding" not in self.defects:
            return self.correct_taxes()
        out = dict.fromkeys(self.subtotals(), 0)
        for item in self.items:
            out[item.rate] += item.amount * item.rate // 100
        return out

    def total(self) -> int:
        return sum(self.subtotals().values()) + sum(self.taxes().values())

    def date_text(self) -> str:
        d = self.date
        if self.date_style == 0:
            return f"{d.year}年{d.month}月{d.day}日"
        if self.date_style == 1:
            return d.strftime("%Y/%m/%d")
        return f"令和{d.year - 2018}年{d.month}月{d.day}日"

    def marked(self, item: Item) -> str:
        return item.description + (" ※" if item.rate == 8 else "")

    def manifest(self, fmt: str, file: str, zip_path: str, pages: int | None) -> dict[str, Any]:
        return {
            "id": self.id,
            "format": fmt,
            "file": file,
            "zip_path": zip_path,
            "layout": self.layout,
            "pages": pages,
            "issuer": self.issuer,
            "issuer_address": self.address,
            "registration_number": self.registration_number,
            "registration_number_valid": self.registration_valid,
            "buyer": self.buyer,
            "invoice_number": self.number,
            "date": self.date.isoformat(),
            "date_text": self.date_text(),
            "items": [
                {
                    "description": i.description,
                    "quantity": i.quantity,
                    "unit_price": i.unit_price,
                    "amount": i.amount,
                    "rate": i.rate,
                }
                for i in self.items
            ],
            "subtotal_by_rate": {str(k): v for k, v in self.subtotals().items()},
            "tax_by_rate": {str(k): v for k, v in self.taxes().items()},
            "expected_tax_by_rate": {str(k): v for k, v in self.correct_taxes().items()},
            "total": self.total(),
            "defects": list(self.defects),
        }


def _registration(rng: random.Random, valid: bool) -> str:
    base = "".join(str(rng.randrange(10)) for _ in range(12))
    digit = check_digit(base)
    return f"T{digit if valid else (digit % 9) + 1}{base}"


def _items(rng: random.Random, count: int, reduced: bool) -> list[Item]:
    items = [Item(name, 0, price, 10) for name, price in rng.choices(_STANDARD, k=count)]
    if reduced:
        for pos in rng.sample(range(count), k=max(2, count // 3)):
            name, price = rng.choice(_REDUCED)
            items[pos] = Item(name, 0, price, 8)
    for item in items:
        item.quantity = rng.randint(1, 12)
    return items


def build_invoices(count: int, seed: int = 20240401) -> list[Invoice]:
    """`count` invoices; layouts, date styles and defects rotate so every kind appears."""
    rng = random.Random(seed)
    out: list[Invoice] = []
    for index in range(count):
        issuer, address, slug = _ISSUERS[index % len(_ISSUERS)]
        layout = _LAYOUTS[index % len(_LAYOUTS)]
        defect = _DEFECTS.get(index % 8)
        while True:
            n_items = rng.randint(34, 40) if layout == "statement" else rng.randint(3, 7)
            inv = Invoice(
                id=f"inv_{index + 1:03d}",
                slug=slug,
                layout=layout,
                issuer=issuer,
                address=address,
                registration_number=_registration(rng, defect != "invalid_check_digit"),
                registration_valid=defect != "invalid_check_digit",
                buyer=BUYER,
                number=f"{slug[:3].upper()}-{2024}{rng.randint(1000, 9999)}",
                date=dt.date(2024, 4 + index % 6, rng.randint(1, 28)),
                date_style=(index + index // 3) % 3,
                items=_items(rng, n_items, reduced=index % 4 != 1),
                defects=[defect] if defect else [],
            )
            if defect != "per_line_tax_rounding" or inv.taxes() != inv.correct_taxes():
                break
        if defect == "missing_registration_number":
            inv.registration_number, inv.registration_valid = None, False
        if defect == "missing_buyer":
            inv.buyer = None
        out.append(inv)
    return out


# -- PDF ----------------------------------------------------------------------------------------


def font_path() -> Path:
    """The TTF shipped inside the `matplotlib-fontja` package."""
    import matplotlib_fontja

    return next(Path(matplotlib_fontja.__file__).parent.rglob("*.ttf"))


def _register_font() -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(FONT, str(font_path())))


def _yen(value: int, style: str) -> str:
    return {"standard": f"¥{value:,}", "compact": f"{value:,}円"}.get(style, f"{value:,}")


def _rate_label(rate: int, style: str) -> str:
    if rate == 8:
        return "軽減8%" if style == "compact" else "8%（軽減税率）"
    return "10%"


class _Pdf:
    def __init__(self) -> None:
        from reportlab.lib.pagesizes import A4
        from reportlab.pdfgen.canvas import Canvas

        _register_font()
        self.buf = io.BytesIO()
        self.c = Canvas(self.buf, pagesize=A4, invariant=1)
        self.width = A4[0]

    def text(self, x: float, y: float, s: str, size: float = 10, align: str = "l") -> None:
        self.c.setFont(FONT, size)
        draw = {"l": self.c.drawString, "r": self.c.drawRightString, "c": self.c.drawCentredString}
        draw[align](x, y, s)

    def line(self, y: float, x0: float = 50, x1: float = 545) -> None:
        self.c.line(x0, y, x1, y)

    def finish(self, inv: Invoice) -> bytes:
        self.c.setTitle(f"請求書 {inv.number}")
        self.c.setAuthor(inv.issuer)
        self.c.save()
        return self.buf.getvalue()


def _issuer_block(pdf: _Pdf, inv: Invoice, x: float, y: float) -> None:
    pdf.text(x, y, inv.issuer, 11)
    pdf.text(x, y - 14, inv.address, 8)
    if inv.registration_number:
        pdf.text(x, y - 28, f"登録番号：{inv.registration_number}", 9)


def _rate_summary(pdf: _Pdf, inv: Invoice, y: float, style: str) -> float:
    taxes = inv.taxes()
    for rate, subtotal in inv.subtotals().items():
        label = f"{_rate_label(rate, style)}対象"
        pdf.text(300, y, label, 9)
        pdf.text(440, y, f"小計 {_yen(subtotal, style)}", 9, "r")
        pdf.text(545, y, f"消費税 {_yen(taxes[rate], style)}", 9, "r")
        y -= 15
    pdf.text(300, y, "合計（税込）", 11)
    pdf.text(545, y, _yen(inv.total(), style), 11, "r")
    return y - 20


def _pdf_standard(inv: Invoice) -> bytes:
    pdf = _Pdf()
    pdf.text(pdf.width / 2, 790, "請求書", 20, "c")
    pdf.text(545, 760, f"請求日：{inv.date_text()}", 9, "r")
    pdf.text(545, 746, f"請求書番号：{inv.number}", 9, "r")
    if inv.buyer:
        pdf.text(50, 715, f"{inv.buyer} 御中", 13)
        pdf.line(710, 50, 260)
    _issuer_block(pdf, inv, 360, 705)
    pdf.text(50, 650, "下記のとおりご請求申し上げます。", 10)
    pdf.text(50, 625, f"ご請求金額　{_yen(inv.total(), 'standard')}-", 14)
    y = 590.0
    for x, head, align in (
        (50, "品名", "l"),
        (330, "数量", "r"),
        (400, "単価", "r"),
        (480, "金額", "r"),
        (500, "税率", "l"),
    ):
        pdf.text(x, y, head, 9, align)
    pdf.line(y - 5)
    for item in inv.items:
        y -= 18
        pdf.text(50, y, inv.marked(item), 9)
        pdf.text(330, y, str(item.quantity), 9, "r")
        pdf.text(400, y, f"{item.unit_price:,}", 9, "r")
        pdf.text(480, y, f"{item.amount:,}", 9, "r")
        pdf.text(500, y, f"{item.rate}%", 9)
    pdf.line(y - 8)
    y = _rate_summary(pdf, inv, y - 28, "standard")
    pdf.text(50, y - 10, "※印は軽減税率（8%）対象品目です。", 8)
    return pdf.finish(inv)


def _pdf_compact(inv: Invoice) -> bytes:
    pdf = _Pdf()
    pdf.text(50, 790, "適格請求書", 18)
    pdf.text(50, 768, f"発行日 {inv.date_text()}　No. {inv.number}", 9)
    if inv.buyer:
        pdf.text(50, 740, f"{inv.buyer} 御中", 12)
    y = 700.0
    for x, head, align in (
        (50, "品目", "l"),
        (300, "税率", "l"),
        (380, "数量", "r"),
        (460, "単価", "r"),
        (545, "金額", "r"),
    ):
        pdf.text(x, y, head, 9, align)
    for item in inv.items:
        y -= 16
        pdf.text(50, y, item.description, 9)
        pdf.text(300, y, _rate_label(item.rate, "compact"), 9)
        pdf.text(380, y, str(item.quantity), 9, "r")
        pdf.text(460, y, _yen(item.unit_price, "compact"), 9, "r")
        pdf.text(545, y, _yen(item.amount, "compact"), 9, "r")
    pdf.text(50, y - 30, "税率ごとの内訳", 10)
    _rate_summary(pdf, inv, y - 30, "compact")
    pdf.line(130)
    pdf.text(50, 115, "発行者", 8)
    _issuer_block(pdf, inv, 50, 100)
    return pdf.finish(inv)


def _pdf_statement(inv: Invoice) -> bytes:
    pdf = _Pdf()
    per_page = 28
    pages = [inv.items[i : i + per_page] for i in range(0, len(inv.items), per_page)]
    for number, rows in enumerate(pages, start=1):
        pdf.text(50, 800, inv.issuer, 9)
        pdf.text(545, 800, f"{number} / {len(pages)} ページ", 9, "r")
        y = 770.0
        if number == 1:
            pdf.text(pdf.width / 2, 770, "御請求書（兼 納品明細書）", 16, "c")
            if inv.buyer:
                pdf.text(50, 740, f"{inv.buyer} 御中", 12)
            pdf.text(545, 740, f"{inv.date_text()}", 9, "r")
            pdf.text(545, 726, f"請求No. {inv.number}", 9, "r")
            pdf.text(50, 705, f"今回ご請求額 {_yen(inv.total(), 'statement')} 円", 13)
            _issuer_block(pdf, inv, 360, 705)
            y = 650
        for item in rows:
            y -= 19
            pdf.text(50, y, inv.marked(item), 9)
            pdf.text(360, y, f"{item.quantity} × {item.unit_price:,}", 9, "r")
            pdf.text(460, y, f"{item.amount:,}", 9, "r")
        if number == len(pages):
            pdf.line(y - 10)
            _rate_summary(pdf, inv, y - 30, "statement")
            pdf.text(50, y - 30, "※は軽減税率対象", 8)
        pdf.c.showPage()
    return pdf.finish(inv)


def render_pdf(inv: Invoice) -> bytes:
    renderers = {"standard": _pdf_standard, "compact": _pdf_compact, "statement": _pdf_statement}
    return renderers[inv.layout](inv)


# -- DOCX / XLSX / ZIP --------------------------------------------------------------------------


def _fixed_zip(data: bytes) -> bytes:
    """Rewrite an OOXML package with fixed timestamps so the output is byte-stable."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            fixed = zipfile.ZipInfo(info.filename, date_time=_FIXED_TIME)
            fixed.compress_type = zipfile.ZIP_DEFLATED
            data = src.read(info)
            if info.filename == "docProps/core.xml":  # openpyxl stamps `modified` on save
                data = re.sub(
                    rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2024-04-30T09:00:00Z", data
                )
            dst.writestr(fixed, data)
    return out.getvalue()


def render_docx(inv: Invoice) -> bytes:
    """A Word invoice: issuer and registration number in the page header, items in a table."""
    import docx

    doc = docx.Document()
    stamp = dt.datetime(2024, 4, 30, 9, 0, 0)
    props = doc.core_properties
    props.author = props.last_modified_by = inv.issuer
    props.created = props.modified = props.last_printed = stamp
    props.revision = 1
    header = doc.sections[0].header.paragraphs[0]
    header.text = f"{inv.issuer}　登録番号：{inv.registration_number or '（未記載）'}"
    doc.add_heading("請求書", level=1)
    if inv.buyer:
        doc.add_paragraph(f"{inv.buyer} 御中")
    doc.add_paragraph(f"請求日：{inv.date_text()}　請求書番号：{inv.number}")
    table = doc.add_table(rows=1, cols=5)
    for cell, head in zip(
        table.rows[0].cells, ("品名", "数量", "単価", "金額", "税率"), strict=True
    ):
        cell.text = head
    for item in inv.items:
        row = table.add_row().cells
        values = (
            inv.marked(item),
            str(item.quantity),
            f"{item.unit_price:,}",
            f"{item.amount:,}",
            f"{item.rate}%",
        )
        for cell, value in zip(row, values, strict=True):
            cell.text = value
    summary = doc.add_table(rows=0, cols=3)
    taxes = inv.taxes()
    for rate, subtotal in inv.subtotals().items():
        row = summary.add_row().cells
        row[0].text, row[1].text = f"{_rate_label(rate, 'docx')}対象", f"小計 {subtotal:,}円"
        row[2].text = f"消費税 {taxes[rate]:,}円"
    doc.add_paragraph(f"合計（税込）　{inv.total():,}円")
    doc.add_paragraph("※印は軽減税率（8%）対象品目です。")
    buf = io.BytesIO()
    doc.save(buf)
    return _fixed_zip(buf.getvalue())


def render_xlsx(inv: Invoice) -> bytes:
    """An Excel invoice on the first sheet; a second sheet that extractors must ignore."""
    from openpyxl import Workbook

    wb = Workbook()
    stamp = dt.datetime(2024, 4, 30, 9, 0, 0)
    wb.properties.created = wb.properties.modified = stamp
    wb.properties.creator = wb.properties.lastModifiedBy = inv.issuer
    ws = wb.worksheets[0]
    ws.title = "請求書"
    ws.append(["請求書", None, None, None, inv.issuer])
    ws.append(
        [
            f"{inv.buyer} 御中" if inv.buyer else None,
            None,
            None,
            None,
            f"登録番号：{inv.registration_number}" if inv.registration_number else None,
        ]
    )
    ws.append(["請求日", inv.date, None, None, inv.address])
    ws.append(["請求書番号", inv.number])
    ws.append([])
    ws.append(["品名", "数量", "単価", "金額", "税率"])
    for item in inv.items:
        ws.append([inv.marked(item), item.quantity, item.unit_price, item.amount, item.rate / 100])
    ws.append([])
    taxes = inv.taxes()
    for rate, subtotal in inv.subtotals().items():
        ws.append(
            [
                f"{_rate_label(rate, 'xlsx')}対象",
                None,
                "小計",
                subtotal,
                None,
                "消費税",
                taxes[rate],
            ]
        )
    ws.append(["合計（税込）", None, None, inv.total()])
    memo = wb.create_sheet("メモ")
    memo.append(["社内メモ：この行は抽出対象外"])
    buf = io.BytesIO()
    wb.save(buf)
    return _fixed_zip(buf.getvalue())


class _Cp932Info(zipfile.ZipInfo):
    """A member whose name is written in cp932 without the UTF-8 flag (Japanese Windows)."""

    __slots__ = ()

    def _encodeFilenameFlags(self) -> tuple[bytes, int]:
        return self.filename.encode("cp932"), self.flag_bits & ~0x800


def cp932_zip(entries: list[tuple[str, bytes]]) -> bytes:
    """A ZIP whose member names are cp932 bytes with no UTF-8 flag."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for name, data in entries:
            info = _Cp932Info(name, date_time=_FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 0
            zf.writestr(info, data)
    return out.getvalue()


def _pdf_pages(data: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(data)).pages)


def generate(out: Path, count: int) -> dict[str, Any]:
    """Write every evidence file under `out`; return the manifest."""
    invoices = build_invoices(count + 2)
    (out / "invoices").mkdir(parents=True, exist_ok=True)
    entries: list[tuple[str, bytes]] = []
    manifest: list[dict[str, Any]] = []
    renderers = [("pdf", render_pdf)] * count + [("docx", render_docx), ("xlsx", render_xlsx)]
    for inv, (fmt, render) in zip(invoices, renderers, strict=True):
        data = render(inv)
        file = f"invoices/{inv.id}_{inv.slug}.{fmt}"
        zip_path = f"{inv.issuer}/請求書_{inv.date:%Y年%m月}_{inv.id[-3:]}.{fmt}"
        (out / file).write_bytes(data)
        entries.append((zip_path, data))
        pages = _pdf_pages(data) if fmt == "pdf" else None
        manifest.append(inv.manifest(fmt, file, zip_path, pages))
    letter = f"{BUYER} 経理部 御中\r\n請求書一式を送付いたします。\r\n".encode("cp932")
    entries.insert(0, ("送付状.txt", letter))
    (out / "evidence.zip").write_bytes(cp932_zip(entries))
    document = {
        "generator": "samples/make_evidence.py",
        "count": count,
        "zip": {
            "file": "evidence.zip",
            "name_encoding": "cp932",
            "members": [name for name, _ in entries],
        },
        "invoices": manifest,
    }
    text = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    (out / "manifest.json").write_text(text, encoding="utf-8")
    return document


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "evidence")
    parser.add_argument("--count", type=int, default=7, help="number of PDF invoices")
    args = parser.parse_args(argv)
    generate(args.out, args.count)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
