"""`validate()`: compile a plan and report `{ok, errors, warnings}` (the `--json` contract)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from blocks.sdk.registry import BlockRegistry
from compiler.compile import compile_checked
from compiler.scope import CompiledPlan
from keiri.base.errors.report import IssueReport

__all__ = ["ValidationReport", "validate_file"]


@dataclass
class ValidationReport(IssueReport):
    """`keiri validate`'s report, with the compiled plan when it compiled."""

    compiled: CompiledPlan | None = None


def validate_file(path: Path, registry: BlockRegistry | None = None) -> ValidationReport:
    compiled, errors, warnings = compile_checked(path, registry)
    return ValidationReport(errors=errors, warnings=warnings, compiled=compiled)
