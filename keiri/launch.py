"""The `keiri` executable: the quick start of `keiri run PLAN --detach`
(`flows.lifecycle.quick_start`), then the full CLI (`keiri.cli`)."""

from __future__ import annotations

import sys

__all__ = ["main"]


def main() -> None:
    """`keiri`: the quick start when it applies, then the full CLI."""
    from flows.lifecycle.quick_start import quick_start

    quick_start(sys.argv[1:])
    from keiri.cli import main as cli_main

    cli_main()
