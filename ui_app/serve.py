"""The form app's process: Streamlit's own command line (`python -m ui_app.serve run app.py …`,
started by `keiri ui`), with the inbox drawn sooner after a start.

Three things happen before Streamlit's `main` (issue 26, `keiri ui` start → inbox drawn):

- the Japanese web font is put where Streamlit serves static files (`ui_app.style.ensure_font`;
  Streamlit looks for the folder when it starts), so the `keiri ui` command need not import
  Streamlit itself;
- Streamlit's scan of every installed distribution for "custom components v2" manifests is
  skipped: it parses the metadata of each of the ~200 installed packages (about 1.2 s of every
  start, measured with cProfile) and keiri uses no such component — the app is built from
  Streamlit's own elements only (`tests/ui_app/test_serve.py` checks both);
- the modules the first page needs (Prefect's client above all: ~1.9 s to import) are imported
  in a background thread while Streamlit starts its server and the browser loads the page, so
  the first drawing does not wait for them. Imports are guarded by Python's import lock: a
  drawing that needs a module being imported waits for it, never sees half of it. The same
  thread then reads what the inbox lists above its forms (the runs sent back) into the app's
  recent-runs cache (`ui_app.backend.recent_runs`, kept `RUNS_TTL_S`), and warms the runs
  page's cache (`warm_runs`) — after the first drawing's reads, not during them. The paused
  runs themselves are read when the inbox is drawn: they are never served from a cache.
"""

from __future__ import annotations

import importlib
import logging
import sys
import threading
from typing import Any

__all__ = ["WARM_MODULES", "main", "prefetch", "skip_component_scan"]

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


def prefetch() -> None:
    """The inbox's list of runs sent back, read into the recent-runs cache, then the runs
    page's cache warmed. A failure leaves the caches cold: the page asks again and shows it."""
    from keiri.base.errors import KeiriError
    from ui_app import backend
    from ui_app.views.inbox import REJECTED_LIMIT

    try:
        with backend.api_session():
            backend.recent_runs("rejected", limit=REJECTED_LIMIT)
    except KeiriError as exc:
        logging.getLogger("keiri.ui").debug("inbox not read ahead: %s", exc.message)
        return
    backend.warm_runs()


def _warm() -> None:
    for name in WARM_MODULES:
        try:
            importlib.import_module(name)
        except Exception as exc:  # the drawing that needs it imports it again and reports it
            logging.getLogger("keiri.ui").debug("not imported ahead: %s: %r", name, exc)
    prefetch()


def main() -> None:
    from ui_app.style import ensure_font

    ensure_font()
    skip_component_scan()
    threading.Thread(target=_warm, name="keiri-ui-warm", daemon=True).start()
    from streamlit.web import cli

    sys.argv[0] = "streamlit"
    cli.main()


if __name__ == "__main__":
    main()
