"""Messages of the cli surface (see `keiri.catalog`): key -> {"ja": ..., "en": ...}."""

from __future__ import annotations

__all__ = ["ENTRIES"]

ENTRIES: dict[str, dict[str, str]] = {}
