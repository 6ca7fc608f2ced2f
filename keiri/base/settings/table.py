"""The README's table of every setting, generated from `keiri.base.settings` (like `schemas/`).

`python -m keiri.base.settings.table` rewrites the table between the markers in README.md;
`tests/keiri/test_settings.py` fails when it drifts.
"""

from __future__ import annotations

import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

from pydantic_core import PydanticUndefined

from keiri.base import settings

__all__ = ["BEGIN", "END", "README", "main", "render_table", "rewrite"]

README = Path(__file__).resolve().parents[3] / "README.md"
BEGIN = "<!-- settings-table:begin (python -m keiri.base.settings.table) -->"
END = "<!-- settings-table:end -->"


def _default(value: Any) -> str:
    if value is None or value is PydanticUndefined or value == "":
        return "—"
    if isinstance(value, timedelta):
        seconds = int(value.total_seconds())
        for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
            if seconds % size == 0:
                return f"`{seconds // size}{unit}`"
        return f"`{seconds}s`"
    return f"`{value}`"


def render_table() -> str:
    rows = ["| variable | section | default | meaning |", "| --- | --- | --- | --- |"]
    for section, _name, info in settings.variables():
        names = " or ".join(f"`{n}`" for n in settings.names_of(info))
        description = (info.description or "").replace("|", "\\|")
        rows.append(f"| {names} | {section} | {_default(info.default)} | {description} |")
    return "\n".join(rows)


def rewrite(text: str) -> str:
    """`text` (the README) with the table between the markers replaced."""
    head, begin, rest = text.partition(BEGIN)
    _old, end, tail = rest.partition(END)
    if not begin or not end:
        raise ValueError(f"README.md lacks the markers {BEGIN!r} ... {END!r}")
    return f"{head}{BEGIN}\n{render_table()}\n{END}{tail}"


def main() -> int:
    README.write_text(rewrite(README.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
