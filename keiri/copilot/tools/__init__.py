"""The copilot's tools, one module per area (`goals`, `runs`, `designs`, `platform`), each
listing its `TOOLS`; this package assembles them into the registry (`default_registry()`).

The registry's types live below, in `keiri.copilot.registry`; the tool modules import them
(and the TaskLoop), and only this package and the surfaces above it know the tool modules."""

from __future__ import annotations

from keiri.copilot.registry import Registry, Tool
from keiri.copilot.tools import designs, goals, platform, runs

__all__ = ["TOOLS", "default_registry"]

#: Every tool of the copilot, in the order of the modules.
TOOLS: list[Tool] = [*goals.TOOLS, *runs.TOOLS, *designs.TOOLS, *platform.TOOLS]


def default_registry() -> Registry:
    return Registry(TOOLS)
