"""Runs and designs named for people in the copilot's messages: a run's title (`flows.lifecycle.run_title`:
the plan's description, the period, the first file or counterparty), where a message would
otherwise show its id. The ids stay where machines read them: the message's `runs` (the model's
history lists them, so it can still act on a run the chat named), a tool's data, links.

- `run_name(run_id)`: 「月次の請求書チェックと入金照合・2026年4月分・請求書_4月.zip」, kept for a
  minute; the id itself when Prefect cannot say (not connected, down, or no such run).
- `for_people(message)`: the message with every run id in its text named by its title (a web
  address keeps its id: it is a link) and the ids kept in `message.runs`. The surfaces post
  every message through it, so a reply the model wrote with a run id reads the same.
- `design_name(design)`: the design's description (「月次の請求書チェックと入金照合」), its id when
  it has none or cannot be read; for the confirmations and results that name a design.
"""

from __future__ import annotations

import re
import threading
from typing import TYPE_CHECKING

from cachetools import TTLCache

from keiri.base.catalog import t
from keiri.copilot.connection import api_url, reachable
from keiri.copilot.models import Message

if TYPE_CHECKING:
    from flows.lifecycle.run_view import RunView

__all__ = ["KEEP_S", "design_name", "for_people", "run_name", "view_name"]

#: How long a run's name is kept (its title grows only when a form is answered).
KEEP_S = 60.0
_NAMES: TTLCache[str, str] = TTLCache(512, KEEP_S)
_LOCK = threading.Lock()
#: A web address (left whole), or a run id (a UUID).
_ID_OR_URL = re.compile(
    r"(?P<url>https?://\S+)"
    r"|(?P<id>\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b)",
    re.IGNORECASE,
)


def _keep(run_id: str, name: str) -> str:
    with _LOCK:
        _NAMES[run_id] = name
    return name


def run_name(run_id: str) -> str:
    """The run's title for people (see the module docstring)."""
    with _LOCK:
        kept = _NAMES.get(run_id)
    if kept is not None:
        return kept
    if api_url() is None or not reachable():  # never let Prefect start a server of its own
        return run_id
    from flows.lifecycle.run_title import title_of_run

    try:
        _root, title = title_of_run(run_id)
    except Exception:  # no such run, or the server failed: the id is all there is to show
        return run_id
    return _keep(run_id, title.text() or run_id)


def design_name(design: str) -> str:
    """The design's name for people (see the module docstring); the file is read once per
    change (`flows.lifecycle.run_title` keeps it)."""
    from flows.lifecycle.run_title import plan_title

    return plan_title({"plan": design}, design) or design


def view_name(view: RunView) -> str:
    """The title of a listed run (`flows.lifecycle.control.list_runs`): no extra read of the
    run itself."""
    with _LOCK:
        kept = _NAMES.get(view.run_id)
    if kept is not None:
        return kept
    from flows.lifecycle.run_title import title_of

    try:
        title = title_of(view)
    except Exception:  # the start record cannot be read: the plan still names the run
        return view.plan_id or view.run_id
    return _keep(view.run_id, title.text() or view.plan_id or view.run_id)


def for_people(message: Message) -> Message:
    """`message` with its run ids named (see the module docstring)."""
    found: list[str] = []

    def name(match: re.Match[str]) -> str:
        run_id = match.group("id")
        if run_id is None:
            return match.group(0)
        named = run_name(run_id.lower())
        if named == run_id.lower():
            return match.group(0)  # not a run Prefect knows: the text stays as written
        found.append(run_id.lower())
        return t("copilot.run.named", name=named)

    text = _ID_OR_URL.sub(name, message.text)
    if not found:
        return message
    runs = list(dict.fromkeys([*message.runs, *found]))
    return message.model_copy(update={"text": text, "runs": runs})
