"""The findings of OCR: pages not read (or read coarsely), one `Finding` per kind and file.

Codes are stable; the message (naming the file and the pages) and the hint come from the
catalog (`runtime.ocr.finding.*`):

| code | severity | meaning |
| --- | --- | --- |
| `OCR_PAGE_LIMIT` | warning | pages past `KEIRI_OCR_MAX_PAGES_PER_FILE` were not read |
| `OCR_RUN_BUDGET` | warning | the run's OCR seconds (`KEIRI_OCR_RUN_BUDGET_S`) were spent |
| `OCR_PAGE_TIMEOUT` | warning | Tesseract did not finish a page in `KEIRI_OCR_PAGE_TIMEOUT_S` |
| `OCR_IMAGE_TOO_LARGE` | warning | a page holds an image over 40 million pixels |
| `OCR_PAGE_DOWNSCALED` | warning | a page was read below 150 dpi to fit `KEIRI_OCR_MAX_PAGE_PIXELS` |
| `OCR_BLANK_PAGES` | info | blank pages were skipped |
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any, Literal

from blocks.file.extract_types import Finding
from keiri.base.catalog import t

__all__ = [
    "BLANK_PAGES",
    "DOWNSCALED",
    "IMAGE_TOO_LARGE",
    "PAGE_LIMIT",
    "PAGE_TIMEOUT",
    "RUN_BUDGET",
    "FindingBook",
]

PAGE_LIMIT = "OCR_PAGE_LIMIT"
RUN_BUDGET = "OCR_RUN_BUDGET"
PAGE_TIMEOUT = "OCR_PAGE_TIMEOUT"
IMAGE_TOO_LARGE = "OCR_IMAGE_TOO_LARGE"
DOWNSCALED = "OCR_PAGE_DOWNSCALED"
BLANK_PAGES = "OCR_BLANK_PAGES"

Severity = Literal["warning", "info"]
#: code -> (message key, hint key, severity); the keys are literals, chosen by the code.
_KINDS: dict[str, tuple[str, str, Severity]] = {
    PAGE_LIMIT: (
        "runtime.ocr.finding.page_limit",
        "runtime.ocr.finding.page_limit_hint",
        "warning",
    ),
    RUN_BUDGET: (
        "runtime.ocr.finding.run_budget",
        "runtime.ocr.finding.run_budget_hint",
        "warning",
    ),
    PAGE_TIMEOUT: (
        "runtime.ocr.finding.page_timeout",
        "runtime.ocr.finding.page_timeout_hint",
        "warning",
    ),
    IMAGE_TOO_LARGE: (
        "runtime.ocr.finding.image_too_large",
        "runtime.ocr.finding.image_too_large_hint",
        "warning",
    ),
    DOWNSCALED: (
        "runtime.ocr.finding.downscaled",
        "runtime.ocr.finding.downscaled_hint",
        "warning",
    ),
    BLANK_PAGES: ("runtime.ocr.finding.blank", "runtime.ocr.finding.blank_hint", "info"),
}
_ORDER = tuple(_KINDS)


def _pages(numbers: Iterable[int]) -> str:
    """`1, 2, 3, 5` -> `1～3, 5` (page numbers as a person reads them)."""
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}～{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)


class FindingBook:
    """Collects the pages of one file by finding code; `findings()` gives one per code."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._pages: dict[str, list[int]] = defaultdict(list)
        self._fields: dict[str, dict[str, Any]] = {}

    def add(self, code: str, page: int, **fields: Any) -> None:
        """Page `page` (1-based) has finding `code`; `fields` fill its message (first wins,
        except `dpi`: the lowest)."""
        self._pages[code].append(page)
        known = self._fields.setdefault(code, dict(fields))
        if "dpi" in fields:
            known["dpi"] = min(known.get("dpi", fields["dpi"]), fields["dpi"])

    def add_all(self, code: str, pages: Iterable[int], **fields: Any) -> None:
        for page in pages:
            self.add(code, page, **fields)

    def findings(self) -> tuple[Finding, ...]:
        out = []
        for code in _ORDER:
            pages = self._pages.get(code)
            if not pages:
                continue
            message, hint, severity = _KINDS[code]
            fields = self._fields[code]
            out.append(
                Finding(
                    code=code,
                    file=self.name,
                    message=t(message, name=self.name, pages=_pages(pages), **fields),
                    hint=t(hint, **fields),
                    severity=severity,
                    pages=tuple(sorted(set(pages))),
                )
            )
        return tuple(out)
