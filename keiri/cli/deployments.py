"""`keiri deployments`: operate recurring runs without redeploying.

```
keiri deployments ls [--json]
keiri deployments pause NAME [--json]       stop creating runs from its schedules
keiri deployments resume NAME [--json]
keiri deployments run NAME [--period 2026-04] [--var KEY=VALUE]... [--json]
keiri deployments backfill NAME --from 2026-04 --to 2026-09 [--json]
keiri deployments watch [--once] [--interval 30s]   late, stuck and crashed runs; retries
```

Exit codes: 0 done, 1 refused (a period that already has an open run: `PERIOD_OPEN`), 2 usage
(an unknown deployment: `DEPLOYMENT_NOT_FOUND`, a bad month). Errors are raised as
`KeiriError`s and rendered by the CLI's entry point. A standalone click group (`command`),
listed in the CLI's command table.
"""

from __future__ import annotations

import json
from typing import Any

import click
from rich.markup import escape

from keiri.base.catalog import state_label, t
from keiri.cli.render import console, print_json

__all__ = ["command"]


def _connect() -> None:
    from keiri.server import client_env

    client_env.connect(start_server=True)


def _who() -> str:
    import getpass

    from keiri.base import settings

    try:
        return settings.get().ui.user or getpass.getuser()
    except (KeyError, OSError):
        return "cli"


def _vars(pairs: tuple[str, ...]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise click.UsageError(t("ops.error.bad_var", value=pair))
        try:
            found[key] = json.loads(value)
        except json.JSONDecodeError:
            found[key] = value
    return found


@click.group("deployments")
def command() -> None:
    pass


@command.command("ls")
@click.option("--json", "as_json", is_flag=True)
def ls_cmd(as_json: bool) -> None:
    _connect()
    from flows.deploy.operations import list_deployments

    rows = list_deployments()
    if as_json:
        print_json({"ok": True, "deployments": [r.to_json() for r in rows]})
        return
    if not rows:
        console.print(t("ops.ls.none"), markup=False)
        return
    for row in rows:
        state = t("ops.ls.paused") if row.paused else t("ops.ls.active")
        console.print(
            t("ops.ls.row", name=escape(row.name), state=state, version=row.version or "-")
        )
        for schedule in row.schedules:
            console.print(t("ops.ls.schedule", schedule=schedule), markup=False)
        for when in row.next_runs:
            console.print(t("ops.ls.next", when=_shown(when)), markup=False)
        options = row.options
        if options is not None and options.period is not None:
            console.print(
                t("ops.ls.period", catch_up=options.catch_up, offset=options.period.offset),
                markup=False,
            )
        for period, name in sorted(row.open_periods.items()):
            console.print(
                t("ops.ls.open_period", period=period, state=state_label(name)), markup=False
            )
        counts = ", ".join(f"{state_label(k)} {v}" for k, v in sorted(row.runs.items()))
        console.print(t("ops.ls.runs", counts=counts or t("ops.ls.no_runs")), markup=False)


def _shown(when: str) -> str:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from keiri.base import settings

    zone = ZoneInfo(settings.get().language.timezone)
    return datetime.fromisoformat(when).astimezone(zone).strftime("%Y-%m-%d %H:%M")


@command.command("pause")
@click.argument("name")
@click.option("--json", "as_json", is_flag=True)
def pause_cmd(name: str, as_json: bool) -> None:
    _toggle(name, True, as_json)


@command.command("resume")
@click.argument("name")
@click.option("--json", "as_json", is_flag=True)
def resume_cmd(name: str, as_json: bool) -> None:
    _toggle(name, False, as_json)


def _toggle(name: str, paused: bool, as_json: bool) -> None:
    _connect()
    from flows.deploy.operations import set_paused

    done = set_paused(name, paused)
    if as_json:
        print_json({"ok": True, **done})
        return
    key = "ops.paused" if paused else "ops.resumed"
    unchanged = "" if done["changed"] else t("ops.unchanged")
    console.print(f"[green]✓[/] {t(key, name=escape(name))}{unchanged}")


@command.command("run")
@click.argument("name")
@click.option("--period", default=None)
@click.option("--var", "var_pairs", multiple=True)
@click.option("--json", "as_json", is_flag=True)
def run_cmd(name: str, period: str | None, var_pairs: tuple[str, ...], as_json: bool) -> None:
    _connect()
    from flows.deploy.operations import start_run
    from flows.lifecycle.runs import prefect_ui_url

    run = start_run(name, period=period, vars=_vars(var_pairs), who=_who())
    doc = {
        "ok": True,
        "deployment": name,
        "run_id": str(run.id),
        "run_name": run.name,
        "period": period,
        "ui_url": prefect_ui_url(str(run.id)),
    }
    if as_json:
        print_json(doc)
        return
    shown = t("ops.run.started", name=escape(name), run=run.name, run_id=str(run.id))
    console.print(f"[green]✓[/] {shown}")
    console.print(doc["ui_url"], markup=False)


@command.command("backfill")
@click.argument("name")
@click.option("--from", "first", required=True)
@click.option("--to", "last", required=True)
@click.option("--json", "as_json", is_flag=True)
def backfill_cmd(name: str, first: str, last: str, as_json: bool) -> None:
    _connect()
    from flows.deploy.operations import backfill

    result = backfill(name, first, last, who=_who())
    if as_json:
        print_json({"ok": True, "deployment": name, **result.to_json()})
        return
    for period, run_id in result.created.items():
        console.print(t("ops.backfill.created", period=period, run_id=run_id), markup=False)
    for period, run_id in result.skipped.items():
        console.print(t("ops.backfill.skipped", period=period, run_id=run_id), markup=False)
    done = t("ops.backfill.done", created=len(result.created), skipped=len(result.skipped))
    console.print(f"[green]✓[/] {done}")


@command.command("watch")
@click.option("--once", is_flag=True)
@click.option("--interval", default=None)
@click.option("--json", "as_json", is_flag=True)
def watch_cmd(once: bool, interval: str | None, as_json: bool) -> None:
    _connect()
    from flows.deploy.watch import sweep, watch_forever
    from keiri.base import settings
    from keiri.base.settings import parse_duration

    if once:
        report = sweep()
        if as_json:
            print_json({"ok": True, **report.to_json()})
        else:
            for line in report.lines():
                console.print(line, markup=False)
        return
    every = (
        parse_duration(interval, name="--interval")
        if interval
        else settings.get().ops.watch_interval
    )
    console.print(t("ops.watch.started", seconds=int(every.total_seconds()) if every else 30))
    watch_forever(every.total_seconds() if every else 30.0)
