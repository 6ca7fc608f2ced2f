"""Japanese in charts is real glyphs, not tofu: a pixel test on PNGs the sandbox drew.

Tofu (a missing glyph) renders every character as the same box, so two different kanji
drawn with a font that lacks them produce identical pixels. The sandbox's default font must
draw them differently; DejaVu Sans (no CJK) is the control that shows the test can fail.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from blocks.analysis import Sandbox
from blocks.analysis.workspace import create_workspace

pytestmark = pytest.mark.usefixtures("kernel_layer")

CODE = """
import warnings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    for name, family in (("ja", None), ("tofu", "DejaVu Sans")):
        for i, ch in enumerate("月売"):
            fig = plt.figure(figsize=(1, 1), dpi=60)
            extra = {} if family is None else {"fontfamily": family}
            fig.text(0.5, 0.5, ch, ha="center", va="center", fontsize=40, **extra)
            fig.savefig(f"{name}_{i}.png")
            plt.close(fig)
        missing = [w for w in caught if "missing from font" in str(w.message)]
        print(name, len(missing))
        caught.clear()
    fig, ax = plt.subplots(figsize=(5, 3))
    ax.plot([1, 2, 3], [200000, 220000, 265000])
    ax.set_title("月次売上の推移")
    fig.savefig("chart.png")
    print("chart", len([w for w in caught if "missing from font" in str(w.message)]))
"""


def _pixels(path: Path) -> np.ndarray:
    return np.asarray(Image.open(path).convert("L"), dtype=np.int16)


def test_a_japanese_title_is_drawn_with_real_glyphs(tmp_path: Path) -> None:
    workspace = create_workspace(tmp_path / "ws")
    run = Sandbox().run(CODE, None, workspace)
    assert run.ok, run.error
    assert run.stdout.splitlines() == ["ja 0", "tofu 2", "chart 0"]

    ja = [_pixels(workspace / f"ja_{i}.png") for i in (0, 1)]
    tofu = [_pixels(workspace / f"tofu_{i}.png") for i in (0, 1)]
    for image in ja:
        assert (image < 128).sum() > 50  # there is ink
    # Real glyphs: 月 and 売 differ in hundreds of pixels; tofu boxes are identical.
    assert (np.abs(ja[0] - ja[1]) > 64).sum() > 100
    assert (np.abs(tofu[0] - tofu[1]) > 64).sum() == 0
    assert (workspace / "chart.png").read_bytes().startswith(b"\x89PNG")
