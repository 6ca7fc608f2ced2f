"""`keiri registry`: the registration-number registry on the terminal (issue 28).

    keiri registry import FILE... [--kind snapshot|diff] [--date YYYY-MM-DD] [--json]
    keiri registry status [--json]
    keiri registry check NUMBER... [--date YYYY-MM-DD] [--name ISSUER] [--offline] [--json]

`import` loads the NTA's published files (CSV or ZIP, UTF-8 or cp932) into the local database
and says how current the data is; `check` answers for each number on the transaction date and
exits 0 when every number was registered that day (and the name matched, when given), 1
otherwise. Registry data is always shown with the NTA's attribution text. A standalone click
group: the command table adds it as `"registry": "keiri.cli.registry:command"`; it never imports
`keiri.cli.main` (the table imports it): a failed check ends with `ctx.exit(1)` after its
output, which the entry point returns as the exit code.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click
from rich.markup import escape
from rich.table import Table

from keiri.base.catalog import t
from keiri.base.errors import EXIT_FAILED
from keiri.cli.render import console, print_json, usage_error

__all__ = ["command", "parse_day", "parse_option", "table_of"]

_T = TypeVar("_T")

_STATUS = {
    "registered": "registry.status.registered",
    "not_yet_registered": "registry.status.not_yet_registered",
    "cancelled": "registry.status.cancelled",
    "expired": "registry.status.expired",
    "unknown_number": "registry.status.unknown_number",
    "invalid_format": "registry.status.invalid_format",
    "unknown": "registry.status.unknown",
}
_COLOR = {"registered": "green", "unknown_number": "yellow"}
_KIND = {"snapshot": "registry.kind.snapshot", "diff": "registry.kind.diff"}
_PARTS = {
    "corporation": "registry.part.corporation",
    "association": "registry.part.association",
    "individual": "registry.part.individual",
}


def table_of(keys: tuple[str, ...]) -> Table:
    """A table with these column headers (catalog keys) whose cells wrap, never cut."""
    table = Table(box=None)
    for key in keys:
        table.add_column(t(key), overflow="fold")
    return table


def parse_option(
    value: str | None, option: str, parse: Callable[[str], _T | None], message: str
) -> _T | None:
    """The value of `option` read by `parse` (None when not given); one `parse` cannot read
    (None or a ValueError) is a usage error, the catalog's `message` naming option and value."""
    if value is None:
        return None
    try:
        parsed = parse(value)
    except ValueError:
        parsed = None
    if parsed is None:
        raise usage_error(t(message, option=option, value=value))
    return parsed


def parse_day(value: str | None, option: str) -> dt.date | None:
    """A date option (`2026-03-15`, `2026/3/15`, `令和8年3月15日`); a usage error otherwise."""
    from blocks.text.japanese import parse_date_text

    return parse_option(value, option, parse_date_text, "registry.cli.bad_date")


@click.group("registry")
def command() -> None:
    pass


def _print_status(status: Any) -> None:
    if status.as_of:
        console.print(t("registry.cli.as_of", as_of=status.as_of, records=f"{status.records:,}"))
    if status.snapshot:
        console.print(
            t(
                "registry.cli.snapshot",
                date=status.snapshot,
                parts=t("display.list_sep").join(
                    t(_PARTS[p]) if p in _PARTS else p for p in status.snapshot_parts
                ),
            )
        )
    if status.diff_files:
        console.print(
            t(
                "registry.cli.diffs",
                count=status.diff_files,
                first=status.diff_first,
                last=status.diff_last,
            )
        )
    for notice in status.notices:
        color = "dim" if notice.code == "snapshot_older" else "yellow"
        console.print(f"[{color}]• {escape(notice.message)}[/]")


@command.command("import")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--kind",
    type=click.Choice(["snapshot", "diff"]),
)
@click.option("--date", "data_date")
@click.option("--json", "as_json", is_flag=True)
def import_cmd(
    files: tuple[Path, ...], kind: str | None, data_date: str | None, as_json: bool
) -> None:
    from blocks.registration.importer import import_files

    report = import_files(
        list(files),
        kind=kind,  # type: ignore[arg-type]
        data_date=parse_day(data_date, "--date"),
    )
    if as_json:
        print_json({"ok": True, **report.to_json()})
        return
    columns = (
        "registry.col.file",
        "registry.col.kind",
        "registry.col.as_of",
        "registry.col.encoding",
        "registry.col.rows",
        "registry.col.added",
    )
    table = table_of(columns)
    for result in report.files:
        if result.skipped:
            rows, added = t("registry.cli.skipped"), "—"
        else:
            rows, added = f"{result.rows:,}", f"{result.added:,}"
        table.add_row(
            escape(result.name),
            t(_KIND[result.kind]),
            result.data_date or "",
            result.encoding or "",
            rows,
            added,
        )
    console.print(table)
    if report.status is not None:
        _print_status(report.status)
    console.print(t("registry.cli.imported", seconds=f"{report.seconds:.1f}"))


@command.command("status")
@click.option("--json", "as_json", is_flag=True)
def status_cmd(as_json: bool) -> None:
    from blocks.registration.database import connect, registry_path
    from blocks.registration.status import DataStatus, data_status

    path = registry_path()
    if path.is_file():
        with connect(path) as conn:
            status = data_status(conn)
    else:
        status = DataStatus()
        status.notices.append(_empty_notice())
    if as_json:
        print_json({"ok": True, "database": str(path), "status": status.to_json()})
        return
    console.print(t("registry.cli.database", path=escape(str(path))))
    _print_status(status)


def _empty_notice() -> Any:
    from blocks.registration.status import Notice

    return Notice("empty", t("registry.notice.empty"))


@command.command("check")
@click.argument("numbers", nargs=-1, required=True)
@click.option("--date", "day")
@click.option("--name", "issuer_name")
@click.option("--offline", is_flag=True)
@click.option("--json", "as_json", is_flag=True)
def check_cmd(
    numbers: tuple[str, ...], day: str | None, issuer_name: str | None, offline: bool, as_json: bool
) -> None:
    from blocks.registration.lookup import Query, Registry

    on = parse_day(day, "--date")
    with Registry.from_settings(online=not offline) as registry:
        answers = registry.check(
            Query(n, on.isoformat() if on else None, issuer_name) for n in numbers
        )
    ok = all(a.status == "registered" and a.name_matches is not False for a in answers)
    attributions = list(dict.fromkeys(a.attribution for a in answers if a.attribution))
    if as_json:
        print_json(
            {
                "ok": ok,
                "answers": [a.model_dump(mode="json") for a in answers],
                "attribution": "\n".join(attributions) or None,
            }
        )
    else:
        _print_answers(answers, attributions)
    if not ok:
        click.get_current_context().exit(EXIT_FAILED)


def _print_answers(answers: list[Any], attributions: list[str]) -> None:
    columns = (
        "registry.col.number",
        "registry.col.date",
        "registry.col.status",
        "registry.col.name",
        "registry.col.matches",
        "registry.col.valid",
    )
    table = table_of(columns)
    for a in answers:
        color = _COLOR.get(a.status, "red")
        matches = {True: "○", False: "[red]×[/]", None: "—"}[a.name_matches]
        valid = f"{a.valid_from or ''}〜{a.valid_to or ''}" if a.valid_from else ""
        table.add_row(
            a.number,
            a.date,
            f"[{color}]{t(_STATUS[a.status])}[/]",
            escape(a.registered_name or ""),
            matches,
            valid,
        )
    console.print(table)
    source_keys = {"local": "registry.source.local", "api": "registry.source.api"}
    for a in answers:
        source = ""
        if a.source.kind in source_keys:
            source = f"（{t(source_keys[a.source.kind], as_of=a.source.as_of or '-')}）"
        name = f"（{escape(a.registered_name)}）" if a.registered_name else ""
        console.print(f"• {a.number}{name}: {escape(a.reason)}{source}")
        if a.source.stale:
            console.print(f"  [yellow]{t('registry.cli.stale', as_of=a.source.as_of)}[/]")
        if a.online_error:
            console.print(f"  [yellow]{escape(a.online_error['message'])}[/]")
    for text in attributions:
        console.print(f"[dim]{escape(text)}[/]")
