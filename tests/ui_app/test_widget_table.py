"""The form app's widget table is derived from the field types: every field type names a
widget (`FieldType.widget`) and every widget kind has its Streamlit widget."""

from __future__ import annotations

from blocks.forms.field_types import FIELD_TYPES, Widget
from ui_app.fields import WIDGETS


def test_every_widget_kind_is_rendered() -> None:
    assert set(WIDGETS) == set(Widget)
    assert {ftype.widget for ftype in FIELD_TYPES.values()} <= set(WIDGETS)
