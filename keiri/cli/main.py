"""`keiri` commands: blocks, validate, dry-run, migrate (and the runtime commands when present)."""

from __future__ import annotations

import atexit
import contextlib
import logging
import os
import sys
from pathlib import Path
from typing import Any

import click
from rich.markup import escape

from keiri.base.catalog import t
from keiri.base.errors import EXIT_FAILED, EXIT_OK, EXIT_PAUSED, EXIT_USAGE, KeiriError, UsageError
from keiri.base.settings import load_dotenv_file
from keiri.cli.help_text import localize as localize_help
from keiri.cli.render import (
    as_keiri_error,
    begin_output,
    console,
    internal_error,
    print_issues,
    print_json,
    render_error,
)

__all__ = [
    "EXIT_FAILED",
    "EXIT_OK",
    "EXIT_PAUSED",
    "EXIT_USAGE",
    "ExitWith",
    "cli",
    "main",
    "usage_error",
]


def usage_error(message: str) -> UsageError:
    """A usage error of the running command, with click's "Try '... --help'" line."""
    ctx = click.get_current_context(silent=True)
    command = ctx.command_path if ctx else "keiri"
    return UsageError(message, hint=t("cli.try_help", command=command), command=command)


class ExitWith(Exception):
    """Raised by a command to end with a specific exit code after it printed its result."""

    def __init__(self, code: int) -> None:
        self.code = code


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="keiri")
def cli() -> None:
    """keiri: accounting pipelines as plans of blocks, run on Prefect."""


@cli.command("blocks")
@click.option("--json", "as_json", is_flag=True, help="One JSON document on stdout.")
@click.option(
    "--check", is_flag=True, help="Import every implementation and verify it against its spec."
)
def blocks_cmd(as_json: bool, check: bool) -> None:
    """List the block catalog (block_specs/**/*.yaml)."""
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
        raise ExitWith(EXIT_FAILED)


def _is_file(path: Path) -> bool:
    """`Path.is_file`, and False for a path the system cannot even look up (a name longer
    than NAME_MAX raises OSError instead of answering)."""
    try:
        return path.is_file()
    except OSError:
        return False


@cli.command("validate")
@click.argument("plan", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="One JSON document on stdout.")
def validate_cmd(plan: Path, as_json: bool) -> None:
    """Validate PLAN: exit 0 valid (warnings allowed), 1 invalid, 2 usage/IO error."""
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
        raise ExitWith(EXIT_FAILED)


@cli.command("dry-run")
@click.argument("plan", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="One JSON document on stdout.")
def dry_run_cmd(plan: Path, as_json: bool) -> None:
    """Walk PLAN on declared samples, never touching real data: exit 0 ok, 1 failed."""
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
        raise ExitWith(EXIT_FAILED)


def _short(value: Any, limit: int = 70) -> str:
    import json

    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"


@cli.command("migrate")
@click.argument("plan", type=click.Path(path_type=Path, exists=True, dir_okay=False))
@click.option(
    "--in-place", is_flag=True, help="Overwrite PLAN (default: write PLAN.migrated.yaml)."
)
@click.option(
    "--out", "out_path", type=click.Path(path_type=Path), help="Where to write the result."
)
@click.option("--json", "as_json", is_flag=True, help="One JSON document on stdout.")
def migrate_cmd(plan: Path, in_place: bool, out_path: Path | None, as_json: bool) -> None:
    """Rewrite legacy ui.file_uploader.* / ui.confirmation.* nodes into ui.interactive_input."""
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


def _register_optional() -> None:
    """Runtime commands live in their own modules; register those that exist."""
    import importlib

    for module in ("keiri.cli.runtime", "keiri.cli.ops", "keiri.cli.design", "keiri.cli.ui_cmd"):
        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name == module:
                continue
            raise
        mod.register(cli)
    importlib.import_module("keiri.cli.analyze").register(cli)
    importlib.import_module("keiri.cli.ask").register(cli)
    importlib.import_module("keiri.cli.chat").register(cli)


def main(argv: list[str] | None = None) -> int:
    """Entry point: the one place that renders errors and chooses the exit code.

    Every error knows its exit code (`KeiriError.exit_code`) and is rendered once by
    `render_error`; with `--json`, stdout carries exactly one JSON document, also on failure.
    Called without `argv` (the `keiri` process itself), the process then ends without
    tearing the interpreter down (`_exit_without_teardown`).
    """
    if argv is not None:
        return _main(list(argv))
    # Registered first, so it runs last: after every exit hook the command registers.
    atexit.register(_exit_without_teardown)
    code = _main(sys.argv[1:])
    _EXIT_CODE[:] = [code]
    return code


# The code of a `keiri` process whose command returned (empty: it raised, a normal exit).
_EXIT_CODE: list[int] = []


def _exit_without_teardown() -> None:
    """End the `keiri` process once the usual exit work is done, skipping only the
    interpreter's teardown.

    Freeing every module and object of Prefect, pydantic and their dependencies one by one
    takes 0.3-0.5 s at the end of a one-node `keiri run` (issue 10), for a process that ends
    anyway. This `atexit` hook runs after the interpreter joined the threads (Prefect's log
    and event workers drain to the API in `threading`'s exit hooks) and after every `atexit`
    hook registered during the command; it shuts logging down, flushes the standard streams
    and calls `os._exit` with the command's code. A command that raised (a traceback, exit
    1) ends the usual way.
    """
    if not _EXIT_CODE:
        return
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        # A closed pipe (`keiri runs | head`) has nothing left to flush.
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(_EXIT_CODE[0])


def _main(args: list[str]) -> int:
    as_json = "--json" in args
    begin_output()
    try:
        load_dotenv_file()
        _register_optional()
        localize_help(cli)
        returned = cli.main(args=args, prog_name="keiri", standalone_mode=False)
        if isinstance(returned, int):
            return returned  # --help / --version exit through click
    except ExitWith as done:
        return done.code
    except (KeiriError, click.ClickException, click.exceptions.Abort) as exc:
        error = as_keiri_error(exc)
        render_error(error, as_json=as_json)
        return error.exit_code
    except Exception as exc:
        # A bug, not a failure keiri knows: keep the traceback (re-raise), but `--json` readers
        # still get their one document.
        if as_json:
            render_error(internal_error(exc), as_json=True)
        raise
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
