"""Operations commands: `keiri deploy`, `keiri serve`, `keiri worker`.

Recurring runs are Prefect deployments rendered from `deployments/*.yaml` into `prefect.yaml`;
`deploy` applies them (work pools, `prefect deploy --all`, keiri's automations), `serve` runs
them all in this process, `worker` serves a pool and drains on SIGTERM
(`flows.deploy.worker`). Prefect is imported only after the environment points it at the
right server.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

import click
from rich.markup import escape

from blocks.sdk.errors import Issue
from keiri.base import settings
from keiri.base.catalog import t
from keiri.base.errors import EXIT_FAILED, EXIT_OK, Reported
from keiri.base.errors.report import IssueReport
from keiri.cli.render import console, err_console, finish, print_issues, print_json

__all__ = ["deploy_cmd", "serve_cmd", "worker_cmd"]


def _environment(*, start: bool) -> str:
    """Point this process (and its children) at the Prefect API; start the local server only
    when `start` (a `--check` must not start anything)."""
    from keiri.server import client_env

    api_url = client_env.connect(start_server=start)
    os.environ.setdefault("KEIRI_PROJECT_ROOT", str(settings.project_root()))
    return api_url


def _folder(path: Path | None) -> Path:
    return (path or settings.project_root() / "deployments").resolve()


def _prefect_file(path: Path | None) -> Path:
    return (path or settings.project_root() / "prefect.yaml").resolve()


def _load(folder: Path) -> tuple[list[Any], list[Issue], list[Issue]]:
    from flows.deploy.spec import load_deployments

    if not folder.is_dir():
        raise click.UsageError(t("cli.deploy.no_folder", folder=folder))
    specs, issues = load_deployments(folder)
    errors, warnings = IssueReport.split(issues)
    return specs, errors, warnings


def _print_summary(rows: list[dict[str, Any]]) -> None:
    for row in rows:
        limit = row["concurrency"]
        conc = (
            f"{limit['limit']} ({limit['collision_strategy']})"
            if limit
            else t("cli.deploy.unlimited")
        )
        summary = t(
            "cli.deploy.summary",
            name=escape(row["name"]),
            design=escape(str(row["design"])),
            version=escape(str(row["version"])),
            pool=escape(str(row["work_pool"])),
            concurrency=conc,
        )
        console.print(summary)
        for s in row["schedules"]:
            inactive = "" if s["active"] else t("cli.deploy.inactive")
            line = t(
                "ops.deploy.schedule", rule=s["rule"], timezone=s["timezone"], inactive=inactive
            )
            console.print(line, markup=False)
            for when in s["next"]:
                day = when[:10]
                console.print(
                    t("ops.deploy.next_time", when=f"{day} ({_weekday(day)}) {when[11:16]}"),
                    markup=False,
                )
        if not row["schedules"]:
            console.print(t("cli.deploy.no_schedule"))


def _weekday(day: str) -> str:
    from datetime import date

    return t("ops.weekdays").split(",")[date.fromisoformat(day).weekday()]


def _print_stale_runs(rows: list[dict[str, Any]], *, applied: bool) -> None:
    for row in rows:
        when = (row["expected_start"] or "")[:16].replace("T", " ")
        key = {
            (False, "delete"): "ops.deploy.stale_run.would_delete",
            (False, "retag"): "ops.deploy.stale_run.would_retag",
            (True, "delete"): "ops.deploy.stale_run.deleted",
            (True, "retag"): "ops.deploy.stale_run.retagged",
        }[(applied, row["action"])]
        reason = {
            "schedule": "ops.deploy.stale_reason.schedule",
            "version": "ops.deploy.stale_reason.version",
        }[row["reason"]]
        console.print(
            t(
                key,
                deployment=row["deployment"],
                run=row["name"],
                when=when,
                reason=t(reason, version=row["version"] or "?"),
            ),
            markup=False,
        )


@click.command("deploy")
@click.option("--check", is_flag=True)
@click.option("--render", is_flag=True)
@click.option("--dir", "folder", type=click.Path(path_type=Path))
@click.option(
    "--prefect-file",
    type=click.Path(path_type=Path, dir_okay=False),
)
@click.option("--json", "as_json", is_flag=True)
def deploy_cmd(
    check: bool, render: bool, folder: Path | None, prefect_file: Path | None, as_json: bool
) -> None:
    if check and render:
        raise click.UsageError(t("cli.error.exclusive", first="--check", second="--render"))
    api_url = _environment(start=not (check or render))
    from flows.deploy.apply import deploy_all
    from keiri.base.errors import ConfigError
    from keiri.server.supervisor import api_healthy

    target, source = _prefect_file(prefect_file), _folder(folder)
    if not source.is_dir():
        raise click.UsageError(t("cli.deploy.no_folder", folder=source))
    mode: Literal["apply", "render", "check"] = (
        "check" if check else "render" if render else "apply"
    )
    try:
        report = deploy_all(
            source,
            target,
            settings.project_root(),
            mode=mode,
            server_reachable=check and bool(api_url) and api_healthy(api_url, timeout=2),
        )
    except ConfigError as exc:
        raise click.UsageError(str(exc)) from None
    errors, warnings = report.errors, report.warnings
    doc = report.to_json()
    if errors:
        if as_json:
            print_json(doc)
        else:
            print_issues(errors + warnings)
            invalid = t("cli.deploy.invalid", count=len(errors), source=escape(str(source)))
            err_console.print(f"[red]✗[/] {invalid}")
        raise Reported(EXIT_FAILED)
    _finish(doc, as_json, warnings, mode=mode)
    if check:
        finish(EXIT_FAILED if doc["changed"] else EXIT_OK)


def _finish(doc: dict[str, Any], as_json: bool, warnings: list[Issue], *, mode: str) -> None:
    if as_json:
        print_json(doc)
        return
    print_issues(warnings)
    if doc["diff"]:
        console.print(doc["diff"], markup=False, highlight=False)
    _print_summary(doc["deployments"])
    _print_stale_runs(doc["stale_runs"], applied=mode == "apply")
    if mode == "check":
        verdict = "cli.deploy.out_of_date" if doc["changed"] else "cli.deploy.up_to_date"
        console.print(t(verdict, file=doc["prefect_file"]), markup=False)
        return
    if mode == "render":
        verdict = "cli.deploy.written" if doc["changed"] else "cli.deploy.already"
        console.print(t(verdict, file=doc["prefect_file"]), markup=False)
        return
    for pool in doc["work_pools_created"]:
        console.print(t("cli.deploy.pool_created", pool=pool), markup=False)
    _print_automations(doc["automations"])
    for name in doc["stale"]:
        err_console.print(t("cli.deploy.stale", name=escape(name)))
    applied = t("cli.deploy.applied", count=len(doc["deployments"]))
    console.print(f"[green]✓[/] {applied}")


def _print_automations(done: dict[str, str]) -> None:
    """What happened to each automation (`flows.backend.notify.apply_automations`), in words."""
    from flows.backend.notify import AUTOMATION_OUTCOMES

    for name, what in done.items():
        key = AUTOMATION_OUTCOMES.get(what)
        console.print(
            t("cli.deploy.automation", name=repr(name), what=t(key) if key else what),
            markup=False,
        )


@click.command("serve")
@click.option("--dir", "folder", type=click.Path(path_type=Path))
@click.option("--limit", type=int, default=None)
def serve_cmd(folder: Path | None, limit: int | None) -> None:
    _environment(start=True)
    from flows.backend.notify import NotifyConfig, apply_automations
    from flows.deploy.apply import serve

    specs, errors, warnings = _load(_folder(folder))
    if errors:
        print_issues(errors + warnings)
        raise Reported(EXIT_FAILED)
    try:
        automations = apply_automations(NotifyConfig.from_env())
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    _print_automations(automations)
    for spec in specs:
        serving = t(
            "cli.serve.serving", name=spec.name, plan=spec.plan_id, version=spec.plan_version
        )
        console.print(serving, markup=False)
    serve(specs, limit=limit)


@click.command("worker")
@click.option("--pool", default="keiri", show_default=True)
@click.option("--name", default=None)
@click.option("--limit", type=click.IntRange(min=1), default=None)
@click.option("--grace", default="10m", show_default=True)
def worker_cmd(pool: str, name: str | None, limit: int | None, grace: str) -> None:
    from keiri.base.settings import parse_duration

    try:
        grace_time = parse_duration(grace, name="--grace")
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    _environment(start=True)
    from flows.deploy.apply import ensure_work_pools
    from flows.deploy.worker import default_limit, run_worker

    ensure_work_pools({pool})
    root = settings.project_root()
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(root), os.environ.get("PYTHONPATH", "")) if p
    )
    os.chdir(root)  # the runs' processes resolve designs from the project
    run_worker(
        pool,
        name,
        limit or default_limit(),
        grace_time.total_seconds() if grace_time else 0.0,
        say=lambda text: console.print(text, markup=False),
    )
