"""What OCR may cost: pixels per page, pages per file, seconds per page and seconds per run.

Scanned pages are the one input whose cost does not follow its size: a 1 KB PDF can declare
pages of 5000 x 5000 pt. `OCRBudget` carries the limits (from the `ocr` settings section,
`KEIRI_OCR_*`) inside `ExtractOptions`, so it reaches every extractor, in this process or in a
worker process (it is a small frozen value, pickled with the options).

**The run's seconds are shared by every file of the run.** A run reads its files in one block
call (`file.parse_zip_2tier`, a list given to `file.extract_text`), in several worker
processes, or one file per iteration of a `foreach` (each iteration a task, perhaps in another
thread or process). What they share is the run id in their block context, so the budget names
a *ledger* file derived from it: `<keiri home>/budgets/ocr/<hash of the root run id>.log`
(a subflow `run#1.sub#2` spends from its parent's budget). Every page read appends its seconds
as one line (`O_APPEND`: a write of a few bytes is atomic, no lock needed); what is left is
the limit minus the sum. Each page's Tesseract timeout is capped by what is left, so a run
overshoots its budget by at most one page per worker. Without a ledger (the library used
directly) the seconds are counted per file. Ledgers older than 30 days are removed when a
new one is created.
"""

from __future__ import annotations

import hashlib
import logging
import os
import time
from dataclasses import dataclass, replace
from pathlib import Path

from keiri.base import settings

__all__ = ["OCRBudget", "RunMeter", "ledger_path", "root_run_id"]

_LEDGER_DIR = ("budgets", "ocr")
_LEDGER_MAX_AGE = 30 * 86400
_log = logging.getLogger(__name__)


def root_run_id(run_id: str) -> str:
    """The run a subflow belongs to: `run#1.sub#2.sub#1` -> `run#1`."""
    return run_id.split(".sub#", 1)[0]


def ledger_path(run_id: str) -> Path:
    """The ledger of the OCR seconds spent by the run `run_id` (and its subflows)."""
    digest = hashlib.sha256(root_run_id(run_id).encode("utf-8")).hexdigest()[:40]
    return settings.keiri_home().joinpath(*_LEDGER_DIR, f"{digest}.log")


@dataclass(frozen=True)
class OCRBudget:
    """The limits of OCR, and the ledger of the run's seconds (None: counted per file).

    `max_pixels`: pixels one page is rendered at (its content area is scaled down to fit);
    `max_pages`: pages of one file read by OCR (blank pages do not count);
    `page_seconds`: Tesseract's time for one page; `run_seconds`: OCR time of the whole run.
    """

    max_pixels: int = 12_000_000
    max_pages: int = 10
    page_seconds: float = 60.0
    run_seconds: float = 1800.0
    ledger: str | None = None

    def __post_init__(self) -> None:
        if self.max_pixels < 1 or self.max_pages < 0:
            raise ValueError("OCRBudget: max_pixels must be >= 1 and max_pages >= 0")
        if self.page_seconds <= 0 or self.run_seconds <= 0:
            raise ValueError("OCRBudget: page_seconds and run_seconds must be > 0")

    @classmethod
    def from_settings(cls) -> OCRBudget:
        """The limits of the `ocr` settings section (`KEIRI_OCR_*`), without a ledger."""
        ocr = settings.get().ocr
        return cls(
            max_pixels=ocr.max_page_pixels,
            max_pages=ocr.max_pages_per_file,
            page_seconds=ocr.page_timeout_s,
            run_seconds=ocr.run_budget_s,
        )

    @classmethod
    def for_run(cls, run_id: str) -> OCRBudget:
        """The settings' limits with the ledger of `run_id`: what a block passes on."""
        return replace(cls.from_settings(), ledger=str(ledger_path(run_id)))

    def meter(self) -> RunMeter:
        return RunMeter(self)


class RunMeter:
    """Counts the seconds of one file's OCR against the run's budget."""

    def __init__(self, budget: OCRBudget) -> None:
        self.budget = budget
        self.spent = 0.0  # by this file

    def remaining(self) -> float:
        """Seconds of OCR the run may still spend (never negative)."""
        used = self.spent if self.budget.ledger is None else _read(Path(self.budget.ledger))
        return max(0.0, self.budget.run_seconds - used)

    def page_timeout(self) -> float:
        """Tesseract's timeout for the next page: the page limit, or what the run has left."""
        return min(self.budget.page_seconds, self.remaining())

    def charge(self, seconds: float) -> None:
        self.spent += seconds
        if self.budget.ledger is not None:
            _append(Path(self.budget.ledger), seconds)


def _read(path: Path) -> float:
    try:
        text = path.read_text(encoding="ascii")
    except FileNotFoundError:
        return 0.0
    total = 0.0
    for line in text.splitlines():
        try:
            total += float(line)
        except ValueError:
            _log.warning("ignoring a malformed line of the OCR ledger %s: %r", path, line[:40])
    return total


def _append(path: Path, seconds: float) -> None:
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        _prune(path.parent)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.write(fd, f"{seconds:.3f}\n".encode("ascii"))
    finally:
        os.close(fd)


def _prune(folder: Path) -> None:
    """Remove the ledgers of runs older than 30 days (best effort: another process may too)."""
    cutoff = time.time() - _LEDGER_MAX_AGE
    for old in folder.glob("*.log"):
        try:
            if old.stat().st_mtime < cutoff:
                old.unlink()
        except FileNotFoundError:
            continue
