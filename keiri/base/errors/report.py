"""`IssueReport`: what a check of a plan or a file found — the one result model of `keiri
validate`, `keiri dry-run`, the designer's check and `keiri deploy` (`flows.deploy.report.DeployReport`).

`errors` fail the check, `warnings` do not; `ok` is "no error"; `to_json()` is the `--json`
contract's `{ok, errors, warnings}` (ARCHITECTURE.md), which each report extends with its own
fields. `IssueReport.split(issues)` sorts a mixed list by severity.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from keiri.base.errors.issues import Issue

__all__ = ["IssueReport"]


@dataclass
class IssueReport:
    """The issues a check found."""

    errors: list[Issue] = field(default_factory=list)
    warnings: list[Issue] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors

    @staticmethod
    def split(issues: Iterable[Issue]) -> tuple[list[Issue], list[Issue]]:
        """`issues` as (errors, warnings) by their severity."""
        found = list(issues)
        return (
            [i for i in found if i.severity == "error"],
            [i for i in found if i.severity == "warning"],
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "errors": [i.model_dump() for i in self.errors],
            "warnings": [i.model_dump() for i in self.warnings],
        }
