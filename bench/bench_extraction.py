"""Extraction accuracy on the generated corpus (samples/make_corpus.py): per-field accuracy on
text documents and on scans, document-kind accuracy, confident-wrong values (a field whose
status is confirmed but whose value is wrong; target 0) and seconds per page for text and OCR.

    python bench/bench_extraction.py [--corpus DIR] [--show-errors]
    python bench/bench_extraction.py --browser     # the set printed by Chromium (issue 21)
    python bench/bench_extraction.py --heldout --ocr-engines   # issue 25's held-out set

Targets: field accuracy >= 0.95 on text documents and >= 0.85 on scans, kind >= 0.95,
confident-wrong 0. On the held-out set of issue 25 (`samples/make_heldout_corpus.py`):
fields right >= 0.95 on text documents, totals read on >= 80% of scans, 0 wrong-at-確定;
`--ocr-engines` reads its scans with Tesseract and RapidOCR side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import unicodedata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "samples"))

from blocks.file.file_processor import extract_text  # noqa: E402
from blocks.invoice.extract import extract_invoice_fields  # noqa: E402

FIELDS = (
    "total",
    "transaction_date",
    "issuer_name",
    "registration_number",
    "buyer_name",
    "tax_by_rate",
    "lines",
)
INVOICE_KINDS = {"invoice", "simplified_invoice"}


def _corpus(path: Path | None, which: str = "generated") -> tuple[Path, list[dict[str, Any]]]:
    if path is not None and (path / "expected.json").is_file():
        return path, json.loads((path / "expected.json").read_text(encoding="utf-8"))
    if which == "browser":
        from make_browser_corpus import generate
    elif which == "heldout":
        from make_heldout_corpus import generate
    else:
        from make_corpus import generate

    target = path or Path(tempfile.mkdtemp(prefix="keiri-corpus-"))
    return target, generate(target)


def _lines(items: list[dict[str, Any]]) -> list[tuple[str, Any, Any]]:
    return [
        (
            unicodedata.normalize("NFKC", str(i["description"])).replace(" ※", ""),
            i["amount"],
            None if i.get("non_taxable") else i["rate"],
        )
        for i in items
    ]


def _compare(field: str, got: Any, want: Any, scan: bool) -> bool:
    if field == "lines" and scan:  # OCR descriptions are not compared letter by letter
        return [x[1:] for x in _lines(got or [])] == [x[1:] for x in _lines(want)]
    if field == "lines":
        return _lines(got or []) == _lines(want)
    if field == "buyer_name" and want is None:
        return got in (None, "上様")
    return bool(got == want)


def _pdf_engines() -> dict[str, Any]:
    """Text of a PDF by pypdf (plain and layout mode) and, when installed, pdfplumber."""
    import io

    from pypdf import PdfReader

    def plain(data: bytes) -> str:
        return "\n\n".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)

    def layout(data: bytes) -> str:
        pages = PdfReader(io.BytesIO(data)).pages
        return "\n\n".join(p.extract_text(extraction_mode="layout") for p in pages)

    engines: dict[str, Any] = {"pypdf": plain, "pypdf-layout": layout}
    try:
        import pdfplumber
    except ImportError:
        print("(pdfplumber is not installed: pip install pdfplumber to compare it too)")
        return engines

    def plumber(data: bytes, *, keep_layout: bool = False) -> str:
        with pdfplumber.open(io.BytesIO(data)) as pdf:
            return "\n\n".join(p.extract_text(layout=keep_layout) or "" for p in pdf.pages)

    engines["pdfplumber"] = plumber
    engines["pdfplumber-layout"] = lambda data: plumber(data, keep_layout=True)
    return engines


def compare_pdf_engines(folder: Path, expected: list[dict[str, Any]]) -> None:
    """Field and kind accuracy of the rules on the text-layer PDFs, per PDF text engine."""
    for name, engine in _pdf_engines().items():
        hits: list[bool] = []
        kinds: list[bool] = []
        times: list[float] = []
        for item in expected:
            if item["format"] != "pdf":
                continue
            data = (folder / item["file"]).read_bytes()
            started = time.perf_counter()
            text = unicodedata.normalize("NFKC", engine(data))
            times.append(time.perf_counter() - started)
            fields = extract_invoice_fields(text)
            kinds.append(fields["document_type"] == item["kind"])
            if item["kind"] in INVOICE_KINDS:
                hits += [
                    _compare(f, fields.get(f), item[f], False)
                    for f in FIELDS
                    if not (f == "lines" and item["kind"] != "invoice")
                ]
        print(f"  {name:<18} fields {sum(hits) / len(hits):.3f}  kind {sum(kinds) / len(kinds):.3f}"
              f"  median s/document {statistics.median(times):.4f}")  # fmt: skip


def _read(folder: Path, item: dict[str, Any]) -> tuple[dict[str, Any], float]:
    """The fields of one document and its seconds per page."""
    started = time.perf_counter()
    try:
        extracted = extract_text(folder / item["file"], max_chars=200_000)
        text, pages = extracted.text, extracted.pages or 1
        ocr, layout = extracted.ocr_pages > 0, list(extracted.layout)
    except Exception as exc:  # report and count as all-missing
        print(f"{item['file']}: {exc}")
        text, pages, ocr, layout = "", 1, False, []
    fields = extract_invoice_fields(text, from_ocr=ocr, layout=layout or None)
    return fields, (time.perf_counter() - started) / pages


class Tally:
    """Per field: right, wrong at 確定, 要確認 right / wrong, missed (none where one is due)."""

    def __init__(self) -> None:
        self.hits: dict[str, list[bool]] = {}
        self.counts = {"right": 0, "wrong_confirmed": 0, "review_right": 0, "review_wrong": 0,
                       "missed": 0, "unrated_wrong": 0}  # fmt: skip
        self.wrong: list[str] = []
        self.totals_read: list[bool] = []

    def add(self, item: dict[str, Any], fields: dict[str, Any], scan: bool, show: bool) -> None:
        status = fields.get("status") or {}
        names = list(FIELDS) + (["due_date"] if "due_date" in item else [])
        for field in names:
            if field == "lines" and item["kind"] != "invoice":
                continue  # receipts print no item table
            ok = _compare(field, fields.get(field), item[field], scan)
            self.hits.setdefault(field, []).append(ok)
            state = status.get(field)
            if field in ("lines", "tax_by_rate"):  # no status of their own
                state = "-" if fields.get(field) else "なし"
            if ok:
                self.counts["review_right" if state == "要確認" else "right"] += 1
            elif state == "確定":
                self.counts["wrong_confirmed"] += 1
                self.wrong.append(
                    f"{item['file']}: {field} {fields.get(field)!r} != {item[field]!r}"
                )
            elif state == "要確認":
                self.counts["review_wrong"] += 1
            elif state == "-":
                self.counts["unrated_wrong"] += 1
            else:
                self.counts["missed"] += 1
            if field == "total":
                self.totals_read.append(ok)
            if not ok and show:
                print(f"{item['file']}: {field} {fields.get(field)!r} != {item[field]!r} ({state})")

    def report(self, title: str) -> None:
        every = [h for values in self.hits.values() for h in values]
        if not every:
            return
        print(f"{title}: fields right {sum(every) / len(every):.3f} ({sum(every)}/{len(every)})")
        for field, values in self.hits.items():
            print(f"  {field:<22} {sum(values) / len(values):.3f}")
        c = self.counts
        print(f"  確定 right {c['right']}, wrong-at-確定 {c['wrong_confirmed']}, 要確認 right "
              f"{c['review_right']}, 要確認 wrong {c['review_wrong']}, missed {c['missed']}, "
              f"wrong without a status (lines, tax_by_rate) {c['unrated_wrong']}")  # fmt: skip
        read = self.totals_read
        print(f"  totals read: {sum(read)}/{len(read)} ({sum(read) / max(1, len(read)):.0%})")
        for line in self.wrong:
            print(f"  WRONG AT 確定: {line}")


def compare_ocr_engines(folder: Path, expected: list[dict[str, Any]], show: bool) -> None:
    """The scans read by each OCR engine: fields, totals read, wrong-at-確定, s/page."""
    scans = [i for i in expected if i["format"].startswith("scan") and i["kind"] in INVOICE_KINDS]
    for engine in ("tesseract", "rapidocr"):
        os.environ["KEIRI_OCR_ENGINE"] = engine
        tally, times = Tally(), []
        for item in scans:
            fields, seconds = _read(folder, item)
            times.append(seconds)
            tally.add(item, fields, True, show)
        tally.report(f"OCR engine {engine} ({len(scans)} scans)")
        print(f"  seconds per page: median {statistics.median(times):.1f}, max {max(times):.1f}")
    os.environ.pop("KEIRI_OCR_ENGINE", None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path)
    parser.add_argument("--show-errors", action="store_true")
    parser.add_argument(
        "--browser",
        action="store_true",
        help="invoices in other layouts printed to PDF by Chromium (issue 21's set)",
    )
    parser.add_argument(
        "--heldout", action="store_true", help="issue 25's held-out set (make_heldout_corpus)"
    )
    parser.add_argument(
        "--ocr-engines", action="store_true", help="the scans with Tesseract and with RapidOCR"
    )
    parser.add_argument("--text-only", action="store_true", help="skip the scans")
    parser.add_argument(
        "--compare-pdf-engines", action="store_true", help="pypdf vs pdfplumber on text PDFs"
    )
    args = parser.parse_args(argv)
    which = "browser" if args.browser else "heldout" if args.heldout else "generated"
    folder, expected = _corpus(args.corpus, which)
    if args.compare_pdf_engines:
        print("PDF text engines on the text-layer PDFs:")
        compare_pdf_engines(folder, expected)
        return 0
    tallies = {"text": Tally(), "scan": Tally()}
    kind_hits: list[bool] = []
    timing: dict[str, list[float]] = {"text": [], "scan": []}
    for item in expected:
        group = "scan" if item["format"].startswith("scan") else "text"
        if group == "scan" and (args.text_only or args.ocr_engines):
            continue
        fields, seconds = _read(folder, item)
        timing[group].append(seconds)
        kind_hits.append(fields["document_type"] == item["kind"])
        if args.show_errors and not kind_hits[-1]:
            print(f"{item['file']}: kind {fields['document_type']!r} != {item['kind']!r}")
        if item["kind"] in INVOICE_KINDS:
            tallies[group].add(item, fields, group == "scan", args.show_errors)
    print(f"corpus: {len(expected)} documents in {folder}")
    for group, tally in tallies.items():
        tally.report(f"{group} documents ({len(tally.totals_read)} invoices)")
    print(
        f"document kind accuracy: {sum(kind_hits) / len(kind_hits):.3f} ({len(kind_hits)} documents)"
    )
    for group, values in timing.items():
        if values:
            print(f"seconds per page ({'OCR' if group == 'scan' else 'text'}): median "
                  f"{statistics.median(values):.3f}, max {max(values):.3f}")  # fmt: skip
    if args.ocr_engines:
        compare_ocr_engines(folder, expected, args.show_errors)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
