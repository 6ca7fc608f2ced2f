"""`BlockContext`: what a running block may use — the file store, the run's identity, events,
the attempt's deadline, and (for the human-input block) the backend's way to ask a person.

The deadline: a node's `timeout_ms` interrupts the attempt from outside (an alarm signal in
the main thread, an exception raised in the block's thread otherwise — the latter takes
effect when the running call returns to Python). A block that waits on long I/O passes
`ctx.remaining()` as that call's timeout, and a block looping over many items calls
`ctx.check_deadline()` between them, so it stops at the deadline, not after it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, BinaryIO, Protocol

from blocks.sdk.confirmation import Confirmation, NeedsConfirmation, resolve_confirmation
from blocks.sdk.errors import BlockError, ErrorCode
from blocks.sdk.fileref import FileRef
from blocks.sdk.store import FileStore
from keiri.base.catalog import t

__all__ = ["BlockContext", "HumanInputPort"]


class HumanInputPort(Protocol):
    """Provided by the backend: returns the values a person gave for a node's form."""

    def request(self, ctx: BlockContext, form: dict[str, Any]) -> dict[str, Any]: ...


@dataclass
class BlockContext:
    run_id: str
    plan_id: str
    node_id: str
    block_id: str = ""
    block_version: str = ""
    iteration: int | None = None
    dry_run: bool = False
    file_store: FileStore = field(default_factory=FileStore)
    logger: logging.Logger = field(default_factory=lambda: logging.getLogger("keiri.block"))
    emit: Callable[..., None] = field(default=lambda event, **fields: None)
    human_input: HumanInputPort | None = None
    answers: dict[str, Any] = field(default_factory=dict)
    services: dict[str, Any] = field(default_factory=dict)
    deadline: float | None = None  # `time.monotonic()` at which this attempt times out
    attempt: int = 0  # 0 for the first attempt, 1 for the first retry, ...
    #: The node's `confirm_ambiguous`, and the answers already given to its questions.
    confirm_ambiguous: bool = False
    confirmations: dict[str, Confirmation] = field(default_factory=dict)

    @property
    def task_name(self) -> str:
        return self.node_id if self.iteration is None else f"{self.node_id}[{self.iteration}]"

    @property
    def confirmation(self) -> Confirmation | None:
        """The latest answer given to this node's questions (`blocks.sdk.confirmation`)."""
        return next(reversed(self.confirmations.values()), None)

    def confirm(self, need: NeedsConfirmation) -> Confirmation | None:
        """The answer to `need` (None: do not ask, record a finding); raises it to ask."""
        need.bind(self.node_id, self.iteration, self.block_id, self.block_version)
        return resolve_confirmation(need, self.confirmations, self.confirm_ambiguous)

    def remaining(self) -> float | None:
        """Seconds left before the attempt's deadline (never negative), None without one."""
        if self.deadline is None:
            return None
        return max(0.0, self.deadline - time.monotonic())

    def check_deadline(self) -> None:
        """Raise TIMEOUT_ERROR when the attempt's deadline has passed."""
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise BlockError(
                ErrorCode.TIMEOUT_ERROR,
                t("runtime.timeout_passed", node=self.task_name),
                details={"node_id": self.node_id, "iteration": self.iteration},
                hint=t("runtime.timeout_hint"),
                recoverable=True,
            )

    def open(self, ref: FileRef | dict[str, Any]) -> BinaryIO:
        return self.file_store.open(ref)

    def read_bytes(self, ref: FileRef | dict[str, Any]) -> bytes:
        return self.file_store.read_bytes(ref)

    def store(self, data: bytes, name: str, media_type: str | None = None) -> FileRef:
        return self.file_store.put_bytes(data, name, media_type)
