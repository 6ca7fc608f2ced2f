"""`keiri ui`: the Streamlit form app (`ui_app/app.py`).

Binds to 127.0.0.1 by default; another address is refused (exit 2) unless access control is
configured: a shared secret in `KEIRI_UI_SECRET` or OIDC login under `[auth]` in
`.streamlit/secrets.toml`. The app runs against the same Prefect API as `keiri run` (the local
server is started if needed) with the environment set before Streamlit imports anything.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import click

from keiri.base import settings
from keiri.base.catalog import t
from keiri.base.errors import Reported
from keiri.cli.render import console

__all__ = ["APP", "streamlit_command", "ui_cmd"]

APP = Path(__file__).resolve().parents[2] / "ui_app" / "app.py"


def streamlit_command(host: str, port: int) -> list[str]:
    """Streamlit's `run` command, through `ui_app.serve` (the web font, no component scan, the
    first page's modules imported while the server starts); no garbage collection forced after
    every drawing (Streamlit's default: with Prefect loaded a full collection takes 0.1-0.4 s of
    every rerun)."""
    return [
        sys.executable, "-m", "ui_app.serve", "run", str(APP),
        "--server.address", host,
        "--server.port", str(port),
        "--server.headless", "true",
        "--browser.gatherUsageStats", "false",
        "--server.fileWatcherType", "none",
        "--client.toolbarMode", "minimal",
        # ui_app/static/: the Japanese web font (put there by ui_app.serve), so no client needs
        # a CJK font.
        "--server.enableStaticServing", "true",
        "--runner.postScriptGC", "false",
    ]  # fmt: skip


@click.command("ui")
@click.option(
    "--host",
    default=lambda: settings.get().ui.host,
    show_default="KEIRI_UI_HOST or 127.0.0.1",
)
@click.option(
    "--port",
    type=click.IntRange(1, 65535),
    default=lambda: settings.get().ui.port,
    show_default="KEIRI_UI_PORT or 8501",
)
def ui_cmd(host: str, port: int) -> None:
    from ui_app.access import (
        MIN_SECRET_LENGTH,
        SECRET_ENV,
        access_mode,
        access_problem,
        configured_env,
        load_secrets,
        secrets_files,
    )

    secrets = load_secrets(secrets_files())
    if access_problem(host, configured_env(), secrets):  # the reason, in the reader's words:
        short = access_mode(configured_env(), secrets) == "secret"  # else an open address
        where = host or t("runtime.ui.every_interface")
        key = "runtime.ui.short_secret" if short else "runtime.ui.open_address"
        raise click.UsageError(t(key, host=where, name=SECRET_ENV, minimum=MIN_SECRET_LENGTH))
    from keiri.server import client_env

    api_url = client_env.ensure_api_url()
    # The app (and the runs it starts) derive form links from the host and port it serves on,
    # unless KEIRI_UI_URL names another address (a proxy).
    ui = {"KEIRI_UI_HOST": host, "KEIRI_UI_PORT": str(port)}
    env = {**os.environ, **client_env.prefect_env(api_url), **ui}
    # Result storage the operator configured wins, as in `client_env.connect`: runs the app
    # retries must find the results the CLI's runs stored (and the app read their records).
    stored = os.environ.get("PREFECT_RESULTS_LOCAL_STORAGE_PATH")
    if stored:
        env["PREFECT_RESULTS_LOCAL_STORAGE_PATH"] = stored
    url = settings.form_app_url_for(host, port)
    access = access_mode(configured_env(), secrets)
    console.print(t("cli.ui.started", url=url, access=access, api=api_url), markup=False)
    process = subprocess.Popen(streamlit_command(host, port), env=env)
    # A service manager stops `keiri ui` with SIGTERM: pass it on so Streamlit stops too.
    previous = signal.signal(signal.SIGTERM, lambda signum, _frame: process.send_signal(signum))
    try:
        code = process.wait()
    except KeyboardInterrupt:  # Streamlit got the same SIGINT: let it shut down
        try:
            code = process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.terminate()
            code = process.wait()
    finally:
        signal.signal(signal.SIGTERM, previous)
    if code not in (0, -2, -15, 130):  # stopped with Ctrl-C or SIGTERM
        raise Reported(code if code > 0 else 1)
