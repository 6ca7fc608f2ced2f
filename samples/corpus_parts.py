"""The parts the corpus generators share: printing HTML with Debian's Chromium, the scan
model's frame (render, degrade, JPEG artefacts, save), saving a workbook with fixed dates,
writing the documents and their expected.json, and the command line.

Each generator keeps what makes its set its own (parties, goods, layouts, fonts, the scan's
noise); only the machinery is here, so that two sets made the same way are made by the same
code. Used by `make_browser_corpus.py`, `make_heldout_corpus.py`, `make_fresh_corpus.py`,
`make_heldout2_corpus.py` and the blind sets `make_heldout3/4/5_corpus.py` (which are made
by one `generate_printed`: Chromium prints the PDFs, the office layouts write DOCX/XLSX, the
scans are made from the printed PDFs).
"""

from __future__ import annotations

import argparse
import calendar
import datetime as dt
import html
import io
import json
import random
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_evidence import check_digit

__all__ = [
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "PrintedSet",
    "add_row",
    "generate_printed",
    "image_bytes",
    "ipaex_font",
    "items_only_html",
    "last_day_of_month",
    "midnight",
    "new_book",
    "print_html",
    "registration",
    "reiwa",
    "require_fonts",
    "run",
    "save_book",
    "scan_pdf",
    "write_documents",
]

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu"]

#: A page of a scan: (the grey page, the document, the scan's random source) -> the page.
PageEffects = Callable[[Any, Any, random.Random], Any]


def last_day_of_month(day: dt.date, ahead: int) -> dt.date:
    """The last day of the month `ahead` months after `day`'s (0: its own)."""
    month = day.month - 1 + ahead
    year, month = day.year + month // 12, month % 12 + 1
    return dt.date(year, month, calendar.monthrange(year, month)[1])


def reiwa(day: dt.date) -> str:
    """The date in 令和 (「令和9年4月30日」)."""
    return f"令和{day.year - 2018}年{day.month}月{day.day}日"


def midnight(day: dt.date) -> dt.datetime:
    """The day at 00:00 (a document's creation time)."""
    return dt.datetime.combine(day, dt.time())


def new_book() -> tuple[Any, Any]:
    """A new openpyxl workbook and its active sheet."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    return book, sheet


def add_row(table: Any, values: list[str]) -> None:
    """A row of texts added to a python-docx table."""
    for cell, text in zip(table.add_row().cells, values, strict=True):
        cell.text = text


def registration(rng: random.Random) -> str:
    """A registration number (T + check digit + 12 digits) drawn from `rng`."""
    base = "".join(str(rng.randrange(10)) for _ in range(12))
    return f"T{check_digit(base)}{base}"


def ipaex_font() -> Path:
    """IPAex Gothic, as `matplotlib-fontja` ships it (no CJK font needs to be installed)."""
    import matplotlib_fontja

    return Path(matplotlib_fontja.__file__).parent / "fonts" / "ipaexg.ttf"


def require_fonts(
    fonts: Mapping[str, Path], packages: str = "fonts-ipafont-mincho fonts-vlgothic"
) -> None:
    """Stop with the Debian packages to install when a font file is missing."""
    missing = [str(path) for path in fonts.values() if not path.is_file()]
    if missing:
        raise SystemExit(f"fonts missing: {', '.join(missing)} — apt-get install {packages}")


def print_html(
    docs: Iterable[Any],
    *,
    prefix: str,
    fonts: Mapping[str, Path],
    css: str,
    body: Callable[[Any], str],
    pdf_options: Callable[[Any], dict[str, Any]],
) -> dict[str, bytes]:
    """{doc.id: PDF} of each document's HTML (`body(doc)` under `css`) printed by Debian's
    Chromium through Playwright (never `playwright install`). `fonts` maps a file name the CSS
    loads with @font-face to the font file copied under that name beside the pages."""
    from playwright.sync_api import sync_playwright

    printed: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory(prefix=prefix) as work, sync_playwright() as pw:
        for name, path in fonts.items():
            shutil.copy(path, Path(work) / name)
        browser = pw.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        page = browser.new_page()
        for doc in docs:
            source = Path(work) / f"{doc.id}.html"
            source.write_text(
                f"<!doctype html><html lang=ja><meta charset=utf-8><style>{css}</style>"
                f"{body(doc)}</html>",
                encoding="utf-8",
            )
            page.goto(source.as_uri())
            page.wait_for_function("document.fonts.status === 'loaded'")
            printed[doc.id] = page.pdf(**pdf_options(doc))
        browser.close()
    return printed


def items_only_html(doc: Any, *, title: str, label: str, day: str, amount: str, style: str) -> str:
    """A document read for its kind only (a quotation, a delivery note, an order): the title,
    the buyer, `day` and the issuer, `label` with `amount`, and a table of the items."""
    rows = "".join(
        f"<tr><td>{html.escape(i.description)}</td><td class=num>{i.quantity}</td>"
        f"<td class=num>{i.amount:,}</td></tr>"
        for i in doc.lines
    )
    return f"""
<div style="{style}">
 <div style="text-align:center;font-size:20pt">{title}</div>
 <div>{doc.buyer} 御中</div><div style="text-align:right">{day}<br>{doc.issuer[0]}</div>
 <div style="font-size:14pt">{label}　{amount}（税込）</div>
 <table style="width:100%"><tr><th>品名</th><th>数量</th><th>金額</th></tr>{rows}</table>
</div>"""


def scan_pdf(
    pdf: bytes, doc: Any, seed: int, *, quality: tuple[int, int], effects: PageEffects
) -> bytes:
    """Every page at the doc's dpi, degraded by `effects`, through JPEG at a quality drawn
    from `quality` (the artefacts every format keeps), as the doc's format: JPEG, PNG (page
    1) or an image-only PDF (every page)."""
    import pypdfium2
    from PIL import Image

    rng = random.Random(seed)
    level = rng.randint(*quality)
    pages = []
    for page in pypdfium2.PdfDocument(pdf):
        raw = effects(page.render(scale=doc.dpi / 72).to_pil().convert("L"), doc, rng)
        jpeg = io.BytesIO()
        raw.save(jpeg, format="JPEG", quality=level)
        pages.append(Image.open(io.BytesIO(jpeg.getvalue())))
    if doc.fmt == "scan-jpg":
        return image_bytes(pages[0], "JPEG", quality=level, dpi=(doc.dpi, doc.dpi))
    if doc.fmt == "scan-png":
        return image_bytes(pages[0], "PNG", dpi=(doc.dpi, doc.dpi))
    return image_bytes(pages[0], "PDF", resolution=doc.dpi, save_all=True, append_images=pages[1:])


def image_bytes(image: Any, fmt: str, **options: Any) -> bytes:
    """A PIL image saved in `fmt` with `options`."""
    out = io.BytesIO()
    image.save(out, format=fmt, **options)
    return out.getvalue()


def save_book(book: Any) -> bytes:
    """An openpyxl workbook as bytes, its created/modified dates fixed (same file each run)."""
    book.properties.created = dt.datetime(2026, 11, 27)
    book.properties.modified = dt.datetime(2026, 11, 27)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def write_documents(
    out: Path,
    docs: Iterable[Any],
    render: Callable[[Any, int], tuple[bytes, str]],
    shape: Callable[[Any], str] = lambda doc: doc.layout,
) -> list[dict[str, Any]]:
    """Write each document as `<id>_<kind>_<shape>.<ext>` (`render(doc, index)` gives its
    bytes and extension; `shape(doc)` its layout) and expected.json; return the expected
    values."""
    expected = []
    for index, doc in enumerate(docs):
        data, ext = render(doc, index)
        name = f"{doc.id}_{doc.kind}_{shape(doc)}.{ext}"
        (out / name).write_bytes(data)
        expected.append(doc.expected(name))
    (out / "expected.json").write_text(
        json.dumps(expected, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    return expected


@dataclass(frozen=True)
class PrintedSet:
    """How a blind set is made: its documents (`build_docs()`; each with `id`, `fmt` — pdf,
    docx, xlsx, scan-jpg/png/pdf —, `layout`, and for a scan `extra["source"]`, the printed
    document it is made from), its HTML and office layouts, fonts and scan model."""

    name: str  # "heldout4": the id prefix ("h4_") and the temporary folder's
    prefix: str
    build_docs: Callable[[], list[Any]]
    fonts: Mapping[str, Path]
    packages: str  # the Debian packages of `fonts`
    css: str
    layouts: Mapping[str, Callable[[Any], str]]
    office_layouts: Mapping[str, Callable[[Any], bytes]]
    pdf_options: Callable[[Any], dict[str, Any]]
    scan_seed: int  # + the document's number: the same scan in a partial run
    quality: tuple[int, int]
    effects: PageEffects
    extra_fonts: Mapping[str, Path] = field(default_factory=dict)


def generate_printed(
    made: PrintedSet, out: Path, only: set[str] | None = None
) -> list[dict[str, Any]]:
    """Write every document of the set into `out` (or only the ids in `only`, with the printed
    sources their scans need); write and return expected.json."""
    require_fonts(made.fonts, made.packages)
    out.mkdir(parents=True, exist_ok=True)
    docs = made.build_docs()
    if only is not None:
        docs = [d for d in docs if d.id in only]
    wanted = {d.id for d in docs} | {d.extra["source"] for d in docs if d.fmt.startswith("scan")}
    printed = print_html(
        [d for d in made.build_docs() if d.fmt == "pdf" and d.id in wanted],
        prefix=f"keiri-{made.name}-",
        fonts={**{f"{name}.ttf": path for name, path in made.fonts.items()}, **made.extra_fonts},
        css=made.css,
        body=lambda doc: made.layouts[doc.layout](doc),
        pdf_options=made.pdf_options,
    )

    def render(doc: Any, index: int) -> tuple[bytes, str]:
        if doc.fmt == "pdf":
            return printed[doc.id], "pdf"
        if doc.fmt in ("docx", "xlsx"):
            return made.office_layouts[doc.layout](doc), doc.fmt
        ext = {"scan-jpg": "jpg", "scan-png": "png", "scan-pdf": "pdf"}[doc.fmt]
        seed = made.scan_seed + int(doc.id.removeprefix(made.prefix))
        pdf = printed[doc.extra["source"]]
        return scan_pdf(pdf, doc, seed, quality=made.quality, effects=made.effects), ext

    return write_documents(out, docs, render)


def run(
    doc: str | None,
    generate: Callable[[Path], list[dict[str, Any]]],
    argv: list[str] | None = None,
) -> int:
    """The command line of a generator: `python samples/make_X.py OUT_DIR`."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    sys.stdout.write(f"{len(generate(args.out))} documents in {args.out}\n")
    return 0
