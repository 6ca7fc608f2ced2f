"""The `keiri` command line. `main()` is the one place that renders errors and picks exit codes.

Commands import their heavy dependencies (Prefect, pandas, openai) lazily, inside the command,
so `keiri validate` stays fast and never imports them.
"""

from keiri.cli.main import cli, main

__all__ = ["cli", "main"]
