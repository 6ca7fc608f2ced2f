"""Errors of blocks and of the runner: `BlockError`, one branch of keiri's error tree.

- `BlockError`: a runtime failure of a block or of the runner (seed 000 §9.1), with a stable
  `code`, the node, a hint and whether retrying can help.
- The rest of the tree (`KeiriError`, `Issue`, `IssuesFound`, the codes, the converters) lives
  in `keiri.base.errors` and is re-exported here, so blocks import their errors from one place;
  `from_validation_error` is the one of `blocks.sdk.issue_text` (messages in the reader's language).

Deep code raises these; exactly one place per surface renders them (CLI entry point, the form
app's error widget, the Prefect failure artifact).
"""

from __future__ import annotations

from typing import Any

from blocks.sdk.issue_text import from_validation_error
from keiri.base import masking
from keiri.base.errors import (
    ErrorCode,
    Issue,
    IssueCode,
    IssuesFound,
    KeiriError,
    KeyPath,
    Severity,
    format_path,
)

__all__ = [
    "BlockError",
    "ErrorCode",
    "Issue",
    "IssueCode",
    "IssuesFound",
    "KeiriError",
    "KeyPath",
    "Severity",
    "format_path",
    "from_validation_error",
]


class BlockError(KeiriError):
    """A structured runtime error (seed 000 §9.1).

    `details` carries machine-readable context (`node_id`, `field`, `actual_value`, ...);
    `input_snapshot` the inputs the block saw (`blocks.sdk.base.summarize`: summarised, secrets masked).
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
        super().__init__(code, message, hint=hint, details=details, recoverable=recoverable)
        self.input_snapshot = dict(input_snapshot or {})
        if node_id is not None:
            self.details.setdefault("node_id", node_id)

    def with_node(self, node_id: str) -> BlockError:
        """Attach the node id if the raiser did not know it."""
        self.details.setdefault("node_id", node_id)
        return self

    def masked(self) -> BlockError:
        """A copy with secrets masked (`keiri.base.masking`): what any surface shows of it."""
        return BlockError.from_dict(masking.mask(self.to_dict()))

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


def _rebuild_block_error(data: dict[str, Any]) -> BlockError:
    return BlockError.from_dict(data)
