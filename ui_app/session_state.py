"""The session-state contract of a form (seed 000 §3, §8.2; ARCHITECTURE "Form app").

One entry per paused form, under
`plan:{plan_id}::node:{node_id}::v{block_version}::run:{run_id}`:
`{"fields": {id: type}, "values": {id: value}, "notice": [str], "problems": {id: [str]}}`.
Values initialise from the requirements' defaults on first render, persist across reruns
and are cleared only by `reset`. When the requirements changed under stored values, `ensure`
keeps what still fits, puts the rest back to its default and leaves a notice naming the
dropped and retyped fields. Widget keys are `<entry key>::field:<id>`.

Pure functions over a mutable mapping (`st.session_state` or a dict); no streamlit import.
"""

from __future__ import annotations

import copy
from collections.abc import MutableMapping
from dataclasses import dataclass
from typing import Any

from blocks.forms.field_types import FIELD_TYPES, FieldValueError, Widget
from blocks.forms.form import FieldProblem, FormSpec, Requirement
from keiri.base.catalog import t

__all__ = [
    "SchemaChange",
    "answers",
    "ensure",
    "form_fields",
    "group_problems",
    "initial_value",
    "initial_values",
    "merge",
    "reset",
    "state_key",
    "widget_key",
    "widget_text",
    "widget_value",
]

Entry = dict[str, Any]


def state_key(plan_id: str, node_id: str, block_version: str, run_id: str) -> str:
    return f"plan:{plan_id}::node:{node_id}::v{block_version}::run:{run_id}"


def widget_key(key: str, field: str) -> str:
    return f"{key}::field:{field}"


def form_fields(mode: str, requirements: list[Requirement]) -> list[Requirement]:
    """The fields a person fills (`FormSpec.fields`: the requirements, plus `approved` and
    `response` in confirm/mixed mode)."""
    return FormSpec.build(mode, requirements).fields


def initial_value(req: Requirement) -> Any:
    """The value a field starts with: its default, else the empty value of its type."""
    if req.default is not None:
        return copy.deepcopy(req.default)
    return copy.deepcopy(FIELD_TYPES[req.type].empty)


def initial_values(fields: list[Requirement]) -> dict[str, Any]:
    return {f.id: initial_value(f) for f in fields}


def widget_value(req: Requirement, raw: Any) -> Any:
    """A widget's value as an answer. Types typed as text and parsed (`Widget.PARSED_TEXT`:
    numbers in Japanese amount notation, `120,000円`, `△5,000`) are parsed here; text that
    does not parse stays text, so validation names the problem."""
    ftype = FIELD_TYPES[req.type]
    if ftype.widget is not Widget.PARSED_TEXT or not isinstance(raw, str):
        return raw
    if not raw.strip():
        return None
    try:
        return ftype.parse(req, raw, None)
    except FieldValueError:
        return raw


def widget_text(req: Requirement, value: Any) -> Any:
    """What a widget shows for a stored value (numbers as `120,000`)."""
    ftype = FIELD_TYPES[req.type]
    if ftype.widget is not Widget.PARSED_TEXT:
        return value
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return ftype.display(req, value)


@dataclass(frozen=True)
class SchemaChange:
    """How the requirements changed under stored values (`added` needs no warning)."""

    dropped: tuple[str, ...] = ()
    retyped: tuple[str, ...] = ()
    added: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.dropped or self.retyped)

    def messages(self, labels: dict[str, str] | None = None) -> list[str]:
        names = labels or {}
        out: list[str] = []
        if self.dropped:
            out.append(t("form.dropped", fields=", ".join(self.dropped)))
        if self.retyped:
            shown = ", ".join(
                t("display.paren", text=names.get(f, f), note=f) for f in self.retyped
            )
            out.append(t("form.retyped", fields=shown))
        return out


def _fits(req: Requirement, value: Any) -> bool:
    if req.type == "select" and value is not None:
        return value in req.options
    return True


def merge(entry: Entry, fields: list[Requirement]) -> tuple[Entry, SchemaChange]:
    """A new entry for `fields`: stored values kept where the field still has the same type
    (and, for a select, the value is still an option); everything else from the defaults."""
    old_types: dict[str, str] = dict(entry.get("fields", {}))
    old_values: dict[str, Any] = dict(entry.get("values", {}))
    new_types = {f.id: f.type for f in fields}
    values: dict[str, Any] = {}
    retyped: list[str] = []
    for req in fields:
        if (
            req.id in old_types
            and old_types[req.id] == req.type
            and _fits(req, old_values.get(req.id))
        ):
            values[req.id] = old_values.get(req.id)
        else:
            values[req.id] = initial_value(req)
            if req.id in old_types:
                retyped.append(req.id)
    change = SchemaChange(
        dropped=tuple(f for f in old_types if f not in new_types),
        retyped=tuple(retyped),
        added=tuple(f for f in new_types if f not in old_types),
    )
    merged = {**entry, "fields": new_types, "values": values, "problems": {}}
    return merged, change


def ensure(state: MutableMapping[Any, Any], key: str, fields: list[Requirement]) -> Entry:
    """The entry under `key`: created from the defaults on first render, kept as it is on a
    rerun, merged (with a notice) when the fields changed. Returns the stored object, so
    changes to its `values` persist."""
    entry = state.get(key)
    if not isinstance(entry, dict):
        entry = {"fields": {f.id: f.type for f in fields}, "values": initial_values(fields)}
        state[key] = entry
        return entry
    if entry.get("fields") == {f.id: f.type for f in fields} and all(
        _fits(f, entry["values"].get(f.id)) for f in fields
    ):
        return entry
    merged, change = merge(entry, fields)
    if change:
        labels = {f.id: f.label for f in fields}
        merged["notice"] = [*merged.get("notice", []), *change.messages(labels)]
        for field in (*change.dropped, *change.retyped):
            state.pop(widget_key(key, field), None)
    state[key] = merged
    return merged


def reset(state: MutableMapping[Any, Any], key: str) -> None:
    """The explicit reset: forget the entry and every widget value of the form."""
    for name in [k for k in list(state.keys()) if k == key or str(k).startswith(key + "::")]:
        del state[name]


def answers(entry: Entry, fields: list[Requirement]) -> dict[str, Any]:
    """The answers to validate and resume with: fields holding nothing (`None`: no number, no
    choice, no file) are left out, so a required one is reported as missing and an optional
    one takes its default. `""` and `[]` are answers like on the command line."""
    values = entry.get("values", {})
    return {f.id: values.get(f.id) for f in fields if values.get(f.id) is not None}


def group_problems(problems: list[FieldProblem]) -> dict[str, list[str]]:
    """Problems by field id ("" for problems of the form as a whole)."""
    grouped: dict[str, list[str]] = {}
    for problem in problems:
        grouped.setdefault(problem.field, []).append(problem.message)
    return grouped
