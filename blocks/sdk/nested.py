"""A search of a JSON value (mappings and lists nested to any depth), such as a run's outputs."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

__all__ = ["find_objects"]


def find_objects(
    value: Any, match: Callable[[Mapping[str, Any]], bool]
) -> Iterator[Mapping[str, Any]]:
    """Every mapping in `value` (itself, or nested in mappings and lists; depth first, in
    order) for which `match` is true; what a match holds is not searched."""
    if isinstance(value, Mapping):
        if match(value):
            yield value
            return
        for item in value.values():
            yield from find_objects(item, match)
    elif isinstance(value, list):
        for item in value:
            yield from find_objects(item, match)
