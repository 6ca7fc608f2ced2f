"""The next step of a run after a form was answered: the run pauses again at another form
of its own, a loop item or subflow of it waits for input, it ends, or — after a bounded wait —
it is still working. Polls the run's state (`control.wait_for_run`), never sleeps a fixed
time, so the form page can open the next form as soon as it exists.

Import only after the Prefect environment is set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from flows.backend import child_pauses
from flows.lifecycle.control import TERMINAL, parse_run_id, wait_for_run

__all__ = ["NextStep", "next_step"]


@dataclass(frozen=True)
class NextStep:
    """`paused`: the run's own next form (`run_id` is the run); `child`: a loop item's or
    subflow's form (`run_id` is that run's, `title` its item); `ended`: the run ended
    (`state` its state name); `working`: not paused yet when the wait ended."""

    kind: Literal["paused", "child", "ended", "working"]
    run_id: str
    state: str = ""
    node_id: str = ""
    title: str = ""


def next_step(run_id: str, since_pause_key: str, timeout: float, poll: float = 0.5) -> NextStep:
    """Wait (at most `timeout` seconds) until the run pauses at a key other than
    `since_pause_key`, a child of it waits for input, or it ends."""
    root = parse_run_id(run_id)
    found: list[child_pauses.PausedChild] = []

    def child_waits() -> bool:
        child = child_pauses.paused_child(root)
        if child is not None and child.run_id != run_id:
            found.append(child)
            return True
        return False

    view = wait_for_run(
        run_id, since_pause_key=since_pause_key, poll=poll, timeout=timeout, stop=child_waits
    )
    if found:
        child = found[-1]
        return NextStep("child", child.run_id, view.state, child.node_id, child.title)
    if view.state_type in {s.value for s in TERMINAL}:
        return NextStep("ended", run_id, view.state)
    if view.state_type == "PAUSED" and view.pause_key and view.pause_key != since_pause_key:
        return NextStep("paused", run_id, view.state)
    return NextStep("working", run_id, view.state)
