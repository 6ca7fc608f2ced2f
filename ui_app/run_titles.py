"""Run titles for the pages (`flows.lifecycle.run_title`), kept for a short while so a page
that lists runs does not read them again on every rerun; the start records they name come from
the app's cache (`ui_app.backend.started_by`: read once per run, warmed in the background when
the inbox is drawn). The step names of a run's plan (`ui_app.plans.PlanInfo.step`)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t
from keiri.base.errors import KeiriError
from ui_app import backend
from ui_app.plans import plan_of_run

if TYPE_CHECKING:
    from flows.lifecycle.run_title import RunTitle
    from flows.lifecycle.run_view import RunView

__all__ = ["KEEP_S", "api_error", "forget", "install", "kept", "of_run", "of_view", "step_name"]

#: How long a title is kept (a run's title changes only when a form is answered).
KEEP_S = 20.0
_KEPT: dict[str, tuple[float, str, RunTitle]] = {}


def api_error(exc: Exception) -> BlockError:
    """A Prefect client failure as the page shows it."""
    return BlockError(
        ErrorCode.API_ERROR,
        t("runtime.form_app.api_failed", action=t("runtime.form_app.action.run")),
        details={"error": f"{type(exc).__name__}: {exc}"},
        hint=t("runtime.form_app.api_failed_hint"),
        recoverable=True,
    )


def forget(run_id: str) -> None:
    """Drop what is kept of the run (a form of it was just answered: its title may grow)."""
    for key, (_at, root, _title) in list(_KEPT.items()):
        if run_id in (key, root):
            _KEPT.pop(key, None)


def kept() -> dict[str, tuple[float, str, RunTitle]]:
    """What is kept, to hand to another process of the app (`ui_app.read_ahead`; the times
    are `time.monotonic()`'s, one clock for every process of the machine)."""
    return dict(_KEPT)


def install(titles: dict[str, tuple[float, str, RunTitle]]) -> None:
    """Keep what another process read (`kept`)."""
    _KEPT.update(titles)


def of_run(run_id: str) -> tuple[str, RunTitle]:
    """The plan's own run of `run_id` (a loop item's form belongs to its plan's run) and
    its title; `BlockError` when the API cannot say."""
    kept = _KEPT.get(run_id)
    if kept is not None and time.monotonic() - kept[0] < KEEP_S:
        return kept[1], kept[2]
    from flows.lifecycle.run_title import title_of_run

    try:
        root, title = title_of_run(run_id, backend.started_by)
    except KeiriError:
        raise
    except Exception as exc:
        raise api_error(exc) from exc
    _KEPT[run_id] = (time.monotonic(), root, title)
    return root, title


def of_view(view: RunView) -> RunTitle:
    """The title of a listed run."""
    kept = _KEPT.get(view.run_id)
    if kept is not None and time.monotonic() - kept[0] < KEEP_S:
        return kept[2]
    from flows.lifecycle.run_title import title_of

    try:
        title = title_of(view, backend.started_by)
    except KeiriError:
        raise
    except Exception as exc:
        raise api_error(exc) from exc
    _KEPT[view.run_id] = (time.monotonic(), view.run_id, title)
    return title


def step_name(run_id: str, node_id: str) -> str:
    """The step's name for people of a node of the run's plan (the node id if unknown)."""
    try:
        info = plan_of_run(backend.run_parameters(run_id))
    except KeiriError:
        return node_id
    return info.step(node_id) if info is not None else node_id
