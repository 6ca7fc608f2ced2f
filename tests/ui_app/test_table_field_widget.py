"""The table field's widget in a real Streamlit script run (AppTest): a `hidden` column (a
machine id) is not shown but stays in the answer, `width` reaches the grid's column config,
and an empty cell is shown empty (not the grid's grey "None") and answered as null."""

from __future__ import annotations

import json
from typing import Any

from streamlit.testing.v1 import AppTest

from tests.support.timing import scaled


def _app() -> None:
    import streamlit as st

    from blocks.forms.requirement import Requirement
    from ui_app.table_field import table_widget

    req = Requirement.model_validate(
        {
            "id": "entries",
            "type": "table",
            "label": "仕訳",
            "key": "line_id",
            "required": False,
            "default": [
                {"line_id": "P-0001-1", "party": "有限会社みどり印刷", "account": None},
                {"line_id": "P-0002-1", "party": "株式会社山田商店", "account": "雑費"},
            ],
            "columns": [
                {"id": "line_id", "label": "仕訳", "hidden": True},
                {"id": "party", "label": "取引先", "width": 180},
                {"id": "account", "label": "勘定科目", "editable": True, "width": "medium",
                 "options": ["通信費", "雑費"]},
            ],
        }
    )  # fmt: skip
    entry = st.session_state.setdefault("entry", {"values": {}})
    table_widget(req, "form", entry)
    st.session_state["answer"] = entry["values"]["entries"]


def test_hidden_columns_widths_and_empty_cells() -> None:
    at = AppTest.from_function(_app, default_timeout=scaled(30)).run()
    assert not at.exception
    grid: Any = next(e for e in at.main if type(e).__name__ == "Dataframe")
    assert list(grid.value.columns) == ["party", "account"]  # the line id is not shown
    assert grid.value["account"].isna().tolist() == [True, False]  # the empty cell
    assert grid.proto.placeholder == ""  # a missing value shown as nothing
    config = json.loads(grid.proto.columns)
    assert (config["party"]["label"], config["party"]["width"]) == ("取引先", 180)
    assert config["account"]["width"] == "medium"
    assert config["account"]["type_config"]["options"] == ["通信費", "雑費"]
    assert at.session_state["answer"] == [
        {"line_id": "P-0001-1", "party": "有限会社みどり印刷", "account": None},
        {"line_id": "P-0002-1", "party": "株式会社山田商店", "account": "雑費"},
    ]
