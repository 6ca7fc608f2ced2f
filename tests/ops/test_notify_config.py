"""Notification settings and the automations keiri asks Prefect for, without a server: the
durations, the guards, the triggers, and the webhook payload rendered by Prefect's own
template renderer into Slack/Teams-style JSON."""

from __future__ import annotations

import json
from datetime import timedelta
from types import SimpleNamespace

import pytest

from flows.backend.notify import (
    AUTOMATION_CRASHED,
    AUTOMATION_PAUSED,
    AUTOMATION_REMINDER,
    NotifyConfig,
    parse_duration,
    planned_automations,
)
from keiri.base.catalog import t
from keiri.cli import main
from tests.support.catalog_text import shown


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("90s", timedelta(seconds=90)),
        ("30m", timedelta(minutes=30)),
        ("4h", timedelta(hours=4)),
        ("1d", timedelta(days=1)),
        ("45", timedelta(seconds=45)),
        ("off", None),
        ("0", None),
    ],
)
def test_durations(text: str, expected: timedelta | None) -> None:
    assert parse_duration(text, name="X") == expected


def test_bad_duration_names_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    with pytest.raises(ValueError, match=r"^環境変数 KEIRI_NOTIFY_REMIND_AFTER: 期間は 90s") as ja:
        parse_duration("soon", name="KEIRI_NOTIFY_REMIND_AFTER")
    assert "（入力: 'soon'）" in str(ja.value)
    monkeypatch.setenv("KEIRI_LANG", "en")
    with pytest.raises(ValueError, match=r"^KEIRI_NOTIFY_REMIND_AFTER: expected a duration"):
        parse_duration("soon", name="KEIRI_NOTIFY_REMIND_AFTER")


def test_crash_window_must_outlast_heartbeats(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KEIRI_CRASH_AFTER", "2m")
    monkeypatch.delenv("PREFECT_FLOWS_HEARTBEAT_FREQUENCY", raising=False)
    with pytest.raises(ValueError) as caught:
        NotifyConfig.from_env()
    assert shown("runtime.settings.crash_window", str(caught.value)), caught.value
    assert "186s" in str(caught.value) and "120s" in str(caught.value)
    monkeypatch.setenv("KEIRI_LANG", "en")
    with pytest.raises(ValueError, match="longer than the heartbeat interval"):
        NotifyConfig.from_env()
    monkeypatch.delenv("KEIRI_LANG")
    monkeypatch.setenv("PREFECT_FLOWS_HEARTBEAT_FREQUENCY", "60")
    assert NotifyConfig.from_env().crash_after == timedelta(minutes=2)


def test_deploy_rejects_a_bad_setting_as_usage_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("KEIRI_NOTIFY_REMIND_AFTER", "5s")
    assert main(["deploy", "--check"]) == 2
    err = capsys.readouterr().err
    remind = t("runtime.settings.remind_min", value="5s")
    assert t("runtime.settings.problem", name="KEIRI_NOTIFY_REMIND_AFTER", message=remind) in err


def test_unset_webhook_leaves_notifications_alone() -> None:
    config = NotifyConfig(webhook_url=None)
    assert config.notifications == "unchanged"
    assert set(planned_automations(config, None)) == {AUTOMATION_CRASHED}
    off = planned_automations(NotifyConfig(webhook_url="off", crash_after=None), None)
    assert off == {AUTOMATION_PAUSED: None, AUTOMATION_REMINDER: None, AUTOMATION_CRASHED: None}


def test_pause_automations_give_way_to_the_outbox() -> None:
    """Pause notices and reminders come from the run's process and the watcher (the outbox);
    a webhook setting removes the automations earlier versions created. The crash rule stays."""
    config = NotifyConfig(
        webhook_url="https://hooks.example.test/x", remind_after=timedelta(hours=4)
    )
    planned = planned_automations(config, "8c2f6d3e-0000-4000-8000-000000000001")
    assert planned[AUTOMATION_PAUSED] is None and planned[AUTOMATION_REMINDER] is None
    crashed = planned[AUTOMATION_CRASHED].trigger
    assert crashed.after == {"prefect.flow-run.heartbeat"}
    assert "prefect.flow-run.Suspended" in crashed.expect  # a run waiting for input is alive
    assert crashed.match_related["prefect.resource.id"] == ["prefect.tag.plan:*"]


def test_payload_is_slack_and_teams_json(monkeypatch: pytest.MonkeyPatch) -> None:
    from flows.backend.notify import notice_payload

    monkeypatch.setenv("KEIRI_UI_URL", "https://forms.example.test")
    run = SimpleNamespace(
        id="0b8e5a1c-1111-4222-8333-444455556666",
        name='月次"決算"-run',
        tags=["plan:monthly_close", "plan-version:1.0.0", "deployment:month-end"],
    )
    message = json.loads(json.dumps(notice_payload("paused", run, "month-end")))
    link = "https://forms.example.test/?run=0b8e5a1c-1111-4222-8333-444455556666"
    assert message["form_url"] == link and message["text"].endswith(link)
    assert message["plan_id"] == "monthly_close" and message["deployment"] == "month-end"
    assert message["run_name"] == '月次"決算"-run' and message["kind"] == "paused"
    assert "monthly_close" in message["text"] and t("cli.notify.paused") in message["text"]
    due = t("ops.notify.late_detail", due="2026-05-08 09:00")
    late = notice_payload("late", run, "month-end", message=due)
    assert late["kind"] == "late" and late["form_url"] is None
    assert t("ops.notify.late") in late["text"] and due in late["text"]
