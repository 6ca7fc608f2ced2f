"""OCR of scanned pages and photos of receipts with Tesseract and its Japanese model.

The `tesseract` binary (Debian: `tesseract-ocr`, `tesseract-ocr-jpn`; installed by
scripts/system-deps.sh) runs as a child process on a PNG given on stdin, with a timeout.
Images are bounded before they are decoded: the header's width x height must fit
`MAX_PIXELS` (a 20,000 x 20,000 px image is FILE_TOO_LARGE, not 400 MB of pixels). Pages are
converted to grey, contrast-stretched and binarised (Otsu) before recognition; Tesseract's
spaces between Japanese characters are removed and the text is NFKC-normalised.

Without Tesseract or its `jpn` model the error is DEPENDENCY_NOT_FOUND with the install
command — never an empty success.
"""

from __future__ import annotations

import functools
import io
import re
import shutil
import subprocess
import unicodedata
from typing import Any

from blocks.file.extract_types import ExtractOptions, RawText, file_error
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t

__all__ = [
    "IMAGE_TYPES",
    "MAX_PIXELS",
    "extract_image",
    "ocr_image",
    "ocr_ready",
    "pdf_page_images",
]

IMAGE_TYPES = frozenset({"image/png", "image/jpeg", "image/tiff"})
#: The largest image decoded for OCR (A4 at 600 dpi is about 35 million pixels).
MAX_PIXELS = 40_000_000
_RENDER_DPI = 300
_TIMEOUT = 120
_INSTALL = "runtime.ocr.install_hint"
_CJK = r"\u3000-\u30ff\u3400-\u9fff\uff00-\uffef"
_CJK_GAP = re.compile(rf"(?<=[{_CJK}])[ \t]+(?=[{_CJK}])")
_DIGIT_GAP = re.compile(r"(?<=[\d,¥])[ ](?=[\d,])")
_RULES = re.compile(r"[ー一_=\-]{3,}|(?<![\u3040-\u30ff])ー+(?![\u3040-\u30ff])")
_YEN = re.compile(r"\\(?=\s?\d)")
_DAY = re.compile(r"(\d{1,2}\s*月\s*\d{1,2})[晶目曰白旦]")
_SEPARATOR = re.compile(r"(\d)[.,]{1,2}(\d{3})(?!\d)")


@functools.cache
def _languages(binary: str) -> frozenset[str]:
    try:
        out = subprocess.run(
            [binary, "--list-langs"], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return frozenset()
    return frozenset(line.strip() for line in out.stdout.splitlines()[1:] if line.strip())


def ocr_ready(lang: str = "jpn") -> BlockError | None:
    """None when Tesseract with `lang` is installed, else the error that says how to get it."""
    binary = shutil.which("tesseract")
    if binary is None:
        return BlockError(
            ErrorCode.DEPENDENCY_NOT_FOUND,
            t("runtime.ocr.no_tesseract"),
            details={"dependency": "tesseract-ocr"},
            hint=t(_INSTALL),
        )
    if lang not in _languages(binary):
        return BlockError(
            ErrorCode.DEPENDENCY_NOT_FOUND,
            t("runtime.ocr.no_language", language=repr(lang)),
            details={"dependency": f"tesseract-ocr-{lang}"},
            hint=t(_INSTALL),
        )
    return None


def _prepare(image: Any) -> Any:
    """Grey, contrast-stretched, Otsu-binarised copy of a PIL image."""
    from PIL import ImageFilter, ImageOps

    grey = ImageOps.autocontrast(image.convert("L").filter(ImageFilter.MedianFilter(3)), cutoff=1)
    histogram = grey.histogram()
    total = sum(histogram)
    weighted = sum(i * h for i, h in enumerate(histogram))
    best, threshold, background, cumulative = 0.0, 128, 0, 0.0
    for level in range(256):
        background += histogram[level]
        if background in (0, total):
            continue
        cumulative += level * histogram[level]
        mean_b = cumulative / background
        mean_f = (weighted - cumulative) / (total - background)
        between = background * (total - background) * (mean_b - mean_f) ** 2
        if between > best:
            best, threshold = between, level
    return grey.point(lambda v: 255 if v > threshold else 0, mode="1")


def _clean(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    text = _CJK_GAP.sub("", text)
    text = _RULES.sub(" ", text)  # table rules read as long dashes
    text = _YEN.sub("¥", text)  # ¥ read as a backslash
    text = _DIGIT_GAP.sub("", text)
    text = _SEPARATOR.sub(r"\1,\2", text)  # 5.521 / 328,.657: a thousands separator
    text = _DIGIT_GAP.sub("", text)
    text = _DAY.sub(r"\1日", text)  # 日 read as 晶/目/曰 after a day number
    return "\n".join(line.strip() for line in text.splitlines() if line.strip())


def ocr_image(image: Any, name: str, lang: str = "jpn") -> str:
    """The text of one PIL image."""
    problem = ocr_ready(lang)
    if problem is not None:
        problem.details["file"] = name
        raise problem
    buffer = io.BytesIO()
    _prepare(image).save(buffer, format="PNG")
    binary = shutil.which("tesseract") or "tesseract"
    try:
        done = subprocess.run(
            [binary, "stdin", "stdout", "-l", lang, "--psm", "6"],
            input=buffer.getvalue(),
            capture_output=True,
            timeout=_TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        raise BlockError(
            ErrorCode.TIMEOUT_ERROR,
            t("runtime.ocr.timeout", name=name, seconds=_TIMEOUT),
            details={"file": name},
            hint=t("runtime.ocr.timeout_hint"),
            recoverable=True,
        ) from exc
    if done.returncode != 0:
        raise file_error(
            ErrorCode.FILE_INVALID,
            t("runtime.ocr.failed", detail=done.stderr.decode(errors="replace").strip()[:200]),
            name,
            hint=t("runtime.ocr.failed_hint"),
        )
    return _clean(done.stdout.decode("utf-8", errors="replace"))


def _open_bounded(data: bytes, name: str, media_type: str) -> Any:
    from PIL import Image, UnidentifiedImageError

    try:
        image = Image.open(io.BytesIO(data))  # reads the header only
    except Image.DecompressionBombError as exc:
        raise file_error(
            ErrorCode.FILE_TOO_LARGE,
            t("runtime.ocr.bomb", detail=exc),
            name,
            media_type=media_type,
            hint=t("runtime.ocr.resize_hint"),
            limit=MAX_PIXELS,
        ) from exc
    except (UnidentifiedImageError, OSError) as exc:
        raise file_error(
            ErrorCode.FILE_INVALID,
            t("runtime.ocr.cannot_open"),
            name,
            media_type=media_type,
            hint=t("runtime.ocr.resave_hint"),
        ) from exc
    width, height = image.size
    if width * height > MAX_PIXELS:
        raise file_error(
            ErrorCode.FILE_TOO_LARGE,
            t(
                "runtime.ocr.too_many_pixels",
                width=f"{width:,}",
                height=f"{height:,}",
                limit=f"{MAX_PIXELS:,}",
            ),
            name,
            media_type=media_type,
            hint=t("runtime.ocr.resize_hint"),
            width=width,
            height=height,
            limit=MAX_PIXELS,
        )
    return image


def extract_image(data: bytes, name: str, opts: ExtractOptions, media_type: str) -> RawText:
    """OCR text of a JPEG/PNG/TIFF photo or scan (first frame)."""
    image = _open_bounded(data, name, media_type)
    try:
        image.load()
    except OSError as exc:
        raise file_error(
            ErrorCode.FILE_INVALID,
            t("runtime.ocr.corrupt", detail=exc),
            name,
            media_type=media_type,
            hint=t("runtime.ocr.resave_hint"),
        ) from exc
    return RawText(ocr_image(image, name), None, False, 1)


def pdf_page_images(data: bytes, indexes: list[int], name: str) -> list[Any]:
    """Pages of a PDF rendered at 300 dpi (less when the page is large) for OCR."""
    import pypdfium2

    document = pypdfium2.PdfDocument(data)
    images = []
    try:
        for index in indexes:
            page = document[index]
            width, height = page.get_size()
            scale = _RENDER_DPI / 72
            pixels = width * height * scale * scale
            if pixels > MAX_PIXELS:
                scale *= (MAX_PIXELS / pixels) ** 0.5
            images.append(page.render(scale=scale).to_pil())
    except pypdfium2.PdfiumError as exc:
        raise file_error(
            ErrorCode.FILE_INVALID,
            t("runtime.ocr.render", detail=exc),
            name,
            hint=t("runtime.ocr.render_hint"),
        ) from exc
    finally:
        document.close()
    return images
