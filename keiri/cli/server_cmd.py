"""`keiri server start|stop|status`: the embedded local Prefect server."""

from __future__ import annotations

import click

from keiri.base.catalog import t
from keiri.base.errors import EXIT_FAILED, Reported
from keiri.cli.render import console, err_console, print_json

__all__ = ["server_group", "server_progress"]


@click.group("server")
def server_group() -> None:
    pass


def _show(status: object, as_json: bool) -> None:
    from keiri.server.supervisor import ServerStatus

    assert isinstance(status, ServerStatus)
    doc = {
        "running": status.running,
        "healthy": status.healthy,
        "pid": status.pid,
        "api_url": status.api_url,
        "ui_url": status.ui_url,
        "home": str(status.home),
        "log_file": str(status.log_file),
    }
    if as_json:
        print_json(doc)
        return
    state = (
        f"[green]{t('cli.server.running')}[/]"
        if status.healthy
        else (
            f"[yellow]{t('cli.server.starting')}[/]"
            if status.running
            else f"[red]{t('cli.server.stopped_state')}[/]"
        )
    )
    console.print(t("cli.server.state", state=state))
    labels = {
        "ui_url": "cli.server.label.ui_url",
        "api_url": "cli.server.label.api_url",
        "pid": "cli.server.label.pid",
        "home": "cli.server.label.home",
        "log_file": "cli.server.label.log_file",
    }
    for key, label_key in labels.items():
        label = t(label_key)
        value = "-" if doc[key] is None else doc[key]
        console.print(t("cli.server.field", label=label, value=value), markup=False)


def server_progress(waited: float) -> None:
    """The progress line of a starting local server on stderr (after 1 s, then every 5 s)."""
    seconds = int(waited)
    if seconds == 1 or (seconds and seconds % 5 == 0):
        err_console.print(t("cli.server.progress", seconds=seconds), highlight=False)


@server_group.command("start")
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=None,
)
@click.option("--json", "as_json", is_flag=True)
def start_cmd(timeout: float | None, as_json: bool) -> None:
    from keiri.server import supervisor as server

    _show(server.start(timeout, progress=server_progress), as_json)


@server_group.command("stop")
@click.option("--json", "as_json", is_flag=True)
def stop_cmd(as_json: bool) -> None:
    from keiri.server import supervisor as server

    stopped = server.stop()
    if as_json:
        print_json({"stopped": stopped})
    else:
        console.print(t("cli.server.stopped" if stopped else "cli.server.not_running"))


@server_group.command("status")
@click.option("--json", "as_json", is_flag=True)
def status_cmd(as_json: bool) -> None:
    from keiri.server import supervisor as server

    status = server.status()
    _show(status, as_json)
    if not status.healthy:
        raise Reported(EXIT_FAILED)
