"""`BlockContext`: what a running block may use — the file store, the run's identity, events,
and (for the human-input block) the backend's way to ask a person."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, BinaryIO, Protocol

from blocks.fileref import FileRef
from blocks.store import FileStore

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
    run_inputs: dict[str, Any] = field(default_factory=dict)
    services: dict[str, Any] = field(default_factory=dict)

    @property
    def task_name(self) -> str:
        return self.node_id if self.iteration is None else f"{self.node_id}[{self.iteration}]"

    def open(self, ref: FileRef | dict[str, Any]) -> BinaryIO:
        return self.file_store.open(ref)

    def read_bytes(self, ref: FileRef | dict[str, Any]) -> bytes:
        return self.file_store.read_bytes(ref)

    def store(self, data: bytes, name: str, media_type: str | None = None) -> FileRef:
        return self.file_store.put_bytes(data, name, media_type)
