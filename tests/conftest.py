"""Shared fixtures. Every test gets its own keiri home (state, file store, run logs)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from blocks.sdk.registry import BlockRegistry

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
TEST_BLOCK_SPECS = FIXTURES / "blocks" / "specs"


def pytest_configure(config: pytest.Config) -> None:
    from tests.support.prefect_server import configure_session_server

    configure_session_server()


def pytest_unconfigure(config: pytest.Config) -> None:
    from tests.support.prefect_server import stop_session_server

    stop_session_server()


@pytest.fixture(scope="session")
def prefect_server() -> str:
    """The local Prefect server of this test process (started once, on first use)."""
    from tests.support.prefect_server import ensure_session_server

    return ensure_session_server().api_url


@pytest.fixture(autouse=True)
def keiri_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    home = tmp_path / "keiri-home"
    monkeypatch.setenv("KEIRI_HOME", str(home))
    monkeypatch.setenv("KEIRI_RUNS_DIR", str(tmp_path / "runs"))
    monkeypatch.delenv("KEIRI_STORE_DIR", raising=False)
    yield home


@pytest.fixture(scope="session")
def registry() -> BlockRegistry:
    return BlockRegistry()
