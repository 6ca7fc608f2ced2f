"""Preparing a page for OCR (`blocks.file.ocr_prepare`) on generated page images: the angle
of a tilted page, the orientation of a turned page (Tesseract's OSD), table rules removed by
`binarise` while the text stays. Its cost per page is measured in `bench/bench_ocr_prepare.py`
(a timed test failed on a loaded machine)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import matplotlib_fontja
import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from blocks.file.ocr_prepare import binarise, deskew, orientation, skew_angle

FONT = Path(matplotlib_fontja.__file__).parent / "fonts" / "ipaexg.ttf"
LINES = [
    "請求書", "株式会社みなみ工業 御中", "請求日 2026年6月27日", "下記のとおりご請求申し上げます。",
    "コピー用紙 A4 5 3,300 16,500", "トナーカートリッジ 2 12,980 25,960", "小計 42,460",
    "消費税 4,246", "合計 ¥46,706", "お振込先 みなみ銀行 本店 普通 1234567",
]  # fmt: skip


def _page(rules: bool = False) -> Any:
    """An A4 page at 200 dpi: 20 lines of invoice text, with a ruled table if asked."""
    font = ImageFont.truetype(str(FONT), 34)
    page = Image.new("L", (1654, 2339), 255)
    draw = ImageDraw.Draw(page)
    for index, line in enumerate(LINES * 2):
        draw.text((140, 140 + index * 90), line, font=font, fill=20)
    if rules:
        for y in range(125, 2000, 90):
            draw.line((120, y, 1500, y), fill=0, width=3)
        for x in (120, 900, 1500):
            draw.line((x, 125, x, 1925), fill=0, width=3)
    return page


def _osd_installed() -> bool:
    binary = shutil.which("tesseract")
    if binary is None:
        return False
    langs = subprocess.run([binary, "--list-langs"], capture_output=True, text=True, check=False)
    return "osd" in langs.stdout.split()


@pytest.mark.parametrize("tilt", [1.6, -0.8, 2.4])
def test_the_skew_angle_of_a_tilted_page_is_found_and_undone(tilt: float) -> None:
    tilted = _page().rotate(tilt, expand=True, fillcolor=255, resample=Image.Resampling.BICUBIC)
    assert skew_angle(tilted) == pytest.approx(-tilt, abs=0.3)
    assert abs(skew_angle(deskew(tilted))) <= 0.3


def test_a_level_page_is_left_as_it_is() -> None:
    page = _page()
    assert deskew(page) is page


@pytest.mark.skipif(not _osd_installed(), reason="Tesseract's osd model is not installed")
@pytest.mark.parametrize("turn", [0, 90, 180, 270])
def test_the_orientation_of_a_turned_page_is_found(turn: int) -> None:
    """`orientation` gives the counter-clockwise turn that makes the page upright."""
    turned = _page().rotate(turn, expand=True, fillcolor=255)
    assert orientation(turned, timeout=300) == (360 - turn) % 360


def test_binarise_removes_table_rules_and_keeps_the_text() -> None:
    ruled = np.asarray(binarise(_page(rules=True)).convert("L")) < 128
    plain = np.asarray(binarise(_page()).convert("L")) < 128
    rule_row = ruled[124:127, 300:880]  # a horizontal rule between two text lines
    rule_column = ruled[400:1900, 899:902]  # the middle vertical rule
    assert rule_row.mean() < 0.05 and rule_column.mean() < 0.05
    text = slice(140, 2000), slice(140, 1500)
    kept = (ruled[text] & plain[text]).sum() / plain[text].sum()
    assert kept > 0.9, kept


def test_binarise_divides_out_grey_and_shaded_paper() -> None:
    page = np.asarray(_page(), dtype=np.float32)
    shade = np.linspace(150, 235, page.shape[1], dtype=np.float32)[None, :] / 255
    ink = np.asarray(binarise(Image.fromarray((page * shade).astype(np.uint8))).convert("L")) < 128
    clean = np.asarray(binarise(_page()).convert("L")) < 128
    assert ink.sum() == pytest.approx(clean.sum(), rel=0.15)
