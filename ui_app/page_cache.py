"""What the form app's pages keep of what they read (`Cache`), shared by the app's sessions
(threads), and its hand-over between the app's processes (`snapshot` / `install`, for
`ui_app.read_ahead`). The reads themselves are `ui_app.backend`'s."""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Any, ClassVar

from cachetools import LRUCache, TTLCache

if TYPE_CHECKING:
    from flows.backend.outcome import RunOutcome
    from flows.lifecycle.run_view import RunView

__all__ = ["AHEAD_S", "ENDED", "RUNS_TTL_S", "Cache", "install", "snapshot"]

#: How long the recent-runs list is reused (seconds).
RUNS_TTL_S = 3.0
#: How long after they were handed over the lists read ahead at the app's start may be drawn
#: (seconds): the first drawing comes well under a second after that.
AHEAD_S = 10.0
#: The states a run does not leave.
ENDED = frozenset({"COMPLETED", "FAILED", "CANCELLED", "CRASHED"})


class Cache:
    """What the pages read again and again, shared by the app's sessions (threads)."""

    lock = threading.Lock()
    runs: TTLCache[tuple[str, str | None, int], list[RunView]] = TTLCache(64, RUNS_TTL_S)
    #: run id -> (state type, state, end) as the last list showed it.
    listed: LRUCache[str, tuple[str, str, str | None]] = LRUCache(4096)
    #: run id -> (the listed tag it was read under, the outcome of the ended run).
    outcomes: LRUCache[str, tuple[tuple[str, str, str | None], RunOutcome]] = LRUCache(512)
    started_by: LRUCache[str, dict[str, Any]] = LRUCache(4096)
    #: run id -> the listed tag of an ended run nobody recorded a starter for.
    no_starter: LRUCache[str, tuple[str, str, str | None]] = LRUCache(4096)
    #: run id -> (the listed tag, the summary published on the ended run, or None).
    summaries: LRUCache[str, tuple[tuple[str, str, str | None], str | None]] = LRUCache(512)
    parameters: LRUCache[str, dict[str, Any]] = LRUCache(1024)
    #: What another process read at the app's start, for one drawing (`inbox_ahead`,
    #: `runs_ahead`, `sent_back_ahead`): name -> (when it was read, the list).
    ahead: ClassVar[dict[str, tuple[float, list[Any]]]] = {}
    warming = threading.Lock()  # held while `ui_app.backend.warm_runs` runs

    @classmethod
    def take_ahead(cls, name: str) -> list[Any] | None:
        """The list read ahead under `name`, taken once, within `AHEAD_S` of its handing over
        (`ui_app.read_ahead`)."""
        with cls.lock:
            ahead = cls.ahead.pop(name, None)
        if ahead is None or time.monotonic() - ahead[0] >= AHEAD_S:
            return None
        return ahead[1]


#: The caches a snapshot carries (`snapshot` / `install`). Not `runs`: its lists cross as the
#: lists read ahead, for one drawing; in `runs` they would be taken as read now, for another
#: `RUNS_TTL_S` from their installing, and the page drawn again to show what changed since the
#: reading (`ui_app.read_ahead.read_again_soon`) would draw the same list again.
_CARRIED = ("listed", "outcomes", "started_by", "no_starter", "summaries", "parameters")


def snapshot() -> dict[str, dict[Any, Any]]:
    """What the caches hold, to hand to another process of the app (`ui_app.read_ahead`)."""
    with Cache.lock:
        return {name: dict(getattr(Cache, name).items()) for name in _CARRIED}


def install(
    carried: dict[str, dict[Any, Any]], ahead: dict[str, tuple[float, list[Any]]] | None = None
) -> None:
    """Put what another process read (`snapshot`) into the caches; `ahead`, lists it read
    ("inbox": the paused forms, "rejected": the runs sent back, "runs": the runs page's list)
    with when it read each (`time.monotonic()`, one clock for the machine's processes), is for
    one drawing each (`ui_app.backend.inbox_ahead`, `runs_ahead`, `sent_back_ahead`)."""
    with Cache.lock:
        for name in _CARRIED:
            getattr(Cache, name).update(carried.get(name, {}))
        Cache.ahead.update(ahead or {})
