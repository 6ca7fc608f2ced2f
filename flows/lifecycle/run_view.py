"""A plan run as the CLI and the form app list it (`RunView`), made from Prefect's run by
`flows.lifecycle.control`. No Prefect import here: the form app's first drawing reads runs
listed in another process (`ui_app.read_ahead`) without importing Prefect's client."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flows.backend import rejection

__all__ = ["RunView"]


@dataclass
class RunView:
    run_id: str
    name: str
    plan_id: str | None
    state: str
    state_type: str
    start: str | None
    end: str | None
    duration_s: float | None
    message: str = ""
    tags: list[str] = field(default_factory=list)
    pause_key: str | None = None
    #: The run's parameters (`plan`, `answers`, `vars`): for its title, not in the JSON.
    parameters: dict[str, Any] = field(default_factory=dict, repr=False)
    #: When a run that has not started is due (its schedule's time): shown, not in the JSON.
    expected: str | None = field(default=None, repr=False)

    @property
    def rejected(self) -> bool:
        """差し戻し: the run's state is named so (`flows.backend.rejection`)."""
        return rejection.is_rejected_state(self.state)

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k not in ("parameters", "expected")}
