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
importing Prefect (the lists only within `ui_app.page_cache.AHEAD_S` of their reading, and a
page drawn from them draws itself again a moment later, reading now: `read_again_soon`); the
app imports Prefect's client after that drawing (`drawn`).

`keiri ui` starts the reader sooner still (`fork_early`, called by `keiri.launch` before the
CLI is imported): forked first of all, it imports Prefect's client for the API the app will use
(`keiri.server.client_env.expected_api_url`) while the `keiri` process imports its CLI (~0.5 s)
and finds or starts the API; `handed_over` then tells it the app's environment and gives the
app process the pipe the reader sends on (inherited, named by `PIPE_ENV`), and `start` in the
app process adopts that pipe instead of forking. Should the environment differ where Prefect
reads it only at import (its home, its profiles), the early reader sends nothing and the page
reads itself.

Nothing is lost when the child fails or is late: the caches stay cold and the page reads (and
reports) itself. The data crosses from a child of this very process (or of the `keiri ui` that
started it) on an inherited pipe, so pickle carries keiri's own objects.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import stat
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from multiprocessing.connection import Connection
from typing import Any

__all__ = [
    "AGAIN_S",
    "FIRST_WAIT_S",
    "PIPE_ENV",
    "drawn",
    "fork_early",
    "handed_over",
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
#: The variable that names, in the app process, the pipe `keiri ui`'s early reader sends on.
PIPE_ENV = "KEIRI_READ_AHEAD_FD"
#: What Prefect reads only when imported: the early reader's must be the app's.
_IMPORT_TIME = ("PREFECT_HOME", "PREFECT_PROFILES_PATH")
_log = logging.getLogger("keiri.ui")


class _State:
    """The read-ahead of this process (one per app process, set by `start`)."""

    started = False
    first = threading.Event()  # the first message installed (or the child ended without it)
    drawn = threading.Event()  # a page was drawn once


class _Early:
    """In `keiri ui`: the reader it forked (`fork_early`), until `handed_over`."""

    pid: int | None = None
    orders: Connection | None = None  # to the reader: the app's environment
    receiving: Connection | None = None  # the reader's messages, for the app process


def started() -> bool:
    """Whether this process reads ahead (`start` forked its reader)."""
    return _State.started


def start() -> None:
    """Adopt the pipe of `keiri ui`'s early reader (`PIPE_ENV`), else fork the reader (only
    when a Prefect API is set); only once, before any thread is started and before Streamlit
    is imported."""
    if _State.started:
        return
    handed = _handed_pipe()
    if handed is not None:
        _State.started = True
        threading.Thread(
            target=_receive, args=(handed, None), name="keiri-read-ahead", daemon=True
        ).start()
        return
    if not os.environ.get("PREFECT_API_URL"):
        return
    receiving, sending = multiprocessing.Pipe(duplex=False)
    pid = _fork(lambda: _read(sending), sending, receiving)
    sending.close()
    _State.started = True
    threading.Thread(
        target=_receive, args=(receiving, pid), name="keiri-read-ahead", daemon=True
    ).start()


def fork_early(expected_env: Callable[[], Mapping[str, str]]) -> None:
    """In `keiri ui`, first of all (before its CLI is imported, before any thread): fork the
    reader. It puts `expected_env()` (Prefect's environment for the API the app will likely
    use) into its environment, imports Prefect's client and what the pages read with, then
    waits for `handed_over` to tell it the app's environment before reading."""
    if _Early.pid is not None:
        return
    orders_in, orders = multiprocessing.Pipe(duplex=False)
    receiving, sending = multiprocessing.Pipe(duplex=False)
    _Early.pid = _fork(
        lambda: _read_when_told(expected_env, orders_in, sending), sending, orders, receiving
    )
    orders_in.close()
    sending.close()
    _Early.orders, _Early.receiving = orders, receiving


@contextmanager
def handed_over(env: Mapping[str, str]) -> Iterator[tuple[dict[str, str], tuple[int, ...]]]:
    """In `keiri ui`, around starting the app process with `env`: the environment and the
    file descriptors to start it with (the early reader's pipe, named by `PIPE_ENV`; as given
    when nothing was forked early). The reader is told `env` (from a thread: a large
    environment would fill the pipe while the reader still imports) and reaped when it ends."""
    pid, orders, receiving = _Early.pid, _Early.orders, _Early.receiving
    _Early.pid = _Early.orders = _Early.receiving = None
    if pid is None or orders is None or receiving is None:
        yield dict(env), ()
        return

    def tell_then_reap() -> None:
        try:
            orders.send(dict(env))
        except OSError as exc:  # the reader has ended: the app reads itself (EOF)
            _log.debug("nothing read ahead early: %s", exc)
        finally:
            orders.close()
        os.waitpid(pid, 0)

    threading.Thread(target=tell_then_reap, name="keiri-read-ahead-early", daemon=True).start()
    try:
        yield {**env, PIPE_ENV: str(receiving.fileno())}, (receiving.fileno(),)
    finally:
        receiving.close()  # the app process has its own copy


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


def _fork(reader: Callable[[], None], sending: Connection, *parents: Connection) -> int:
    """Fork a child that runs `reader`, then leaves (no atexit, no Streamlit); its pid. The
    child closes the ends of the pipes this process keeps (`parents`): each pipe ends (EOF)
    when its writers are gone."""
    pid = os.fork()
    if pid == 0:
        for end in parents:
            end.close()
        code = 0
        try:
            reader()
        except BaseException as exc:  # the app reads itself; say why only in the debug log
            _log.debug("nothing read ahead: %s: %s", type(exc).__name__, exc)
            code = 1
        finally:
            sending.close()
            os._exit(code)
    return pid


def _handed_pipe() -> Connection | None:
    """The early reader's pipe this app process inherited (`PIPE_ENV`, taken out of the
    environment so the processes the app starts do not see it)."""
    named = os.environ.pop(PIPE_ENV, "")
    if not named.isdigit():
        return None
    fd = int(named)
    try:
        if not stat.S_ISFIFO(os.fstat(fd).st_mode):
            return None
    except OSError:  # not open here: started with the variable but not the pipe
        return None
    return Connection(fd, writable=False)


def _read_when_told(
    expected_env: Callable[[], Mapping[str, str]], orders: Connection, sending: Connection
) -> None:
    """In the early reader: import for the expected API, then read once told the app's
    environment (nothing when it differs where Prefect reads it only at import, or when
    `keiri ui` ended without starting the app)."""
    from keiri.base import settings

    settings.load_dotenv_file()  # as the CLI does first: the same API, the same home
    expected = dict(expected_env())
    os.environ.update(expected)
    import prefect.client.orchestration  # noqa: F401  (the ~1.9 s this process overlaps)

    from ui_app import backend, page_cache, run_titles  # noqa: F401  (what `_read` uses)

    try:
        env: dict[str, str] = orders.recv()  # pickled by `keiri ui`, this process's parent
    except EOFError:
        return
    finally:
        orders.close()
    if any(env.get(key) != expected.get(key) for key in _IMPORT_TIME):
        _log.debug("nothing read ahead early: Prefect was imported for another home")
        return
    os.environ.clear()
    os.environ.update(env)
    from prefect.context import refresh_global_settings_context

    refresh_global_settings_context()  # the app's API and results, if they differ
    _read(sending)


def _read(sending: Connection) -> None:
    """In the child: the inbox's reads, sent; then the runs page's, sent."""
    from keiri.base.errors import KeiriError
    from ui_app import backend, page_cache, run_titles

    with backend.api_session():
        ahead: dict[str, tuple[float, list[Any]]] = {}
        read_at = time.monotonic()
        try:
            rejected = backend.recent_runs("rejected", limit=backend.REJECTED_LIMIT)
            ahead["rejected"] = (read_at, rejected)
        except KeiriError as exc:  # the page asks again and shows it
            _log.debug("sent-back runs not read ahead: %s", exc.message)
            rejected = []
        for view in rejected:
            try:
                run_titles.of_view(view)
                backend.run_outcome(view.run_id)
            except KeiriError as exc:
                _log.debug("sent-back run %s not read ahead: %s", view.run_id, exc.message)
        read_at = time.monotonic()
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
            ahead["inbox"] = (read_at, items)
        sending.send({"caches": page_cache.snapshot(), "titles": run_titles.kept(), "ahead": ahead})
        read_at = time.monotonic()
        runs = backend.read_runs()
        for view in runs:  # the runs page's titles (kept `run_titles.KEEP_S`, as in the app)
            try:
                run_titles.of_view(view)
            except KeiriError as exc:
                _log.debug("run %s: no title read ahead: %s", view.run_id, exc.message)
        ahead = {"runs": (read_at, runs)}
        sending.send({"caches": page_cache.snapshot(), "titles": run_titles.kept(), "ahead": ahead})
    sending.close()


def _receive(receiving: Connection, pid: int | None) -> None:
    """In the app: install each message as it comes; reap the child (`pid`: forked here)."""
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
        if pid is not None:
            os.waitpid(pid, 0)
