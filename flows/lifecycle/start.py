"""Starting a detached run without importing Prefect: `keiri run --detach` prints its run id
at once, also when many start together on one busy server (issue 11).

Importing Prefect costs ~0.6 s of CPU, and each of its clients loads a TLS context (~30 ms);
50 CLIs doing that on two cores, then polling their runs every 0.3 s with a new client each
time, kept the machine and the server saturated for minutes (`bench/bench_detach_load.py`).
So a detached start speaks the few API calls it needs over one plain httpx client:

- `DetachedApi.create_pending_run`: the flow (its id cached in the keiri home), then the flow
  run, Pending, with an idempotency key, retried on transient errors (`flows.backend.api_retry`, the
  one retry policy) for up to 10 minutes: a busy server never makes a CLI give up on a run that
  then runs, and a request sent twice never creates two runs.
- `DetachedApi.record_start`: who started it (the flow run input `flows.lifecycle.runs.started_by` reads).
- `spawn_runner`: the background `python -m flows.lifecycle.runner RUN_ID` (the run is handed over by
  id; inputs and vars are its parameters on the API, never on a command line).
- `DetachedApi.settle`: wait until the run ends or pauses (itself or a loop item/subflow) or its
  runner exits, polling one connection at a growing interval; the outcome is then read by
  `flows.lifecycle.runs.wait` (which imports Prefect, once the burst is over).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
from pydantic_core import to_jsonable_python

from compiler.scope import CompiledPlan
from flows.backend import api_retry, runner_record
from flows.backend.input_keys import CHILD_PAUSE_PREFIX, STARTED_KEY
from flows.lifecycle.runner_slots import LIMIT_VARIABLE, default_limit
from keiri.base import settings
from keiri.base.catalog import t

__all__ = [
    "CREATE_DEADLINE_S",
    "DetachedApi",
    "run_name_and_tags",
    "spawn_runner",
]

CREATE_DEADLINE_S = 600.0  # how long a CLI keeps trying to create its run on a busy server
_ENDED = {"COMPLETED", "FAILED", "CRASHED", "CANCELLED"}
# Longer than the local server's SQLite busy timeout (60 s): a request waiting for the write
# lock is answered, not abandoned and sent again (each copy would queue once more).
_TIMEOUT_S = 90.0
_TICK = 0.25  # seconds between checks of the runner process while waiting
_FLOW_CACHE = "flow-ids.json"  # {api_url: {flow name: flow id}} under the client's home


def run_name_and_tags(compiled: CompiledPlan) -> tuple[str, list[str]]:
    """The flow run's name `<plan>-<timestamp>` and tags `plan:<id>`, `plan-version:<v>`."""
    name = f"{compiled.id}-{datetime.now().strftime('%Y%m%d-%H%M%S-%f')}"
    return name, [f"plan:{compiled.id}", f"plan-version:{compiled.plan.version}"]


class DetachedApi:
    """The Prefect API calls of a detached start, over one keep-alive connection."""

    def __init__(self, api_url: str, *, timeout: float = _TIMEOUT_S) -> None:
        headers = {"Content-Type": "application/json"}
        key = settings.get().server.api_key
        if key is not None:
            headers["Authorization"] = f"Bearer {key.get_secret_value()}"
        self.api_url = api_url.rstrip("/")
        self._client = httpx.Client(base_url=self.api_url + "/", headers=headers, timeout=timeout)

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> DetachedApi:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def _post(self, path: str, body: Any) -> httpx.Response:
        response = self._client.post(path, content=json.dumps(to_jsonable_python(body)))
        response.raise_for_status()
        return response

    # -- creating ---------------------------------------------------------------------------

    def create_pending_run(
        self,
        flow_name: str,
        name: str,
        parameters: dict[str, Any],
        tags: list[str],
        *,
        deadline_s: float = CREATE_DEADLINE_S,
        on_first_error: Callable[[BaseException], None] | None = None,
        key: str | None = None,
    ) -> str:
        """Create a Pending run of the flow `flow_name`; its id. Transient errors are retried
        until `deadline_s`; the run is created once however often its request is sent (an
        idempotency key: `key`, e.g. the one a quick start already sent, else a new one).
        `on_first_error` sees the first failure (e.g. to start the local server when nothing
        listens) before the retries go on."""
        key = key or f"keiri-{uuid.uuid4()}"
        first = [True]

        def create() -> str:
            try:
                flow_id = self._flow_id(flow_name)
                body = {
                    "flow_id": flow_id,
                    "name": name,
                    "parameters": parameters,
                    "tags": tags,
                    "state": {"type": "PENDING", "name": "Pending"},
                    "idempotency_key": key,
                }
                try:
                    response = self._post("flow_runs/", body)
                except httpx.HTTPStatusError as exc:
                    if exc.response.status_code not in (404, 409, 422):
                        raise
                    # A flow id cached for a server whose database was replaced.
                    self._forget_flow(flow_name)
                    body["flow_id"] = self._flow_id(flow_name)
                    response = self._post("flow_runs/", body)
                return str(response.json()["id"])
            except Exception as exc:
                if first[0] and on_first_error is not None:
                    first[0] = False
                    on_first_error(exc)
                raise

        # A busy SQLite server answers 503 at once (its write lock is taken): retry soon,
        # at most ~2 s apart, so the run id follows as soon as the server has a moment.
        return api_retry.call(
            create,
            deadline_s=deadline_s,
            what=t("cli.api.creating", flow=flow_name),
            base=0.2,
            cap=2.0,
        )

    def fail(self, run_id: str, message: str, *, deadline_s: float = 600) -> None:
        """End a run that will never start (its plan did not validate after it was created)
        as Failed with `message`, so it is not left Pending."""
        body = {
            "state": {"type": "FAILED", "name": "Failed", "message": message},
            "force": True,
        }
        api_retry.call(
            lambda: self._post(f"flow_runs/{run_id}/set_state", body),
            deadline_s=deadline_s,
            what=t("cli.api.waiting", run=run_id),
        )

    def record_start(self, run_id: str, who: str, via: str, *, deadline_s: float = 600) -> None:
        """Record who started the run (once: an existing record is kept)."""
        from datetime import UTC

        value = {"by": who, "at": datetime.now(UTC).isoformat(timespec="seconds"), "via": via}
        self._create_input(
            run_id, STARTED_KEY, value, deadline_s, t("cli.api.recording_start", run=run_id)
        )

    def record_runner(self, run_id: str, pid: int, *, deadline_s: float = 600) -> None:
        """Record process `pid` on this machine as the run's runner (`flows.backend.liveness`), as
        soon as it is started: a slow-starting runner is never taken for a missing one."""
        entry = runner_record.record(pid)
        self._create_input(
            run_id,
            runner_record.key(entry),
            entry,
            deadline_s,
            t("cli.api.recording_runner", run=run_id),
        )

    def _create_input(
        self, run_id: str, key: str, value: Any, deadline_s: float, what: str
    ) -> None:
        body = {"key": key, "value": json.dumps(value, ensure_ascii=False)}

        def create() -> None:
            try:
                self._post(f"flow_runs/{run_id}/input", body)
            except httpx.HTTPStatusError as exc:
                if exc.response.status_code != 409:  # 409: recorded already (kept: once)
                    raise

        api_retry.call(create, deadline_s=deadline_s, what=what)

    def _flow_id(self, flow_name: str) -> str:
        cached = _read_cache().get(self.api_url, {}).get(flow_name)
        if isinstance(cached, str):
            return cached
        flow_id = str(self._post("flows/", {"name": flow_name}).json()["id"])
        _update_cache(self.api_url, flow_name, flow_id)
        return flow_id

    def _forget_flow(self, flow_name: str) -> None:
        _update_cache(self.api_url, flow_name, None)

    # -- waiting ----------------------------------------------------------------------------

    def settle(
        self,
        run_id: str,
        process: subprocess.Popen[bytes] | None,
        *,
        first_poll: float = 1.0,
        max_poll: float = 5.0,
        deadline_s: float = 600.0,
    ) -> None:
        """Return once the run has ended or paused, a loop item or subflow of it waits for a
        form, or its runner process exited. The process is checked every `_TICK`; the API
        at a growing interval (`first_poll` up to `max_poll`: 50 waiting CLIs must not keep
        a busy server busier), transient errors retried until `deadline_s` each."""
        poll = first_poll
        next_poll = time.monotonic() + min(poll, _TICK)
        while True:
            if process is not None and process.poll() is not None:
                return
            if time.monotonic() < next_poll:
                time.sleep(_TICK)
                continue
            if self._settled(run_id, deadline_s):
                return
            poll = min(max_poll, poll * 1.5)
            next_poll = time.monotonic() + poll

    def _settled(self, run_id: str, deadline_s: float) -> bool:
        run = api_retry.call(
            lambda: self._client.get(f"flow_runs/{run_id}").raise_for_status().json(),
            deadline_s=deadline_s,
            what=t("cli.api.waiting", run=run_id),
        )
        kind = (run.get("state") or {}).get("type")
        if kind in _ENDED or kind == "PAUSED":
            return True
        if kind != "RUNNING":
            return False
        # A loop item or subflow that paused notes it on the root (`flows.backend.child_pauses`).
        notes = api_retry.call(
            lambda: self._post(
                f"flow_runs/{run_id}/input/filter",
                {"prefix": CHILD_PAUSE_PREFIX, "limit": 1, "exclude_keys": []},
            ).json(),
            deadline_s=deadline_s,
            what=t("cli.api.waiting", run=run_id),
        )
        return bool(notes)


def spawn_runner(run_id: str, log_name: str) -> tuple[subprocess.Popen[bytes], Path]:
    """Start `python -m flows.lifecycle.runner RUN_ID` in the background (its own session, output to
    `<keiri home>/detached/<log_name>`); the process and its log."""
    log_dir = settings.keiri_home() / "detached"
    log_dir.mkdir(parents=True, exist_ok=True)
    log = log_dir / log_name
    with log.open("ab") as handle:
        process = subprocess.Popen(
            [sys.executable, "-m", "flows.lifecycle.runner", run_id],
            stdout=handle,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            cwd=settings.project_root(),
            # A runner outlives a busy or restarting server: Prefect's client retries each
            # request for ~8 min (2^n s apart) instead of ~1 min, unless configured.
            env={
                "PREFECT_CLIENT_MAX_RETRIES": "8",
                **os.environ,
                # The places of this machine's runners, resolved here (`flows.lifecycle.runner_slots`):
                # a runner waiting for one stays small (no settings, no Prefect imported).
                LIMIT_VARIABLE: str(settings.get().server.local_runners or default_limit()),
                "KEIRI_HOME": str(settings.keiri_home()),
            },
        )
    # Reap it when it ends (no zombie in a long-lived parent such as the form app).
    threading.Thread(target=process.wait, name=f"keiri-runner-{run_id[:8]}", daemon=True).start()
    return process, log


# -- the flow id cache ------------------------------------------------------------------------


def _cache_path() -> Path:
    return settings.keiri_home() / "prefect-client" / _FLOW_CACHE


def _read_cache() -> dict[str, dict[str, str]]:
    try:
        data = json.loads(_cache_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _update_cache(api_url: str, flow_name: str, flow_id: str | None) -> None:
    """Write the cache atomically (many CLIs at once: the last writer wins, none is torn)."""
    data = _read_cache()
    flows = data.setdefault(api_url, {})
    if flow_id is None:
        flows.pop(flow_name, None)
    else:
        flows[flow_name] = flow_id
    path = _cache_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".flow-ids-")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle)
        os.replace(tmp, path)
    except OSError:
        pass  # a cache: without it the flow is looked up again next time
