"""What the form app looks like on any client: a Japanese web font and Japanese widget texts.

Japanese renders as tofu on a machine without a CJK font, so the app serves one: the IPAex
Gothic font that `matplotlib-fontja` ships, copied into `ui_app/static/fonts/` and served by
Streamlit's static file serving (`--server.enableStaticServing true`, set by `keiri ui`). The
style sheet adds it to Streamlit's own font families ("Source Sans", "Source Code Pro",
"Source Serif") for the Japanese code points only (`unicode-range`), so Latin text and the
Material icons (which need no emoji font) keep their fonts.

Captions are drawn in a darker grey than Streamlit's (`CAPTION_COLOR`): the accessibility
check (axe-core, colour contrast) asks 4.5:1.

Streamlit's file uploader shows English texts ("Upload", "200MB per file • PDF") and text
boxes "Press Enter to apply"; the style sheet hides them and relabels the upload button, and
`ui_app.fields` says the same in Japanese.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path

import streamlit as st

from keiri.base.catalog import t

__all__ = [
    "CAPTION_COLOR",
    "FONT_FAMILY",
    "FONT_URL",
    "css",
    "ensure_font",
    "font_source",
    "static_font",
]

FONT_FAMILY = "keiri-ja"
#: Relative to the page, so it works under any `server.baseUrlPath`.
FONT_URL = "app/static/fonts/ipaexg.ttf"
_STREAMLIT_FAMILIES = ("Source Sans", "Source Code Pro", "Source Serif")
#: CJK punctuation, kana, CJK ideographs, compatibility forms, full-width forms, and the
#: symbols accountants use (△▲※①㈱).
_JAPANESE_RANGES = (
    "U+2010-205E, U+2190-21FF, U+2460-24FF, U+25A0-26FF, U+3000-30FF, U+3190-319F, "
    "U+31F0-31FF, U+3200-33FF, U+3400-4DBF, U+4E00-9FFF, U+F900-FAFF, U+FE30-FE4F, "
    "U+FF00-FFEF"
)


#: Captions (times, who, hints) in a grey dark enough to read: 7:1 on white (WCAG AA asks
#: 4.5:1; Streamlit draws them as body text at 60 % opacity, about #828180: 3.8:1).
CAPTION_COLOR = "#55565f"


def font_source() -> Path:
    """The IPAex Gothic TTF shipped by matplotlib-fontja (found, not imported: importing it
    loads matplotlib, seconds before the first page on a loaded machine)."""
    spec = importlib.util.find_spec("matplotlib_fontja")
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    if not folders:
        raise ModuleNotFoundError("matplotlib_fontja", name="matplotlib_fontja")
    return Path(folders[0]) / "fonts" / "ipaexg.ttf"


def static_font() -> Path:
    return Path(__file__).resolve().parent / "static" / "fonts" / "ipaexg.ttf"


def ensure_font() -> Path:
    """Put the font where Streamlit serves static files (once; a changed source is recopied)."""
    source, target = font_source(), static_font()
    if not target.exists() or target.stat().st_size != source.stat().st_size:
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(f"{target.name}.{os.getpid()}.tmp")  # apps may start at once
        shutil.copyfile(source, partial)
        partial.replace(target)
    return target


def css() -> str:
    # italic too: Streamlit's own italic faces (no Japanese glyphs) would otherwise win for
    # emphasised text and show it as boxes; Japanese has no italics, the glyphs stay upright
    faces = "\n".join(
        f'@font-face {{ font-family: "{family}"; src: url("{FONT_URL}") format("truetype"); '
        f"font-style: {style}; font-weight: 100 900; font-display: swap; "
        f"unicode-range: {_JAPANESE_RANGES}; }}"
        for family in (*_STREAMLIT_FAMILIES, FONT_FAMILY)
        for style in ("normal", "italic")
    )
    upload = t("form.browse_files").replace('"', "")
    return f"""{faces}
[data-testid="stCaptionContainer"] {{ opacity: 1; }}
[data-testid="stCaptionContainer"], [data-testid="stCaptionContainer"] p {{
  color: {CAPTION_COLOR};
}}
[data-testid="stFileUploaderDropzoneInstructions"] {{ display: none; }}
[data-testid="InputInstructions"] {{ display: none; }}
[data-testid="stFileUploaderDropzone"] button [data-testid="stMarkdownContainer"],
[data-testid="stFileUploaderDropzone"] button p {{ font-size: 0; }}
[data-testid="stFileUploaderDropzone"] button p::after {{
  content: "{upload}"; font-size: 0.875rem;
}}
"""


def apply() -> None:
    """Once per page run: the font faces and the widget texts (a style element takes no space)."""
    st.html(f"<style>{css()}</style>")
