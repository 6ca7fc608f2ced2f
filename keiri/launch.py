"""The `keiri` executable: the quick start of `keiri run PLAN --detach`
(`flows.lifecycle.quick_start`), or for `keiri ui` the form app's reader forked first of all
(`ui_app.read_ahead.fork_early`), then the full CLI (`keiri.cli`)."""

from __future__ import annotations

import sys

__all__ = ["main", "read_ahead_for_ui"]

_HELP = frozenset({"-h", "--help"})


def main() -> None:
    """`keiri`: the quick start when it applies, then the full CLI."""
    args = sys.argv[1:]
    if args[:1] == ["ui"] and not _HELP & set(args):
        read_ahead_for_ui()
    else:
        from flows.lifecycle.quick_start import quick_start

        quick_start(args)
    from keiri.cli import main as cli_main

    cli_main()


def read_ahead_for_ui() -> None:
    """`keiri ui`: fork the reader of the app's first drawing before anything else, with
    Prefect's environment for the API the app will likely use (`keiri ui` tells it the real
    one: `keiri.cli.ui_cmd`)."""
    from ui_app import read_ahead

    read_ahead.fork_early(_expected_env)


def _expected_env() -> dict[str, str]:
    """In the reader: what `keiri ui` will most likely give the app (`keiri.cli.ui_cmd`)."""
    from keiri.server.client_env import expected_api_url, prefect_env

    return prefect_env(expected_api_url())
