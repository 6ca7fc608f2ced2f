"""`config.yaml`: the values behind `${config.*}` (e.g. `task_configs.<task>.output_config`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from blocks.sdk.errors import Issue, IssueCode, IssuesFound
from blocks.sdk.yaml_loader import load_yaml_file
from keiri.base import settings
from keiri.base.catalog import t

__all__ = ["load_config"]

_CACHE: dict[tuple[str, float], dict[str, Any]] = {}


def load_config(path: Path | None = None) -> dict[str, Any]:
    """The parsed config (empty when the file does not exist); bad YAML raises IssuesFound."""
    target = path or settings.config_file()
    if not target.is_file():
        return {}
    key = (str(target), target.stat().st_mtime)
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    loaded = load_yaml_file(target)
    if loaded.data is None:
        data: dict[str, Any] = {}
    elif isinstance(loaded.data, dict):
        data = loaded.data
    else:
        raise IssuesFound(
            [
                Issue(
                    code=IssueCode.PLAN_SCHEMA_INVALID,
                    message=t("issue.config.not_mapping"),
                    file=str(target),
                    line=1,
                )
            ]
        )
    _CACHE[key] = data
    return data
