"""Deterministic corpus of varied Japanese business documents with their expected fields, for
`bench/bench_extraction.py` and the extraction tests.

    python samples/make_corpus.py --out DIR        # writes the files and DIR/expected.json

Layouts imitate what an accounting team receives: invoices printed from a browser (two
columns, spaced title 御 請 求 書, 合計金額, a 担当 line and bank details), from Word (centred
title, ご請求額 box, 消費税(10%)), from Excel (grid with a No. column, 課税対象額(10%) /
消費税等(10%), 御請求額, 本体価格), DOCX and XLSX originals, receipts (領 収 書, 上様, tax
included), quotations, payment notices (検収兼お支払通知書, row numbers under 合計), delivery
notes, mixed 8%/10%, non-taxable parts (立替金), multi-page invoices and scans (image-only PDFs
and PNG photos rendered at 200 and 300 dpi with noise). Same arguments, same bytes.
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus_parts import registration, write_documents
from make_evidence import FONT, _register_font

__all__ = ["Doc", "build_docs", "generate", "main", "render"]

BUYERS = ["株式会社サンプル商事", "合同会社テスト物流", "株式会社みなと設計"]
ISSUERS = [
    ("株式会社山田商店", "東京都千代田区神田須田町1-2-3", "03-1234-5678"),
    ("有限会社みどり印刷", "大阪府大阪市北区梅田4-5-6", "06-2345-6789"),
    ("合同会社ブルーオーシャン", "福岡県福岡市中央区天神2-8-1", "092-345-6789"),
    ("株式会社さくら運輸", "愛知県名古屋市中村区名駅3-1-1", "052-456-7890"),
    ("株式会社北斗システム", "北海道札幌市中央区北一条西5-2", "011-567-8901"),
    ("株式会社ひまわり食品", "神奈川県横浜市西区みなとみらい2-3-4", "045-678-9012"),
]
GOODS10 = [("コピー用紙 A4 500枚", 557), ("トナーカートリッジ", 12833), ("システム保守費用", 33017),
           ("名刺印刷 100枚", 2753), ("会議室利用料", 5521), ("梱包資材一式", 4629)]  # fmt: skip
GOODS8 = [("緑茶 500ml×24本", 2413), ("会議用弁当", 853), ("コーヒー豆 200g", 1180)]
STYLES = ("browser", "word", "excel", "docx", "xlsx", "receipt")
KIND_TITLES = {
    "invoice": ["御 請 求 書", "請求書", "ご請求書", "請 求 書"],
    "simplified_invoice": ["領 収 書", "領収書"],
    "quotation": ["御 見 積 書", "見積書"],
    "payment_notice": ["検収兼お支払通知書", "支払通知書"],
    "delivery_note": ["納 品 書"],
}
TOTAL_LABELS = ["合計金額", "ご請求額", "御請求額", "(合計)", "【合計】", "合 計", "税込合計金額", "ご請求金額"]  # fmt: skip


@dataclass
class Line:
    description: str
    quantity: int
    unit_price: int
    rate: int | None  # None: non-taxable (立替金)

    @property
    def amount(self) -> int:
        return self.quantity * self.unit_price


@dataclass
class Doc:
    id: str
    kind: str
    style: str
    fmt: str  # pdf | docx | xlsx | scan-pdf | scan-png
    title: str
    issuer: tuple[str, str, str]
    registration: str | None
    buyer: str | None
    date: dt.date
    date_style: int
    lines: list[Line]
    total_label: str
    inclusive: bool = False
    dpi: int = 0
    pages_hint: int = 1
    extra: dict[str, Any] = field(default_factory=dict)

    def bases(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for line in self.lines:
            if line.rate is not None:
                out[line.rate] = out.get(line.rate, 0) + line.amount
        return dict(sorted(out.items(), reverse=True))

    def non_taxable(self) -> int:
        return sum(line.amount for line in self.lines if line.rate is None)

    def taxes(self) -> dict[int, int]:
        if self.inclusive:
            return {r: b * r // (100 + r) for r, b in self.bases().items()}
        return {r: b * r // 100 for r, b in self.bases().items()}

    def total(self) -> int:
        base = sum(self.bases().values()) + self.non_taxable()
        return base if self.inclusive else base + sum(self.taxes().values())

    def date_text(self) -> str:
        d = self.date
        return [
            f"{d.year}年{d.month}月{d.day}日",
            d.strftime("%Y/%m/%d"),
            f"令和{d.year - 2018}年{d.month}月{d.day}日",
            f"{d.year}-{d.month:02d}-{d.day:02d}",
        ][self.date_style]

    def expected(self, file: str) -> dict[str, Any]:
        return {
            "id": self.id,
            "file": file,
            "format": self.fmt,
            "style": self.style,
            "dpi": self.dpi or None,
            "kind": self.kind,
            "total": self.total(),
            "transaction_date": self.date.isoformat(),
            "issuer_name": self.issuer[0],
            "registration_number": self.registration,
            "buyer_name": self.buyer,
            "tax_by_rate": {str(r): v for r, v in self.taxes().items()},
            "non_taxable": self.non_taxable(),
            "lines": [
                {"description": line.description, "amount": line.amount, "rate": line.rate}
                for line in self.lines
            ],
        }


def _lines(rng: random.Random, count: int, mixed: bool, non_taxable: bool) -> list[Line]:
    out = [Line(n, rng.randint(1, 9), p, 10) for n, p in rng.choices(GOODS10, k=count)]
    if mixed:
        for pos in rng.sample(range(count), k=max(1, count // 3)):
            name, price = rng.choice(GOODS8)
            out[pos] = Line(name, rng.randint(1, 9), price, 8)
    if non_taxable:
        out.append(Line("立替金（収入印紙代）", 1, 400, None))
    return out


def build_docs(seed: int = 20240501) -> list[Doc]:
    """48 documents: 30 invoices in six styles, 4 receipts, 3 quotations, 3 payment notices,
    2 delivery notes, and 6 scans of them at 200 and 300 dpi."""
    rng = random.Random(seed)
    docs: list[Doc] = []
    plan: list[tuple[str, str, str]] = []
    plan += [
        ("invoice", STYLES[i % 5], ("pdf", "pdf", "pdf", "docx", "xlsx")[i % 5]) for i in range(30)
    ]
    plan += [("simplified_invoice", "receipt", "pdf")] * 4
    plan += [("quotation", "word", "pdf")] * 3
    plan += [("payment_notice", "excel", "pdf")] * 3
    plan += [("delivery_note", "browser", "pdf")] * 2
    plan += [("invoice", "browser", "scan-pdf"), ("invoice", "word", "scan-pdf"),
             ("invoice", "excel", "scan-png"), ("simplified_invoice", "receipt", "scan-png"),
             ("invoice", "word", "scan-png"), ("invoice", "browser", "scan-pdf")]  # fmt: skip
    for index, (kind, style, fmt) in enumerate(plan):
        issuer = ISSUERS[index % len(ISSUERS)]
        receipt = kind == "simplified_invoice"
        multi = kind == "invoice" and index % 10 == 7 and fmt == "pdf"
        lines = _lines(rng, 36 if multi else rng.randint(2, 6), index % 3 == 0, index % 7 == 3)
        doc = Doc(
            id=f"doc_{index + 1:03d}",
            kind=kind,
            style=style,
            fmt=fmt,
            title=rng.choice(KIND_TITLES[kind]),
            issuer=issuer,
            registration=registration(rng) if kind not in ("quotation", "delivery_note") else None,
            buyer=None if receipt else BUYERS[index % len(BUYERS)],
            date=dt.date(2024, 4 + index % 6, rng.randint(1, 28)),
            date_style=index % 4,
            lines=lines,
            total_label=TOTAL_LABELS[index % len(TOTAL_LABELS)],
            inclusive=receipt,
            dpi=(200, 300)[index % 2] if fmt.startswith("scan") else 0,
        )
        if kind == "payment_notice":  # the buyer issues it: the vendor is the 御中 party
            doc.extra["payer"] = BUYERS[index % len(BUYERS)]
        docs.append(doc)
    return docs


# -- PDF rendering ------------------------------------------------------------------------------


class _Canvas:
    def __init__(self) -> None:
        from reportlab.lib.pagesizes import A4
        from reportlab.pdfgen.canvas import Canvas

        _register_font()
        self.buf = io.BytesIO()
        self.c = Canvas(self.buf, pagesize=A4, invariant=1)
        self.height = A4[1]

    def t(self, x: float, y: float, s: str, size: float = 9, align: str = "l") -> None:
        self.c.setFont(FONT, size)
        {"l": self.c.drawString, "r": self.c.drawRightString, "c": self.c.drawCentredString}[align](
            x, y, s
        )

    def rule(self, y: float, x0: float = 50, x1: float = 545) -> None:
        self.c.line(x0, y, x1, y)

    def box(self, x: float, y: float, w: float, h: float) -> None:
        self.c.rect(x, y, w, h)

    def save(self) -> bytes:
        self.c.save()
        return self.buf.getvalue()


def _yen(v: int) -> str:
    return f"¥{v:,}"


def _rate_text(rate: int | None) -> str:
    return "非課税" if rate is None else ("8%※" if rate == 8 else "10%")


def _table(cv: _Canvas, doc: Doc, y: float, numbered: bool) -> float:
    heads = (["No."] if numbered else []) + ["品名", "数量", "単価", "金額", "税率"]
    xs = ([55] if numbered else []) + [80 if numbered else 60, 330, 400, 480, 520]
    for x, h in zip(xs, heads, strict=True):
        cv.t(x, y, h, 9)
    cv.rule(y - 4)
    y -= 16
    for n, line in enumerate(doc.lines, start=1):
        if y < 90:
            cv.c.showPage()
            y = cv.height - 60
        values = ([str(n)] if numbered else []) + [
            line.description + (" ※" if line.rate == 8 else ""),
            str(line.quantity),
            f"{line.unit_price:,}",
            f"{line.amount:,}",
            _rate_text(line.rate),
        ]
        for i, (x, v) in enumerate(zip(xs, values, strict=True)):
            cv.t(x + (40 if i >= len(xs) - 4 else 0), y, v, 9, "r" if i >= len(xs) - 4 else "l")
        y -= 14
    cv.rule(y + 6)
    return y - 10


def _summary(cv: _Canvas, doc: Doc, y: float, style: str) -> float:
    taxes = doc.taxes()
    for rate, base in doc.bases().items():
        if style == "excel":
            cv.t(330, y, f"課税対象額({rate}%)", 9)
            cv.t(540, y, f"{base:,}", 9, "r")
            y -= 13
            cv.t(330, y, f"消費税等({rate}%)", 9)
            cv.t(540, y, f"{taxes[rate]:,}", 9, "r")
        elif style == "word":
            cv.t(330, y, f"{rate}%対象 本体価格", 9)
            cv.t(540, y, _yen(base), 9, "r")
            y -= 13
            cv.t(330, y, f"消費税({rate}%)", 9)
            cv.t(540, y, _yen(taxes[rate]), 9, "r")
        else:
            cv.t(330, y, f"{rate}%対象 小計 {_yen(base)}", 9)
            cv.t(540, y, f"消費税 {_yen(taxes[rate])}", 9, "r")
        y -= 15
    if doc.non_taxable():
        cv.t(330, y, "非課税(立替金)", 9)
        cv.t(540, y, _yen(doc.non_taxable()), 9, "r")
        y -= 15
    label = doc.total_label if doc.kind == "invoice" else "合計"
    cv.t(330, y, label, 11)
    cv.t(540, y, _yen(doc.total()), 11, "r")
    return y - 20


def _parties(cv: _Canvas, doc: Doc, y: float, right: bool) -> None:
    name, address, tel = doc.issuer
    x = 360 if right else 60
    if doc.kind == "payment_notice":
        cv.t(60, y, f"{name} 御中", 12)
        cv.t(360, y, doc.extra["payer"], 10)
        cv.t(360, y - 13, "経理部 担当 佐藤", 8)
        return
    if doc.buyer:
        cv.t(60 if right else 360, y, f"{doc.buyer} 御中", 12)
    cv.t(x, y - 30, name, 11)
    cv.t(x, y - 43, f"〒100-0001 {address}", 7)
    cv.t(x, y - 54, f"TEL {tel}", 7)
    if doc.registration:
        cv.t(x, y - 66, f"登録番号：{doc.registration}", 8)
    cv.t(x, y - 78, "担当：鈴木 一郎", 8)


def _pdf(doc: Doc) -> bytes:
    cv = _Canvas()
    top = cv.height - 60
    if doc.style == "receipt":
        cv.t(297, top, doc.title, 18, "c")
        cv.t(60, top - 40, "上様", 12)
        cv.t(400, top - 40, doc.date_text(), 9)
        cv.t(297, top - 80, f"金額  {_yen(doc.total())}-", 16, "c")
        cv.t(297, top - 100, "但し お品代として 上記正に領収いたしました", 8, "c")
        taxes = doc.taxes()
        y = top - 130
        for rate, base in doc.bases().items():
            cv.t(200, y, f"{rate}%対象 {_yen(base)} 内消費税 {_yen(taxes[rate])}", 9)
            y -= 13
        if doc.non_taxable():
            cv.t(200, y, f"非課税 {_yen(doc.non_taxable())}", 9)
            y -= 13
        _parties(cv, doc, y - 10, True)
        cv.t(60, y - 110, "※は軽減税率対象", 7)
        return cv.save()
    if doc.style == "word":
        cv.t(297, top, doc.title, 18, "c")
        _parties(cv, doc, top - 30, True)
        cv.t(60, top - 90, f"発行日 {doc.date_text()}", 9)
        label = {"quotation": "御見積金額", "payment_notice": "お支払金額"}.get(
            doc.kind, "ご請求額"
        )
        cv.box(55, top - 140, 240, 28)
        cv.t(62, top - 130, f"{label}  {_yen(doc.total())}（税込）", 12)
        y = _table(cv, doc, top - 170, False)
    elif doc.style == "excel":
        cv.t(297, top, doc.title, 16, "c")
        cv.t(400, top - 20, f"No. {doc.id.upper()}", 8)
        cv.t(400, top - 32, doc.date_text(), 8)
        _parties(cv, doc, top - 50, True)
        y = _table(cv, doc, top - 150, True)
    else:  # browser: two columns, label and value in separate cells
        cv.t(60, top, doc.title, 20)
        cv.t(400, top, "請求日", 8)
        cv.t(450, top, doc.date_text(), 8)
        cv.t(400, top - 12, "請求番号", 8)
        cv.t(450, top - 12, f"INV-{doc.id[-3:]}", 8)
        _parties(cv, doc, top - 40, True)
        y = _table(cv, doc, top - 150, False)
    y = _summary(cv, doc, y, doc.style)
    if doc.kind == "invoice":
        cv.t(60, y, "お振込先：サンプル銀行 本店営業部 普通 1234567", 8)
        cv.t(60, y - 12, "※は軽減税率対象品目です。", 7)
    return cv.save()


# -- Office originals ---------------------------------------------------------------------------


def _docx(doc: Doc) -> bytes:
    import docx

    document = docx.Document()
    document.add_heading(doc.title, level=1)
    if doc.buyer:
        document.add_paragraph(f"{doc.buyer} 御中")
    document.add_paragraph(f"請求日：{doc.date_text()}")
    name, address, tel = doc.issuer
    document.add_paragraph(f"{name}\n{address}\nTEL {tel}\n登録番号：{doc.registration}")
    document.add_paragraph(f"ご請求金額　{_yen(doc.total())}-")
    table = document.add_table(rows=1, cols=5)
    for cell, head in zip(
        table.rows[0].cells, ["品名", "数量", "単価", "金額", "税率"], strict=True
    ):
        cell.text = head
    for line in doc.lines:
        row = table.add_row().cells
        values = [line.description + (" ※" if line.rate == 8 else ""), str(line.quantity),
                  f"{line.unit_price:,}", f"{line.amount:,}", _rate_text(line.rate)]  # fmt: skip
        for cell, value in zip(row, values, strict=True):
            cell.text = value
    taxes = doc.taxes()
    for rate, base in doc.bases().items():
        document.add_paragraph(f"{rate}%対象\t小計 {_yen(base)}\t消費税 {_yen(taxes[rate])}")
    if doc.non_taxable():
        document.add_paragraph(f"非課税\t{_yen(doc.non_taxable())}")
    document.add_paragraph(f"{doc.total_label}\t{_yen(doc.total())}")
    document.add_paragraph("※は軽減税率対象品目です。")
    out = io.BytesIO()
    document.core_properties.created = dt.datetime(2024, 4, 30)
    document.save(out)
    return out.getvalue()


def _xlsx(doc: Doc) -> bytes:
    from openpyxl import Workbook

    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = "請求書"
    sheet["B2"] = doc.title
    if doc.buyer:
        sheet["B4"] = doc.buyer
        sheet["B4"].number_format = '@" 御中"'  # 御中 only in the number format
    sheet["F4"] = doc.date
    sheet["F4"].number_format = "yyyy年m月d日"
    name, address, tel = doc.issuer
    sheet["F6"], sheet["F7"], sheet["F8"] = name, address, f"TEL {tel}"
    sheet["F9"] = f"登録番号 {doc.registration}"
    sheet["B11"] = "御請求額"
    sheet["C11"] = doc.total()
    sheet["C11"].number_format = '"¥"#,##0'
    sheet.append([])
    sheet.append([None, "No", "品名", "数量", "単価", "金額", "税率"])
    for n, line in enumerate(doc.lines, start=1):
        sheet.append([None, n, line.description + (" ※" if line.rate == 8 else ""), line.quantity,
                      line.unit_price, line.amount, _rate_text(line.rate)])  # fmt: skip
    taxes = doc.taxes()
    for rate, base in doc.bases().items():
        sheet.append([None, None, f"課税対象額({rate}%)", None, None, base])
        sheet.append([None, None, f"消費税等({rate}%)", None, None, taxes[rate]])
    if doc.non_taxable():
        sheet.append([None, None, "非課税(立替金)", None, None, doc.non_taxable()])
    sheet.append([None, None, "合計", None, None, doc.total()])
    out = io.BytesIO()
    workbook.properties.created = dt.datetime(2024, 4, 30)
    workbook.properties.modified = dt.datetime(2024, 4, 30)
    workbook.save(out)
    return out.getvalue()


# -- scans --------------------------------------------------------------------------------------


def _scan(pdf: bytes, dpi: int, as_png: bool, seed: int) -> bytes:
    """Render page 1 at `dpi`, add a slight rotation, grey background and speckle noise; an
    image-only PDF or a PNG photo."""
    import pypdfium2
    from PIL import Image, ImageFilter

    page = pypdfium2.PdfDocument(pdf)[0]
    image = page.render(scale=dpi / 72).to_pil().convert("L")
    rng = random.Random(seed)
    image = image.rotate(rng.uniform(-0.8, 0.8), expand=False, fillcolor=255)
    pixels = image.load()
    assert pixels is not None
    width, height = image.size
    for _ in range(width * height // 400):
        x, y = rng.randrange(width), rng.randrange(height)
        pixels[x, y] = rng.choice((0, 90, 160))
    image = image.filter(ImageFilter.GaussianBlur(0.4)).point(lambda v: min(255, v + 8))
    out = io.BytesIO()
    if as_png:
        image.save(out, format="PNG", optimize=True)
    else:
        Image.Image.save(image, out, format="PDF", resolution=dpi)
    return out.getvalue()


def render(doc: Doc, index: int) -> tuple[bytes, str]:
    """(bytes, file extension) of one document."""
    if doc.fmt == "docx":
        return _docx(doc), "docx"
    if doc.fmt == "xlsx":
        return _xlsx(doc), "xlsx"
    pdf = _pdf(doc)
    if doc.fmt == "scan-pdf":
        return _scan(pdf, doc.dpi, False, index), "pdf"
    if doc.fmt == "scan-png":
        return _scan(pdf, doc.dpi, True, index), "png"
    return pdf, "pdf"


def generate(out: Path) -> list[dict[str, Any]]:
    out.mkdir(parents=True, exist_ok=True)
    return write_documents(out, build_docs(), render, shape=lambda doc: doc.style)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("out/corpus"))
    args = parser.parse_args(argv)
    docs = generate(args.out)
    sys.stdout.write(f"{len(docs)} documents in {args.out}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
