"""The field types of a human-input form (seed 000 §3): `FIELD_TYPES`, the one table of
their names. Everything else is derived from it: the requirement's `type` (validated against
it; its JSON Schema enum is the block spec's, `block_specs/ui/ui.interactive_input.yaml`),
the form app's widgets (`ui_app.fields.WIDGETS`, by each type's `widget`), the compiler's
checks of a plan's requirements (`compiler.passes.ui`) and `--input` conversion
(`keiri.cli.inputs`).

A new field type is one `FieldType` (`blocks.forms.field_type`) in the module of its kind,
listed here.
"""

from __future__ import annotations

from blocks.forms.date_fields import DATE_RANGE, MONTH
from blocks.forms.field_type import (
    FILES_CAP,
    NUMBER_CAP,
    TEXT_CAP,
    FieldType,
    FieldValueError,
    Widget,
)
from blocks.forms.file_fields import FILE, FILES, FOLDER
from blocks.forms.table_fields import TABLE
from blocks.forms.text_fields import CHAT, SECRET, TEXT
from blocks.forms.value_fields import BOOLEAN, CHOICE, NUMBER, SELECT, choice_ids

__all__ = [
    "FIELD_TYPES",
    "FILES_CAP",
    "NUMBER_CAP",
    "TEXT_CAP",
    "FieldType",
    "FieldValueError",
    "Widget",
    "choice_ids",
]

#: Requirement type -> its definition (the one place per-type behaviour lives).
FIELD_TYPES: dict[str, FieldType] = {
    ft.name: ft
    for ft in (
        *(FILE, FILES, FOLDER, TEXT, SELECT, BOOLEAN, NUMBER, CHAT, CHOICE, SECRET),
        *(MONTH, DATE_RANGE),
        TABLE,
    )
}
