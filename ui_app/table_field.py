"""The widget of the `table` field type (`Widget.TABLE`): the rows in `st.data_editor`, fixed
columns greyed out and shown as people read them (`¥35,698`), editable ones as a choice of
their options, a check box or text; a column's `width` sizes it and `hidden` columns (machine
ids) stay in the rows and the answer but are not shown.

The grid starts from the rows once per form session — the stored answer (a restored draft)
laid over the field's rows (`default`) — and Streamlit keeps the edits on top of that start;
the answer is every row with the editable cells as the grid holds them and the fixed cells
exactly as the rows had them (never read back from the grid's text). Below the form page and
`ui_app.fields`, which registers it in `WIDGETS`. pandas is imported only when a grid is drawn
(seconds on a loaded machine: most forms have no table).
"""

from __future__ import annotations

import math
from typing import Any, Literal

import streamlit as st

from blocks.forms.display import format_value
from blocks.forms.field_types import FieldValueError
from blocks.forms.form import Requirement
from blocks.forms.table_fields import TableColumn, TableSpec, json_equal, table_spec
from keiri.base.catalog import t
from ui_app.errors import render_field_problems
from ui_app.session_state import Entry, widget_key

__all__ = ["merged_rows", "table_widget"]

_RIGHT = ("yen", "number", "percent")


def merged_rows(spec: TableSpec, value: Any) -> list[dict[str, Any]]:
    """The field's rows with an answer's rows (all or some, by key) laid over them."""
    rows = [dict(row) for row in spec.rows or []]
    if not isinstance(value, list) or spec.key is None:
        return rows
    given = {str(row.get(spec.key)): row for row in value if isinstance(row, dict)}
    for row in rows:
        row.update(given.get(str(row.get(spec.key)), {}))
    return rows


def _config(column: TableColumn, rows: list[dict[str, Any]]) -> Any:
    cc = st.column_config
    if column.checkbox or (not column.editable and column.format == "boolean"):
        return cc.CheckboxColumn(
            column.title, help=column.help or None, disabled=not column.editable, width=column.width
        )
    if column.editable and column.options:
        options = list(column.options)
        for row in rows:  # the value a row had is always a choice
            value = row.get(column.id)
            if value is not None and not any(json_equal(value, o) for o in options):
                options.append(value)
        return cc.SelectboxColumn(
            column.title, help=column.help or None, options=options, width=column.width
        )
    alignment: Literal["right"] | None = "right" if column.format in _RIGHT else None
    return cc.TextColumn(
        column.title,
        help=column.help or None,
        disabled=not column.editable,
        alignment=alignment,
        width=column.width,
    )


def _shown(column: TableColumn, value: Any) -> Any:
    """A cell as the grid holds it: editable and boolean cells as they are, the rest as text."""
    if column.editable or column.format == "boolean":
        return value
    return format_value(value, column.format)


def _cell(value: Any) -> Any:
    """A grid cell back as JSON (pandas' NaN/NA for an empty cell -> None, numpy -> Python)."""
    import pandas as pd

    if value is None or value is pd.NA:
        return None
    if isinstance(value, float) and math.isnan(value):
        return None
    return value.item() if hasattr(value, "item") else value


def table_widget(req: Requirement, key: str, entry: Entry) -> None:
    try:
        spec = table_spec(req)
    except FieldValueError as exc:
        render_field_problems([exc.message])
        return
    wkey = widget_key(key, req.id)
    start_key = wkey + "::start"
    if start_key not in st.session_state:
        st.session_state[start_key] = merged_rows(spec, entry["values"].get(req.id))
    start: list[dict[str, Any]] = st.session_state[start_key]
    columns = list(spec.columns)
    shown = [c for c in columns if not c.hidden]
    import pandas as pd

    frame = pd.DataFrame(
        [{c.id: _shown(c, row.get(c.id)) for c in shown} for row in start],
        columns=[c.id for c in shown],
    )
    st.markdown(f"**{req.label}**")
    if req.description:
        st.caption(req.description)
    edited = st.data_editor(
        frame,
        key=wkey,
        hide_index=True,
        num_rows="fixed",
        disabled=[c.id for c in shown if not c.editable],
        column_config={c.id: _config(c, start) for c in shown},
        width="stretch",
        placeholder="",  # an empty cell reads empty, not the grid's grey English "None"
    )
    rows: list[dict[str, Any]] = []
    changed = 0
    for position, original in enumerate(start):
        row = dict(original)
        for column in columns:
            if column.editable and not column.hidden:
                row[column.id] = _cell(edited.iloc[position][column.id])
        rows.append(row)
        base = spec.rows[position] if spec.rows and position < len(spec.rows) else original
        if any(not json_equal(row.get(c.id), base.get(c.id)) for c in columns if c.editable):
            changed += 1
    entry["values"][req.id] = rows
    notes = [t("table.edit_help")]
    if changed:
        notes.append(t("table.changed", count=changed))
    st.caption(t("table.joiner").join(notes))
