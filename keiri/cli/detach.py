"""`keiri run --detach` on the command line: start the run through `flows.lifecycle.start`
(its id printed before Prefect is imported), then wait for it; the start notes the quick start
reads (`remember_start`) and the end of a run it announced when the full CLI fails
(`fail_handed_over`).

The server is not health-checked first: the create request itself shows whether it answers;
only a refused connection (nothing listens) goes through the CLI's full connect — start the
local server, or report the configured one as down — before the create is retried. A busy
server (503, 429, timeouts) is retried for up to ten minutes (`flows.backend.api_retry`). Retry
notices go to the CLI log file, never the terminal.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flows.lifecycle import quick_start, start
from keiri.base import settings
from keiri.base.errors import RunStartMismatch
from keiri.server import client_env

if TYPE_CHECKING:
    from compiler.scope import CompiledPlan
    from flows.backend.outcome import RunOutcome

__all__ = ["DetachedStart", "fail_handed_over", "remember_start", "start_detached"]

_FAIL_DEADLINE_S = 30.0  # how long ending an announced run may retry before the error shows


class DetachedStart:
    """A run handed to its background runner: `run_id` at once, then `wait()`."""

    def __init__(self, started: start.Started, who: str | None, via: str) -> None:
        self.started = started
        self.run_id = started.run_id
        self.api_url = started.api.api_url
        self._who, self._via = who, via

    def wait(self) -> RunOutcome:
        """Record its runner and who started it, wait cheaply until it settles, then read its
        outcome with Prefect (`flows.lifecycle.runs.wait`: a runner gone without moving its run
        on marks it Crashed)."""
        with self.started.api:
            self.started.record(self._who, self._via)
            self.started.settle()
        from flows.lifecycle import runs
        from keiri.cli.logs import route_console_logs

        route_console_logs()  # Prefect's tracebacks go to the log file, as for every run
        runner = runs.Detached(self.run_id, self.started.process, self.started.log)
        return runs.wait(self.run_id, runner=runner)


def _api() -> start.Api:
    # The environment only: no health check (the first request shows whether it answers).
    return start.configured_client(client_env.connect(start_server=False))


def start_detached(
    compiled: CompiledPlan,
    plan: Path,
    answers: dict[str, dict[str, Any]],
    vars: dict[str, Any],
    *,
    who: str | None,
    connect: Callable[[], object],
    via: str = "cli",
) -> DetachedStart:
    """Create the flow run (Pending) — or take over the quick start's, once checked — and
    start its runner; `connect` is the CLI's full connect (start the local server if need be,
    route Prefect's logs), used when nothing answers and before Prefect is imported."""
    _log_retries_to_file()
    handed = quick_start.handed_over()  # the quick start's run, if it made one (or tried to)
    api = _api()
    try:
        started = start.start_detached(
            compiled,
            plan,
            answers,
            vars,
            api=api,
            connect=connect,
            adopt=handed.run_id if handed is not None else None,
            key=handed.key if handed is not None else None,
        )
    except RunStartMismatch:
        if handed is not None:
            handed.taken_over = True  # ended Failed already, with the mismatch as its message
        quick_start.forget(plan)  # a note that started the wrong run is no hint any more
        api.close()
        raise
    except BaseException:
        api.close()
        raise
    if handed is not None:
        logging.getLogger("keiri.api").info("run %s: created by the quick start", handed.run_id)
        handed.taken_over = True
    return DetachedStart(started, who, via)


def _log_retries_to_file() -> None:
    """Notices of retried API calls (`keiri.api`) go to the CLI log, not the terminal."""
    from keiri.cli.logs import cli_log_path

    logger = logging.getLogger("keiri.api")
    if any(isinstance(h, logging.FileHandler) for h in logger.handlers):
        return
    path = cli_log_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.FileHandler(path, encoding="utf-8", delay=True)
    handler.setFormatter(logging.Formatter("%(asctime)s | %(levelname)s | %(name)s - %(message)s"))
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False


def remember_start(compiled: CompiledPlan, plan: Path, api_url: str) -> None:
    """Leave the start note a quick start of this plan needs (`flows.lifecycle.quick_start`):
    after a run of it without answers or vars was created here."""
    import blocks
    import compiler
    import keiri

    packages = (keiri, blocks, compiler)
    code = [Path(module.__file__).parent for module in packages if module.__file__]
    root = settings.project_root()
    quick_start.remember(
        home=start.home(),
        plan=plan,
        api_url=api_url,
        plan_id=compiled.id,
        plan_version=compiled.plan.version,
        watched=[*code, *settings.block_spec_roots(), root / "designs", root / "config.yaml"],
    )


def fail_handed_over(error: BaseException) -> None:
    """The quick start announced a run, then the full CLI failed before taking it over (the
    plan no longer validates, ...): end that run as Failed with the error, never Pending."""
    handed = quick_start.handed_over()
    if handed is None or handed.run_id is None or handed.taken_over:
        return
    message = str(getattr(error, "message", "") or error) or type(error).__name__
    issues = [i for i in getattr(error, "issues", []) if getattr(i, "severity", "") == "error"]
    if issues:  # a plan that does not validate: its first problem, with where it is
        message = f"{message}: {issues[0].path or '-'}: {issues[0].message}"
    # Briefly: the error itself must reach the person, also when the API is down meanwhile
    # (the run then stays Pending, as any run created just before its server stopped).
    with contextlib.suppress(Exception), _api() as api:
        start.fail(api, handed.run_id, message, deadline_s=_FAIL_DEADLINE_S)
