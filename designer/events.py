"""Generation events (JSONL) and metrics (seed 001 "ログ/監査・メトリクス").

Each generation writes `<runs>/designer/<generation_id>.jsonl` (one event per line:
`generation_started`, `documents_normalized`, `templates_applied`, `retrieval_fallback`,
`candidates_retrieved`, `llm_call` / `llm_error`, `questions_asked`, `answers_applied`,
`placeholders_marked`, `answers_rejected`, `attempt_checked`, `repair_requested`,
`fallback_used`, `plan_saved`, `generation_finished`) and appends one
summary line to `<runs>/designer/generations.jsonl`, which `summarize_generations()` reads
for the metrics shown in the form app (error rate, median time, attempts, repair rounds,
dry-run time, chosen-block distribution).

Prompts and document texts are never logged (they may hold business data): only sizes.
"""

from __future__ import annotations

import json
import logging
import statistics
import threading
import uuid
from collections import Counter
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from keiri.base import settings

__all__ = [
    "DesignEventLog",
    "GenerationMetrics",
    "designer_log_dir",
    "new_generation_id",
    "summarize_generations",
]

_log = logging.getLogger("keiri.designer")
SUMMARY_FILE = "generations.jsonl"


def designer_log_dir() -> Path:
    return settings.runs_dir() / "designer"


def new_generation_id() -> str:
    return f"{datetime.now(UTC):%Y%m%d%H%M%S}-{uuid.uuid4().hex[:8]}"


@dataclass
class GenerationMetrics:
    """The seed's metrics for one generation."""

    attempts: int = 0
    repair_rounds: int = 0
    llm_calls: int = 0
    validation_errors: list[int] = field(default_factory=list)
    final_errors: int = 0
    dry_run_ms: float | None = None
    total_ms: float = 0.0
    chosen_blocks: dict[str, int] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=dict)
    retrieval: str = ""
    candidates: int = 0

    def add_tokens(self, usage: dict[str, int]) -> None:
        for key, value in usage.items():
            self.tokens[key] = self.tokens.get(key, 0) + int(value)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class DesignEventLog:
    """Appends events of one generation to its JSONL file (thread-safe, flushed per line)."""

    def __init__(self, generation_id: str, folder: Path | None = None) -> None:
        self.generation_id = generation_id
        self.folder = folder or designer_log_dir()
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = self.folder / f"{generation_id}.jsonl"
        self._lock = threading.Lock()

    def emit(self, event: str, **fields: Any) -> None:
        record = {
            "ts": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "event": event,
            "generation_id": self.generation_id,
            **fields,
        }
        line = json.dumps(record, ensure_ascii=False, default=str)
        with self._lock, self.path.open("a", encoding="utf-8") as handle:
            handle.write(line + "\n")
        _log.debug("design event %s", event)

    def summary(self, **fields: Any) -> None:
        """One line per generation in the shared `generations.jsonl`."""
        record = {
            "ts": datetime.now(UTC).isoformat(timespec="seconds"),
            "generation_id": self.generation_id,
            "events": str(self.path),
            **fields,
        }
        with self._lock, (self.folder / SUMMARY_FILE).open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(record, ensure_ascii=False, default=str) + "\n")


def summarize_generations(folder: Path | None = None, last: int = 200) -> dict[str, Any]:
    """Aggregate metrics of the last `last` generations (empty figures when there are none)."""
    path = (folder or designer_log_dir()) / SUMMARY_FILE
    rows: list[dict[str, Any]] = []
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines()[-last:]:
            try:
                rows.append(json.loads(line))
            except ValueError:
                continue  # a line cut by a crash; the others still count
    if not rows:
        return {"generations": 0}
    metrics = [r.get("metrics", {}) for r in rows]
    blocks: Counter[str] = Counter()
    for m in metrics:
        blocks.update(m.get("chosen_blocks", {}))
    dry = [m["dry_run_ms"] for m in metrics if m.get("dry_run_ms") is not None]
    return {
        "generations": len(rows),
        "ok_rate": round(sum(1 for r in rows if r.get("ok")) / len(rows), 3),
        "error_rate": round(sum(1 for r in rows if not r.get("ok")) / len(rows), 3),
        "median_total_ms": statistics.median(m.get("total_ms", 0.0) for m in metrics),
        "median_dry_run_ms": statistics.median(dry) if dry else None,
        "mean_attempts": round(statistics.fmean(m.get("attempts", 0) for m in metrics), 2),
        "mean_repair_rounds": round(
            statistics.fmean(m.get("repair_rounds", 0) for m in metrics), 2
        ),
        "block_distribution": dict(blocks.most_common()),
    }
