"""`validate()`: compile a plan and report `{ok, errors, warnings}` (the `--json` contract)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from blocks.sdk.errors import Issue, IssuesFound
from blocks.sdk.registry import BlockRegistry
from compiler.compile import compile_file
from compiler.scope import CompiledPlan

__all__ = ["ValidationReport", "validate_file"]


@dataclass
class ValidationReport:
    errors: list[Issue] = field(default_factory=list)
    warnings: list[Issue] = field(default_factory=list)
    compiled: CompiledPlan | None = None

    @property
    def ok(self) -> bool:
        return not self.errors

    def to_json(self) -> dict[str, object]:
        return {
            "ok": self.ok,
            "errors": [i.model_dump() for i in self.errors],
            "warnings": [i.model_dump() for i in self.warnings],
        }


def validate_file(path: Path, registry: BlockRegistry | None = None) -> ValidationReport:
    registry = registry or BlockRegistry()
    try:
        compiled, warnings = compile_file(path, registry)
    except IssuesFound as exc:
        return ValidationReport(
            errors=[i for i in exc.issues if i.severity == "error"],
            warnings=[i for i in exc.issues if i.severity == "warning"],
        )
    return ValidationReport(warnings=warnings, compiled=compiled)
