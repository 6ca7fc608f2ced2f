"""Rendering for humans (rich) and machines (one JSON document on stdout)."""

from __future__ import annotations

import json
import sys
from typing import Any

from rich.console import Console
from rich.markup import escape

from blocks.errors import BlockError, Issue

__all__ = ["console", "err_console", "print_issues", "print_json", "render_block_error"]

console = Console(highlight=False, soft_wrap=True)
err_console = Console(stderr=True, highlight=False, soft_wrap=True)


def print_json(document: Any) -> None:
    sys.stdout.write(json.dumps(document, ensure_ascii=False, indent=2, default=str) + "\n")
    sys.stdout.flush()


def print_issues(issues: list[Issue]) -> None:
    for issue in issues:
        color = "red" if issue.severity == "error" else "yellow"
        node = " " + escape(f"[{issue.node_id}]") if issue.node_id else ""
        console.print(
            f"[{color}]{issue.severity.upper()}[/] {issue.code}{node} {escape(issue.location())}"
        )
        console.print(f"  {escape(issue.message)}")
        if issue.hint:
            console.print(f"  [dim]hint:[/] {escape(issue.hint)}")


def render_block_error(error: BlockError) -> None:
    node = " " + escape(f"[{error.node_id}]") if error.node_id else ""
    err_console.print(f"[red]❌ {error.code}{node}[/] {escape(error.message)}")
    if error.hint:
        err_console.print(f"  💡 {escape(error.hint)}")
    if error.recoverable:
        err_console.print("  (recoverable: retrying may help)")
