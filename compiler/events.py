"""The JSONL event log of a run (seed 000 §8.4): `runs/{plan_id}/{timestamp}.jsonl`.

Each event is one line, written and flushed as it happens, so a killed run leaves a readable
log. Values are summarised (`blocks.summarize`) and secrets masked (`keiri.base.masking`).
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from blocks.sdk.base import summarize
from keiri.base import masking, settings

__all__ = ["EVENTS", "EventLog", "now_iso"]

EVENTS = (
    "plan_start",
    "node_start",
    "node_complete",
    "node_skipped",
    "loop_iteration",
    "node_error",
    "node_paused",
    "node_resumed",
    "confirmation_requested",  # a block asked a question (seed 003): node, key, options
    "confirmation_resolved",  # answered: who, which option (or unattended, or cancelled)
    "loop_limit_reached",
    "node_reused",
    "node_rerun",
    "plan_complete",
)


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class EventLog:
    """Append-only JSONL writer; `path=None` keeps events in memory only (dry-run, tests).

    `listeners` (passed in by whoever starts the run, e.g. the CLI's progress display) are
    called with every event record; a failing listener never breaks a run, but it is not
    silent either: it is dropped from this log and logged.
    """

    def __init__(
        self,
        path: Path | None,
        keep: bool = True,
        listeners: Sequence[Callable[[dict[str, Any]], None]] = (),
    ) -> None:
        self.path = path
        self.listeners = list(listeners)
        self.events: list[dict[str, Any]] = []
        self._keep = keep
        self._lock = threading.Lock()
        self._handle: IO[str] | None = None
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)

    @classmethod
    def for_run(cls, plan_id: str, started: datetime | None = None) -> EventLog:
        stamp = (started or datetime.now(UTC)).strftime("%Y%m%dT%H%M%S%fZ")
        return cls(settings.runs_dir() / plan_id / f"{stamp}.jsonl")

    def emit(self, event: str, **fields: Any) -> dict[str, Any]:
        # Masked first (one rule for every surface), then summarised: a cut never shows part
        # of a secret.
        record: dict[str, Any] = masking.mask({"event": event, **fields})
        record.setdefault("timestamp", now_iso())
        for key in ("outputs", "item", "inputs"):
            if key in record:
                record[key] = summarize(record[key], masked=True)
        line = json.dumps(record, ensure_ascii=False, default=str)
        with self._lock:
            if self._keep:
                self.events.append(record)
            if self.path is not None:
                if self._handle is None:
                    self._handle = self.path.open("a", encoding="utf-8")
                self._handle.write(line + "\n")
                self._handle.flush()  # each event reaches the file as it happens
        for listener in list(self.listeners):
            try:
                listener(record)
            except Exception:
                logging.getLogger("keiri.events").exception("event listener failed; removed")
                self.listeners.remove(listener)
        return record

    def close(self) -> None:
        with self._lock:
            if self._handle is not None:
                self._handle.close()
                self._handle = None

    def __del__(self) -> None:
        handle = getattr(self, "_handle", None)
        if handle is not None:
            handle.close()

    def of(self, event: str) -> list[dict[str, Any]]:
        return [e for e in self.events if e["event"] == event]
