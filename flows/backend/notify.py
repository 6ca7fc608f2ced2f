"""Paused runs reach people, and lost runs become retryable — on Prefect's own machinery.

- On the run: when a plan run pauses for input, a link artifact with the form app's deep link
  (`$KEIRI_UI_URL/?run=<id>`) is attached to the flow run (`publish_form_link`, called by
  `run_plan` in the run's own process when it pauses, so CLI, worker and served runs all
  get the link).
- To a webhook, once: the run's own process posts Slack/Teams-style JSON (`{"text": ...}`
  plus fields) when it pauses, through the outbox (`flows.backend.outbox`: the notice is
  recorded on the run in Prefect's database, so it is never sent twice); the operations
  watcher (`keiri deployments watch`, `flows.deploy.watch`) posts what a process could not —
  a pause made just before a server restart, the reminder after `remind_after`, late,
  crashed, skipped and refused runs — reading run states, not Prefect's event bus (under load
  its automations lagged 13-15 minutes, and a restart lost their backlog). `keiri deploy`
  removes the earlier pause/reminder automations.
- Lost workers: Prefect's zombie-run pattern — a deployment run whose heartbeats stop (its
  machine or worker died) is marked Crashed after `crash_after`, so it can be retried; the
  retry reuses the results of finished nodes.

`NotifyConfig.from_env()` reads `KEIRI_NOTIFY_WEBHOOK_URL` (unset: leave the server's
notification automations as they are; `off`: remove them), `KEIRI_NOTIFY_REMIND_AFTER`
(default 24h; `off`), `KEIRI_CRASH_AFTER` (default 10m; `off`) and `KEIRI_UI_URL`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from keiri.base import settings
from keiri.base.catalog import t
from keiri.base.settings import DEFAULT_FORM_APP_URL, parse_duration

__all__ = [
    "AUTOMATION_CRASHED",
    "AUTOMATION_OUTCOMES",
    "AUTOMATION_PAUSED",
    "AUTOMATION_REMINDER",
    "DEFAULT_FORM_APP_URL",
    "WEBHOOK_BLOCK",
    "NotifyConfig",
    "apply_automations",
    "form_app_url",
    "form_link",
    "notice_payload",
    "notify_paused",
    "parse_duration",
    "planned_automations",
    "post_run_summary",
    "publish_form_link",
    "webhook_url",
]

AUTOMATION_PAUSED = "keiri: run waits for input"
AUTOMATION_REMINDER = "keiri: run still waits for input"
AUTOMATION_CRASHED = "keiri: mark unresponsive runs crashed"
WEBHOOK_BLOCK = "keiri-notify"
_UNSET = "unchanged (KEIRI_NOTIFY_WEBHOOK_URL not set)"
#: What `apply_automations` reports per automation (kept as is in `keiri deploy --json`) ->
#: the message that says it in words.
AUTOMATION_OUTCOMES = {
    "created": "cli.deploy.automation.created",
    "updated": "cli.deploy.automation.updated",
    "unchanged": "cli.deploy.automation.unchanged",
    "removed": "cli.deploy.automation.removed",
    "absent": "cli.deploy.automation.absent",
    _UNSET: "cli.deploy.automation.unset",
}
_PAUSED_EVENTS = {"prefect.flow-run.Paused", "prefect.flow-run.Suspended"}
_KEIRI_RUN: dict[str, str | list[str]] = {
    "prefect.resource.role": "tag",
    "prefect.resource.id": "prefect.tag.plan:*",
}
_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days"}


def form_app_url() -> str:
    """`KEIRI_UI_URL`, else the form app's configured host and port (`KEIRI_UI_HOST/_PORT`)."""
    return settings.form_app_url()


def form_link(run_id: str) -> str:
    return f"{form_app_url()}/?run={run_id}"


# --- the link on the run --------------------------------------------------------------------


def publish_form_link(run_id: str, node_id: str) -> None:
    """A pause listener: attach the form's deep link to the flow run (once per node)."""
    from uuid import UUID

    from prefect.artifacts import create_link_artifact
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import (
        ArtifactFilter,
        ArtifactFilterFlowRunId,
        ArtifactFilterType,
    )

    notify_paused(run_id, node_id)  # once per pause, whichever process gets here first
    link = form_link(run_id)
    description = t("cli.notify.link_description", node=node_id)
    with get_client(sync_client=True) as client:
        existing = client.read_artifacts(
            artifact_filter=ArtifactFilter(
                flow_run_id=ArtifactFilterFlowRunId(any_=[UUID(run_id)]),
                type=ArtifactFilterType(any_=["markdown", "link"]),
            )
        )
    if any(a.description == description for a in existing):
        return  # a suspended run restarts from the top and asks again: one link is enough
    create_link_artifact(
        link=link, link_text=t("cli.notify.link_text", node=node_id), description=description
    )


def webhook_url() -> str | None:
    """`KEIRI_NOTIFY_WEBHOOK_URL`, or None when unset or `off`."""
    notify = settings.get().notify
    url = notify.webhook_url.get_secret_value() if notify.webhook_url is not None else None
    return url if url and url.lower() != "off" else None


#: The kind of a notice -> the headline of its text.
_HEADLINES = {
    "paused": "cli.notify.paused",
    "reminder": "cli.notify.reminder",
    "late": "ops.notify.late",
    "crashed": "ops.notify.crashed",
    "skipped": "ops.notify.skipped",
    "refused": "ops.notify.refused",
    "retry": "ops.notify.retry",
}


def notice_payload(kind: str, run: Any, deployment: str | None, **extra: Any) -> dict[str, Any]:
    """The Slack/Teams-style JSON of a notice about `run` (a Prefect FlowRun)."""
    plan = next((t_[5:] for t_ in run.tags if t_.startswith("plan:")), "")
    link = form_link(str(run.id))
    head = t(_HEADLINES[kind])
    from keiri.base import masking

    extra = {k: masking.mask_text(v) if isinstance(v, str) else v for k, v in extra.items()}
    detail = str(extra.get("message") or "")
    text = f"{head}: {plan} ({run.name})" + (f" — {detail}" if detail else "")
    if kind in ("paused", "reminder"):
        text += f" — {link}"
    return {
        "text": text,
        "kind": kind,
        "run_id": str(run.id),
        "run_name": run.name,
        "plan_id": plan,
        "deployment": deployment,
        "form_url": link if kind in ("paused", "reminder") else None,
        **extra,
    }


def _pause_key(run_id: str, node_id: str) -> str:
    """The key of the node's latest pause (its stored form, `flows.backend.prefect_backend`)."""
    from uuid import UUID

    from flows.backend.input_keys import FORM_PREFIX
    from flows.backend.run_inputs import filter_values

    forms = [
        f
        for f in filter_values(UUID(run_id), FORM_PREFIX)
        if isinstance(f, dict) and f.get("node_id") == node_id
    ]
    forms.sort(key=lambda f: float(f.get("asked_at") or 0))
    return str(forms[-1].get("key") or node_id) if forms else node_id


def notify_paused(run_id: str, node_id: str) -> bool:
    """Post "waits for input" for the run's pause at `node_id`, once (the outbox)."""
    from uuid import UUID

    from prefect.client.orchestration import get_client

    from flows.backend import outbox

    url = webhook_url()
    if url is None:
        return False
    with get_client(sync_client=True) as client:
        run = client.read_flow_run(UUID(run_id))
        deployment = client.read_deployment(run.deployment_id).name if run.deployment_id else None
    key = outbox.notice_key("paused", _pause_key(run_id, node_id))
    return outbox.deliver(run.id, key, notice_payload("paused", run, deployment), url)


# --- the summary of an ended run -------------------------------------------------------------


def post_run_summary(run_id: str, plan_id: str, headline: str, markdown: str) -> bool:
    """Post the summary for people of a run that ended (`flows.backend.people_summary`) to the
    notification webhook (`KEIRI_NOTIFY_WEBHOOK_URL`; unset or `off`: nothing is sent). A post
    that fails is logged, never fails the run. True when it was delivered."""
    import logging

    import httpx2

    from keiri.base.catalog import t

    notify = settings.get().notify
    url = notify.webhook_url.get_secret_value() if notify.webhook_url is not None else None
    if not url or url.lower() == "off":
        return False
    payload = {
        "text": t("summary.notify.text", plan=plan_id, headline=headline) + "\n\n" + markdown,
        "kind": "summary",
        "run_id": run_id,
        "plan_id": plan_id,
        "summary": markdown,
        "runs_url": f"{form_app_url().rstrip('/')}/runs",
    }
    try:
        httpx2.post(url, json=payload, timeout=10).raise_for_status()
    except httpx2.HTTPError as exc:
        logging.getLogger("keiri.notify").warning("the run summary was not posted: %s", exc)
        return False
    return True


# --- automations ----------------------------------------------------------------------------


@dataclass(frozen=True)
class NotifyConfig:
    """What `keiri deploy` sets up on the server. `webhook_url` None: leave the notification
    automations as they are; "off": remove them."""

    webhook_url: str | None
    remind_after: timedelta | None = timedelta(hours=24)
    crash_after: timedelta | None = timedelta(minutes=10)
    form_app_url: str = DEFAULT_FORM_APP_URL

    @classmethod
    def from_env(cls) -> NotifyConfig:
        """From the settings; a `ConfigError` (a ValueError) on a malformed duration, a reminder
        under Prefect's 10 s minimum, or a crash window that a healthy run's heartbeats
        (`PREFECT_FLOWS_HEARTBEAT_FREQUENCY`, default 180 s) would not keep open."""
        notify = settings.get().notify  # validated there: durations, Prefect's minimum, heartbeats
        url = notify.webhook_url.get_secret_value() if notify.webhook_url is not None else None
        return cls(
            webhook_url=url,
            remind_after=notify.remind_after,
            crash_after=notify.crash_after,
            form_app_url=form_app_url(),
        )

    @property
    def notifications(self) -> str:
        """`on`, `off` or `unchanged`."""
        if self.webhook_url is None:
            return "unchanged"
        return "off" if self.webhook_url.lower() == "off" else "on"


def planned_automations(config: NotifyConfig, webhook_block_id: Any | None) -> dict[str, Any]:
    """Name -> the automation keiri wants on the server (None: remove it). Only the crash
    rule is an automation now; the pause notices of earlier versions are removed once a
    webhook setting is given (`webhook_block_id` is kept for the signature)."""
    from prefect.client.schemas.objects import StateType
    from prefect.events.actions import ChangeFlowRunState
    from prefect.events.schemas.automations import AutomationCore, EventTrigger, Posture

    wanted: dict[str, Any] = {}
    if config.notifications != "unchanged":
        # Pause notices and reminders come from the outbox and the watcher (module docstring).
        wanted[AUTOMATION_PAUSED] = None
        wanted[AUTOMATION_REMINDER] = None
    wanted[AUTOMATION_CRASHED] = (
        AutomationCore(
            name=AUTOMATION_CRASHED,
            description=t("cli.notify.crashed_description"),
            trigger=EventTrigger(
                after={"prefect.flow-run.heartbeat"},
                expect={
                    "prefect.flow-run.heartbeat",
                    "prefect.flow-run.Completed",
                    "prefect.flow-run.Failed",
                    "prefect.flow-run.Cancelled",
                    "prefect.flow-run.Cancelling",
                    "prefect.flow-run.Crashed",
                    *_PAUSED_EVENTS,
                },
                for_each={"prefect.resource.id"},
                match={"prefect.resource.id": "prefect.flow-run.*"},
                match_related=_KEIRI_RUN,
                posture=Posture.Proactive,
                threshold=1,
                within=config.crash_after,
            ),
            actions=[
                ChangeFlowRunState(
                    name=None,
                    force=False,
                    state=StateType.CRASHED,
                    message=t("cli.state.no_heartbeat", window=config.crash_after),
                )
            ],
        )
        if config.crash_after is not None
        else None
    )
    return wanted


def apply_automations(config: NotifyConfig) -> dict[str, str]:
    """Create, update or remove keiri's automations; name -> what happened."""
    from prefect.client.orchestration import get_client

    block_id = _save_webhook(config) if config.notifications == "on" else None
    done: dict[str, str] = {}
    with get_client(sync_client=True) as client:
        for name, wanted in planned_automations(config, block_id).items():
            existing = client.read_automations_by_name(name)
            if wanted is None:
                for old in existing:
                    client.delete_automation(old.id)
                done[name] = "removed" if existing else "absent"
            elif not existing:
                client.create_automation(wanted)
                done[name] = "created"
            elif _same(existing[0], wanted) and len(existing) == 1:
                done[name] = "unchanged"
            else:
                client.update_automation(existing[0].id, wanted)
                for extra in existing[1:]:
                    client.delete_automation(extra.id)
                done[name] = "updated"
    if config.notifications == "unchanged":
        done[AUTOMATION_PAUSED] = _UNSET
    return done


def _same(existing: Any, wanted: Any) -> bool:
    keys = ("description", "trigger", "actions", "enabled")
    mine = wanted.model_dump(mode="json", include=set(keys))
    theirs = existing.model_dump(mode="json", include=set(keys))
    return bool(mine == theirs)


def _save_webhook(config: NotifyConfig) -> Any:
    from prefect.blocks.webhook import Webhook
    from prefect.types import SecretDict
    from pydantic import SecretStr

    if config.webhook_url is None:  # pragma: no cover - guarded by the caller
        raise ValueError("no webhook URL")
    block = Webhook(
        method="POST",
        url=SecretStr(config.webhook_url),
        headers=SecretDict({"Content-Type": "application/json"}),
    )
    return block.save(WEBHOOK_BLOCK, overwrite=True)
