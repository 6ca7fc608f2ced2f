"""What the form app's first drawing reads, read ahead in a process of its own while the app
starts (issue 26: `keiri ui` start → the inbox drawn).

Importing Prefect's client takes ~1.9 s and starting Streamlit ~1 s, both CPU-bound: in one
process (one GIL) they add up. `start` (called by `ui_app.serve` before Streamlit is imported)
forks a child that imports Prefect's client and reads what the inbox draws — the runs sent
back with their titles and outcomes, the paused forms with their runs' titles and parameters —
through the same functions the pages call (`ui_app.backend`, `ui_app.run_titles`), then the
recent runs the runs page lists, and hands the app process what those functions cached (two
messages on a pipe: `multiprocessing.Pipe`). Meanwhile the app process starts Streamlit on the other core; the first
drawing waits for the first message (`wait`, bounded) and draws from the caches without
importing Prefect (the lists only within `ui_app.page_cache.AHEAD_S` of their handing over, and a
page drawn from them draws itself again a moment later, reading now: `read_again_soon`); the
app imports Prefect's client after that drawing (`drawn`).

Nothing is lost when the child fails or is late: the caches stay cold and the page reads (and
reports) itself. The data crosses from a child of this very process on an inherited pipe, so
pickle carries keiri's own objects.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from multiprocessing.connection import Connection
from typing import Any

__all__ = [
    "AGAIN_S",
    "FIRST_WAIT_S",
    "drawn",
    "read_again_soon",
    "start",
    "started",
    "wait",
    "wait_drawn",
]

#: How long the first drawing waits for what is read ahead (seconds): the child needs ~2 s on
#: a quiet machine; on a loaded one the page reads itself after this rather than wait longer.
FIRST_WAIT_S = 10.0
#: How soon a page drawn from what was read ahead is drawn again, reading now (seconds).
AGAIN_S = 1.0
_log = logging.getLogger("keiri.ui")


class _State:
    """The read-ahead of this process (one per app process, set by `start`)."""

    started = False
    first = threading.Event()  # the first message installed (or the child ended without it)
    drawn = threading.Event()  # a page was drawn once


def started() -> bool:
    """Whether this process reads ahead (`start` forked its reader)."""
    return _State.started


def start() -> None:
    """Fork the reader (only when a Prefect API is set, and only once); call before any thread
    is started and before Streamlit is imported."""
    if _State.started or not os.environ.get("PREFECT_API_URL"):
        return
    receiving, sending = multiprocessing.Pipe(duplex=False)
    pid = os.fork()
    if pid == 0:  # the child: read, send, leave (no atexit, no Streamlit)
        receiving.close()
        code = 0
        try:
            _read(sending)
        except BaseException as exc:  # the app reads itself; say why only in the debug log
            _log.debug("nothing read ahead: %s: %s", type(exc).__name__, exc)
            code = 1
        finally:
            os._exit(code)
    sending.close()
    _State.started = True
    threading.Thread(
        target=_receive, args=(receiving, pid), name="keiri-read-ahead", daemon=True
    ).start()


def wait(timeout: float = FIRST_WAIT_S) -> None:
    """Wait (at most `timeout` s) for what the first drawing needs; at once when nothing is
    read ahead or it has arrived."""
    if _State.started:
        _State.first.wait(timeout)


def drawn() -> None:
    """A page was drawn: the app may import what later pages need (`ui_app.serve`)."""
    _State.drawn.set()


def wait_drawn(timeout: float) -> None:
    """Wait (at most `timeout` s) until a page was drawn, when reading ahead (so the first
    drawing does not share the interpreter with Prefect's import)."""
    if _State.started:
        _State.drawn.wait(timeout)


def read_again_soon(key: str) -> None:
    """On a page drawn from what was read ahead: draw the page again `AGAIN_S` seconds later
    (once: the fragment's first refresh reruns the whole page, which then reads now), so what
    changed since the reading is shown."""
    import streamlit as st

    flag = f"read_ahead::{key}"

    def again() -> None:
        if st.session_state.pop(flag, False):
            st.rerun()
        st.session_state[flag] = True

    st.fragment(run_every=AGAIN_S)(again)()


def _read(sending: Connection) -> None:
    """In the child: the inbox's reads, sent; then the runs page's, sent."""
    from keiri.base.errors import KeiriError
    from ui_app import backend, run_titles

    with backend.api_session():
        ahead: dict[str, list[Any]] = {}
        try:
            rejected = backend.recent_runs("rejected", limit=backend.REJECTED_LIMIT)
            ahead["rejected"] = rejected
        except KeiriError as exc:  # the page asks again and shows it
            _log.debug("sent-back runs not read ahead: %s", exc.message)
            rejected = []
        for view in rejected:
            try:
                run_titles.of_view(view)
                backend.run_outcome(view.run_id)
            except KeiriError as exc:
                _log.debug("sent-back run %s not read ahead: %s", view.run_id, exc.message)
        try:
            items: list[Any] | None = backend.read_inbox()
        except KeiriError as exc:
            _log.debug("inbox not read ahead: %s", exc.message)
            items = None
        for item in items or ():
            try:
                run_titles.of_run(item.run_id)
                backend.run_parameters(item.run_id)
            except KeiriError as exc:
                _log.debug("run %s not read ahead: %s", item.run_id, exc.message)
        if items is not None:
            ahead["inbox"] = items
        _send(sending, ahead)
        runs = backend.read_runs()
        for view in runs:  # the runs page's titles (kept `run_titles.KEEP_S`, as in the app)
            try:
                run_titles.of_view(view)
            except KeiriError as exc:
                _log.debug("run %s: no title read ahead: %s", view.run_id, exc.message)
        _send(sending, {"runs": runs})
    sending.close()


def _send(sending: Connection, lists: dict[str, list[Any]]) -> None:
    """Hand the caches, the titles and the lists read over; each list is usable `AHEAD_S` from
    now, when its reading (and the reads after it) is done: a loaded machine that takes longer
    than that to read does not lose the first list (the sent-back runs, read first) before the
    app is handed it. The page draws it, then reads again (`read_again_soon`)."""
    from ui_app import page_cache, run_titles

    sent_at = time.monotonic()
    ahead = {name: (sent_at, found) for name, found in lists.items()}
    sending.send({"caches": page_cache.snapshot(), "titles": run_titles.kept(), "ahead": ahead})


def _receive(receiving: Connection, pid: int) -> None:
    """In the app: install each message as it comes; reap the child."""
    from ui_app import page_cache, run_titles

    try:
        while True:
            message = receiving.recv()  # pickled by our own forked child (see the docstring)
            page_cache.install(message["caches"], message["ahead"])
            run_titles.install(message["titles"])
            _State.first.set()
    except EOFError:  # the child has sent all it read
        pass
    except Exception as exc:  # the pages read themselves
        _log.debug("what was read ahead is not used: %s: %s", type(exc).__name__, exc)
    finally:
        _State.first.set()
        receiving.close()
        os.waitpid(pid, 0)
