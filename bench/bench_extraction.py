"""Extraction accuracy on the generated corpus (samples/make_corpus.py): per-field accuracy on
text documents and on scans, document-kind accuracy, confident-wrong values (a field whose
status is confirmed but whose value is wrong; target 0) and seconds per page for text and OCR.

    python bench/bench_extraction.py [--corpus DIR] [--show-errors]
    python bench/bench_extraction.py --browser     # the held-out set printed by Chromium

Targets: field accuracy >= 0.95 on text documents and >= 0.85 on scans, kind >= 0.95,
confident-wrong 0.
"""

from __future__ import annotations

import argparse
import json
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


def _corpus(path: Path | None, browser: bool = False) -> tuple[Path, list[dict[str, Any]]]:
    if path is not None and (path / "expected.json").is_file():
        return path, json.loads((path / "expected.json").read_text(encoding="utf-8"))
    if browser:
        from make_browser_corpus import generate
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path)
    parser.add_argument("--show-errors", action="store_true")
    parser.add_argument(
        "--browser",
        action="store_true",
        help="the held-out set: invoices in other layouts printed to PDF by Chromium",
    )
    parser.add_argument(
        "--compare-pdf-engines", action="store_true", help="pypdf vs pdfplumber on text PDFs"
    )
    args = parser.parse_args(argv)
    folder, expected = _corpus(args.corpus, args.browser)
    if args.compare_pdf_engines:
        print("PDF text engines on the text-layer PDFs:")
        compare_pdf_engines(folder, expected)
        return 0
    hits: dict[str, dict[str, list[bool]]] = {"text": {}, "scan": {}}
    kind_hits: list[bool] = []
    confident_wrong: list[str] = []
    review = 0
    timing: dict[str, list[float]] = {"text": [], "scan": []}
    for item in expected:
        group = "scan" if item["format"].startswith("scan") else "text"
        started = time.perf_counter()
        try:
            extracted = extract_text(folder / item["file"], max_chars=200_000)
            text = extracted.text
            pages = extracted.pages or 1
            ocr = extracted.ocr_pages > 0
        except Exception as exc:  # report and count as all-missing
            print(f"{item['file']}: {exc}")
            text, pages, ocr = "", 1, False
        fields = extract_invoice_fields(text, from_ocr=ocr)
        timing[group].append((time.perf_counter() - started) / pages)
        kind_hits.append(fields["document_type"] == item["kind"])
        if args.show_errors and not kind_hits[-1]:
            print(f"{item['file']}: kind {fields['document_type']!r} != {item['kind']!r}")
        if item["kind"] not in INVOICE_KINDS:
            continue
        status = fields.get("status") or {}
        for field in FIELDS:
            if field == "lines" and item["kind"] != "invoice":
                continue  # receipts print no item table
            ok = _compare(field, fields.get(field), item[field], group == "scan")
            hits[group].setdefault(field, []).append(ok)
            if status.get(field) == "要確認":
                review += 1
            if not ok and status.get(field) == "確定":
                confident_wrong.append(
                    f"{item['file']}: {field} {fields.get(field)!r} != {item[field]!r}"
                )
            elif not ok and args.show_errors:
                print(
                    f"{item['file']}: {field} {fields.get(field)!r} != {item[field]!r} ({status.get(field)})"
                )
    print(f"corpus: {len(expected)} documents in {folder}")
    for group, per_field in hits.items():
        if not per_field:
            continue
        all_hits = [h for values in per_field.values() for h in values]
        print(f"field accuracy ({group}, {len(next(iter(per_field.values())))} invoices): "
              f"{sum(all_hits) / len(all_hits):.3f}")  # fmt: skip
        for field, values in per_field.items():
            print(f"  {field:<22} {sum(values) / len(values):.3f}")
    print(
        f"document kind accuracy: {sum(kind_hits) / len(kind_hits):.3f} ({len(kind_hits)} documents)"
    )
    print(f"confident-wrong values (確定 but wrong): {len(confident_wrong)}")
    for line in confident_wrong:
        print(f"  {line}")
    print(f"fields left 要確認: {review}")
    for group, values in timing.items():
        if values:
            print(f"seconds per page ({'OCR' if group == 'scan' else 'text'}): median "
                  f"{statistics.median(values):.3f}, max {max(values):.3f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
