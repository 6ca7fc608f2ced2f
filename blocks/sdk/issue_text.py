"""Validation issues in the reader's language (`keiri.base.catalog`, `KEIRI_LANG`, default ja).

- `pydantic_message(err)` (from `keiri.base.errors.pydantic_text`, where the settings use it too):
  one pydantic error as a sentence, chosen by its error `type`
  (`missing`, `string_type`, `literal_error`, ...) with the expected and the actual value; a
  type not listed here keeps pydantic's own text inside a generic sentence, never dropped.
- `from_validation_error(...)`: `keiri.base.errors.from_validation_error` with its message and hint
  in the reader's language (same arguments; the converter written once stays in keiri.base.errors).
- `did_you_mean(name, known)`: the did-you-mean hint, the suggestions kept verbatim.
- `syntax_message(exc)`: an expression or reference syntax error with its column.

Identifiers (keys, node ids, block ids, suggestions) stay verbatim inside the sentences; no
regular expression or internal class name is shown.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from keiri.base import errors as _errors
from keiri.base.catalog import t
from keiri.base.errors import Issue, IssueCode, KeyPath, LineLookup, did_you_mean
from keiri.base.errors.pydantic_text import PYDANTIC_TYPES, pydantic_message, shown_value

__all__ = [
    "PYDANTIC_TYPES",
    "did_you_mean",
    "from_validation_error",
    "pydantic_message",
    "shown_value",
    "syntax_message",
]


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
    """`keiri.base.errors.from_validation_error` (same arguments) with every message and hint in
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
