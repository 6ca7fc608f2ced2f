"""`${...}` references inside plan values: parsing, walking, path access and rendering.

Grammar: `${` root ( `.` ident | `[` digits `]` )* `}` where an identifier starts with a
Unicode letter or `_` and continues with Unicode word characters or `-` (Japanese keys are
fine). No whitespace inside `${ }`. `$${` is an escape that renders as a literal `${`.

Rendering never evaluates or re-parses text: a string that is exactly one reference becomes
the typed value; references embedded in longer text are interpolated as text.

Over 400 lines: the reference grammar, the syntax errors it shares with `compiler.expressions`
and the path access and rendering over it (the errors could move to a module of their own).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from blocks.sdk.errors import IssueCode, KeiriError
from keiri.base.catalog import t

__all__ = [
    "RESERVED_ROOTS",
    "InterpolationError",
    "Reference",
    "ReferencePathError",
    "ReferenceSyntaxError",
    "TextSyntaxError",
    "expected_words",
    "find_references",
    "get_path",
    "iter_references",
    "kind_of",
    "render",
    "scan_reference",
    "syntax_text",
    "to_text",
    "whole_reference",
]

#: Roots with a fixed meaning; any other root is a node id or a loop variable.
RESERVED_ROOTS = frozenset({"vars", "env", "config"})

# Linear-time patterns (no nested quantifiers), used only with `.match(text, pos)`.
_IDENT = re.compile(r"[^\W\d][\w-]*")
_DIGITS = re.compile(r"[0-9]+")
_MAX_INDEX_DIGITS = 18
_CONTINUE = ("'.'", "'['", "'}'")
#: Expected-token ids that are words (`issue.expr.token.<id>`); any other id is a symbol shown
#: as written (`'&&'`, `true`).
#: A token id (`number`, `end`, ...) -> its words; symbols (`'('`) stay as written.
_TOKEN_WORDS = {
    "number": "issue.expr.token.number",
    "string": "issue.expr.token.string",
    "reference": "issue.expr.token.reference",
    "comparison": "issue.expr.token.comparison",
    "end": "issue.expr.token.end",
    "name": "issue.expr.token.name",
    "identifier": "issue.expr.token.identifier",
    "index": "issue.expr.token.index",
    "text": "issue.expr.token.text",
}

PathSegment = str | int


@dataclass(frozen=True)
class Reference:
    """One `${...}` occurrence. `start`/`end` index into the string it came from."""

    root: str
    path: tuple[PathSegment, ...]
    text: str
    start: int
    end: int

    def dotted(self) -> str:
        """`${a.b[0].c}` -> `a.b[0].c`."""
        return self.root + "".join(
            f"[{seg}]" if isinstance(seg, int) else f".{seg}" for seg in self.path
        )


def _describe(text: str, pos: int) -> str:
    if pos >= len(text):
        return t("issue.ref.found.end")
    char = text[pos]
    return t("issue.ref.found.space") if char.isspace() else repr(char)


def expected_words(expected: Sequence[str]) -> str:
    """What would fit at an error's column, as a phrase in the reader's language: token ids
    (`number`, `reference`, `end`, ...) become words, symbols stay as written."""
    words = [t(_TOKEN_WORDS[item]) if item in _TOKEN_WORDS else item for item in expected]
    if len(words) == 1:
        return t("issue.expr.expected_one", item=words[0])
    items = t("issue.expr.list_sep").join(words[:-1])
    return t(
        "issue.expr.expected_any", items=t("issue.expr.list_last", items=items, last=words[-1])
    )


def syntax_text(message: str, column: int, found: str, hint: str) -> str:
    """A syntax error of a reference or an expression with its column, what was found there
    and the hint, as one sentence."""
    return t(
        "issue.syntax.at",
        detail=message,
        column=column,
        found=t("issue.expression.found", found=found) if found else "",
        hint=t("issue.syntax.hint", hint=hint) if hint else "",
    )


class TextSyntaxError(KeiriError, ValueError):
    """A malformed piece of plan text (a `${...}` or an expression). `column` is 1-based inside
    `text`; `expected` lists what would fit there (see `expected_words`); `message`, `found` and
    `hint` are in the reader's language. Subclasses set `default_code`."""

    def __init__(
        self,
        message: str,
        column: int,
        text: str,
        *,
        expected: Sequence[str] = (),
        found: str = "",
        hint: str = "",
    ) -> None:
        self.message = message
        self.hint = hint
        self.column = column
        self.text = text
        self.expected = list(expected)
        self.found = found
        super().__init__(None, message, hint=hint)

    def __str__(self) -> str:
        return syntax_text(self.message, self.column, self.found, self.hint)


class ReferenceSyntaxError(TextSyntaxError):
    """A malformed `${...}`; `path` is the key path of the value the string came from (filled
    in by `iter_references`)."""

    default_code = IssueCode.UNRESOLVED_REFERENCE
    path: tuple[PathSegment, ...] = ()


class ReferencePathError(KeiriError, TypeError):
    """A path segment that cannot apply to the value it meets (e.g. `.name` on a number)."""

    def __init__(self, message: str, path: Sequence[PathSegment], index: int) -> None:
        self.message = message
        self.path = tuple(path)
        self.index = index
        super().__init__(IssueCode.UNRESOLVED_REFERENCE, message)

    def __str__(self) -> str:
        return self.message


class InterpolationError(KeiriError, TypeError):
    """A value that has no text form (not JSON-like) embedded in a longer string."""

    def __init__(self, message: str, reference: Reference) -> None:
        self.message = message
        self.reference = reference
        super().__init__(IssueCode.TYPE_MISMATCH, message)

    def __str__(self) -> str:
        return self.message


def scan_reference(text: str, start: int) -> Reference:
    """Parse the reference whose `${` begins at `text[start]`; raise ReferenceSyntaxError."""

    def fail(message: str, pos: int, expected: Sequence[str], hint: str = "") -> NoReturn:
        raise ReferenceSyntaxError(
            message, pos + 1, text, expected=expected, found=_describe(text, pos), hint=hint
        )

    pos = start + 2
    match = _IDENT.match(text, pos)
    if match is None:
        if text.startswith("}", pos):
            fail(t("issue.ref.empty"), pos, ["name"])
        if pos >= len(text):
            fail(t("issue.ref.unterminated_name"), pos, ["name"], t("issue.ref.literal_hint"))
        fail(t("issue.ref.name"), pos, ["name"])
    root = match.group()
    pos = match.end()
    path: list[PathSegment] = []
    while True:
        char = text[pos] if pos < len(text) else ""
        if char == "}":
            return Reference(root, tuple(path), text[start : pos + 1], start, pos + 1)
        if char == ".":
            match = _IDENT.match(text, pos + 1)
            if match is None:
                digit = text[pos + 1 : pos + 2].isdigit()
                hint = t("issue.ref.index_hint") if digit else ""
                fail(t("issue.ref.identifier"), pos + 1, ["identifier"], hint)
            path.append(match.group())
            pos = match.end()
        elif char == "[":
            match = _DIGITS.match(text, pos + 1)
            if match is None:
                fail(t("issue.ref.index"), pos + 1, ["index"])
            if len(match.group()) > _MAX_INDEX_DIGITS:
                fail(t("issue.ref.index_too_large"), pos + 1, ["index"])
            pos = match.end()
            if not text.startswith("]", pos):
                fail(t("issue.ref.close_index"), pos, ["']'"])
            path.append(int(match.group()))
            pos += 1
        elif not char:
            hint = t("issue.ref.unclosed", column=start + 1)
            fail(t("issue.ref.unterminated"), pos, _CONTINUE, hint)
        else:
            hint = t("issue.ref.space_hint") if char.isspace() else ""
            fail(expected_words(_CONTINUE), pos, _CONTINUE, hint)


def _scan(text: str) -> list[str | Reference]:
    """Split `text` into literal pieces (escapes resolved) and references, in order."""
    parts: list[str | Reference] = []
    literal: list[str] = []
    pos = 0
    while True:
        dollar = text.find("$", pos)
        if dollar < 0:
            literal.append(text[pos:])
            break
        if text.startswith("$${", dollar):
            literal.append(text[pos:dollar] + "${")
            pos = dollar + 3
        elif text.startswith("${", dollar):
            literal.append(text[pos:dollar])
            ref = scan_reference(text, dollar)
            joined = "".join(literal)
            if joined:
                parts.append(joined)
            literal = []
            parts.append(ref)
            pos = ref.end
        else:
            literal.append(text[pos : dollar + 1])
            pos = dollar + 1
    joined = "".join(literal)
    if joined:
        parts.append(joined)
    return parts


def find_references(text: str) -> list[Reference]:
    """Every `${...}` in `text`, in order (escaped `$${` excluded)."""
    if "${" not in text:
        return []
    return [part for part in _scan(text) if isinstance(part, Reference)]


def whole_reference(text: str) -> Reference | None:
    """The reference if `text` is exactly one `${...}` and nothing else, else None."""
    if not text.startswith("${") or not text.endswith("}"):
        return None
    ref = scan_reference(text, 0)
    return ref if ref.end == len(text) else None


def iter_references(
    value: Any, path: tuple[PathSegment, ...] = ()
) -> Iterator[tuple[tuple[PathSegment, ...], Reference]]:
    """Yield `(key path, reference)` for every reference in nested dicts/lists of strings.

    A ReferenceSyntaxError raised here carries the key path of the bad string in `.path`.
    """
    if isinstance(value, str):
        try:
            refs = find_references(value)
        except ReferenceSyntaxError as exc:
            exc.path = path
            raise
        for ref in refs:
            yield path, ref
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from iter_references(item, (*path, key))
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from iter_references(item, (*path, index))


def kind_of(value: Any) -> str:
    """What a value is, in words (`数値`, `a list`, ...), for messages."""
    if isinstance(value, bool):
        return t("runtime.kind.boolean")
    if isinstance(value, int | float):
        return t("runtime.kind.number")
    if isinstance(value, str):
        return t("runtime.kind.string")
    if isinstance(value, list | tuple):
        return t("runtime.kind.list")
    if isinstance(value, dict):
        return t("runtime.kind.object")
    return t("runtime.kind.other")


def get_path(value: Any, path: Sequence[PathSegment]) -> Any:
    """Walk `path` into dicts/lists.

    - `length` as the last segment of a list, string or object without a `length` key -> len.
    - None anywhere propagates as None (a skipped node's outputs are null).
    - A missing key or an out-of-range index -> None.
    - A segment that cannot apply (a key on a number, an index on an object...) raises
      ReferencePathError naming the segment and the value's type.
    """
    last = len(path) - 1
    for index, seg in enumerate(path):
        if value is None:
            return None
        if isinstance(seg, int) and not isinstance(seg, bool):
            if not isinstance(value, list | tuple):
                raise ReferencePathError(
                    t("runtime.path.no_index", index=seg, kind=kind_of(value)), path, index
                )
            value = value[seg] if 0 <= seg < len(value) else None
        elif isinstance(value, dict):
            if seg == "length" and index == last and "length" not in value:
                return len(value)
            value = value.get(seg)
        elif seg == "length" and index == last and isinstance(value, list | tuple | str):
            return len(value)
        else:
            key = (
                "runtime.path.list_key"
                if isinstance(value, list | tuple)
                else "runtime.path.no_key"
            )
            raise ReferencePathError(t(key, name=repr(seg), kind=kind_of(value)), path, index)
    return value


def to_text(value: Any) -> str:
    """The text form of a JSON-like value embedded in a longer string.

    Raises TypeError/ValueError for values that have no JSON text form.
    """
    if isinstance(value, str):
        return value
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(t("issue.not_json_number", value=value))
        return str(value)
    if isinstance(value, dict | list | tuple):
        return json.dumps(value, ensure_ascii=False, allow_nan=False)
    raise TypeError(t("runtime.kind.other"))


def _render_str(text: str, lookup: Callable[[Reference], Any]) -> Any:
    if "${" not in text:
        return text
    parts = _scan(text)
    if len(parts) == 1 and isinstance(parts[0], Reference):
        return lookup(parts[0])
    pieces: list[str] = []
    for part in parts:
        if isinstance(part, str):
            pieces.append(part)
            continue
        resolved = lookup(part)
        try:
            pieces.append(to_text(resolved))
        except (TypeError, ValueError) as exc:
            raise InterpolationError(
                t("runtime.embed", ref=part.text, kind=kind_of(resolved), detail=exc),
                part,
            ) from exc
    return "".join(pieces)


def render(value: Any, lookup: Callable[[Reference], Any]) -> Any:
    """A new value with every reference replaced through `lookup`.

    Dicts and lists are walked (keys are left alone); a string that is exactly one reference
    becomes the typed value `lookup` returns; references inside longer strings are interpolated
    with `to_text`; `$${` becomes `${`. Other scalars are returned unchanged.
    """
    if isinstance(value, str):
        return _render_str(value, lookup)
    if isinstance(value, dict):
        return {key: render(item, lookup) for key, item in value.items()}
    if isinstance(value, list):
        return [render(item, lookup) for item in value]
    if isinstance(value, tuple):
        return tuple(render(item, lookup) for item in value)
    return value
