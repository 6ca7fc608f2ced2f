"""The CLI surface's renderers: rich text for people, one JSON document on stdout for machines.
A run's outcome, a run list and any error are masked here (`keiri.base.masking`) before printing.

`render_error` is the one place the command line shows an error (called only by the entry
point, `keiri.cli.main.main`); `as_keiri_error` turns click's own exceptions into the error
tree so they render the same way; `usage_error` builds the usage error of the running command.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click
from rich.console import Console
from rich.markup import escape

from blocks.sdk.errors import BlockError, Issue, IssuesFound, KeiriError
from keiri.base import masking
from keiri.base.catalog import t
from keiri.base.errors import EXIT_FAILED, EXIT_OK, ErrorCode, PlanInvalid, Reported, UsageError

__all__ = [
    "as_keiri_error",
    "begin_output",
    "console",
    "err_console",
    "error_document",
    "finish",
    "internal_error",
    "print_issues",
    "print_json",
    "render_block_error",
    "render_error",
    "usage_error",
]

console = Console(highlight=False, soft_wrap=True)
err_console = Console(stderr=True, highlight=False, soft_wrap=True)


class _Output:
    """How many JSON documents this invocation has printed (so failure adds one only if none)."""

    documents = 0


def begin_output() -> None:
    _Output.documents = 0


def print_json(document: Any) -> None:
    sys.stdout.write(
        json.dumps(document, ensure_ascii=False, indent=2, default=str, allow_nan=False) + "\n"
    )
    sys.stdout.flush()
    _Output.documents += 1


def print_issues(issues: list[Issue]) -> None:
    for issue in issues:
        color = "red" if issue.severity == "error" else "yellow"
        node = " " + escape(f"[{issue.node_id}]") if issue.node_id else ""
        label = t("cli.label.error" if issue.severity == "error" else "cli.label.warning")
        console.print(f"[{color}]{label}[/] {issue.code}{node} {escape(issue.location())}")
        console.print(f"  {escape(issue.message)}")
        if issue.hint:
            console.print(f"  [dim]{t('cli.label.hint')}[/] {escape(issue.hint)}")


def finish(code: int) -> None:
    """End a command whose result is shown with exit `code`: 0 returns, any other code raises
    `Reported(code)` (the entry point renders nothing more and exits with it)."""
    if code != EXIT_OK:
        raise Reported(code)


def usage_error(message: str) -> UsageError:
    """A usage error of the running command, with click's "Try '... --help'" line."""
    ctx = click.get_current_context(silent=True)
    command = ctx.command_path if ctx else "keiri"
    return UsageError(message, hint=t("cli.try_help", command=command), command=command)


def as_keiri_error(exc: BaseException) -> KeiriError:
    """click's exceptions as members of the error tree (usage errors exit 2, as click's do)."""
    if isinstance(exc, KeiriError):
        return exc
    if isinstance(exc, click.UsageError):
        command = exc.ctx.command_path if exc.ctx else "keiri"
        return UsageError(
            exc.format_message(), hint=t("cli.try_help", command=command), command=command
        )
    if isinstance(exc, click.ClickException):
        return UsageError(exc.format_message())
    if isinstance(exc, click.exceptions.Abort):
        return KeiriError(ErrorCode.ABORTED, t("cli.error.aborted"), exit_code=EXIT_FAILED)
    raise TypeError(f"not an error keiri renders: {type(exc).__name__}") from exc


def internal_error(exc: BaseException) -> KeiriError:
    """An exception keiri did not expect (a bug), as the tree's `INTERNAL_ERROR`."""
    return KeiriError(
        ErrorCode.INTERNAL_ERROR,
        t("cli.error.internal", error=f"{type(exc).__name__}: {exc}"),
        hint=t("cli.hint.internal"),
    )


def error_document(error: KeiriError) -> dict[str, Any]:
    """The one JSON document of a failed command: `ok`, the `error` object of the run/resume
    contract, and `errors`/`warnings` as validate/dry-run print them."""
    issues = getattr(error, "issues", None)
    if isinstance(issues, list) and issues and isinstance(issues[0], Issue):
        errors = [i for i in issues if i.severity == "error"]
        warnings = [i for i in issues if i.severity == "warning"]
    else:
        errors = [
            Issue(code=error.code, message=error.message, node_id=error.node_id, hint=error.hint)
        ]
        warnings = []
    return {
        "ok": False,
        "error": error.to_json(),
        "errors": [i.model_dump() for i in errors],
        "warnings": [i.model_dump() for i in warnings],
    }


def render_error(error: KeiriError, *, as_json: bool = False) -> None:
    """Show `error` once: as the one JSON document (if none was printed yet) or for people;
    a command's own report (`Reported`) was shown already."""
    if isinstance(error, Reported):
        return
    if as_json:
        if _Output.documents == 0:
            print_json(masking.mask(error_document(error)))
        return
    if isinstance(error, IssuesFound | PlanInvalid):
        print_issues(error.issues)
        if isinstance(error, IssuesFound):
            return
    if isinstance(error, UsageError):
        err_console.print(f"[red]{t('cli.label.usage_error')}[/] {escape(error.message)}")
        if error.hint:
            err_console.print(escape(error.hint))
        return
    if isinstance(error, BlockError):
        render_block_error(error)
        return
    node = " " + escape(f"[{error.node_id}]") if error.node_id else ""
    err_console.print(f"[red]❌ {error.code}{node}[/] {escape(masking.mask_text(error.message))}")
    problems = masking.mask(error.details.get("problems"))
    if isinstance(problems, list) and len(problems) > 1:
        for problem in problems:
            err_console.print(f"  • {escape(str(problem))}")
    if error.hint:
        err_console.print(f"  💡 {escape(error.hint)}")


def render_block_error(error: BlockError) -> None:
    error = error.masked()
    node = " " + escape(f"[{error.node_id}]") if error.node_id else ""
    err_console.print(f"[red]❌ {error.code}{node}[/] {escape(error.message)}")
    if error.hint:
        err_console.print(f"  💡 {escape(error.hint)}")
    if error.recoverable:
        err_console.print(f"  {t('cli.recoverable')}")
