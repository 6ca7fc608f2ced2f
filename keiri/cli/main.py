"""The `keiri` command group and its entry point.

`COMMANDS` is the one table of the commands: name -> `"module:attribute"` of a Click command.
A command's module is imported only when that command runs (or its `--help` is shown), so
`keiri validate` never imports what `keiri run` or `keiri chat` need; `keiri --help` lists
the commands from the table and the catalog without importing any of them. A name that does
not load is an error, never a command silently left out (`tests/keiri/test_cli_commands.py`
loads every entry).

`main` is the one place that renders errors and chooses the exit code: every code other than
0 is an error's `KeiriError.exit_code` (a command that showed its own result ends with
`keiri.base.errors.Reported`). Help texts come from the catalog (`keiri.cli.help_text`).
"""

from __future__ import annotations

import atexit
import contextlib
import importlib
import logging
import os
import sys
from typing import Any

import click

from keiri.base.catalog import t
from keiri.base.errors import EXIT_OK, KeiriError, did_you_mean
from keiri.base.settings import load_dotenv_file
from keiri.cli import help_text
from keiri.cli.render import (
    as_keiri_error,
    begin_output,
    internal_error,
    render_error,
    usage_error,
)

__all__ = ["COMMANDS", "LazyGroup", "cli", "load_command", "main"]

#: Every `keiri` command: its name -> the Click command that implements it.
COMMANDS: dict[str, str] = {
    "analyze": "keiri.cli.analyze:analyze_cmd",
    "ask": "keiri.cli.ask:ask_cmd",
    "blocks": "keiri.cli.plan_cmd:blocks_cmd",
    "chat": "keiri.cli.chat:chat_cmd",
    "counterparties": "keiri.cli.counterparties:command",
    "deploy": "keiri.cli.ops:deploy_cmd",
    "deployments": "keiri.cli.deployments:command",
    "dry-run": "keiri.cli.plan_cmd:dry_run_cmd",
    "evidence": "keiri.cli.evidence:command",
    "generate": "keiri.cli.design:generate_cmd",
    "journals": "keiri.cli.journals:command",
    "migrate": "keiri.cli.plan_cmd:migrate_cmd",
    "registry": "keiri.cli.registry:command",
    "resume": "keiri.cli.runtime:resume_cmd",
    "retry": "keiri.cli.runtime:retry_cmd",
    "run": "keiri.cli.runtime:run_cmd",
    "runs": "keiri.cli.runtime:runs_cmd",
    "serve": "keiri.cli.ops:serve_cmd",
    "server": "keiri.cli.server_cmd:server_group",
    "ui": "keiri.cli.ui_cmd:ui_cmd",
    "validate": "keiri.cli.plan_cmd:validate_cmd",
    "worker": "keiri.cli.ops:worker_cmd",
}


def load_command(name: str, target: str) -> click.Command:
    """The command `target` (`"module:attribute"`) names, checked: a Click command called
    `name`, its help texts from the catalog."""
    module_name, _, attribute = target.partition(":")
    command = getattr(importlib.import_module(module_name), attribute)
    if not isinstance(command, click.Command) or command.name != name:
        raise TypeError(f"COMMANDS[{name!r}] = {target!r} is not the Click command {name!r}")
    help_text.localize(command, name)
    return command


class LazyGroup(click.Group):
    """A Click group over a table of commands, each imported when first used."""

    def __init__(self, *args: Any, table: dict[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.table = table

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.table})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.table:
            self.add_command(load_command(cmd_name, self.table[cmd_name]), cmd_name)
        return self.commands.get(cmd_name)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0]
        if self.get_command(ctx, name) is None and not name.startswith("-"):
            close = did_you_mean(name, self.list_commands(ctx))
            raise usage_error(t("cli.error.no_command", name=name, close=close).strip())
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of `keiri --help`, from the catalog: no command is imported."""
        rows = [(name, help_text.short_help(name)) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section(t("cli.help.section.commands")):
                formatter.write_dl(rows)


@click.group(
    cls=LazyGroup,
    table=COMMANDS,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(package_name="keiri")
def cli() -> None:
    pass


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
        help_text.localize(cli, "keiri")
        returned = cli.main(args=args, prog_name="keiri", standalone_mode=False)
        if isinstance(returned, int):
            return returned  # --help / --version exit through click
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
