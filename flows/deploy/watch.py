"""The operations watcher (`keiri deployments watch`): what needs a person, told once.

Each `sweep` reads run states from the Prefect API (not its event bus, whose backlog a
restart loses) and sends, through the outbox (`flows.backend.outbox`: recorded on the run, so
never twice, also across restarts and several watchers):

- `paused`: a keiri run waiting for input that no process announced (paused just before a
  server restart, or its process died);
- `reminder`: a run still waiting `KEIRI_NOTIFY_REMIND_AFTER` after it paused;
- `late`: a scheduled deployment run not started its lateness window after its time;
- `crashed`: a keiri run that crashed (looked back `LOOKBACK`);
- `skipped` / `refused`: a run the catch-up policy skipped, or that found its period open;
- `retry`: a failed or crashed run of a deployment with `retries:` is scheduled again after
  `retries.delay` (at most `retries.count` times; a 差し戻し is never retried).

Before those, each sweep settles the keiri runs of every pool (and the local ones) that lost
their process or worker, or whose heartbeats stopped (`flows.backend.liveness.sweep`): a
Running run whose machine died for good is Crashed within `KEIRI_CRASH_AFTER`, and a run a
dead worker claimed is released, also with no `keiri worker` left on that machine. The
crashed ones are then announced (`crashed`) and retried like any other.

Without a webhook (`KEIRI_NOTIFY_WEBHOOK_URL` unset or `off`) only settling and retries happen.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from flows.backend import outbox
from flows.backend.admission import SKIPPED, STATE_PERIOD_OPEN
from flows.backend.deployment_options import DeploymentOptions, read_options
from flows.backend.notify import notice_payload, webhook_url
from flows.backend.run_inputs import create_once, filter_values
from flows.deploy.cleanup import read_runs
from keiri.base import settings
from keiri.base.catalog import state_label, t

__all__ = ["LOOKBACK", "SweepReport", "sweep", "watch_forever"]

LOOKBACK = timedelta(days=1)
_log = logging.getLogger("keiri.watch")


@dataclass
class SweepReport:
    sent: list[dict[str, str]] = field(default_factory=list)  # {kind, run_id}
    retried: list[str] = field(default_factory=list)
    settled: list[dict[str, str]] = field(default_factory=list)  # {run_id, state, message}

    def to_json(self) -> dict[str, Any]:
        return {"sent": self.sent, "retried": self.retried, "settled": self.settled}

    def lines(self) -> list[str]:
        shown = [
            t("ops.worker.settled", run=s["run_id"], state=state_label(s["state"]))
            for s in self.settled
        ]
        shown += [t("ops.watch.sent", kind=s["kind"], run=s["run_id"]) for s in self.sent]
        shown += [t("ops.watch.retried", run=r) for r in self.retried]
        return shown or [t("ops.watch.nothing")]


def _now() -> datetime:
    return datetime.now(UTC)


def _runs(client: Any, states: list[str], *, since: datetime | None = None) -> list[Any]:
    from prefect.client.schemas.filters import (
        FlowRunFilter,
        FlowRunFilterEndTime,
        FlowRunFilterState,
        FlowRunFilterStateType,
    )
    from prefect.client.schemas.objects import StateType

    flow_filter = FlowRunFilter(
        state=FlowRunFilterState(type=FlowRunFilterStateType(any_=[StateType(s) for s in states]))
    )
    if since is not None:
        flow_filter.end_time = FlowRunFilterEndTime(after_=since)  # type: ignore[arg-type]
    runs = read_runs(client, flow_run_filter=flow_filter)
    return [r for r in runs if any(tag.startswith("plan:") for tag in r.tags)]


class _Deployments:
    """Deployment names and stored options, read once per sweep."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.names: dict[Any, str | None] = {}
        self.options: dict[str, DeploymentOptions | None] = {}

    def name(self, run: Any) -> str | None:
        if run.deployment_id is None:
            return None
        if run.deployment_id not in self.names:
            from prefect.exceptions import ObjectNotFound

            try:
                self.names[run.deployment_id] = self.client.read_deployment(run.deployment_id).name
            except ObjectNotFound:
                self.names[run.deployment_id] = None
        return self.names[run.deployment_id]

    def of(self, run: Any) -> DeploymentOptions | None:
        name = self.name(run)
        if name is None:
            return None
        if name not in self.options:
            self.options[name] = read_options(name)
        return self.options[name]


def sweep(now: datetime | None = None) -> SweepReport:
    """Look once; send and retry what is due."""
    from prefect.client.orchestration import get_client

    from flows.backend import liveness

    now = now or _now()
    report = SweepReport()
    for run in liveness.sweep():
        state = run.state
        report.settled.append(
            {
                "run_id": str(run.id),
                "state": (state.name or state.type.value) if state else "UNKNOWN",
                "message": (state.message or "") if state else "",
            }
        )
    url = webhook_url()
    with get_client(sync_client=True) as client:
        known = _Deployments(client)
        if url is not None:
            _paused(client, known, url, now, report)
            _late(client, known, url, now, report)
            _ended(client, known, url, now, report)
        _retries(client, known, url, now, report)
    return report


def _send(
    report: SweepReport,
    run: Any,
    key: str,
    kind: str,
    url: str,
    deployment: str | None,
    **extra: Any,
) -> None:
    if outbox.deliver(run.id, key, notice_payload(kind, run, deployment, **extra), url):
        report.sent.append({"kind": kind, "run_id": str(run.id)})


def _paused(client: Any, known: _Deployments, url: str, now: datetime, report: SweepReport) -> None:
    remind = settings.get().notify.remind_after
    for run in _runs(client, ["PAUSED"]):
        state = run.state
        pause = str(state.state_details.pause_key or "pause")
        deployment = known.name(run)
        _send(report, run, outbox.notice_key("paused", pause), "paused", url, deployment)
        if remind is not None and state.timestamp and now - state.timestamp >= remind:
            _send(report, run, outbox.notice_key("reminder", pause), "reminder", url, deployment)


def _late_window(options: DeploymentOptions) -> timedelta | None:
    if options.late_after_s is not None:
        return timedelta(seconds=options.late_after_s)
    return settings.get().ops.late_after


def _late(client: Any, known: _Deployments, url: str, now: datetime, report: SweepReport) -> None:
    for run in _runs(client, ["SCHEDULED"]):
        options = known.of(run)
        due = run.expected_start_time
        if options is None or due is None or run.start_time is not None:
            continue
        window = _late_window(options)
        if window is None or now - due < window:
            continue
        shown = due.astimezone(_zone()).strftime("%Y-%m-%d %H:%M")
        _send(
            report,
            run,
            "late",
            "late",
            url,
            known.name(run),
            message=t("ops.notify.late_detail", due=shown),
            expected_start=due.isoformat(),
        )


def _zone() -> Any:
    from zoneinfo import ZoneInfo

    return ZoneInfo(settings.get().language.timezone)


def _ended(client: Any, known: _Deployments, url: str, now: datetime, report: SweepReport) -> None:
    for run in _runs(client, ["CRASHED", "CANCELLED"], since=now - LOOKBACK):
        state = run.state
        kind = (
            "crashed"
            if state.type.value == "CRASHED"
            else {SKIPPED: "skipped", STATE_PERIOD_OPEN: "refused"}.get(state.name or "")
        )
        if kind is None:
            continue
        period = next((tag[7:] for tag in run.tags if tag.startswith("period:")), None)
        _send(
            report,
            run,
            outbox.notice_key(kind, str(state.id)),
            kind,
            url,
            known.name(run),
            message=state.message or "",
            period=period,
        )


def _retries(
    client: Any, known: _Deployments, url: str | None, now: datetime, report: SweepReport
) -> None:
    from prefect.states import AwaitingRetry

    for run in _runs(client, ["FAILED", "CRASHED"], since=now - LOOKBACK):
        options = known.of(run)
        state = run.state
        if options is None or options.retries is None or state.name == "Rejected":
            continue
        done = [v for v in filter_values(run.id, "keiri-retry-") if isinstance(v, dict)]
        if len(done) >= options.retries.count:
            continue
        if not create_once(run.id, f"keiri-retry-{state.id}", {"at": now.isoformat()}):
            continue  # this failure was retried already
        attempt = len(done) + 1
        when = now + timedelta(seconds=options.retry_delay_s())
        message = t("ops.retry.scheduled", attempt=attempt, count=options.retries.count)
        client.set_flow_run_state(
            run.id, AwaitingRetry(scheduled_time=when, message=message), force=True
        )
        report.retried.append(str(run.id))
        if url is not None:
            _send(
                report,
                run,
                outbox.notice_key("retry", str(state.id)),
                "retry",
                url,
                known.name(run),
                message=message,
            )


def watch_forever(interval_s: float, stop: threading.Event | None = None) -> None:
    """Sweep every `interval_s` seconds until interrupted (or `stop` is set); a sweep that
    fails (the server is restarting) is logged and tried again at the next one."""
    stop = stop or threading.Event()
    while not stop.is_set():
        try:
            sweep()
        except Exception as exc:  # the watcher outlives a server restart
            _log.warning("sweep failed, trying again in %ss: %s", interval_s, exc)
        stop.wait(interval_s)
