"""The message catalog: every sentence a person reads, in Japanese and in English.

**Where a key goes.** A key's first segment names its *part* (`PARTS`); each part is one module
of this package holding `ENTRIES: dict[str, dict[str, str]]` — `key -> {"ja": ..., "en": ...}`,
both languages side by side. Parts by surface: `cli` (commands, their `--help`, the local
server, notifications), `issues` (validation issues), `runtime` (errors of blocks and runs,
settings), `summary` (run summaries), `journals` (journal entries, their exports and the
counterparty master: `journal.*`, `counterparty.*`), `evidence` (the registration-number
registry and the evidence archive: `registry.*`, `archive.*`), `reconcile` (bank statements,
the workbooks they come in and the payment reconciliation: `statement.*`, `workbook.*`,
`reconcile.*`), `closing` (closing the month in the form app: the table field, the 取引先 and
証憑検索 pages, the journal download: `table.*`, `parties.*`, `search.*`, `exports.*`),
`copilot` (the copilot and its page), `app` (the form app: navigation, forms, inbox, runs,
sign-in), `pages` (the form app's design, request and analysis pages), `invoice` (the invoice
checks' findings, review reasons and file outcomes: `invoice.*`), `analysis` (the analysis
agent's questions, report texts and data problems: `analyze.*`) and `common` (what several
surfaces show: field checks, run states, times, display words). A new prefix is added to
`PARTS` beside its module.

**Not messages.** Values written into outputs that plans compare (確定/要確認, 照合済, a
statement's 日付/出金 columns), the words documents print that extraction looks for, and the
prompts to a model are data: they stay in their domain's vocabulary, pattern or prompt module
(`blocks/<domain>/vocabulary.py`, `patterns.py`, `prompts.py`), listed with the reason in
`tests/keiri/test_catalog_source.py` `DATA`.

**How a key is written.** Always a literal at the place that shows it: never built with an
f-string or `+`. A choice between messages is a mapping of literal keys (`{"paused": "state.PAUSED"}`);
code sets that several surfaces show keep theirs in `words` (not a part: no entries).

**The language** is decided in one place, `language()`: `KEIRI_LANG` (`ja`/`en`; a locale such
as `ja_JP.UTF-8` counts by its prefix; anything else reads Japanese, the users' language).
The settings' `language.lang` is the same decision (`parse_language`).

Parts are imported on first use, so a command loads only the messages of what it shows.
The bottom of `keiri.base`: imports nothing from keiri.
"""

from __future__ import annotations

import importlib
import os
import string
from collections.abc import Iterator, Mapping
from typing import Any, Literal

__all__ = [
    "CATALOG",
    "LANGUAGES",
    "PARTS",
    "Language",
    "has",
    "language",
    "parse_language",
    "part_of",
    "placeholders",
    "state_label",
    "t",
]

Language = Literal["ja", "en"]
LANGUAGES: tuple[Language, ...] = ("ja", "en")

#: key prefix -> the part module (`keiri.base.catalog.<part>`) that holds its keys.
PARTS: dict[str, str] = {
    "cli": "cli",
    "issue": "issues",
    "runtime": "runtime",
    "summary": "summary",
    "copilot": "copilot",
    "chat": "copilot",
    "field": "common",
    "state": "common",
    "time": "common",
    "error": "common",
    "store": "common",
    "reuse": "common",
    "display": "common",
    "step": "common",
    "report": "report",
    "form": "app",
    "inbox": "app",
    "confirm": "app",
    "upload": "app",
    "new_run": "app",
    "runs": "app",
    "reenter": "app",
    "auth": "app",
    "nav": "app",
    "design": "pages",
    "ask": "pages",
    "analysis": "pages",
    "llm_page": "pages",
    "analyze": "analysis",
    "invoice": "invoice",
    "journal": "journals",
    "counterparty": "journals",
    "ops": "ops",
    "calendar": "ops",
    "intake": "ops",
    "registry": "evidence",
    "archive": "evidence",
    "statement": "reconcile",
    "workbook": "reconcile",
    "reconcile": "reconcile",
    "table": "closing",
    "parties": "closing",
    "search": "closing",
    "exports": "closing",
}

_loaded: dict[str, dict[str, dict[str, str]]] = {}


def part_of(key: str) -> str:
    """The part that holds `key` (KeyError for a prefix no part owns)."""
    return PARTS[key.split(".", 1)[0]]


def _part(name: str) -> dict[str, dict[str, str]]:
    entries = _loaded.get(name)
    if entries is None:
        entries = importlib.import_module(f"{__name__}.{name}").ENTRIES
        _loaded[name] = entries
    return entries


def _entry(key: str) -> dict[str, str]:
    return _part(part_of(key))[key]


def has(key: str) -> bool:
    """Whether the catalog holds `key`."""
    prefix = key.split(".", 1)[0]
    return prefix in PARTS and key in _part(PARTS[prefix])


class _Catalog(Mapping[str, dict[str, str]]):
    """Every entry, read-only: `key in CATALOG` loads only the key's part; iterating loads all."""

    def __getitem__(self, key: str) -> dict[str, str]:
        if not has(key):
            raise KeyError(key)
        return _entry(key)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and has(key)

    def __iter__(self) -> Iterator[str]:
        for name in dict.fromkeys(PARTS.values()):
            yield from _part(name)

    def __len__(self) -> int:
        return sum(len(_part(name)) for name in dict.fromkeys(PARTS.values()))


CATALOG: Mapping[str, dict[str, str]] = _Catalog()


def parse_language(value: Any) -> Any:
    """`ja_JP.UTF-8` -> `ja`: a locale counts by its language prefix; a language without a
    catalog (`fr`) reads Japanese, the users' language, rather than stopping every command.
    Non-strings pass through (for the settings' own type check)."""
    if not isinstance(value, str):
        return value
    return "en" if value.strip().lower()[:2] == "en" else "ja"


def language() -> Language:
    """The language people read (`KEIRI_LANG`, default `ja`): the one decision."""
    return "en" if parse_language(os.environ.get("KEIRI_LANG", "ja")) == "en" else "ja"


def t(key: str, lang: Language | None = None, **kwargs: Any) -> str:
    """The message `key` in `lang` (default: `language()`), formatted with `kwargs`. A missing
    key is a programming error (KeyError), never a silent fallback to the key."""
    return _entry(key)[lang or language()].format(**kwargs)


def placeholders(key: str, lang: Language) -> set[str]:
    """The `str.format` fields of one entry (tests check both languages use the same)."""
    return {name for _, name, _, _ in string.Formatter().parse(_entry(key)[lang]) if name}


#: A run state, upper case without spaces or underscores -> its words.
_STATES = {
    "SCHEDULED": "state.SCHEDULED",
    "PENDING": "state.PENDING",
    "RUNNING": "state.RUNNING",
    "PAUSED": "state.PAUSED",
    "SUSPENDED": "state.SUSPENDED",
    "COMPLETED": "state.COMPLETED",
    "FAILED": "state.FAILED",
    "CRASHED": "state.CRASHED",
    "CANCELLED": "state.CANCELLED",
    "CANCELLING": "state.CANCELLING",
    "UNKNOWN": "state.UNKNOWN",
    "REJECTED": "state.REJECTED",
    "LATE": "state.LATE",
    "AWAITINGRETRY": "state.AWAITINGRETRY",
    "RETRYING": "state.RETRYING",
    "TIMEDOUT": "state.TIMEDOUT",
    "RESUMING": "state.RESUMING",
}


def state_label(state: str, lang: Language | None = None) -> str:
    """A run state in words: a Prefect state type (`PAUSED`) or name (`Paused`, `AwaitingRetry`);
    a state without words as written."""
    key = _STATES.get(state.replace(" ", "").replace("_", "").upper())
    return t(key, lang) if key else state
