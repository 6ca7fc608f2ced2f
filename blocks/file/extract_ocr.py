"""OCR of scanned pages and photos of receipts, by the engine in use (`KEIRI_OCR_ENGINE`,
`blocks.file.ocr_engines`): RapidOCR when installed, else Tesseract and its Japanese model.

The `tesseract` binary (Debian: `tesseract-ocr`, `tesseract-ocr-jpn`; installed by
scripts/system-deps.sh) runs as a child process on a PNG given on stdin, with a timeout; it
also turns pages upright (orientation detection) for both engines when it is installed.
Images are bounded before they are decoded: the header's width x height must fit
`MAX_PIXELS` (a 20,000 x 20,000 px image is FILE_TOO_LARGE, not 400 MB of pixels). Pages are
converted to grey, contrast-stretched and binarised (Otsu) before recognition; Tesseract's
spaces between Japanese characters are removed and the text is NFKC-normalised.

Photos are read within the OCR budget (`blocks.file.ocr_budget`): scaled down to its pixels
per page, skipped when blank (`content_of`: nothing differs from the background), and a
photo over the run's seconds or slower than a page's is a finding (`blocks.file.ocr_findings`),
not an error. Scanned PDF pages are read in `blocks.file.ocr_pages`.

Without the engine in use (Tesseract or its `jpn` model when RapidOCR is not installed) the
error is DEPENDENCY_NOT_FOUND with the install command — never an empty success.
"""

from __future__ import annotations

import functools
import io
import shutil
import subprocess
import time
from typing import Any

from blocks.file.extract_types import ExtractOptions, RawText, file_error
from blocks.file.ocr_engines import ENGINES, OcrRead, engine_in_use, rapidocr_installed
from blocks.file.ocr_findings import BLANK_PAGES, PAGE_LIMIT, PAGE_TIMEOUT, RUN_BUDGET, FindingBook
from blocks.file.ocr_prepare import prepare
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t

__all__ = [
    "IMAGE_TYPES",
    "MAX_PIXELS",
    "MIN_PAGE_SECONDS",
    "content_of",
    "extract_image",
    "ocr_image",
    "ocr_read",
    "ocr_ready",
    "require_ocr",
]

IMAGE_TYPES = frozenset({"image/png", "image/jpeg", "image/tiff"})
#: The largest image decoded for OCR (A4 at 600 dpi is about 35 million pixels).
MAX_PIXELS = 40_000_000
#: Less than this many seconds left of the run's OCR budget: the next page is not started.
MIN_PAGE_SECONDS = 1.0
_TIMEOUT = 120
#: Levels closer than this to the background's are paper, not ink (scanner noise, shading).
_TOLERANCE = 24
_THUMB_PIXELS = 1_000_000
_BLANK_INK = 4.0  # thumbnail pixels of full ink: less is a blank photo
_INSTALL = "runtime.ocr.install_hint"


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


def require_ocr(name: str, lang: str = "jpn") -> None:
    """Raise DEPENDENCY_NOT_FOUND (naming the file) unless the engine in use is installed
    (Tesseract: with `lang`)."""
    problem = _rapidocr_ready() if _engine() == "rapidocr" else ocr_ready(lang)
    if problem is not None:
        problem.details["file"] = name
        raise problem


def content_of(gray: Any) -> tuple[float, tuple[int, int, int, int] | None]:
    """(ink, box) of a greyscale PIL image: how much of it differs from its background (the
    most common level), in pixels of full ink, and the bounding box of those pixels (None
    when nothing does). Paper noise within `_TOLERANCE` levels is not ink; a dark background
    with light content counts as well as dark ink on white."""
    histogram = gray.histogram()
    background = max(range(256), key=histogram.__getitem__)
    far = [abs(level - background) > _TOLERANCE for level in range(256)]
    ink = sum(abs(lvl - background) * n for lvl, n in enumerate(histogram) if far[lvl]) / 255
    if ink == 0:
        return 0.0, None
    return ink, gray.point([255 if f else 0 for f in far]).getbbox()


def _rapidocr_ready() -> BlockError | None:
    if rapidocr_installed():
        return None
    return BlockError(
        ErrorCode.DEPENDENCY_NOT_FOUND,
        t("runtime.ocr.no_rapidocr"),
        details={"dependency": "rapidocr"},
        hint=t("runtime.ocr.rapidocr_hint"),
    )


def _engine() -> str:
    """The engine in use: `KEIRI_OCR_ENGINE`, `auto` resolved (RapidOCR when installed)."""
    from keiri.base import settings

    return engine_in_use(settings.get().ocr.engine)


def ocr_read(
    image: Any,
    name: str,
    lang: str = "jpn",
    *,
    timeout: float = _TIMEOUT,
    page: int = 1,
    engine: str | None = None,
) -> OcrRead:
    """The text and the rows of positioned cells of one PIL image, read by the configured
    engine (`KEIRI_OCR_ENGINE`) after turning it upright and straightening it;
    TIMEOUT_ERROR when the engine takes over `timeout` seconds."""
    chosen = engine or _engine()
    if chosen == "tesseract":
        require_ocr(name, lang)
    gray = prepare(image, upright=shutil.which("tesseract") is not None)
    return ENGINES[chosen](gray, name, lang, timeout=timeout, page=page)


def ocr_image(image: Any, name: str, lang: str = "jpn", *, timeout: float = _TIMEOUT) -> str:
    """The text of one PIL image (see `ocr_read`)."""
    return ocr_read(image, name, lang, timeout=timeout).text


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


def _fit(image: Any, max_pixels: int) -> Any:
    """`image` scaled down (never up) to at most `max_pixels` pixels."""
    width, height = image.size
    if width * height <= max_pixels:
        return image
    factor = (max_pixels / (width * height)) ** 0.5
    size = (max(1, int(width * factor)), max(1, int(height * factor)))
    return image.resize(size)


def _blank(image: Any) -> bool:
    thumb = image.convert("L")
    thumb.thumbnail((1000, 1000))
    ink, box = content_of(thumb)
    return box is None or ink < _BLANK_INK


def extract_image(data: bytes, name: str, opts: ExtractOptions, media_type: str) -> RawText:
    """OCR text of a JPEG/PNG/TIFF photo or scan (first frame), within `opts.ocr_budget`."""
    image = _open_bounded(data, name, media_type)
    budget = opts.ocr_budget
    width, height = image.size
    if width * height > budget.max_pixels:
        factor = (budget.max_pixels / (width * height)) ** 0.5
        image.draft(image.mode, (int(width * factor), int(height * factor)))  # JPEG: decode less
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
    require_ocr(name)
    book, meter, text, read = FindingBook(name), budget.meter(), "", 0
    rows: list[dict[str, Any]] = []
    if budget.max_pages < 1:
        book.add(PAGE_LIMIT, 1, limit=budget.max_pages)
    elif meter.remaining() < MIN_PAGE_SECONDS:
        book.add(RUN_BUDGET, 1, seconds=f"{budget.run_seconds:,.0f}")
    else:
        started = time.monotonic()
        timeout = meter.page_timeout()
        try:
            image = _fit(image, budget.max_pixels)
            if _blank(image):
                book.add(BLANK_PAGES, 1)
            else:
                (text, rows), read = ocr_read(image, name, timeout=timeout), 1
        except BlockError as exc:
            if exc.code != ErrorCode.TIMEOUT_ERROR:
                raise
            book.add(PAGE_TIMEOUT, 1, seconds=round(timeout))
        finally:
            meter.charge(time.monotonic() - started)
    return RawText(text, None, False, read, (), book.findings(), tuple(rows))
