"""Validation issues in the reader's language (`keiri.messages`, `KEIRI_LANG`, default ja).

- `pydantic_message(err)`: one pydantic error as a sentence, chosen by its error `type`
  (`missing`, `string_type`, `literal_error`, ...) with the expected and the actual value; a
  type not listed here keeps pydantic's own text inside a generic sentence, never dropped.
- `from_validation_error(...)`: `keiri.errors.from_validation_error` with its message and hint
  in the reader's language (same arguments; the converter written once stays in keiri.errors).
- `did_you_mean(name, known)`: the did-you-mean hint, the suggestions kept verbatim.
- `syntax_message(exc)`: an expression or reference syntax error with its column.

Identifiers (keys, node ids, block ids, suggestions) stay verbatim inside the sentences; no
regular expression or internal class name is shown.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from keiri import errors as _errors
from keiri.errors import Issue, IssueCode, KeyPath, LineLookup, did_you_mean
from keiri.messages import t

__all__ = [
    "PYDANTIC_TYPES",
    "did_you_mean",
    "from_validation_error",
    "pydantic_message",
    "shown_value",
    "syntax_message",
]

#: pydantic error type -> catalog key (`issue.pydantic.<key>`); the placeholders a message
#: may use: `actual` (the value given), `expected`, `limit`, `name` (the key).
PYDANTIC_TYPES: dict[str, str] = {
    "missing": "missing",
    "extra_forbidden": "extra_forbidden",
    "string_type": "string_type",
    "string_sub_type": "string_type",
    "string_unicode": "string_type",
    "int_type": "int_type",
    "int_parsing": "int_type",
    "int_from_float": "int_from_float",
    "float_type": "float_type",
    "float_parsing": "float_type",
    "finite_number": "finite_number",
    "decimal_type": "float_type",
    "decimal_parsing": "float_type",
    "bool_type": "bool_type",
    "bool_parsing": "bool_type",
    "list_type": "list_type",
    "tuple_type": "list_type",
    "set_type": "list_type",
    "frozen_set_type": "list_type",
    "dict_type": "dict_type",
    "mapping_type": "dict_type",
    "model_type": "dict_type",
    "model_attributes_type": "dict_type",
    "dataclass_type": "dict_type",
    "literal_error": "literal_error",
    "enum": "literal_error",
    "none_required": "none_required",
    "string_pattern_mismatch": "pattern",
    "string_too_short": "string_too_short",
    "string_too_long": "string_too_long",
    "too_short": "too_short",
    "too_long": "too_long",
    "greater_than": "greater_than",
    "greater_than_equal": "greater_than_equal",
    "less_than": "less_than",
    "less_than_equal": "less_than_equal",
    "multiple_of": "multiple_of",
    "union_tag_invalid": "union_tag_invalid",
    "union_tag_not_found": "union_tag_not_found",
    "date_parsing": "date",
    "date_from_datetime_parsing": "date",
    "date_type": "date",
    "datetime_parsing": "datetime",
    "datetime_from_date_parsing": "datetime",
    "datetime_type": "datetime",
    "url_parsing": "url",
    "url_type": "url",
    "json_invalid": "json_invalid",
    "value_error": "value_error",
    "assertion_error": "value_error",
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
    kind = PYDANTIC_TYPES.get(err["type"])
    ctx: dict[str, Any] = dict(err.get("ctx") or {})
    loc = err.get("loc") or ()
    key = str(loc[-1]) if loc else ""
    actual = shown_value(err.get("input"))
    if kind is None:
        return t("issue.pydantic.other", detail=err["msg"], actual=actual)
    if kind == "value_error":
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
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        return t(
            f"issue.pydantic.{kind}",
            name=ctx.get("discriminator", key).strip("'"),
            expected=str(ctx.get("expected_tags", "")),
            actual=shown_value(ctx.get("tag", err.get("input"))),
        )
    return t(
        f"issue.pydantic.{kind}", name=key, actual=actual, expected=_expected(ctx), limit=limit
    )


def syntax_message(exc: Exception) -> str:
    """A syntax error of an expression or a reference (its `message`, 1-based `column` and
    what was `found` there) as one sentence."""
    found = str(getattr(exc, "found", "") or "")
    return t(
        "issue.expression.syntax",
        detail=getattr(exc, "message", str(exc)),
        column=getattr(exc, "column", "?"),
        found=t("issue.expression.found", found=found) if found else "",
    )


def from_validation_error(
    exc: ValidationError,
    lines: LineLookup | None = None,
    file: str | None = None,
    *,
    code: str = IssueCode.PLAN_SCHEMA_INVALID,
    hint: str = "",
    message_prefix: str = "",
    union_tags: Collection[str] = (),
    known_keys: Callable[[KeyPath], Iterable[str]] | None = None,
    node_id_at: Callable[[KeyPath], str | None] | None = None,
    refine: Callable[[ErrorDetails, Issue], Issue] | None = None,
) -> list[Issue]:
    """`keiri.errors.from_validation_error` (same arguments) with every message and hint in
    the reader's language: `hint` and `message_prefix` are given already translated."""

    def localized(err: ErrorDetails, issue: Issue) -> Issue:
        loc = issue.loc
        message = pydantic_message(err)
        issue_hint = hint
        if err["type"] == "extra_forbidden" and loc:
            known = sorted(known_keys(loc[:-1])) if known_keys else []
            suggestion = did_you_mean(str(loc[-1]), known) if known else ""
            issue_hint = suggestion or (
                t("issue.known_keys", keys=", ".join(known)) if known else hint
            )
            issue_hint = issue_hint or t("issue.remove_key")
        elif err["type"] == "missing" and loc:
            issue_hint = t("issue.add_key", name=loc[-1]) + (
                t("issue.hint_join", hint=hint) if hint else ""
            )
        issue = issue.model_copy(update={"message": message_prefix + message, "hint": issue_hint})
        return refine(err, issue) if refine else issue

    return _errors.from_validation_error(
        exc,
        lines,
        file,
        code=code,
        hint=hint,
        message_prefix=message_prefix,
        union_tags=union_tags,
        known_keys=known_keys,
        node_id_at=node_id_at,
        refine=localized,
    )
