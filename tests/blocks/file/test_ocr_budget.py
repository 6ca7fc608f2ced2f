"""Budgets for OCR (issue 23, item 6): a tiny PDF declaring huge pages costs seconds and a bounded
amount of memory, never minutes and gigabytes; pages past a budget are findings naming the file,
and what was read is kept. The run's OCR seconds are shared by every file of the run: the
iterations of a foreach, a subflow, worker processes."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen import canvas

from blocks.file.extract_ocr import MAX_PIXELS, ocr_ready
from blocks.file.extract_types import ExtractOptions
from blocks.file.file_processor import extract_with
from blocks.file.ocr_budget import OCRBudget, ledger_path
from blocks.sdk.context import BlockContext
from blocks.sdk.store import FileStore
from keiri.base.catalog import t
from tests.blocks.file.conftest import load_block

ROOT = Path(__file__).resolve().parents[3]
Run = Callable[..., dict[str, Any]]
Put = Callable[[bytes, str], dict[str, Any]]

needs_tesseract = pytest.mark.skipif(
    ocr_ready() is not None, reason="Tesseract with jpn is not installed (scripts/system-deps.sh)"
)

#: Extract one file in a fresh interpreter and report its peak RSS and CPU time. The peak is
#: the interpreter's own VmHWM: Linux carries a forking parent's high-water mark into
#: `getrusage(...).ru_maxrss` across exec, so a child of a large pytest worker would report the
#: worker's size. Tesseract's children are measured with RUSAGE_CHILDREN.
_MEASURE = """
import json, resource, sys, time
from pathlib import Path
from blocks.file.file_processor import extract_text
started = time.monotonic()
result = extract_text(Path(sys.argv[1]))
elapsed = time.monotonic() - started
status = Path("/proc/self/status").read_text().splitlines()
own = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({
    "elapsed": elapsed,
    "peak_mib": max(own, kids.ru_maxrss) / 1024,
    "cpu": me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime,
    "result": result.to_dict(),
}))
"""


def blank_pages_pdf(pages: int = 4, size: float = 5000) -> bytes:
    """The issue's file: `pages` blank pages of `size` x `size` pt in under a kilobyte."""
    writer = PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(width=size, height=size)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def ruled_pages_pdf(pages: int = 4, size: float = 5000) -> bytes:
    """Huge image-only-looking pages with ink everywhere (no text layer): never blank."""
    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=(size, size))
    for _ in range(pages):
        for x in range(0, int(size), 50):
            pdf.line(x, 0, x, size)
        pdf.showPage()
    pdf.save()
    return out.getvalue()


def huge_image_pdf(width: int = 9000, height: int = 5000) -> bytes:
    """One page holding an image that declares `width` x `height` pixels (its data is a few
    bytes: the declaration is what a renderer would allocate for)."""
    image = zlib.compress(b"\xff" * 1000)
    content = b"q 600 0 0 400 0 0 cm /Im0 Do Q"
    objects = [
        b"<</Type/Catalog/Pages 2 0 R>>",
        b"<</Type/Pages/Kids[3 0 R]/Count 1>>",
        b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 600 400]"
        b"/Resources<</XObject<</Im0 4 0 R>>>>/Contents 5 0 R>>",
        b"<</Type/XObject/Subtype/Image/Width %d/Height %d/ColorSpace/DeviceGray"
        b"/BitsPerComponent 8/Filter/FlateDecode/Length %d>>stream\n%b\nendstream"
        % (width, height, len(image), image),
        b"<</Length %d>>stream\n%b\nendstream" % (len(content), content),
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%b\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer<</Size %d/Root 1 0 R>>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def _measure(path: Path) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    measured: dict[str, Any] = json.loads(done.stdout)
    return measured


@needs_tesseract
def test_four_blank_huge_pages_cost_little_and_are_a_finding(tmp_path: Path) -> None:
    data = blank_pages_pdf()
    assert len(data) < 1000 and len(PdfReader(io.BytesIO(data)).pages) == 4
    path = tmp_path / "白紙4ページ.pdf"
    path.write_bytes(data)
    measured = _measure(path)
    # Before the budgets: ~200 s of CPU and ~0.8 GB (four 40-Mpx renders, 120 s of OCR each).
    assert measured["elapsed"] < 10, measured
    assert measured["cpu"] < 20, measured
    assert measured["peak_mib"] < 250, measured
    result = measured["result"]
    assert result["ocr_pages"] == 0 and result["text"].strip() == ""
    [finding] = result["findings"]
    assert finding["code"] == "OCR_BLANK_PAGES" and finding["pages"] == [1, 2, 3, 4]
    assert finding["file"] == "白紙4ページ.pdf"
    assert finding["message"] == t(
        "runtime.ocr.finding.blank", name="白紙4ページ.pdf", pages="1～4"
    )
    assert finding["hint"] == t("runtime.ocr.finding.blank_hint")
    assert finding["severity"] == "info"


@needs_tesseract
def test_huge_pages_with_ink_are_rendered_within_the_pixel_budget_and_the_page_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KEIRI_OCR_MAX_PAGE_PIXELS", "2000000")
    monkeypatch.setenv("KEIRI_OCR_MAX_PAGES_PER_FILE", "2")
    # The bounds are those of rendering; RapidOCR's models alone take ~500 MiB and its reading
    # 2.5-5x Tesseract's CPU (docs/evidence.md), so the engine is the lighter one here.
    monkeypatch.setenv("KEIRI_OCR_ENGINE", "tesseract")
    path = tmp_path / "罫線.pdf"
    path.write_bytes(ruled_pages_pdf())
    measured = _measure(path)
    assert measured["elapsed"] < 30 and measured["peak_mib"] < 250, measured
    result = measured["result"]
    assert result["ocr_pages"] == 2
    codes = {f["code"]: f for f in result["findings"]}
    assert codes["OCR_PAGE_LIMIT"]["pages"] == [3, 4]
    assert codes["OCR_PAGE_LIMIT"]["message"] == t(
        "runtime.ocr.finding.page_limit", name="罫線.pdf", limit=2, pages="3, 4"
    )
    assert codes["OCR_PAGE_LIMIT"]["hint"] == t("runtime.ocr.finding.page_limit_hint")
    # 2 million pixels over 5000 x 5000 pt: about 20 dpi, said as a warning
    assert codes["OCR_PAGE_DOWNSCALED"]["pages"] == [1, 2]
    assert codes["OCR_PAGE_DOWNSCALED"]["message"] == t(
        "runtime.ocr.finding.downscaled", name="罫線.pdf", pages="1, 2", dpi=20
    )
    assert codes["OCR_PAGE_DOWNSCALED"]["hint"] == t(
        "runtime.ocr.finding.downscaled_hint", pixels="2,000,000"
    )
    assert [n for n in result["notes"] if "罫線.pdf" in n] == [
        codes["OCR_PAGE_LIMIT"]["message"],
        codes["OCR_PAGE_DOWNSCALED"]["message"],
    ]


@needs_tesseract
def test_a_page_holding_a_huge_image_is_not_rendered(tmp_path: Path) -> None:
    path = tmp_path / "巨大画像.pdf"
    path.write_bytes(huge_image_pdf())
    measured = _measure(path)
    assert measured["peak_mib"] < 150, measured  # 45 million pixels were never decoded
    [finding] = measured["result"]["findings"]
    assert finding["code"] == "OCR_IMAGE_TOO_LARGE" and finding["pages"] == [1]
    assert finding["message"] == t(
        "runtime.ocr.finding.image_too_large",
        name="巨大画像.pdf",
        pages="1",
        width="9,000",
        height="5,000",
        limit=f"{MAX_PIXELS:,}",
    )


def _invoice_with_pages_to_ocr(invoice: bytes, extra: bytes) -> bytes:
    writer = PdfWriter(clone_from=io.BytesIO(invoice))
    writer.append(io.BytesIO(extra))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@needs_tesseract
def test_pages_over_the_budget_are_a_finding_and_the_rest_of_the_file_is_kept(
    invoice_pdfs: list[bytes],
) -> None:
    data = _invoice_with_pages_to_ocr(invoice_pdfs[0], ruled_pages_pdf(pages=2, size=600))
    alone = extract_with(invoice_pdfs[0], "請求書.pdf", ExtractOptions(ocr=False))
    options = ExtractOptions(ocr_budget=OCRBudget(max_pages=0))
    extracted = extract_with(data, "請求書.pdf", options)
    assert extracted.text.startswith(alone.text)  # the text layer of the invoice, untouched
    first = (alone.pages or 0) + 1  # the first added page
    assert extracted.pages == first + 1 and extracted.ocr_pages == 0
    [finding] = extracted.findings
    assert finding.code == "OCR_PAGE_LIMIT" and finding.file == "請求書.pdf"
    assert finding.pages == (first, first + 1)
    assert finding.message in extracted.notes


@needs_tesseract
def test_a_run_without_ocr_seconds_left_reads_no_page_and_says_so(
    run: Run, put: Put, ctx: BlockContext, invoice_pdfs: list[bytes]
) -> None:
    scan = ruled_pages_pdf(pages=1, size=600)
    OCRBudget.for_run(ctx.run_id).meter().charge(1800)  # earlier files spent it all
    out = run("file.extract_text", files=[put(invoice_pdfs[0], "a.pdf"), put(scan, "scan.pdf")])
    text, scanned = out["texts"]
    assert "請求書" in text["text"] and text["findings"] == []
    [finding] = scanned["findings"]
    assert finding["code"] == "OCR_RUN_BUDGET" and finding["pages"] == [1]
    assert finding["message"] == t(
        "runtime.ocr.finding.run_budget", name="scan.pdf", seconds="1,800", pages="1"
    )


def _budget_left(run_id: str) -> float:
    return OCRBudget.for_run(run_id).meter().remaining()


@needs_tesseract
def test_the_seconds_are_shared_by_the_iterations_and_subflows_of_a_run(
    store: FileStore, put: Put, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KEIRI_OCR_RUN_BUDGET_S", "600")
    scan = put(ruled_pages_pdf(pages=1, size=300), "scan.pdf")
    block = load_block("file.extract_text")

    def iteration(run_id: str, index: int) -> dict[str, Any]:
        ctx = BlockContext(
            run_id=run_id, plan_id="p", node_id="read", iteration=index, file_store=store
        )
        return block.execute(ctx, {"files": scan})

    assert _budget_left("run-a") == 600
    first = iteration("run-a", 0)["texts"][0]
    assert first["ocr_pages"] == 1
    after_one = _budget_left("run-a")
    assert after_one < 600  # the page's seconds are on the run's ledger
    iteration("run-a.sub#1", 1)  # a subflow of the same run spends from the same budget
    assert _budget_left("run-a") < after_one
    assert _budget_left("run-b") == 600  # another run has its own
    assert ledger_path("run-a.sub#1") == ledger_path("run-a")


@needs_tesseract
def test_worker_processes_spend_from_the_same_budget(
    run: Run, put: Put, ctx: BlockContext, events: list[tuple[str, dict[str, Any]]]
) -> None:
    scan = ruled_pages_pdf(pages=1, size=600)
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as zf:
        for n in range(3):
            zf.writestr(f"取引先/スキャン{n}.pdf", scan)
    OCRBudget.for_run(ctx.run_id).meter().charge(1800)
    out = run("file.parse_zip_2tier", zip_bytes=put(archive.getvalue(), "証跡.zip"), workers=2)
    files = out["evidence_data"]["files"]
    assert [f["findings"][0]["code"] for f in files] == ["OCR_RUN_BUDGET"] * 3
    assert [f["ocr_pages"] for f in files] == [0, 0, 0]
    reported = [fields["path"] for name, fields in events if name == "file_finding"]
    assert reported == [f["path"] for f in files]


@needs_tesseract
def test_a_file_with_only_blank_pages_tells_the_invoice_check_why_it_has_no_fields(
    run: Run, put: Put
) -> None:
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("取引先/白紙.pdf", blank_pages_pdf())
    evidence = run("file.parse_zip_2tier", zip_bytes=put(archive.getvalue(), "証跡.zip"))
    [document] = evidence["evidence_data"]["files"]
    assert document["findings"][0]["code"] == "OCR_BLANK_PAGES"
    fields = run("invoice.extract_fields", documents=[document])["fields_list"][0]
    assert fields["error"]["code"] == "OCR_BLANK_PAGES"
    blank = t("runtime.ocr.finding.blank", name="白紙.pdf", pages="1～4")
    assert fields["error"]["message"] == blank


def test_the_budget_settings_have_safe_defaults_and_are_checked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from keiri.base import settings
    from keiri.base.errors import ConfigError

    budget = OCRBudget.from_settings()
    assert (budget.max_pixels, budget.max_pages) == (12_000_000, 10)
    assert (budget.page_seconds, budget.run_seconds) == (60.0, 1800.0)
    monkeypatch.setenv("KEIRI_OCR_MAX_PAGE_PIXELS", "90000000")
    monkeypatch.setenv("KEIRI_OCR_RUN_BUDGET_S", "-1")
    with pytest.raises(ConfigError) as info:
        settings.load()
    assert set(info.value.fields) == {"KEIRI_OCR_MAX_PAGE_PIXELS", "KEIRI_OCR_RUN_BUDGET_S"}
    # a default ExtractOptions (the library used directly) follows the settings too
    monkeypatch.setenv("KEIRI_OCR_MAX_PAGE_PIXELS", "3000000")
    monkeypatch.delenv("KEIRI_OCR_RUN_BUDGET_S")
    assert ExtractOptions().ocr_budget.max_pixels == 3_000_000
    assert ExtractOptions().ocr_budget.ledger is None
