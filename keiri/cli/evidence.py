"""`keiri evidence`: the evidence archive on the terminal (電子帳簿保存法; issue 28).

    keiri evidence search [--from DATE] [--to DATE] [--min YEN] [--max YEN] [--party TEXT]
                          [--kind KIND] [--deleted] [--json]
    keiri evidence export OUT.zip [the search options] [--json]
    keiri evidence show ID [--json]            the record and its log
    keiri evidence add FILE... [--date] [--amount] [--party] [--number] [--kind] [--json]
    keiri evidence correct ID [--date] [--amount] [--party] [--number] [--kind] --reason TEXT
    keiri evidence delete ID --reason TEXT     hidden from search; the file and its log stay
    keiri evidence purge ID --reason TEXT      refused inside the retention period
    keiri evidence verify [--json]             every file's hash, the log chain, the index

Search filters combine (all must hold); dates and amounts are inclusive ranges, either side
open; `--party` matches the counterparty's name (株式会社 / (株), width and spaces ignored) or
its registration number. `verify` exits 1 when it finds a problem. Who acts is `KEIRI_USER`,
else the login name. A standalone click group: the command table adds it as
`"evidence": "keiri.cli.evidence:command"`; it never imports
`keiri.cli.main` (the table imports it): a failed check ends with `ctx.exit(1)` after its
output, which the entry point returns as the exit code.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click
from rich.markup import escape

from keiri.base.catalog import t
from keiri.base.errors import EXIT_FAILED, UsageError
from keiri.base.times import local_time
from keiri.cli.registry import parse_day, parse_option, table_of
from keiri.cli.render import console, print_json

__all__ = ["command"]

F = TypeVar("F", bound=Callable[..., Any])


def _amount(value: str | None, option: str) -> float | None:
    """A yen amount option (`110000`, `110,000`, `¥110,000`, `１１万`); a usage error else."""
    from blocks.text.japanese import nfkc, parse_amount_text

    def yen(typed: str) -> float | None:
        text = nfkc(typed).strip()
        multiplier = 1
        if text.endswith("万"):
            text, multiplier = text[:-1], 10_000
        amount = parse_amount_text(text)
        if amount is None:
            return None
        number = float(amount * multiplier)
        return int(number) if number.is_integer() else number

    return parse_option(value, option, yen, "archive.cli.bad_amount")


def _filters(options: dict[str, Any]) -> Any:
    from blocks.archive.search import Filters

    date_from, date_to = (
        parse_day(options["date_from"], "--from"),
        parse_day(options["date_to"], "--to"),
    )
    return Filters(
        date_from=date_from.isoformat() if date_from else None,
        date_to=date_to.isoformat() if date_to else None,
        amount_min=_amount(options["amount_min"], "--min"),
        amount_max=_amount(options["amount_max"], "--max"),
        party=options["party"],
        kind=options.get("kind") or None,
        include_deleted=options.get("deleted", False),
    )


def _search_options(fn: F) -> F:
    for option in reversed(
        (
            click.option("--from", "date_from"),
            click.option("--to", "date_to"),
            click.option("--min", "amount_min"),
            click.option("--max", "amount_max"),
            click.option("--party"),
            click.option("--kind"),
        )
    ):
        fn = option(fn)
    return fn


def _json_option(fn: F) -> F:
    return click.option("--json", "as_json", is_flag=True)(fn)


def _archive() -> Any:
    from blocks.archive.archive import EvidenceArchive

    return EvidenceArchive()


def _who() -> str:
    from blocks.archive.archive import default_actor

    return default_actor()


def _yen(amount: float | None) -> str:
    if amount is None:
        return ""
    return f"{int(amount):,}" if float(amount).is_integer() else f"{amount:,}"


def _table(records: list[Any]) -> Any:
    from blocks.archive.export import kind_label

    columns = (
        "archive.col.id",
        "archive.col.date",
        "archive.col.amount",
        "archive.col.party",
        "archive.col.number",
        "archive.col.kind",
        "archive.col.file",
    )
    table = table_of(columns)
    for record in records:
        mark = f" [dim]{t('archive.cli.deleted')}[/]" if record.deleted else ""
        table.add_row(
            str(record.id),
            record.transaction_date or "",
            _yen(record.amount),
            escape(record.party_name or ""),
            record.party_number or "",
            kind_label(record.kind),
            escape(record.file_name) + mark,
        )
    return table


@click.group("evidence")
def command() -> None:
    pass


@command.command("search")
@_search_options
@click.option("--deleted", is_flag=True)
@_json_option
def search_cmd(as_json: bool, **options: Any) -> None:
    from blocks.archive.search import search

    filters = _filters(options)
    with _archive().connect() as conn:
        records = search(conn, filters)
    if as_json:
        print_json(
            {
                "ok": True,
                "count": len(records),
                "records": [r.model_dump(mode="json") for r in records],
            }
        )
        return
    if records:
        console.print(_table(records))
    console.print(t("archive.cli.found", count=len(records)))


@command.command("export")
@click.argument("out", type=click.Path(path_type=Path, dir_okay=False))
@_search_options
@_json_option
def export_cmd(out: Path, as_json: bool, **options: Any) -> None:
    from blocks.archive.export import export_zip

    report = export_zip(_archive(), _filters(options), out)
    if as_json:
        print_json({"ok": True, **report.to_json()})
        return
    console.print(t("archive.cli.exported", files=report.files, path=escape(str(report.path))))


@command.command("show")
@click.argument("record_id", type=int, metavar="ID")
@_json_option
def show_cmd(record_id: int, as_json: bool) -> None:
    archive = _archive()
    record = archive.get(record_id)
    log = archive.history(record_id)
    if as_json:
        print_json(
            {
                "ok": True,
                "record": record.model_dump(mode="json"),
                "log": [e.to_json() for e in log],
            }
        )
        return
    console.print(_table([record]))
    console.print(t("archive.cli.keep_until", until=record.keep_until, sha256=record.sha256))
    actions = {
        "add": "archive.action.add",
        "link": "archive.action.link",
        "correct": "archive.action.correct",
        "delete": "archive.action.delete",
        "purge": "archive.action.purge",
        "restore": "archive.action.restore",
    }
    for entry in log:
        why = f" — {escape(entry.why)}" if entry.why else ""
        console.print(
            f"  {local_time(entry.at)}  {escape(entry.who)}  {t(actions[entry.action])}{why}"
        )
        if entry.action == "correct":
            for key, value in entry.data["changes"].items():
                before = entry.data["before"].get(key)
                console.print(f"    {key}: {escape(str(before))} → {escape(str(value))}")


def _field_options(fn: F) -> F:
    for option in reversed(
        (
            click.option("--date", "transaction_date"),
            click.option("--amount"),
            click.option("--party", "party_name"),
            click.option("--number", "party_number"),
            click.option("--kind"),
        )
    ):
        fn = option(fn)
    return fn


def _fields(options: dict[str, Any]) -> dict[str, Any]:
    from blocks.archive.add import index_fields

    day = parse_day(options.get("transaction_date"), "--date")
    amount = _amount(options.get("amount"), "--amount")
    return {
        key: value
        for key, value in {
            "transaction_date": day.isoformat() if day else None,
            "amount": amount,
            "party_name": options.get("party_name"),
            "party_number": index_fields({"registration_number": options.get("party_number")})[
                "party_number"
            ],
            "kind": options.get("kind"),
        }.items()
        if value is not None
    }


@command.command("add")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@_field_options
@_json_option
def add_cmd(files: tuple[Path, ...], as_json: bool, **options: Any) -> None:
    archive = _archive()
    fields = _fields(options)
    results = []
    for path in files:
        if not path.is_file():
            raise UsageError(t("archive.cli.no_file", path=path))
        results.append(archive.add(path, file_name=path.name, fields=fields, who=_who()))
    if as_json:
        print_json(
            {
                "ok": True,
                "records": [{**r.record.model_dump(mode="json"), "new": r.new} for r in results],
            }
        )
        return
    console.print(_table([r.record for r in results]))
    added = sum(1 for r in results if r.new)
    console.print(t("archive.cli.added", added=added, already=len(results) - added))


def _reason_option(fn: F) -> F:
    return click.option("--reason", required=True)(fn)


def _changed(record: Any, as_json: bool, key: str) -> None:
    if as_json:
        print_json({"ok": True, "record": record.model_dump(mode="json")})
        return
    console.print(t(key, id=record.id))


@command.command("correct")
@click.argument("record_id", type=int, metavar="ID")
@_field_options
@_reason_option
@_json_option
def correct_cmd(record_id: int, reason: str, as_json: bool, **options: Any) -> None:
    changes = _fields(options)
    record = _archive().correct(record_id, changes, who=_who(), why=reason)
    _changed(record, as_json, "archive.cli.corrected")


@command.command("delete")
@click.argument("record_id", type=int, metavar="ID")
@_reason_option
@_json_option
def delete_cmd(record_id: int, reason: str, as_json: bool) -> None:
    record = _archive().delete(record_id, who=_who(), why=reason)
    _changed(record, as_json, "archive.cli.deleted_one")


@command.command("purge")
@click.argument("record_id", type=int, metavar="ID")
@_reason_option
@_json_option
def purge_cmd(record_id: int, reason: str, as_json: bool) -> None:
    record = _archive().purge(record_id, who=_who(), why=reason)
    _changed(record, as_json, "archive.cli.purged")


@command.command("verify")
@_json_option
def verify_cmd(as_json: bool) -> None:
    from blocks.archive.integrity import verify

    report = verify(_archive())
    if as_json:
        print_json(report.to_json())
    else:
        for problem in report.problems:
            console.print(f"[red]✗[/] {escape(problem.message)}")
        key = "archive.cli.verified" if report.ok else "archive.cli.verify_failed"
        color = "green" if report.ok else "red"
        console.print(
            f"[{color}]{t(key, files=report.files, entries=report.entries, problems=len(report.problems))}[/]"
        )
    if not report.ok:
        click.get_current_context().exit(EXIT_FAILED)
