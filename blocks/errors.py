"""The one error tree of keiri, shared by every layer.

- `BlockError`: a runtime failure of a block or of the runner (seed 000 §9.1), with a stable
  `code`, the node, a hint and whether retrying can help.
- `Issue`: one finding of validation or dry-run, with a stable code, node id, key path, YAML
  line and hint. `IssuesFound` carries a sorted list of them.

Deep code raises these; exactly one place per surface renders them (CLI entry point, the form
app's error widget, the Prefect failure artifact).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

__all__ = [
    "BlockError",
    "ErrorCode",
    "Issue",
    "IssueCode",
    "IssuesFound",
    "KeiriError",
    "Severity",
    "format_path",
]


class ErrorCode(StrEnum):
    """Runtime error codes (seed 000 §9.1 plus the file codes of ARCHITECTURE.md)."""

    INPUT_VALIDATION_FAILED = "INPUT_VALIDATION_FAILED"
    OUTPUT_SCHEMA_MISMATCH = "OUTPUT_SCHEMA_MISMATCH"
    DEPENDENCY_NOT_FOUND = "DEPENDENCY_NOT_FOUND"
    API_ERROR = "API_ERROR"
    TIMEOUT_ERROR = "TIMEOUT_ERROR"
    PERMISSION_DENIED = "PERMISSION_DENIED"
    FILE_INVALID = "FILE_INVALID"
    FILE_ENCRYPTED = "FILE_ENCRYPTED"
    FILE_TOO_LARGE = "FILE_TOO_LARGE"
    UNSAFE_ARCHIVE = "UNSAFE_ARCHIVE"
    # Registry / implementation problems found when a block is loaded.
    BLOCK_NOT_IMPLEMENTED = "BLOCK_NOT_IMPLEMENTED"
    BLOCK_SPEC_INVALID = "BLOCK_SPEC_INVALID"
    # Runner-level: a node failed for a reason that is not the block's own code.
    BLOCK_FAILED = "BLOCK_FAILED"
    PLAN_INVALID = "PLAN_INVALID"
    LOOP_LIMIT_REACHED = "LOOP_LIMIT_REACHED"
    REJECTED = "REJECTED"


class KeiriError(Exception):
    """Root of every error keiri raises on purpose."""


class BlockError(KeiriError):
    """A structured runtime error (seed 000 §9.1).

    `details` carries machine-readable context (`node_id`, `field`, `actual_value`, ...);
    `input_snapshot` the inputs the block saw (summarised, secrets masked by the caller).
    """

    def __init__(
        self,
        code: ErrorCode | str,
        message: str,
        *,
        details: dict[str, Any] | None = None,
        input_snapshot: dict[str, Any] | None = None,
        hint: str = "",
        recoverable: bool = False,
        node_id: str | None = None,
    ) -> None:
        super().__init__(message)
        self.code = str(code)
        self.message = message
        self.details = dict(details or {})
        self.input_snapshot = dict(input_snapshot or {})
        self.hint = hint
        self.recoverable = recoverable
        if node_id is not None:
            self.details.setdefault("node_id", node_id)

    @property
    def node_id(self) -> str | None:
        value = self.details.get("node_id")
        return str(value) if value is not None else None

    def with_node(self, node_id: str) -> BlockError:
        """Attach the node id if the raiser did not know it."""
        self.details.setdefault("node_id", node_id)
        return self

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "details": self.details,
            "input_snapshot": self.input_snapshot,
            "hint": self.hint,
            "recoverable": self.recoverable,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BlockError:
        return cls(
            data["code"],
            data["message"],
            details=data.get("details"),
            input_snapshot=data.get("input_snapshot"),
            hint=data.get("hint", ""),
            recoverable=bool(data.get("recoverable", False)),
        )

    def __reduce__(self) -> tuple[Any, ...]:
        # Exceptions with keyword-only arguments do not pickle by default; Prefect pickles
        # task exceptions into persisted results.
        return (_rebuild_block_error, (self.to_dict(),))

    def __str__(self) -> str:
        node = f" [{self.node_id}]" if self.node_id else ""
        return f"{self.code}{node}: {self.message}"


def _rebuild_block_error(data: dict[str, Any]) -> BlockError:
    return BlockError.from_dict(data)


class IssueCode(StrEnum):
    """Stable validation issue codes (ARCHITECTURE.md)."""

    YAML_SYNTAX_ERROR = "YAML_SYNTAX_ERROR"
    PLAN_SCHEMA_INVALID = "PLAN_SCHEMA_INVALID"
    DUPLICATE_NODE_ID = "DUPLICATE_NODE_ID"
    UNKNOWN_BLOCK = "UNKNOWN_BLOCK"
    UNKNOWN_INPUT = "UNKNOWN_INPUT"
    UNKNOWN_OUTPUT = "UNKNOWN_OUTPUT"
    MISSING_REQUIRED_INPUT = "MISSING_REQUIRED_INPUT"
    UNRESOLVED_REFERENCE = "UNRESOLVED_REFERENCE"
    TYPE_MISMATCH = "TYPE_MISMATCH"
    CYCLE_DETECTED = "CYCLE_DETECTED"
    INVALID_EXPRESSION = "INVALID_EXPRESSION"
    UI_LAYOUT_MISMATCH = "UI_LAYOUT_MISMATCH"
    DUPLICATE_REQUIREMENT_ID = "DUPLICATE_REQUIREMENT_ID"
    LOOP_LIMIT_MISSING = "LOOP_LIMIT_MISSING"
    SUBFLOW_NOT_FOUND = "SUBFLOW_NOT_FOUND"
    BLOCK_VERSION_INCOMPATIBLE = "BLOCK_VERSION_INCOMPATIBLE"
    UNUSED_OUTPUT = "UNUSED_OUTPUT"
    UNUSED_NODE = "UNUSED_NODE"
    # A var still to be given (`{placeholder: true}`): a warning, an error when a run starts.
    VAR_PLACEHOLDER = "VAR_PLACEHOLDER"
    # Dry-run findings.
    DRY_RUN_FAILED = "DRY_RUN_FAILED"
    # IO problems of the validator's own inputs (plan file unreadable, ...).
    FILE_NOT_FOUND = "FILE_NOT_FOUND"


Severity = Literal["error", "warning"]


def format_path(path: tuple[str | int, ...] | list[str | int]) -> str:
    """`("graph", 2, "in", "x")` -> `graph[2].in.x`."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


class Issue(BaseModel):
    """One validation finding. Field names are a public contract (`--json`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str
    message: str
    node_id: str | None = None
    path: str = ""
    line: int | None = None
    hint: str = ""
    severity: Severity = "error"
    file: str | None = None

    def sort_key(self) -> tuple[str, int, str, str, str]:
        return (self.file or "", self.line or 0, self.node_id or "", self.path, self.code)

    def location(self) -> str:
        where = self.path or "<plan>"
        if self.file and self.line:
            return f"{where} at {self.file}:{self.line}"
        if self.line:
            return f"{where} at line {self.line}"
        if self.file:
            return f"{where} in {self.file}"
        return where


class IssuesFound(KeiriError):
    """Raised with every issue collected by a pass: "N errors encountered"."""

    def __init__(self, issues: list[Issue]) -> None:
        self.issues = sorted(issues, key=Issue.sort_key)
        errors = [i for i in self.issues if i.severity == "error"]
        super().__init__(f"{len(errors)} error(s) encountered")
