"""Create a pending run and hand it to a runner: the one place that does it, for the quick
start (`flows.lifecycle.quick_start`), `keiri run --detach` and the form app
(`flows.lifecycle.runs.start_detached`).

It owns:

- the keiri home as the start sees it (`home`: the environment alone, the same as
  `keiri.base.settings.keiri_home()` once `.env` is loaded),
- the run's name `<plan_id>-<local timestamp>` and tags `plan:<id>`, `plan-version:<v>`
  (`run_name`, `plan_tags`, `kept_name`: defined in `flows.backend.run_names`, beside the flow
  that keeps a run's name through its restarts, and used from here),
- its one small client of the Prefect API (`Api` in `flows.lifecycle.api`: the standard
  library's `http.client` over one keep-alive connection) with the flow-id cache,
- the start itself: `start_detached` creates the flow run (Pending, with an idempotency key,
  transient errors retried for up to 10 minutes by `flows.backend.api_retry`) — or adopts the
  run a quick start created, after checking it is exactly the run of the compiled plan
  (`check_adopted`: a start note is a hint, never an authority) — then starts its runner
  (`python -m flows.lifecycle.runner RUN_ID`, `spawn_runner`; or the spare runner a long-lived
  parent keeps, `keep_spare_runner`: `flows.lifecycle.runner_spare`); `Started.settle` waits until
  the run ends or pauses or its runner exits, polling at a growing interval.

Why the standard library (issue 11): the quick start prints a run id before Prefect, pydantic
or httpx is imported (50 CLIs started at once on two cores must each print theirs within
10 s). This module therefore imports only the standard library at its top; what only the full
CLI needs (retries, the catalog's messages, settings, secrets) is imported where it is used.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flows.backend.run_names import kept_name, plan_tags, run_name
from flows.lifecycle import runner_spare
from flows.lifecycle.api import TIMEOUT_S, Api, ApiError

if TYPE_CHECKING:
    from compiler.scope import CompiledPlan

__all__ = [
    "CREATE_DEADLINE_S",
    "Api",
    "ApiError",
    "Started",
    "check_adopted",
    "client",
    "configured_client",
    "fail",
    "home",
    "keep_spare_runner",
    "kept_name",
    "plan_tags",
    "printable",
    "run_name",
    "runner_launch",
    "spawn_runner",
    "start_detached",
]

CREATE_DEADLINE_S = 600.0  # how long a CLI keeps trying to create its run on a busy server
_ENDED = {"COMPLETED", "FAILED", "CRASHED", "CANCELLED"}
_TICK = 0.25  # seconds between checks of the runner process while waiting
# An ANSI escape sequence (CSI ... final byte), or any other control character.
_CONTROL = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|[\x00-\x1f\x7f-\x9f]")


# -- the home, the name, the tags -------------------------------------------------------------


def home(environ: Mapping[str, str] | None = None) -> Path:
    """The keiri home (`KEIRI_HOME`, default `.keiri` in the working directory), resolved."""
    environ = os.environ if environ is None else environ
    return Path(environ.get("KEIRI_HOME") or ".keiri").resolve()


def client(api_url: str, *, api_key: str | None = None, timeout: float = TIMEOUT_S) -> Api:
    """The start's client of `api_url`, its flow ids cached in the keiri home."""
    flow_ids = home() / "prefect-client" / "flow-ids.json"
    return Api(api_url, api_key=api_key, timeout=timeout, flow_ids=flow_ids)


def configured_client(api_url: str | None = None) -> Api:
    """The client of `api_url` (default: the configured `PREFECT_API_URL`) with the configured
    key (`PREFECT_API_KEY`): the full CLI's and the form app's (reads the settings)."""
    from keiri.base import settings

    server = settings.get().server
    key = server.api_key.get_secret_value() if server.api_key is not None else None
    return client(api_url or server.api_url or "", api_key=key)


def printable(text: str) -> str:
    """`text` without control characters (ANSI escape sequences included): a line printed to
    a terminal from anything not written here draws nothing of its own."""
    return _CONTROL.sub("", text)


# -- the start --------------------------------------------------------------------------------


def _retrying(
    fn: Callable[[], Any], what: str, deadline_s: float = CREATE_DEADLINE_S, *, soon: bool = False
) -> Any:
    """`fn()`, transient errors retried until `deadline_s` (`flows.backend.api_retry`); `soon`:
    at most ~2 s apart (a busy SQLite server answers 503 at once while its write lock is taken:
    the run id follows as soon as the server has a moment)."""
    from flows.backend import api_retry

    if soon:
        return api_retry.call(fn, deadline_s=deadline_s, what=what, base=0.2, cap=2.0)
    return api_retry.call(fn, deadline_s=deadline_s, what=what)


def check_adopted(
    api: Api, run_id: str, flow_name: str, parameters: dict[str, Any], tags: list[str]
) -> None:
    """Take over the run a quick start created only if it is exactly the run this start
    would create: the flow `flow_name`, these parameters and these tags (no other: a note never
    supplies a `keiri-secrets:` tag). Otherwise end it Failed and raise `RunStartMismatch`."""
    from keiri.base.catalog import t

    run = _retrying(lambda: api.read_run(run_id), t("cli.api.reading_run", run=run_id))
    found = _retrying(lambda: api.flow_name(str(run["flow_id"])), t("cli.api.reading"))
    words = {
        "flow": "cli.start.differs.flow",
        "tags": "cli.start.differs.tags",
        "parameters": "cli.start.differs.parameters",
    }
    differences = [
        what
        for what, given, expected in (
            ("flow", found, flow_name),
            ("tags", sorted(run.get("tags") or []), sorted(tags)),
            ("parameters", run.get("parameters"), parameters),
        )
        if given != expected
    ]
    if not differences:
        return
    from keiri.base.errors import RunStartMismatch

    what = t("cli.start.differs.separator").join(t(words[d]) for d in differences)
    error = RunStartMismatch(
        t("cli.error.start_mismatch", run=run_id, what=what, plan=flow_name),
        details={"run_id": run_id, "differences": differences},
    )
    fail(api, run_id, error.message)
    raise error


def fail(api: Api, run_id: str, message: str, deadline_s: float = CREATE_DEADLINE_S) -> None:
    """End a run that will never start as Failed with `message` (never left Pending)."""
    from keiri.base.catalog import t

    _retrying(
        lambda: api.set_state(run_id, "FAILED", "Failed", message),
        t("cli.api.waiting", run=run_id),
        deadline_s,
    )


def runner_launch() -> runner_spare.Launch:
    """How a runner (`python -m flows.lifecycle.runner`) is started now: the command, the
    environment, the project folder and the log folder `<keiri home>/detached`."""
    from flows.lifecycle.runner_slots import LIMIT_VARIABLE, default_limit
    from keiri.base import settings

    env = {
        # A runner outlives a busy or restarting server: Prefect's client retries each
        # request for ~8 min (2^n s apart) instead of ~1 min, unless configured.
        "PREFECT_CLIENT_MAX_RETRIES": "8",
        **os.environ,
        # The places of this machine's runners, resolved here (`runner_slots`): a
        # runner waiting for one stays small (no settings, no Prefect imported).
        LIMIT_VARIABLE: str(settings.get().server.local_runners or default_limit()),
        "KEIRI_HOME": str(home()),
    }
    return runner_spare.Launch(
        command=(sys.executable, "-m", "flows.lifecycle.runner"),
        env=env,
        cwd=settings.project_root(),
        log_dir=home() / "detached",
    )


def keep_spare_runner() -> None:
    """Keep a runner started ahead of the next run of this process (`runner_spare`): for a
    long-lived parent that starts runs, the form app."""
    runner_spare.keep(runner_launch)


def spawn_runner(run_id: str, log_name: str) -> tuple[subprocess.Popen[bytes], Path]:
    """Start `python -m flows.lifecycle.runner RUN_ID` in the background (its own session,
    output to `<keiri home>/detached/<log_name>`), or hand `run_id` to this process's spare
    runner when it keeps one (`runner_spare`); the process and its log."""
    launch = runner_launch()
    spare = runner_spare.take(run_id, log_name, launch)
    if spare is not None:
        return spare
    log = launch.log_dir / log_name
    process = launch.start([run_id], log, stdin=subprocess.DEVNULL, name=run_id)
    return process, log


@dataclass
class Started:
    """A run handed to its background runner: its id at once; `record` who started it and
    which process runs it, `settle` until it needs nobody here any more."""

    run_id: str
    api: Api
    process: subprocess.Popen[bytes]
    log: Path

    def record(self, who: str | None, via: str) -> None:
        """Record its runner (`flows.backend.liveness`) and who started it (once each)."""
        from datetime import UTC, datetime

        from flows.backend import runner_record
        from flows.backend.input_keys import STARTED_KEY
        from keiri.base.catalog import t

        entry = runner_record.record(self.process.pid)
        _retrying(
            lambda: self.api.create_input(self.run_id, runner_record.key(entry), entry),
            t("cli.api.recording_runner", run=self.run_id),
        )
        if who is not None:
            when = datetime.now(UTC).isoformat(timespec="seconds")
            value = {"by": who, "at": when, "via": via}
            _retrying(
                lambda: self.api.create_input(self.run_id, STARTED_KEY, value),
                t("cli.api.recording_start", run=self.run_id),
            )

    def settle(self, *, first_poll: float = 1.0, max_poll: float = 5.0) -> None:
        """Return once the run has ended or paused, a loop item or subflow of it waits for a
        form, or its runner exited. The process is checked every `_TICK`; the API at a
        growing interval (50 waiting CLIs must not keep a busy server busier)."""
        poll = first_poll
        next_poll = time.monotonic() + min(poll, _TICK)
        while self.process.poll() is None:
            if time.monotonic() < next_poll:
                time.sleep(_TICK)
                continue
            if self._settled():
                return
            poll = min(max_poll, poll * 1.5)
            next_poll = time.monotonic() + poll

    def _settled(self) -> bool:
        from flows.backend.input_keys import CHILD_PAUSE_PREFIX
        from keiri.base.catalog import t

        what = t("cli.api.waiting", run=self.run_id)
        run = _retrying(lambda: self.api.read_run(self.run_id), what)
        kind = (run.get("state") or {}).get("type")
        if kind in _ENDED or kind == "PAUSED":
            return True
        # A loop item or subflow that paused notes it on the root (`flows.backend.child_pauses`).
        return kind == "RUNNING" and bool(
            _retrying(lambda: self.api.input_exists(self.run_id, CHILD_PAUSE_PREFIX), what)
        )


def start_detached(
    compiled: CompiledPlan,
    plan: Path,
    answers: dict[str, dict[str, Any]],
    vars: dict[str, Any],
    *,
    api: Api,
    connect: Callable[[], object] | None = None,
    adopt: str | None = None,
    key: str | None = None,
) -> Started:
    """Create the flow run of `compiled` (Pending) and start its runner.

    Secret answers and vars are kept in a Prefect Secret block (`flows.backend.run_secrets`:
    `connect` points this process at Prefect first). `adopt`: the id of the run a quick start
    created for this start, taken over once `check_adopted` agrees; `key`: the idempotency key
    a quick start already sent. `connect` also runs when nothing listens at the API address
    (the CLI starts the local server), before the create is retried."""
    from flows.backend import run_secrets
    from keiri.base.catalog import t

    tags = plan_tags(compiled.id, compiled.plan.version)
    answers, vars, secrets = run_secrets.split(compiled, answers, vars)
    if secrets:  # kept in a Prefect Secret block: the slower path, with Prefect
        if connect is not None:
            connect()
        tags += run_secrets.save(secrets)
    parameters = {"plan": str(plan.resolve()), "answers": answers, "vars": vars}
    if adopt is not None:
        check_adopted(api, adopt, compiled.id, parameters, tags)
        run_id = adopt
    else:
        first = [True]
        key = key or f"keiri-{uuid.uuid4()}"

        def create() -> str:
            try:
                return api.create_run(compiled.id, run_name(compiled.id), parameters, tags, key)
            except ConnectionRefusedError:
                if first[0] and connect is not None:  # nothing listens: start the server
                    first[0] = False
                    connect()
                raise

        run_id = _retrying(create, t("cli.api.creating", flow=compiled.id), soon=True)
    process, log = spawn_runner(run_id, f"{run_id}.log")
    return Started(run_id, api, process, log)
