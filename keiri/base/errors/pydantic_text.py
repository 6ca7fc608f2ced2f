"""pydantic's validation errors in the reader's language, written once for every surface.

`pydantic_message(err)`: one pydantic error as a sentence, chosen by its error `type`
(`missing`, `string_type`, `literal_error`, ...) with the expected and the actual value; a type
not listed here keeps pydantic's own text inside a generic sentence, never dropped. Used by the
validation issues (`blocks.sdk.issue_text`) and by the settings (`keiri.base.settings`), which sit below
the message catalog (`keiri.base.catalog`).
"""

from __future__ import annotations

from typing import Any

from pydantic_core import ErrorDetails

from keiri.base.catalog import t

__all__ = ["PYDANTIC_TYPES", "pydantic_message", "shown_value"]

#: A `value_error` raised by keiri's own validators: its text already comes from the catalog.
_VALUE_ERROR = ""

#: pydantic error type -> catalog key; the placeholders a message may use: `actual` (the value
#: given), `expected`, `limit`, `name` (the key).
PYDANTIC_TYPES: dict[str, str] = {
    "missing": "issue.pydantic.missing",
    "extra_forbidden": "issue.pydantic.extra_forbidden",
    "string_type": "issue.pydantic.string_type",
    "string_sub_type": "issue.pydantic.string_type",
    "string_unicode": "issue.pydantic.string_type",
    "int_type": "issue.pydantic.int_type",
    "int_parsing": "issue.pydantic.int_type",
    "int_from_float": "issue.pydantic.int_from_float",
    "float_type": "issue.pydantic.float_type",
    "float_parsing": "issue.pydantic.float_type",
    "finite_number": "issue.pydantic.finite_number",
    "decimal_type": "issue.pydantic.float_type",
    "decimal_parsing": "issue.pydantic.float_type",
    "bool_type": "issue.pydantic.bool_type",
    "bool_parsing": "issue.pydantic.bool_type",
    "list_type": "issue.pydantic.list_type",
    "tuple_type": "issue.pydantic.list_type",
    "set_type": "issue.pydantic.list_type",
    "frozen_set_type": "issue.pydantic.list_type",
    "dict_type": "issue.pydantic.dict_type",
    "mapping_type": "issue.pydantic.dict_type",
    "model_type": "issue.pydantic.dict_type",
    "model_attributes_type": "issue.pydantic.dict_type",
    "dataclass_type": "issue.pydantic.dict_type",
    "literal_error": "issue.pydantic.literal_error",
    "enum": "issue.pydantic.literal_error",
    "none_required": "issue.pydantic.none_required",
    "string_pattern_mismatch": "issue.pydantic.pattern",
    "string_too_short": "issue.pydantic.string_too_short",
    "string_too_long": "issue.pydantic.string_too_long",
    "too_short": "issue.pydantic.too_short",
    "too_long": "issue.pydantic.too_long",
    "greater_than": "issue.pydantic.greater_than",
    "greater_than_equal": "issue.pydantic.greater_than_equal",
    "less_than": "issue.pydantic.less_than",
    "less_than_equal": "issue.pydantic.less_than_equal",
    "multiple_of": "issue.pydantic.multiple_of",
    "union_tag_invalid": "issue.pydantic.union_tag_invalid",
    "union_tag_not_found": "issue.pydantic.union_tag_not_found",
    "date_parsing": "issue.pydantic.date",
    "date_from_datetime_parsing": "issue.pydantic.date",
    "date_type": "issue.pydantic.date",
    "datetime_parsing": "issue.pydantic.datetime",
    "datetime_from_date_parsing": "issue.pydantic.datetime",
    "datetime_type": "issue.pydantic.datetime",
    "url_parsing": "issue.pydantic.url",
    "url_type": "issue.pydantic.url",
    "json_invalid": "issue.pydantic.json_invalid",
    "value_error": _VALUE_ERROR,
    "assertion_error": _VALUE_ERROR,
}

_MAX_SHOWN = 60


def shown_value(value: Any) -> str:
    """A value as a message shows it: text quoted (cut when long), a mapping or a list named
    by its kind, anything else as written."""
    if isinstance(value, str):
        text = value if len(value) <= _MAX_SHOWN else value[: _MAX_SHOWN - 1] + "…"
        return repr(text)
    if isinstance(value, dict):
        return t("issue.value.mapping")
    if isinstance(value, list | tuple):
        return t("issue.value.list", count=len(value))
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    text = repr(value)
    return text if len(text) <= _MAX_SHOWN else text[: _MAX_SHOWN - 1] + "…"


def _expected(ctx: dict[str, Any]) -> str:
    """pydantic's `expected` list (`'a', 'b' or 'c'`) in the reader's words."""
    text = str(ctx.get("expected", ""))
    return text.replace(" or ", ", ")


def pydantic_message(err: ErrorDetails) -> str:
    """One pydantic error as a sentence in the reader's language."""
    message = PYDANTIC_TYPES.get(err["type"])
    ctx: dict[str, Any] = dict(err.get("ctx") or {})
    loc = err.get("loc") or ()
    key = str(loc[-1]) if loc else ""
    actual = shown_value(err.get("input"))
    if message is None:
        return t("issue.pydantic.other", detail=err["msg"], actual=actual)
    if message == _VALUE_ERROR:
        # Raised by keiri's own validators, whose text comes from the catalog.
        error = ctx.get("error")
        return str(error) if error is not None else err["msg"].removeprefix("Value error, ")
    limit = next(
        (
            ctx[name]
            for name in ("min_length", "max_length", "gt", "ge", "lt", "le", "multiple_of")
            if name in ctx
        ),
        "",
    )
    if message in ("issue.pydantic.union_tag_invalid", "issue.pydantic.union_tag_not_found"):
        return t(
            message,
            name=ctx.get("discriminator", key).strip("'"),
            expected=str(ctx.get("expected_tags", "")),
            actual=shown_value(ctx.get("tag", err.get("input"))),
        )
    return t(message, name=key, actual=actual, expected=_expected(ctx), limit=limit)
