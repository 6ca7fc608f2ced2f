"""`keiri blocks`, `validate`, `dry-run`, `migrate`: the commands that read plans and block
specs and start nothing (they never import Prefect)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from rich.markup import escape

from keiri.base.catalog import t
from keiri.base.errors import EXIT_FAILED, Reported
from keiri.cli.render import console, print_issues, print_json, usage_error

__all__ = ["blocks_cmd", "dry_run_cmd", "migrate_cmd", "validate_cmd"]


@click.command("blocks")
@click.option("--json", "as_json", is_flag=True)
@click.option("--check", is_flag=True)
def blocks_cmd(as_json: bool, check: bool) -> None:
    from blocks.sdk.registry import BlockRegistry

    registry = BlockRegistry()
    rows: list[dict[str, Any]] = []
    failed = bool(registry.problems)
    for spec in registry.specs():
        entry = registry.entries[spec.id][-1]
        row: dict[str, Any] = {
            "id": spec.id,
            "version": spec.version,
            "category": spec.category,
            "description": spec.description.strip().splitlines()[0]
            if spec.description.strip()
            else "",
            "inputs": {
                k: {"required": p.is_required, "description": p.description}
                for k, p in spec.inputs.items()
            },
            "outputs": sorted(spec.outputs),
            "spec": str(entry.path),
            "versions": [e.spec.version for e in registry.entries[spec.id]],
        }
        if check:
            problems = registry.check(spec)
            row["problems"] = problems
            failed = failed or bool(problems)
        rows.append(row)
    if as_json:
        print_json({"blocks": rows, "problems": [i.model_dump() for i in registry.problems]})
    else:
        from rich.table import Table

        columns = ["cli.col.id", "cli.col.version", "cli.col.inputs", "cli.col.outputs"]
        table = Table(*map(t, [*columns, *(["cli.col.check"] if check else [])]), box=None)
        for row in rows:
            cells = [row["id"], row["version"], ", ".join(row["inputs"]), ", ".join(row["outputs"])]
            if check:
                cells.append(
                    f"[green]{t('cli.blocks.ok')}[/]"
                    if not row["problems"]
                    else "[red]" + "; ".join(row["problems"]) + "[/]"
                )
            table.add_row(*cells)
        console.print(table)
        print_issues(registry.problems)
    if check and failed:
        raise Reported(EXIT_FAILED)


def _is_file(path: Path) -> bool:
    """`Path.is_file`, and False for a path the system cannot even look up (a name longer
    than NAME_MAX raises OSError instead of answering)."""
    try:
        return path.is_file()
    except OSError:
        return False


@click.command("validate")
@click.argument("plan", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True)
def validate_cmd(plan: Path, as_json: bool) -> None:
    from compiler.validate import validate_file

    if not _is_file(plan):
        raise usage_error(t("cli.no_such_plan", path=plan))
    report = validate_file(plan)
    if as_json:
        print_json(report.to_json())
    else:
        print_issues(report.errors + report.warnings)
        if report.ok:
            ok = t("cli.validate.ok", plan=escape(str(plan)), warnings=len(report.warnings))
            console.print(f"[green]✓[/] {ok}")
        else:
            failed = t("cli.validate.failed", plan=escape(str(plan)), errors=len(report.errors))
            console.print(f"[red]✗[/] {failed}")
    if not report.ok:
        raise Reported(EXIT_FAILED)


@click.command("dry-run")
@click.argument("plan", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True)
def dry_run_cmd(plan: Path, as_json: bool) -> None:
    from compiler.dryrun import dry_run_file

    if not _is_file(plan):
        raise usage_error(t("cli.no_such_plan", path=plan))
    report = dry_run_file(plan)
    if as_json:
        print_json(report.to_json())
    else:
        from rich.table import Table

        if report.nodes:
            columns = ("cli.col.node", "cli.col.state", "cli.col.inputs", "cli.col.outputs")
            table = Table(*map(t, columns), box=None)
            states = {
                "completed": "cli.dry_run.state.completed",
                "skipped": "cli.dry_run.state.skipped",
            }
            for node in report.nodes:
                state = t(states[node.state]) if node.state in states else node.state
                table.add_row(node.node_id, state, _short(node.inputs), _short(node.outputs))
            console.print(table)
        print_issues(report.errors + report.warnings)
        if report.ok:
            ok = t("cli.dry_run.ok", plan=escape(str(plan)), nodes=len(report.nodes))
            console.print(f"[green]✓[/] {ok}")
        else:
            failed = t("cli.dry_run.failed", plan=escape(str(plan)), errors=len(report.errors))
            console.print(f"[red]✗[/] {failed}")
    if not report.ok:
        raise Reported(EXIT_FAILED)


def _short(value: Any, limit: int = 70) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"


@click.command("migrate")
@click.argument("plan", type=click.Path(path_type=Path, exists=True, dir_okay=False))
@click.option("--in-place", is_flag=True)
@click.option("--out", "out_path", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True)
def migrate_cmd(plan: Path, in_place: bool, out_path: Path | None, as_json: bool) -> None:
    from compiler.migrate import migrate_file

    if in_place and out_path is not None:
        raise click.UsageError(t("cli.error.exclusive", first="--in-place", second="--out"))
    target = plan if in_place else (out_path or plan.with_name(plan.stem + ".migrated.yaml"))
    result = migrate_file(plan, target)
    if as_json:
        print_json(result)
    else:
        for change in result["changes"]:
            console.print(f"• {escape(str(change))}")
        written = t("cli.migrate.written", count=len(result["changes"]), target=escape(str(target)))
        console.print(f"[green]✓[/] {written}")
