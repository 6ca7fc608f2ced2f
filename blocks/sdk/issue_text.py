"""Validation issues in the reader's language (`keiri.base.catalog`, `KEIRI_LANG`, default ja).

- `pydantic_message(err)` (from `keiri.base.errors.pydantic_text`, where the settings use it too):
  one pydantic error as a sentence, chosen by its error `type`
  (`missing`, `string_type`, `literal_error`, ...) with the expected and the actual value; a
  type not listed here keeps pydantic's own text inside a generic sentence, never dropped.
- `from_validation_error(...)`: `keiri.base.errors.from_validation_error`, re-exported (its
  messages and hints are in the reader's language).
- `did_you_mean(name, known)`: the did-you-mean hint, the suggestions kept verbatim.
- `syntax_message(exc)`: an expression or reference syntax error with its column.

Identifiers (keys, node ids, block ids, suggestions) stay verbatim inside the sentences; no
regular expression or internal class name is shown.
"""

from __future__ import annotations

from keiri.base.catalog import t
from keiri.base.errors import did_you_mean, from_validation_error
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
