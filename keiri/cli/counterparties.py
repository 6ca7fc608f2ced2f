"""`keiri counterparties ls|import|export`: the counterparty master of the keiri home
(`blocks.counterparties`) listed, imported from CSV (UTF-8 or cp932; every problem reported
before anything is saved) and exported to CSV.

A standalone click group, `command`; the command table adds it as `counterparties`.
"""

from __future__ import annotations

from pathlib import Path

import click
from rich.markup import escape

from blocks.sdk.atomic_write import write_bytes_atomic
from keiri.base.catalog import t
from keiri.cli.journals import current_user

__all__ = ["command"]

#: The columns `ls` shows -> their headings.
_COLUMNS = {
    "code": "counterparty.cli.col.code",
    "name": "counterparty.cli.col.name",
    "kana": "counterparty.cli.col.kana",
    "registration_number": "counterparty.cli.col.registration_number",
    "default_account": "counterparty.cli.col.default_account",
    "payment_terms": "counterparty.cli.col.payment_terms",
}


@click.group("counterparties")
def command() -> None:
    pass


@command.command("ls")
@click.option("--json", "as_json", is_flag=True)
def ls_cmd(as_json: bool) -> None:
    from blocks.counterparties.store import CounterpartyStore

    with CounterpartyStore() as store:
        items = store.counterparties()
        rules = store.rules()
    if as_json:
        from keiri.cli.render import print_json

        print_json({"counterparties": [i.model_dump() for i in items],
                    "rules": [r.model_dump() for r in rules]})  # fmt: skip
        return
    from rich.table import Table

    from keiri.cli.render import console

    table = Table(box=None)
    for key in _COLUMNS.values():
        table.add_column(t(key), overflow="fold")
    for item in items:
        data = item.model_dump()
        table.add_row(*(escape(str(data[c] or "")) for c in _COLUMNS))
    console.print(table)
    console.print(escape(t("counterparty.cli.count", count=len(items), rules=len(rules))))


@command.command("import")
@click.argument("csv_file", type=click.Path(path_type=Path, exists=True, dir_okay=False))
@click.option("--json", "as_json", is_flag=True)
def import_cmd(csv_file: Path, as_json: bool) -> None:
    from blocks.counterparties.csvio import read_csv
    from blocks.counterparties.store import CounterpartyStore

    items = read_csv(csv_file.read_bytes(), csv_file.name)
    with CounterpartyStore() as store:
        actions = store.save_many(items, current_user())
    counts = {a: actions.count(a) for a in ("create", "update", "same")}
    if as_json:
        from keiri.cli.render import print_json

        print_json({"ok": True, "file": str(csv_file), **counts})
        return
    from keiri.cli.render import console

    console.print(
        "[green]✓[/] "
        + escape(
            t(
                "counterparty.cli.imported",
                file=csv_file,
                create=counts["create"],
                update=counts["update"],
                same=counts["same"],
            )
        )
    )


@command.command("export")
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False))
@click.option(
    "--encoding",
    type=click.Choice(["utf-8", "cp932"]),
    default="utf-8",
    show_default=True,
)
@click.option("--json", "as_json", is_flag=True)
def export_cmd(out: Path | None, encoding: str, as_json: bool) -> None:
    from blocks.counterparties.csvio import write_csv
    from blocks.counterparties.store import CounterpartyStore

    with CounterpartyStore() as store:
        items = store.counterparties()
    data = write_csv(items, "cp932" if encoding == "cp932" else "utf-8-sig")
    target = (out or Path(t("counterparty.cli.default_file"))).resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    write_bytes_atomic(target, data)
    if as_json:
        from keiri.cli.render import print_json

        print_json({"ok": True, "file": str(target), "counterparties": len(items)})
        return
    from keiri.cli.render import console

    console.print(
        "[green]✓[/] " + escape(t("counterparty.cli.exported", file=target, count=len(items)))
    )
