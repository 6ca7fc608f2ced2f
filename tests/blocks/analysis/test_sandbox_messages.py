"""The sandbox's sentences come from the catalog, in the reader's language: no Japanese or
English phrase in the sandbox's modules reaches an error, every key they use exists, and a
violation reported by the child reads in English under `KEIRI_LANG=en`."""

from __future__ import annotations

from pathlib import Path

import pytest

from blocks.analysis import Sandbox
from blocks.analysis.sandbox_outcome import VIOLATION_KEYS
from blocks.analysis.workspace import create_workspace
from keiri.base.catalog import CATALOG
from tests.conftest import ROOT
from tests.keiri.test_error_catalog import englishliterals, japaneseliterals
from tests.support.source_text import catalog_keys

MODULES = sorted((ROOT / "blocks" / "analysis").glob("sandbox*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_literal_sentence_reaches_an_error(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert englishliterals(source) == []
    assert japaneseliterals(source) == []
    assert [key for _, key in catalog_keys(source, {"t"}) if key not in CATALOG] == []


def test_every_violation_kind_has_its_sentence() -> None:
    assert [key for key in VIOLATION_KEYS.values() if key not in CATALOG] == []


@pytest.mark.usefixtures("kernel_layer")
def test_a_violation_reads_in_english_when_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KEIRI_LANG", "en")
    run = Sandbox().run("open('/etc/passwd')", None, create_workspace(tmp_path))
    assert run.violations == [
        "sandbox violation: reading a file outside the workspace is not allowed (/etc/passwd)"
    ]
    assert run.error is not None and run.error.startswith("SandboxViolation: sandbox violation:")
    assert run.error.endswith("(line 1: open('/etc/passwd'))")
