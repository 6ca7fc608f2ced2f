"""`keiri worker`: a Prefect process worker that drains on SIGTERM.

Prefect's own `prefect worker start` keeps claiming runs after SIGTERM and the runs it leaves
end Crashed. Here the worker's two loops (claim runs, heartbeat) are Prefect's
(`critical_service_loop` over `ProcessWorker`), beside keiri's liveness sweep (below), and
the first SIGTERM or SIGINT:

1. stops claiming and sweeping at once (the loops are cancelled: no run is claimed after the
   signal);
2. lets the runs it started finish, for `grace` seconds (each run is a process of its own,
   in a session of its own, so the signal does not reach it: under systemd use
   `KillMode=mixed`);
3. exits; runs still going after the grace period (or after a second signal) are stopped
   with the worker, as a killed machine's would be.

No run is left behind by a worker that dies (`flows.backend.liveness`): the worker records its
claim on a run before Prefect marks it Pending, and the process it starts for it as soon as
that exists; a sweep of the pool when the worker starts and every `KEIRI_LIVENESS_INTERVAL`
(15 s) releases runs a dead worker claimed and never started (Scheduled again, after
`KEIRI_START_GRACE`), crashes Running runs whose process is gone — heartbeat or not (a run
killed before its first heartbeat is never seen by the heartbeat automation) — and Running
runs on other machines whose heartbeats stopped for `KEIRI_CRASH_AFTER`.

The default limit (`default_limit`) is 2 x the CPUs: a keiri run spends much of its time
waiting (the Prefect API, a person, an LLM, files), so two per core keep the cores busy, and
a limit at all keeps the first worker to poll from claiming a whole batch (bench_workers:
39 of 40 runs on one worker without one).
"""

from __future__ import annotations

import logging
import os
import signal
import warnings
from contextlib import suppress
from functools import partial
from typing import Any

__all__ = ["DEFAULT_GRACE_S", "default_limit", "run_worker"]

DEFAULT_GRACE_S = 600.0
_log = logging.getLogger("keiri.worker")


def default_limit() -> int:
    """Flow runs at once per worker: 2 x the CPUs this process may use."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        cpus = os.cpu_count() or 1
    return 2 * max(cpus, 1)


def run_worker(pool: str, name: str | None, limit: int, grace_s: float, say: Any = print) -> None:
    """Serve `pool` until SIGTERM/SIGINT, then drain (see the module)."""
    import anyio

    anyio.run(_serve, pool, name, limit, grace_s, say)


def _worker_class() -> Any:
    with warnings.catch_warnings():
        # Prefect registers every worker class by its type; ours takes `process`'s place on
        # purpose (the pools stay plain process pools), and Prefect would say so on stderr at
        # every start: noise for an operator, not a problem.
        warnings.filterwarnings("ignore", message=r"Type 'Worker' .* matches existing")
        return _define_worker_class()


def _define_worker_class() -> Any:
    import anyio
    from prefect.workers.process import ProcessWorker

    from flows.backend import liveness

    class Worker(ProcessWorker):
        """Prefect's process worker; a run handed out again (resumed after a pause, retried)
        whose last execution here still holds a limiter token (Prefect 3.8.8 keeps it; taking
        another one raises and stops the worker) gets that stale token released first. It
        records its claim of a run and the process it starts (the module docstring)."""

        async def _submit_run(self, flow_run: Any) -> None:
            await _record(partial(liveness.claim, flow_run.id, self.name, self._work_pool_name))
            await super()._submit_run(flow_run)

        async def run(self, flow_run: Any, configuration: Any, task_status: Any = None) -> Any:
            outer = task_status if task_status is not None else anyio.TASK_STATUS_IGNORED
            group = self._runs_task_group

            class _Started:
                """Prefect's task status, told the started process's pid: recorded at once."""

                def started(self, value: Any = None) -> None:
                    if isinstance(value, int) and group is not None:
                        group.start_soon(
                            _record, partial(liveness.register_process, flow_run.id, value)
                        )
                    outer.started(value)

            return await super().run(flow_run, configuration, _Started())

        async def _submit_scheduled_flow_runs(self, flow_run_response: list[Any]) -> Any:
            if self._limiter is not None:
                for entry in flow_run_response:
                    run_id = entry.flow_run.id
                    if run_id not in self._submitting_flow_run_ids:
                        with suppress(RuntimeError):  # it holds none: the usual case
                            self._limiter.release_on_behalf_of(run_id)
            return await super()._submit_scheduled_flow_runs(flow_run_response)

    return Worker


async def _serve(pool: str, name: str | None, limit: int, grace_s: float, say: Any) -> None:
    import anyio
    from prefect.settings import PREFECT_WORKER_QUERY_SECONDS
    from prefect.utilities.services import critical_service_loop

    from keiri.base.catalog import t

    with anyio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
        async with _worker_class()(work_pool_name=pool, name=name, limit=limit) as worker:
            loop = partial(critical_service_loop, jitter_range=0.3, backoff=4)
            async with anyio.create_task_group() as loops:
                loops.start_soon(
                    partial(
                        loop,
                        workload=worker.get_and_submit_flow_runs,
                        interval=PREFECT_WORKER_QUERY_SECONDS.value(),
                    )
                )
                loops.start_soon(
                    partial(
                        loop,
                        workload=worker.sync_with_backend,
                        interval=worker.heartbeat_interval_seconds,
                    )
                )
                loops.start_soon(_sweep_forever, pool, say)
                say(t("ops.worker.started", name=worker.name, pool=pool, limit=limit))
                async for _ in signals:
                    break
                loops.cancel_scope.cancel()  # no run is claimed from here on
            running = worker.limiter.borrowed_tokens
            say(t("ops.worker.draining", count=running, seconds=int(grace_s)))
            with anyio.move_on_after(grace_s):
                async with anyio.create_task_group() as drain:

                    async def _second_signal() -> None:
                        async for _ in signals:
                            drain.cancel_scope.cancel()

                    drain.start_soon(_second_signal)
                    while worker.limiter.borrowed_tokens > 0:
                        await anyio.sleep(0.5)
                    drain.cancel_scope.cancel()
            left = worker.limiter.borrowed_tokens
            if left and worker._runs_task_group is not None:  # Prefect's own task group
                worker._runs_task_group.cancel_scope.cancel()
            say(t("ops.worker.stopped_with_runs", count=left) if left else t("ops.worker.drained"))


async def _record(write: Any) -> None:
    """Write a claim or runner record (an API call, in a thread). One that fails is logged:
    the run goes on, judged without it (as a plain Prefect worker's run would be)."""
    import anyio

    try:
        await anyio.to_thread.run_sync(write)
    except Exception as exc:  # a record must never stop the worker or its runs
        _log.warning("could not record a claim or runner: %s", exc)


async def _sweep_forever(pool: str, say: Any) -> None:
    """Settle the pool's runs whose process or worker is gone: now, then every
    `KEIRI_LIVENESS_INTERVAL` (`off`: only now). A sweep that fails (the server is
    restarting) is logged and made again at the next one."""
    import anyio

    from flows.backend import liveness
    from keiri.base import settings
    from keiri.base.catalog import state_label, t

    while True:
        try:
            settled = await anyio.to_thread.run_sync(liveness.sweep, pool)
        except Exception as exc:  # the worker outlives a server restart
            _log.warning("liveness sweep of pool %s failed: %s", pool, exc)
        else:
            for run in settled:
                state = (run.state.name or run.state.type.value) if run.state else "UNKNOWN"
                say(t("ops.worker.settled", run=run.id, state=state_label(state)))
        interval = settings.get().ops.liveness_interval
        if interval is None:
            return
        await anyio.sleep(interval.total_seconds())
