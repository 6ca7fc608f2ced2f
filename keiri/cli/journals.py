"""`keiri journals export RUN --format yayoi|mf|freee|freee-deals|csv|xlsx [--out PATH]
[--period P] [--json]`: the journal entries of a finished run (every `journal.*` node's output,
found in the run's outcome by `flows.lifecycle.runs.outcome`) written to one product's import
file, atomically, after the checks (`blocks.journals.export`).

A standalone click group, `command`; the command table adds it as `journals`. Errors are
raised, never printed: the CLI's entry point renders them.
"""

from __future__ import annotations

import getpass
from pathlib import Path

import click
from rich.markup import escape

from keiri.base import masking, settings
from keiri.base.catalog import state_label, t

__all__ = ["FORMATS", "command", "current_user"]

#: The formats of `blocks/journals/layouts.yaml` (a test keeps the two the same).
FORMATS = ("yayoi", "mf", "freee", "freee-deals", "csv", "xlsx")


def current_user() -> str:
    """Who runs this command: `KEIRI_USER`, else the login name."""
    try:
        return settings.get().ui.user or getpass.getuser()
    except (KeyError, OSError):
        return "cli"


def _connect() -> None:
    from keiri.cli.logs import route_console_logs
    from keiri.server import client_env

    client_env.connect()
    route_console_logs()


@click.group("journals")
def command() -> None:
    pass


@command.command("export")
@click.argument("run_id")
@click.option("--format", "fmt", type=click.Choice(FORMATS), required=True)
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--period")
@click.option("--json", "as_json", is_flag=True)
def export_cmd(run_id: str, fmt: str, out: Path | None, period: str | None, as_json: bool) -> None:
    from blocks.journals.export import collect_batches, prepare_export, record_export
    from blocks.journals.ledger import ExportLedger
    from blocks.sdk.errors import BlockError, ErrorCode

    _connect()
    from flows.lifecycle.runs import outcome

    run = outcome(run_id)
    if run.state != "completed":
        raise BlockError(
            ErrorCode.JOURNAL_NOT_FOUND,
            t("journal.cli.not_completed", run=run_id, state=state_label(run.state)),
            details={"run_id": run_id, "state": run.state},
            hint=t("journal.cli.not_completed_hint"),
        )
    batches = collect_batches(run.outputs)
    if not batches:
        raise BlockError(
            ErrorCode.JOURNAL_NOT_FOUND,
            t("journal.cli.no_journal", run=run_id, plan=run.plan_id or "?"),
            details={"run_id": run_id},
            hint=t("journal.cli.no_journal_hint"),
        )
    ledger = ExportLedger()
    result = prepare_export(batches, fmt, period=period, ledger=ledger)
    target = (
        out
        or Path(
            t(
                "journal.cli.default_file",
                fmt=fmt,
                run=run_id[:8],
                extension=result.layout.extension,
            )
        )
    ).resolve()
    from blocks.sdk.atomic_write import write_bytes_atomic

    target.parent.mkdir(parents=True, exist_ok=True)
    write_bytes_atomic(target, result.data)
    record_export(result, current_user(), ledger)
    if as_json:
        from keiri.cli.render import print_json

        print_json(
            masking.mask({"ok": True, "run_id": run_id, "file": str(target), **result.to_json()})
        )
        return
    from keiri.cli.render import console

    console.print(
        "[green]✓[/] "
        + escape(
            t(
                "journal.cli.written",
                label=result.layout.label,
                file=target,
                entries=len(result.entries) - len(result.left_out),
                rows=result.rows,
                period=result.period.label(),
            )
        )
    )
    if result.excluded:
        console.print("  " + escape(t("journal.cli.excluded", count=len(result.excluded))))
    for item in result.left_out:
        console.print(
            "  " + escape(t("journal.cli.left_out", entry=item["entry"], reason=item["reason"]))
        )
    for item in result.cut:
        console.print("  " + escape(t("journal.cli.cut", entry=item["entry"], after=item["after"])))
