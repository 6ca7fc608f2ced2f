"""`keiri run --detach`: create the run, print its id, start its runner, then wait for it.

The run id is printed before Prefect is imported (`flows.lifecycle.start` creates the flow run over
one plain HTTP connection): with 50 CLIs started at once on a two-core machine, importing
Prefect and health-checking the server under the server-start lock took minutes before any
id appeared (issue 11). The server is not health-checked first: the create request itself
shows whether it answers; only a connection error (nothing listens) goes through
`keiri.server.supervisor.connect` — start the local server, or report the configured one as down —
before the create is retried. A busy server (503, 429, timeouts) is retried for up to ten
minutes (`flows.backend.api_retry`). Retry notices go to the CLI log file, never the terminal.
"""

from __future__ import annotations

import contextlib
import logging
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

from flows.lifecycle import quick_start as launch
from flows.lifecycle.start import DetachedApi, run_name_and_tags, spawn_runner
from keiri.server import supervisor as server

if TYPE_CHECKING:
    from compiler.scope import CompiledPlan
    from flows.backend.outcome import RunOutcome

__all__ = ["DetachedStart", "fail_handed_over", "remember_start", "start_detached"]

_FAIL_DEADLINE_S = 30.0  # how long ending an announced run may retry before the error shows


class DetachedStart:
    """A run handed to its background runner: `run_id` at once, then `wait()`."""

    def __init__(
        self,
        api: DetachedApi,
        run_id: str,
        process: subprocess.Popen[bytes],
        log: Path,
        record: Callable[[], None],
    ) -> None:
        self.run_id = run_id
        self.api_url = api.api_url
        self.process = process
        self.log = log
        self._api = api
        self._record = record

    def wait(self) -> RunOutcome:
        """Record its runner and who started it, wait cheaply until it settles, then read its outcome
        with Prefect (`flows.lifecycle.runs.wait`: a runner gone without moving its run on marks it
        Crashed)."""
        with self._api:
            self._record()
            self._api.settle(self.run_id, self.process)
        from flows.lifecycle import runs
        from keiri.cli.logs import route_console_logs

        route_console_logs()  # Prefect's tracebacks go to the log file, as for every run

        return runs.wait(self.run_id, runner=runs.Detached(self.run_id, self.process, self.log))


def start_detached(
    compiled: CompiledPlan,
    plan: Path,
    inputs: dict[str, dict[str, Any]],
    vars: dict[str, Any],
    *,
    who: str | None,
    connect: Callable[[], object],
    via: str = "cli",
) -> DetachedStart:
    """Create the flow run (Pending), start its runner; `connect` is the CLI's full connect
    (start the local server if need be, route Prefect's logs), used when nothing answers
    and before Prefect is imported."""
    from flows.backend import run_secrets

    _log_retries_to_file()
    api_url = server.connect(start_server=False)  # the environment only: no health check
    name, tags = run_name_and_tags(compiled)
    inputs, vars, secrets = run_secrets.split(compiled, inputs, vars)
    if secrets:  # kept in a Prefect Secret block: the slower path, with Prefect
        connect()
        tags += run_secrets.save(secrets)
    parameters = {"plan": str(plan.resolve()), "inputs": inputs, "vars": vars}

    def nothing_listens(exc: BaseException) -> None:
        if isinstance(exc, httpx.ConnectError):
            connect()

    api = DetachedApi(api_url)
    handed = (
        launch.handed_over()
    )  # the quick start's run (`flows.lifecycle.quick_start`), if it made one
    try:
        if handed is not None and handed.run_id is not None:
            run_id = handed.run_id
            logging.getLogger("keiri.api").info("run %s: created by the quick start", run_id)
        else:
            run_id = api.create_pending_run(
                compiled.id,
                name,
                parameters,
                tags,
                on_first_error=nothing_listens,
                key=handed.key if handed is not None else None,
            )
        process, log = spawn_runner(run_id, f"{run_id}.log")
        if handed is not None:
            handed.taken_over = True
    except BaseException:
        api.close()
        raise

    def record() -> None:
        api.record_runner(run_id, process.pid)
        if who is not None:
            api.record_start(run_id, who, via)

    return DetachedStart(api, run_id, process, log, record)


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
    """Leave the start note a quick start of this plan needs (`flows.lifecycle.quick_start`): after a run of
    it without inputs or vars was created here."""
    import blocks
    import compiler
    import keiri
    from keiri.base.catalog import t
    from keiri.base.settings import block_spec_roots, keiri_home, project_root

    code = [Path(module.__file__).parent for module in (keiri, blocks, compiler) if module.__file__]
    root = project_root()
    _name, tags = run_name_and_tags(compiled)
    launch.remember(
        home=keiri_home(),
        plan=plan,
        api_url=api_url,
        plan_id=compiled.id,
        tags=tags,
        line=t("cli.run.detached", run=launch.RUN_MARK),
        watched=[*code, *block_spec_roots(), root / "designs", root / "config.yaml"],
    )


def fail_handed_over(error: BaseException) -> None:
    """The quick start announced a run, then the full CLI failed before taking it over (the
    plan no longer validates, ...): end that run as Failed with the error, never Pending."""
    handed = launch.handed_over()
    if handed is None or handed.run_id is None or handed.taken_over:
        return
    message = str(getattr(error, "message", "") or error) or type(error).__name__
    issues = [i for i in getattr(error, "issues", []) if getattr(i, "severity", "") == "error"]
    if issues:  # a plan that does not validate: its first problem, with where it is
        message = f"{message}: {issues[0].path or '-'}: {issues[0].message}"
    # Briefly: the error itself must reach the person, also when the API is down meanwhile
    # (the run then stays Pending, as any run created just before its server stopped).
    with contextlib.suppress(Exception), DetachedApi(server.connect(start_server=False)) as api:
        api.fail(handed.run_id, message, deadline_s=_FAIL_DEADLINE_S)
