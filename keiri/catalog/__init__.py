"""Message catalog parts, one module per surface, merged into `keiri.messages.CATALOG`.

Each module defines `ENTRIES: dict[str, dict[str, str]]` (key -> {"ja": ..., "en": ...});
keys are prefixed by the surface (`cli.*`, `issue.*`, `runtime.*`, `summary.*`, `copilot.*`).
Kept apart so each surface's messages live beside each other without one giant file; the merge
in `keiri.messages` refuses a key defined twice. Imports nothing (bottom layer).
"""

from __future__ import annotations

__all__: list[str] = []
