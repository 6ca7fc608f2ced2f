"""The value field types: `number` (amounts as accountants write them), `boolean`, `select`
(one of the plan's options) and `choice` (a block's question: options with details,
`blocks.sdk.confirmation`)."""

from __future__ import annotations

import math
import unicodedata
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Strict

from blocks.forms.field_type import (
    NUMBER_CAP,
    STRICT_STR,
    TEXT_CAP,
    FieldSpec,
    FieldType,
    FieldValueError,
    Widget,
    read_text,
)
from blocks.text.amounts import AmountError, format_amount, integral, parse_form_amount
from blocks.text.japanese import NO_WORDS, YES_WORDS
from keiri.base.catalog import t

if TYPE_CHECKING:
    from blocks.sdk.store import FileStore

__all__ = ["BOOLEAN", "CHOICE", "NUMBER", "SELECT", "choice_ids", "option_ids"]

_STRICT_NUMBER = Annotated[int, Strict()] | Annotated[float, Strict()]

# --- number ---------------------------------------------------------------------------------


def _number_bounds(req: FieldSpec) -> tuple[float, float]:
    v = req.validation
    low = max(v.min, -NUMBER_CAP) if v.min is not None else -NUMBER_CAP
    high = min(v.max, NUMBER_CAP) if v.max is not None else NUMBER_CAP
    return low, high


def _number_schema(req: FieldSpec) -> dict[str, Any]:
    low, high = _number_bounds(req)
    return {
        "type": "integer" if req.validation.integer else "number",
        "minimum": integral(low),
        "maximum": integral(high),
    }


def _number_check(req: FieldSpec, value: Any) -> str | None:
    if isinstance(value, float) and not math.isfinite(value):
        return t("field.not_finite")
    if req.validation.integer and isinstance(value, float) and not value.is_integer():
        return t("field.not_integer", value=format_amount(value))
    low, high = _number_bounds(req)
    if value < low:
        return t("field.too_small", limit=format_amount(low), value=format_amount(value))
    if value > high:
        return t("field.too_large", limit=format_amount(high), value=format_amount(value))
    return None


def _number_parse(req: FieldSpec, raw: str, _store: FileStore | None) -> int | float:
    try:
        return parse_form_amount(read_text(raw, 64))
    except AmountError as exc:
        raise FieldValueError(exc.reason) from None


NUMBER = FieldType(
    name="number",
    python_type=lambda _r: _STRICT_NUMBER,
    json_schema=_number_schema,
    check=_number_check,
    empty=None,
    sample=lambda r: integral(r.validation.min) if r.validation.min is not None else 1,
    parse=_number_parse,
    display=lambda _r, v: format_amount(v),
    widget=Widget.PARSED_TEXT,  # typed as accountants write amounts (`120,000円`, `△5,000`)
    normalize=integral,
    default_ok=lambda v, _o: isinstance(v, int | float) and not isinstance(v, bool),
    placeholder=lambda: t("form.number_placeholder"),
)

# --- boolean --------------------------------------------------------------------------------


def _boolean_parse(_req: FieldSpec, raw: str, _store: FileStore | None) -> bool:
    text = unicodedata.normalize("NFKC", read_text(raw, 16)).strip().lower()
    if text in YES_WORDS:
        return True
    if text in NO_WORDS:
        return False
    raise FieldValueError(t("field.not_boolean", value=text))


BOOLEAN = FieldType(
    name="boolean",
    python_type=lambda _r: Annotated[bool, Strict()],
    json_schema=lambda _r: {"type": "boolean"},
    check=lambda _r, _v: None,
    empty=False,
    sample=lambda _r: True,
    parse=_boolean_parse,
    display=lambda _r, v: t("display.yes") if v else t("display.no"),
    widget=Widget.CHECKBOX,
    default_ok=lambda v, _o: isinstance(v, bool),
)

# --- select ---------------------------------------------------------------------------------


def _same(a: Any, b: Any) -> bool:
    """JSON equality: 1 == 1.0, but true is not 1."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    return type(a) is type(b) and bool(a == b)


def _select_check(req: FieldSpec, value: Any) -> str | None:
    if any(_same(value, option) for option in req.options):
        return None
    return t("field.not_option", options=", ".join(str(o) for o in req.options))


def _select_parse(req: FieldSpec, raw: str, _store: FileStore | None) -> Any:
    text = read_text(raw, TEXT_CAP)
    for option in req.options:
        if str(option) == text:
            return option
    raise FieldValueError(t("field.not_option", options=", ".join(str(o) for o in req.options)))


SELECT = FieldType(
    name="select",
    python_type=lambda _r: Any,
    json_schema=lambda r: {"enum": list(r.options)},
    check=_select_check,
    empty=None,
    sample=lambda r: r.options[0] if r.options else "",
    parse=_select_parse,
    display=lambda _r, v: str(v),
    widget=Widget.SELECT,
    options=True,
    default_ok=lambda v, options: not options or v in options,
)

# --- choice (a block's question: options with details, `blocks.sdk.confirmation`) --------------


def option_ids(options: list[Any]) -> list[str]:
    """The ids of a choice field's options (`{id, label, details}` or plain ids)."""
    return [str(o.get("id")) if isinstance(o, dict) else str(o) for o in options]


def choice_ids(req: FieldSpec) -> list[str]:
    """The option ids of a choice field."""
    return option_ids(req.options)


def _choice_check(req: FieldSpec, value: Any) -> str | None:
    if isinstance(value, str) and value in choice_ids(req):
        return None
    return t("confirm.not_option", options=", ".join(choice_ids(req)))


def _choice_parse(req: FieldSpec, raw: str, _store: FileStore | None) -> str:
    """An option id, or its 1-based number (`--input NODE.choice=2`)."""
    text = read_text(raw, TEXT_CAP).strip()
    ids = choice_ids(req)
    if text in ids:
        return text
    if text.isdigit() and 1 <= int(text) <= len(ids):
        return ids[int(text) - 1]
    raise FieldValueError(t("confirm.not_option", options=", ".join(ids)))


def _choice_display(req: FieldSpec, value: Any) -> str:
    for option in req.options:
        if isinstance(option, dict) and option.get("id") == value:
            return str(option.get("label") or value)
    return str(value)


CHOICE = FieldType(
    name="choice",
    python_type=lambda _r: STRICT_STR,
    json_schema=lambda r: {"type": "string", "enum": choice_ids(r)},
    check=_choice_check,
    empty=None,
    sample=lambda r: (choice_ids(r) or [""])[0],
    parse=_choice_parse,
    display=_choice_display,
    widget=Widget.CHOICE,
    options=True,
    default_ok=lambda v, options: not options or v in option_ids(options),
)
