"""Tests assert against the catalog, not against its sentences: `t(key, ...)` when every field
is known, `message(key, ...)` (a pattern) when some are not (a time, a run id, a size), so a
test reads the same in both languages and survives a rewording.

    assert t("field.required") in errors
    assert message("form.submitted", by="yamada").search(success)
    assert any(message("form.accepted_files", count=1).search(c) for c in captions)
"""

from __future__ import annotations

import re
import string
from typing import Any

from keiri.base.catalog import CATALOG, Language, language

__all__ = ["message", "shown"]


#: Rich's markup tags (`[green]`, `[/]`): a terminal shows the text without them.
_MARKUP = re.compile(r"\[/?[a-z ]*\]")


def message(key: str, lang: Language | None = None, **fields: Any) -> re.Pattern[str]:
    """The message `key` (in `lang`, default the current language) as a pattern to search
    for, as a person reads it (Rich markup left out): the fields given are filled in as `t`
    would, any other field matches any text."""
    parts: list[str] = []
    for literal, name, spec, conversion in string.Formatter().parse(
        CATALOG[key][lang or language()]
    ):
        parts.append(re.escape(_MARKUP.sub("", literal)))
        if name is None:
            continue
        if name in fields:
            value = fields[name]
            value = repr(value) if conversion == "r" else value
            parts.append(re.escape(format(value, spec or "")))
        else:
            parts.append("(?s:.+?)")
    return re.compile("".join(parts))


def shown(key: str, text: str, lang: Language | None = None, **fields: Any) -> bool:
    """Whether `text` shows the message `key` (see `message`)."""
    return message(key, lang, **fields).search(text) is not None
