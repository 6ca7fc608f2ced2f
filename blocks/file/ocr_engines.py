"""The OCR engines: RapidOCR (the default when installed) and Tesseract (the fallback), chosen by
`KEIRI_OCR_ENGINE` (`auto`, `rapidocr`, `tesseract`; `engine_in_use` resolves `auto`).

Both read a prepared page (`blocks.file.ocr_prepare`: upright, deskewed) and give the same
thing: the page's text, cleaned (`clean`), and its rows of positioned cells
(`blocks.file.layout`), so the invoice reader can read OCR'd tables as tables.

- `rapidocr`: RapidOCR (Apache-2.0, with onnxruntime; keiri's dependencies) with the PP-OCRv6
  detection and recognition models that its wheel ships (nothing is fetched at run time),
  on the grey page; each detected text box is one cell. It runs in this process: the page
  timeout does not interrupt it (its time is bounded by the page's pixels and charged to the
  run's OCR budget).
- `tesseract`: the `tesseract` binary with its `jpn` model (Debian packages), on the
  binarised page, `--psm 6`, TSV output (words with boxes, grouped by Tesseract's lines); a
  child process, stopped at the page timeout.

Measured on the scan sets (`bench/bench_extraction.py --ocr-engines`, docs/evidence.md),
RapidOCR reads more (fields and totals) on every set at about 1.4x Tesseract's time per page,
and with the invoice reader's checks neither gave a wrong value at 確定: `auto` takes RapidOCR
when it can be imported and Tesseract otherwise.
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import io
import re
import shutil
import subprocess
import unicodedata
from collections.abc import Callable
from typing import Any, NamedTuple

from blocks.file.layout import Box, rows_from_lines
from blocks.file.ocr_prepare import TESSERACT_ENV, binarise
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t

__all__ = [
    "ENGINES",
    "OcrRead",
    "clean",
    "engine_in_use",
    "rapidocr_installed",
    "rapidocr_read",
    "tesseract_read",
]

_CJK = r"\u3000-\u30ff\u3400-\u9fff\uff00-\uffef"
_CJK_GAP = re.compile(rf"(?<=[{_CJK}])[ \t]+(?=[{_CJK}])")
# A space inside a number (「1 234」), not before a rate nor between two grouped amounts.
_DIGIT_GAP = re.compile(r"(?<=[\d,¥])[ ](?=[\d,])(?!\d{1,2}\s*%)(?!(?<=,\d{3} )\d{1,3},\d{3})")
_RULES = re.compile(r"[ー一_=\-]{3,}|(?<![\u3040-\u30ff])ー+(?![\u3040-\u30ff])")
_YEN = re.compile(r"\\(?=\s?\d)")
# ¥ read as 半/羊/芋/Y (the glyph's two strokes and bar): before a digit it is a yen sign.
_YEN_LOOKALIKE = re.compile(
    r"(?<![\w\u3040-\u30ff\u4e00-\u9fff])[半羊芋Y](?=\s?\d)|[半羊芋](?=\s?\d)"
)
_DAY = re.compile(r"(\d{1,2}\s*月\s*\d{1,2})[晶目曰白旦]")
# 「¥120.000」: a period or doubled separator before three digits is a thousands separator
# (yen amounts have no decimals); 「1.5」 or 「0.08」 keep their point.
_SEPARATOR = re.compile(r"(?<=\d)[.,]{1,2}(?=\d{3}(?!\d))")
# An amount run into the rate after it (「467,50010%」): the rate stands apart.
_GLUED_RATE = re.compile(r"(\d,\d{3})(10|8)(?=\s*%)")
# Two amounts of neighbouring cells run together (「67,954748,538」): set apart.
_GLUED_AMOUNTS = re.compile(r"(\d,\d{3})(?=\d{1,3},\d{3}(?!\d))")
# RapidOCR's recogniser is trained on Chinese too: the simplified forms it gives for the
# Japanese characters of invoices (请求书 → 請求書, 额 → 額, 计 → 計, 费 → 費, 银行 → 銀行).
_SIMPLIFIED = str.maketrans(
    "请书额计费单价对发钱银账户现总应务际经营业认证细类别说报输电话传买卖货运记录项选关时间东门样",
    "請書額計費単価対発銭銀帳戸現総応務際経営業認証細類別説報輸電話伝買売貨運記録項選関時間東門様",
)


class OcrRead(NamedTuple):
    """One page read by OCR: its cleaned text and its rows of positioned cells."""

    text: str
    rows: list[dict[str, Any]]


def clean(text: str) -> str:
    """OCR text made readable by the rules: NFKC, simplified Chinese forms as their Japanese
    characters, no spaces between Japanese characters,
    table rules dropped, ¥ and thousands separators repaired, a rate or an amount run into the
    amount before it set apart, 日 after a day restored."""
    text = unicodedata.normalize("NFKC", text).translate(_SIMPLIFIED)
    text = _CJK_GAP.sub("", text)
    text = _RULES.sub(" ", text)  # table rules read as long dashes
    text = text.replace("|", " ")  # and vertical rules as bars (「| 29,775|」)
    text = _YEN.sub("¥", text)  # ¥ read as a backslash
    text = _YEN_LOOKALIKE.sub("¥", text)
    text = _DIGIT_GAP.sub("", text)
    text = _SEPARATOR.sub(",", text)  # 5.521 / 328,.657 / 1.234.567: thousands separators
    text = _DIGIT_GAP.sub("", text)
    text = _GLUED_RATE.sub(r"\1 \2", text)
    text = _GLUED_AMOUNTS.sub(r"\1 ", text)
    text = _DAY.sub(r"\1日", text)  # 日 read as 晶/目/曰 after a day number
    return "\n".join(line.strip() for line in text.splitlines() if line.strip())


def _timeout(name: str, seconds: float, exc: BaseException) -> BlockError:
    error = BlockError(
        ErrorCode.TIMEOUT_ERROR,
        t("runtime.ocr.timeout", name=name, seconds=round(seconds)),
        details={"file": name},
        hint=t("runtime.ocr.timeout_hint"),
        recoverable=True,
    )
    error.__cause__ = exc
    return error


def tesseract_read(
    gray: Any, name: str, lang: str = "jpn", *, timeout: float, page: int = 1
) -> OcrRead:
    """Tesseract on the binarised page, TSV output: words with boxes, by line."""
    buffer = io.BytesIO()
    binarise(gray).save(buffer, format="PNG")
    binary = shutil.which("tesseract") or "tesseract"
    try:
        done = subprocess.run(
            [binary, "stdin", "stdout", "-l", lang, "--psm", "6", "tsv"],
            env=TESSERACT_ENV,
            input=buffer.getvalue(),
            capture_output=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        raise _timeout(name, timeout, exc) from exc
    if done.returncode != 0:
        raise BlockError(
            ErrorCode.FILE_INVALID,
            f"{name}: "
            + t("runtime.ocr.failed", detail=done.stderr.decode(errors="replace").strip()[:200]),
            details={"file": name},
            hint=t("runtime.ocr.failed_hint"),
            recoverable=False,
        )
    lines: dict[tuple[str, str, str], list[Box]] = {}
    reader = csv.DictReader(
        io.StringIO(done.stdout.decode("utf-8", errors="replace")),
        delimiter="\t",
        quoting=csv.QUOTE_NONE,
    )
    for row in reader:
        word = (row.get("text") or "").strip()
        if row.get("level") != "5" or not word:
            continue
        left, top = float(row["left"]), float(row["top"])
        box = Box(left, left + float(row["width"]), top, top + float(row["height"]), word)
        lines.setdefault((row["block_num"], row["par_num"], row["line_num"]), []).append(box)
    text = "\n".join(" ".join(b.text for b in words) for words in lines.values())
    rows = rows_from_lines([[_cleaned(b) for b in words] for words in lines.values()], page)
    return OcrRead(clean(text), rows)


def _cleaned(box: Box) -> Box:
    return dataclasses.replace(box, text=clean(box.text))


def rapidocr_installed() -> bool:
    """Whether RapidOCR and its runtime can be imported."""
    try:
        import onnxruntime  # noqa: F401
        import rapidocr  # noqa: F401
    except ImportError:
        return False
    return True


def engine_in_use(setting: str) -> str:
    """The engine a setting means: `auto` is RapidOCR when installed, else Tesseract."""
    if setting == "auto":
        return "rapidocr" if rapidocr_installed() else "tesseract"
    return setting


@functools.cache
def _rapidocr() -> Any:
    try:
        from rapidocr import RapidOCR
    except ImportError as exc:
        raise BlockError(
            ErrorCode.DEPENDENCY_NOT_FOUND,
            t("runtime.ocr.no_rapidocr"),
            details={"dependency": "rapidocr"},
            hint=t("runtime.ocr.rapidocr_hint"),
        ) from exc
    return RapidOCR(params={"Global.log_level": "error", "Global.max_side_len": 4000})


def rapidocr_read(
    gray: Any, name: str, lang: str = "jpn", *, timeout: float, page: int = 1
) -> OcrRead:
    """RapidOCR on the grey page: each detected text box is a cell of its line."""
    import numpy as np

    engine = _rapidocr()
    result = engine(np.asarray(gray.convert("RGB")))
    boxes = []
    for points, text in zip(
        result.boxes if result.boxes is not None else [], result.txts or (), strict=False
    ):
        xs = [float(p[0]) for p in points]
        ys = [float(p[1]) for p in points]
        boxes.append(Box(min(xs), max(xs), min(ys), max(ys), clean(str(text))))
    lines: list[list[Box]] = []
    for box in sorted(boxes, key=lambda b: (b.top + b.bottom) / 2):
        centre = (box.top + box.bottom) / 2
        if lines and abs(centre - _centre(lines[-1])) < 0.5 * box.height:
            lines[-1].append(box)
        else:
            lines.append([box])
    rows = rows_from_lines(lines, page)
    text = "\n".join("\t".join(c[2] for c in row["cells"]) for row in rows)
    return OcrRead(clean(text), rows)


def _centre(line: list[Box]) -> float:
    return sum((b.top + b.bottom) / 2 for b in line) / len(line)


ENGINES: dict[str, Callable[..., OcrRead]] = {
    "tesseract": tesseract_read,
    "rapidocr": rapidocr_read,
}
