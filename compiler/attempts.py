"""One attempt of a block call, and the retry loop of the inline backend.

An attempt has a deadline (the node's `timeout_ms`), given to the block as `ctx.deadline`, and
every failed attempt emits a `node_error` event (seed 000 §8.4) with `retry` (the attempt
number) and `will_retry`. Only recoverable errors are retried.

Timeouts interrupt the attempt, the way Prefect 3.8's task engine enforces `timeout_seconds`
for sync tasks (the Prefect backend lets Prefect do it; the inline backend and batched loop
items use `interrupt_at` here, with the same semantics):

- in the main thread an alarm signal interrupts the block, even inside `time.sleep` or I/O;
- in another thread an exception is raised in the block's thread, which takes effect as soon
  as the running call returns to Python (CPython cannot interrupt a blocking call in a
  thread), so the block never continues past its deadline.

Either way the attempt has ended — its thread has left the block — before the next attempt
starts or the node is reported failed: attempts never overlap and nothing a timed-out attempt
would do later can happen. Blocks with long I/O pass `ctx.remaining()` as its timeout.
"""

from __future__ import annotations

import asyncio
import ctypes
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from blocks.sdk.errors import BlockError, ErrorCode
from compiler.jobs import NodeJob
from keiri.base.catalog import t

__all__ = [
    "AttemptInterrupted",
    "interrupt_at",
    "run_attempt",
    "run_with_retries",
    "timeout_error",
]

Execute = Callable[[float | None, int], dict[str, Any]]  # (deadline, attempt) -> outputs


class AttemptInterrupted(BaseException):
    """Raised inside a block at its deadline (a BaseException: `except Exception` in a block
    does not swallow it)."""


def timeout_error(job: NodeJob) -> BlockError:
    return BlockError(
        ErrorCode.TIMEOUT_ERROR,
        t("runtime.timeout", node=job.task_name, ms=job.timeout_ms),
        details={"node_id": job.node_id, "timeout_ms": job.timeout_ms, "iteration": job.iteration},
        hint=t("runtime.timeout_hint"),
        recoverable=True,
    )


def _alarm_available() -> bool:
    return threading.current_thread() is threading.main_thread() and signal.getsignal(
        signal.SIGALRM
    ) in (signal.SIG_DFL, None)


@contextmanager
def interrupt_at(deadline: float | None) -> Iterator[None]:
    """Raise `AttemptInterrupted` in this thread at `deadline` (`time.monotonic()`)."""
    if deadline is None:
        yield
        return
    if _alarm_available():

        def on_alarm(signum: int, frame: Any) -> None:
            raise AttemptInterrupted

        previous = signal.signal(signal.SIGALRM, on_alarm)
        signal.setitimer(signal.ITIMER_REAL, max(deadline - time.monotonic(), 0.001))
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        return
    ident = threading.get_ident()
    lock = threading.Lock()
    done = threading.Event()
    exited = fired = False

    def watch() -> None:
        nonlocal fired
        if done.wait(max(deadline - time.monotonic(), 0.0)):
            return
        with lock:  # never inject into a thread that has left the scope
            if not exited:
                fired = True
                ctypes.pythonapi.PyThreadState_SetAsyncExc(
                    ctypes.c_ulong(ident), ctypes.py_object(AttemptInterrupted)
                )

    watcher = threading.Thread(target=watch, name="keiri-deadline", daemon=True)
    watcher.start()
    try:
        yield
    finally:
        with lock:
            exited = True
        done.set()
        # An exception injected but not yet raised must not surface later elsewhere.
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), None)
        if fired:
            raise AttemptInterrupted


def run_attempt(
    job: NodeJob,
    execute: Execute,
    emit: Callable[..., Any],
    attempt: int,
    *,
    interrupt: bool = True,
) -> dict[str, Any]:
    """One attempt with the job's deadline; `interrupt=False` when the caller (Prefect's task
    engine) enforces the timeout itself. Emits `node_error` when the attempt fails."""
    deadline = time.monotonic() + job.timeout_ms / 1000 if job.timeout_ms else None
    try:
        if interrupt:
            with interrupt_at(deadline):
                return execute(deadline, attempt)
        return execute(deadline, attempt)
    except AttemptInterrupted:
        error = timeout_error(job)
        _emit_error(job, error, emit, attempt)
        raise error from None
    except BlockError as exc:
        exc.with_node(job.node_id)
        _emit_error(job, exc, emit, attempt)
        raise
    except asyncio.CancelledError:
        # Prefect's timeout (a CancelledError raised in this thread; its clock started just
        # before ours); Prefect turns it into a TimedOut state and retries it.
        if job.timeout_ms:
            _emit_error(job, timeout_error(job), emit, attempt)
        raise


def _emit_error(job: NodeJob, exc: BlockError, emit: Callable[..., Any], attempt: int) -> None:
    emit(
        "node_error",
        node_id=job.node_id,
        iteration=job.iteration,
        error={"code": exc.code, "message": exc.message, "hint": exc.hint},
        retry=attempt,
        will_retry=attempt < job.retries and exc.recoverable,
    )


def run_with_retries(
    job: NodeJob,
    execute: Execute,
    emit: Callable[..., Any],
    sleep: Callable[[float], None] = time.sleep,
) -> dict[str, Any]:
    """The inline retry loop: up to `job.retries` more attempts after a recoverable error."""
    attempt = 0
    while True:
        try:
            return run_attempt(job, execute, emit, attempt)
        except BlockError as exc:
            if attempt >= job.retries or not exc.recoverable:
                raise
            delays = job.retry_delays or (0.1,)
            sleep(delays[min(attempt, len(delays) - 1)])
            attempt += 1
