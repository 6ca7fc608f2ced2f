"""Fixtures of the registry tests: synthetic files in the published layout
(`samples/make_registry.py`, made once per session) and a registry of the test's keiri home
loaded from them (imported once, copied into each test's home)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from blocks.registration.database import registry_path
from blocks.registration.importer import ImportReport, import_files
from samples.make_registry import write


@pytest.fixture(scope="session")
def published(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The snapshot parts and the two difference files (UTF-8, a few thousand numbers)."""
    return write(tmp_path_factory.mktemp("published"), count=3000)


@pytest.fixture(scope="session")
def _imported(
    published: list[Path], tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, ImportReport]:
    db = tmp_path_factory.mktemp("registry") / "registry.sqlite"
    return db, import_files(published, db=db)


@pytest.fixture
def loaded(_imported: tuple[Path, ImportReport]) -> ImportReport:
    """Every published file imported into the keiri home's registry."""
    db, report = _imported
    target = registry_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(db, target)
    return report
