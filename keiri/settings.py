"""Settings read from the environment: the keiri home, the file store, the run logs, the
project folders (block specs, designs, config) and the `${env.*}` allow-list.

This is the bottom layer: it imports nothing from keiri, blocks, compiler, flows or ui_app.
Every function reads the environment when called, so tests can point `KEIRI_HOME` elsewhere.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = [
    "DEFAULT_ENV_ALLOW",
    "block_spec_roots",
    "config_file",
    "designs_dir",
    "env_allow_patterns",
    "env_allowed",
    "keiri_home",
    "project_root",
    "runs_dir",
    "store_dir",
]

DEFAULT_ENV_ALLOW = "KEIRI_"
_PROJECT_ROOT = Path(__file__).resolve().parent.parent


def keiri_home() -> Path:
    """State, file store and the local Prefect server's data (`KEIRI_HOME`, default `.keiri/`)."""
    return Path(os.environ.get("KEIRI_HOME", ".keiri")).resolve()


def runs_dir() -> Path:
    """Where JSONL run logs go (`KEIRI_RUNS_DIR`, default `runs/` beside the keiri home)."""
    configured = os.environ.get("KEIRI_RUNS_DIR")
    return Path(configured).resolve() if configured else keiri_home().parent / "runs"


def store_dir() -> Path:
    """The content-addressed file store (`KEIRI_STORE_DIR`, default `<home>/store`).

    Point it at shared storage when workers on several machines must see the same files.
    """
    configured = os.environ.get("KEIRI_STORE_DIR")
    return Path(configured).resolve() if configured else keiri_home() / "store"


def project_root() -> Path:
    """The folder holding `block_specs/`, `designs/` and `config.yaml` (`KEIRI_PROJECT_ROOT`)."""
    configured = os.environ.get("KEIRI_PROJECT_ROOT")
    return Path(configured).resolve() if configured else _PROJECT_ROOT


def block_spec_roots() -> list[Path]:
    """Folders scanned for block specs: `<project>/block_specs` plus `KEIRI_BLOCK_SPECS`
    (an `os.pathsep`-separated list of extra folders, e.g. a team's own blocks)."""
    roots = [project_root() / "block_specs"]
    extra = os.environ.get("KEIRI_BLOCK_SPECS", "")
    roots += [Path(p).resolve() for p in extra.split(os.pathsep) if p.strip()]
    return roots


def designs_dir() -> Path:
    """Root of shipped plans; `call.plan_id: common/x` is `<designs>/common/x.yaml`."""
    configured = os.environ.get("KEIRI_DESIGNS_DIR")
    return Path(configured).resolve() if configured else project_root() / "designs"


def config_file() -> Path:
    """The `config.yaml` behind `${config.*}` references (`KEIRI_CONFIG`)."""
    configured = os.environ.get("KEIRI_CONFIG")
    return Path(configured).resolve() if configured else project_root() / "config.yaml"


def env_allow_patterns() -> tuple[str, ...]:
    """Prefixes (or exact names) that `${env.NAME}` may read (`KEIRI_ENV_ALLOW`, comma list).

    The default allows only names starting with `KEIRI_`, so a plan cannot pull an API key or
    another secret into a prompt or a report.
    """
    raw = os.environ.get("KEIRI_ENV_ALLOW", DEFAULT_ENV_ALLOW)
    return tuple(p.strip() for p in raw.split(",") if p.strip())


def env_allowed(name: str) -> bool:
    return any(name.startswith(p) for p in env_allow_patterns())


DEFAULT_SERVER_START_TIMEOUT_S = 120.0


def server_start_timeout() -> float:
    """Seconds `keiri run` / `keiri server start` wait for the local Prefect server to answer
    (`KEIRI_SERVER_START_TIMEOUT`); a server still starting then is left running, not killed
    (see `keiri.server.start`)."""
    raw = os.environ.get("KEIRI_SERVER_START_TIMEOUT", "").strip()
    if not raw:
        return DEFAULT_SERVER_START_TIMEOUT_S
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(
            f"KEIRI_SERVER_START_TIMEOUT={raw!r}: expected a number of seconds"
        ) from None
    if value <= 0:
        raise ValueError(f"KEIRI_SERVER_START_TIMEOUT={raw!r}: must be positive")
    return value
