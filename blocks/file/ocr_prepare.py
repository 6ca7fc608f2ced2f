"""Page images made ready for OCR: upright, straight, evenly lit, black on white.

- **Orientation**: Tesseract's orientation and script detection (`--psm 0`, the `osd` model
  of `tesseract-ocr`) on a reduced copy; a page it reads as turned 90/180/270° with
  enough confidence is turned back.
- **Deskew**: the angle (within ±3°) at which the rows of ink line up best — the variance of
  the horizontal projection profile, coarse then fine, on a reduced copy — then the page is
  rotated by it. Scanners and phones tilt pages by 0.3–2°; Tesseract splits table cells
  and drops digits on tilted lines.
- **Binarisation for receipts and invoices**: the background is estimated (a wide maximum
  filter then a blur of a reduced copy: shading, grey paper, a receipt's thermal tint) and
  divided out before a global Otsu threshold, so light print on grey paper survives and
  speckles on white do not become ink.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from typing import Any

__all__ = ["binarise", "deskew", "orientation", "prepare", "skew_angle"]

_WORK_WIDTH = 1000
_COARSE = [x / 4 for x in range(-12, 13)]  # -3° .. 3° by 0.25°
_MIN_SKEW = 0.1
_OSD_CONFIDENCE = 2.0


def _reduced(gray: Any, width: int = _WORK_WIDTH) -> Any:
    if gray.width <= width:
        return gray.copy()
    height = max(1, round(gray.height * width / gray.width))
    return gray.resize((width, height))


def _profile_score(ink: Any, angle: float) -> float:
    import numpy as np

    rotated = np.asarray(ink.rotate(angle, fillcolor=0), dtype=np.float64)
    rows = rotated.sum(axis=1)
    return float(np.sum(np.diff(rows) ** 2))


def skew_angle(gray: Any) -> float:
    """The rotation (degrees, counter-clockwise) that straightens the page's lines of text."""
    small = _reduced(gray)
    ink = small.point(lambda v: 255 if v < 128 else 0)
    best = max(_COARSE, key=lambda a: _profile_score(ink, a))
    fine = [best + x / 20 for x in range(-5, 6)]
    return float(max(fine, key=lambda a: _profile_score(ink, a)))


def deskew(gray: Any) -> Any:
    """`gray` rotated so that its lines are level (unchanged when within 0.1°)."""
    from PIL import Image

    angle = skew_angle(gray)
    if abs(angle) < _MIN_SKEW:
        return gray
    return gray.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=255)


def orientation(gray: Any, timeout: float = 20.0) -> int:
    """Degrees (0, 90, 180, 270) to rotate the page counter-clockwise to make it upright, by
    Tesseract's OSD; 0 when it is unsure or the osd model is not installed."""
    import io

    binary = shutil.which("tesseract")
    if binary is None:
        return 0
    buffer = io.BytesIO()
    _reduced(gray, 1600).save(buffer, format="PNG")
    try:
        done = subprocess.run(
            [binary, "stdin", "stdout", "--psm", "0", "-l", "osd"],
            input=buffer.getvalue(),
            capture_output=True,
            timeout=timeout,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return 0
    out = done.stdout.decode(errors="replace")
    rotate = re.search(r"Rotate:\s*(\d+)", out)
    confidence = re.search(r"Orientation confidence:\s*([\d.]+)", out)
    if rotate is None or confidence is None or float(confidence.group(1)) < _OSD_CONFIDENCE:
        return 0
    return int(rotate.group(1)) % 360


def binarise(gray: Any) -> Any:
    """Black ink on white: the background divided out, then Otsu's threshold."""
    import numpy as np
    from PIL import Image, ImageFilter

    small = _reduced(gray, 600)
    background = small.filter(ImageFilter.MaxFilter(15)).filter(ImageFilter.GaussianBlur(8))
    background = background.resize(gray.size)
    page = np.asarray(gray, dtype=np.float64)
    light = np.maximum(np.asarray(background, dtype=np.float64), 1.0)
    flat = np.clip(page / light * 255.0, 0, 255).astype(np.uint8)
    even = Image.fromarray(flat).filter(ImageFilter.MedianFilter(3))
    level = _otsu(even.histogram())
    ink = np.asarray(even) <= level
    ink &= ~(_long_runs(ink, axis=1) | _long_runs(ink, axis=0))  # table rules are not text
    return Image.fromarray(np.where(ink, 0, 255).astype(np.uint8)).convert("1")


def _long_runs(ink: Any, axis: int) -> Any:
    """Pixels of ink runs at least `_RULE_RUN` long along `axis` (a table's rules)."""
    import numpy as np

    run = max(40, ink.shape[axis] // 12)
    counts = np.cumsum(ink, axis=axis, dtype=np.int32)
    zero = np.zeros_like(np.take(counts, [0], axis=axis))
    padded = np.concatenate([zero, counts], axis=axis)
    size = ink.shape[axis]
    window = np.take(padded, range(run, size + 1), axis=axis) - np.take(
        padded, range(size - run + 1), axis=axis
    )
    full = (window == run).astype(np.int32)
    marks = np.cumsum(full, axis=axis)
    marks = np.concatenate([np.zeros_like(np.take(marks, [0], axis=axis)), marks], axis=axis)
    ends = np.arange(size)
    hi = np.minimum(ends, size - run) + 1
    lo = np.maximum(ends - run + 1, 0)
    covered = np.take(marks, hi, axis=axis) - np.take(marks, lo, axis=axis)
    return covered > 0


def _otsu(histogram: list[int]) -> int:
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
    return threshold


def prepare(image: Any, *, upright: bool = True) -> Any:
    """Grey, upright (OSD), deskewed copy of a PIL image (not yet binarised)."""
    gray = image.convert("L")
    if upright:
        turn = orientation(gray)
        if turn:
            gray = gray.rotate(turn, expand=True, fillcolor=255)
    return deskew(gray)
