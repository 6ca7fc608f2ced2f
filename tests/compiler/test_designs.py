"""Every shipped design validates, dry-runs, and carries the yaml-language-server header."""

from __future__ import annotations

from pathlib import Path

import pytest

from blocks.sdk.registry import BlockRegistry
from compiler.dryrun import dry_run_file
from compiler.validate import validate_file
from tests.conftest import ROOT

DESIGNS = sorted(p for p in (ROOT / "designs").rglob("*.yaml") if "templates" not in p.parts)


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: str(p.relative_to(ROOT / "designs")))
def test_design_validates_and_dry_runs(path: Path, registry: BlockRegistry) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=") and "plan.schema.json" in first
    report = validate_file(path, registry)
    assert report.ok, report.errors
    dry = dry_run_file(path, registry)
    assert dry.ok, dry.errors
    assert dry.nodes
