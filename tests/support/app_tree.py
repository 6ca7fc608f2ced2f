"""Everything an AppTest session drew, as text: the protobuf of every element of its tree
(labels, values, captions, markdown, expanders' contents), for tests that grep a page."""

from __future__ import annotations

from typing import Any

__all__ = ["tree_text"]


def tree_text(at: Any) -> str:
    """The elements of `at` (a `streamlit.testing.v1.AppTest` after `run()`), one per line."""
    out: list[str] = []

    def walk(node: Any) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None:
            out.append(str(proto))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return "\n".join(out)
