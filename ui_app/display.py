"""The readable part of a confirm form: what the plan's `display` declares (tables with Japanese
column labels and formats, findings with their reasons, counts), read from the form's context
(`blocks.forms.display`). Long tables are collapsed; the raw context only behind 詳細.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from blocks.forms.display import Column, DisplayItem, format_value, lookup, parse_display
from keiri.base.catalog import t

__all__ = ["COLLAPSE_ROWS", "render_counts", "render_details", "render_display", "table_rows"]

#: A table with more rows than this starts collapsed (unless the plan says otherwise).
COLLAPSE_ROWS = 8
_SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}
_SEVERITY_WORDS = {
    "error": "display.severity.error",
    "warning": "display.severity.warning",
    "info": "display.severity.info",
}


def _severity(value: Any) -> str:
    key = _SEVERITY_WORDS.get(str(value))
    return t(key) if key else str(value or "")


def table_rows(item: DisplayItem, context: Any) -> tuple[list[dict[str, str]], int]:
    """The rows of a table/findings item as shown (labels as keys), and the total count."""
    data = lookup(context, item.source)
    rows = data if isinstance(data, list) else ([data] if isinstance(data, dict) else [])
    columns: list[Column] = item.finding_columns() if item.kind == "findings" else item.columns
    if item.kind == "findings":
        rows = sorted(
            rows,
            key=lambda r: (
                _SEVERITY_ORDER.get(str(r.get("severity")), 9) if isinstance(r, dict) else 9
            ),
        )
    if not columns and rows and isinstance(rows[0], dict):
        columns = [Column(path=str(k), label=str(k)) for k in rows[0]]
    shown: list[dict[str, str]] = []
    for row in rows[: item.max_rows]:
        out: dict[str, str] = {}
        for col in columns:
            value = lookup(row, col.path)
            if item.kind == "findings" and col.path == "severity":
                out[col.label] = _severity(value)
            else:
                out[col.label] = format_value(value, col.format)
        shown.append(out)
    return shown, len(rows)


def render_counts(item: DisplayItem, context: Any) -> None:
    if item.title:
        st.markdown(f"**{item.title}**")
    cells = st.columns(max(1, min(len(item.items), 6)))
    for index, col in enumerate(item.items):
        value = lookup(context, col.path)
        cells[index % len(cells)].metric(col.label, format_value(value, col.format))


def _table(item: DisplayItem, context: Any) -> None:
    if lookup(context, item.source) is None:
        st.caption(t("display.missing", path=item.source))
        return
    rows, total = table_rows(item, context)
    count = t("display.rows", count=total)
    collapsed = item.collapsed if item.collapsed is not None else total > COLLAPSE_ROWS
    title = t("display.section", title=item.title or item.source, count=count)
    with st.expander(title, expanded=not collapsed):
        if not rows:
            st.caption(t("display.empty"))
            return
        wide = {
            label: st.column_config.TextColumn(width="large")
            for label in rows[0]
            if max(len(r.get(label, "")) for r in rows) > 24  # reasons, file paths
        }
        st.dataframe(rows, hide_index=True, width="stretch", column_config=wide)
        if total > len(rows):
            st.caption(t("display.rows_cut", shown=len(rows), total=total))


def _text(item: DisplayItem, context: Any) -> None:
    value = lookup(context, item.source)
    if item.title:
        st.markdown(f"**{item.title}**")
    st.markdown(format_value(value))


def render_display(display: Any, context: Any, kinds: tuple[str, ...] | None = None) -> int:
    """Render the display items (only `kinds` when given); returns how many were rendered."""
    done = 0
    for item in parse_display(display):
        if kinds is not None and item.kind not in kinds:
            continue
        if item.kind == "counts":
            render_counts(item, context)
        elif item.kind == "text":
            _text(item, context)
        else:
            _table(item, context)
        done += 1
    return done


def render_details(context: Any) -> None:
    """The raw context, collapsed behind 詳細."""
    if not context:
        return
    with st.expander(t("form.details"), expanded=False, icon=":material/data_object:"):
        st.json(context, expanded=1)
