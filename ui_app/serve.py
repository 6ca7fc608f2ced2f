"""The form app's process: Streamlit's own command line (`python -m ui_app.serve run app.py …`,
started by `keiri ui`), with the inbox drawn sooner after a start.

What happens around Streamlit's `main` (issue 26, `keiri ui` start → inbox drawn):

- the Japanese web font is put where Streamlit serves static files (`ui_app.style.ensure_font`;
  Streamlit looks for the folder when it starts), so the `keiri ui` command need not import
  Streamlit itself;
- Streamlit's scan of every installed distribution for "custom components v2" manifests is
  skipped: it parses the metadata of each of the ~200 installed packages (about 1.2 s of every
  start, measured with cProfile) and keiri uses no such component — the app is built from
  Streamlit's own elements only (`tests/ui_app/test_serve.py` checks both);
- what the first drawing reads (the inbox's runs, forms and titles, then the runs page's list)
  is read ahead by a child process on the other core while Streamlit starts
  (`ui_app.read_ahead`: Prefect's client takes ~1.9 s to import, Streamlit ~1 s to start, both
  CPU-bound: in one process they add up);
- the modules later pages need (Prefect's client above all) are imported in a background
  thread once the first page is drawn (at once when nothing is read ahead: no Prefect API set).
  Imports are guarded by Python's import lock: a drawing that needs a module being imported
  waits for it, never sees half of it;
- then a runner is started ahead of the next run the app starts (`backend.keep_runner_ready`:
  `flows.lifecycle.runner_spare`), so 実行を開始 → the first form does not wait for a runner's
  ~3 s of imports.
"""

from __future__ import annotations

import importlib
import logging
import sys
import threading
from typing import Any

from ui_app import read_ahead

__all__ = ["DRAWN_WAIT_S", "WARM_MODULES", "main", "skip_component_scan"]

#: What the first drawing of a page imports (found with `-X importtime` on a `keiri ui` start).
WARM_MODULES = (
    "keiri.base.settings",
    "prefect.client.orchestration",
    "flows.lifecycle.control",
    "ui_app.backend",
    "ui_app.nav",
    "ui_app.run_titles",
    "ui_app.views.inbox",
    "streamlit.emojis",
)


def skip_component_scan() -> None:
    """No installed-package scan for components v2 (keiri ships and uses none)."""
    from streamlit.components.v2.component_manager import BidiComponentManager

    def no_installed_components(_self: Any, *, start_file_watching: bool = True) -> None:
        del start_file_watching  # nothing discovered, nothing to watch

    # setattr: mypy (rightly) refuses assigning to a method of a typed class
    setattr(BidiComponentManager, "discover_and_register_components", no_installed_components)  # noqa: B010


#: How long the import of later pages' modules waits for the first drawing (seconds).
DRAWN_WAIT_S = 30.0


def _warm() -> None:
    read_ahead.wait_drawn(DRAWN_WAIT_S)
    for name in WARM_MODULES:
        try:
            importlib.import_module(name)
        except Exception as exc:  # the drawing that needs it imports it again and reports it
            logging.getLogger("keiri.ui").debug("not imported ahead: %s: %r", name, exc)
    from ui_app import backend

    backend.keep_runner_ready()


def main() -> None:
    read_ahead.start()  # first: before any thread, before Streamlit is imported
    from ui_app.style import ensure_font

    ensure_font()
    skip_component_scan()
    threading.Thread(target=_warm, name="keiri-ui-warm", daemon=True).start()
    from streamlit.web import cli

    sys.argv[0] = "streamlit"
    cli.main()


if __name__ == "__main__":
    main()
