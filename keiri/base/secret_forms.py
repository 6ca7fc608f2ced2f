"""The forms a secret takes on its way out: what `keiri.base.masking` looks for besides the value.

A registered secret can reach a surface changed by whoever handled it last — an HTTP client,
a gateway echoing its request, a JSON encoder:

- **percent-encoded**, whole or in part, upper- or lower-case hex, once or twice
  (`sk%2Dabc`, `sk%252dabc`, `%73%6B-abc`), a space as `+`;
- **JSON-escaped** (`\\"`, `\\\\`, `\\u3042`);
- **base64** (standard or URL-safe alphabet), alone or inside a longer encoded text such as
  HTTP basic authentication's `base64("user:key")`, at any byte offset.

`Matcher` finds them with two regular expressions: the plain and JSON forms and the base64
cores as one literal alternation, the percent forms (searched only where a `%` or `+` is). For base64 there is no plain substring: the secret's bytes land at one of three
offsets in the encoded text, and for each offset the characters that depend only on the
secret's own bytes (its *core*) are the same whatever comes before or after it. A core found in
a text marks the whole base64 token around it (extended to the token's ends in linear time,
not by a regular expression whose leading `[…]*` would backtrack quadratically over a long
token). Cores shorter than `MIN_CORE` characters are not searched (a secret shorter than about
7 characters is masked in its plain and percent forms only): a short core would match
innocent identifiers.

No library does this (the encoders are the standard library's; this is the inverse search).
This module imports only the standard library.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterable

__all__ = ["MIN_CORE", "Matcher", "base64_cores", "percent_form", "plain_forms"]

#: The shortest base64 core searched for.
MIN_CORE = 8

_B64_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_")
_URLSAFE = str.maketrans("+/", "-_")


def _char_form(char: str) -> str:
    """A regular expression for one character: itself, or its UTF-8 bytes percent-encoded
    (hex of either case, `%25` first when encoded twice), `+` for a space."""
    encoded = "".join(
        f"%(?:25)?(?i:{byte:02X})" for byte in char.encode("utf-8", errors="surrogatepass")
    )
    alternatives = [re.escape(char), encoded]
    if char == " ":
        alternatives.append(r"\+")
    return "(?:" + "|".join(alternatives) + ")"


def plain_forms(secret: str) -> list[str]:
    """The secret as written and its JSON-escaped forms (literal texts)."""
    forms = [secret]
    for ascii_only in (True, False):
        escaped = json.dumps(secret, ensure_ascii=ascii_only)[1:-1]
        if escaped != secret:
            forms.append(escaped)
    return forms


def percent_form(secret: str) -> str:
    """A regular expression for the secret with any of its characters percent-encoded."""
    return "".join(_char_form(c) for c in secret)


def base64_cores(secret: str) -> set[str]:
    """The base64 texts found inside any base64 encoding of a text containing `secret`
    (one per byte offset and alphabet), `MIN_CORE` characters or longer."""
    data = secret.encode("utf-8", errors="surrogatepass")
    cores: set[str] = set()
    for offset in range(3):
        encoded = base64.b64encode(bytes(offset) + data).decode("ascii")
        total = offset + len(data)
        # Characters carrying a bit of the zero prefix, and the last one if it carries a bit
        # of whatever follows, depend on the text around the secret: drop them.
        core = encoded[(8 * offset + 5) // 6 : 8 * total // 6]
        if len(core) >= MIN_CORE:
            cores.add(core)
            cores.add(core.translate(_URLSAFE))
    return cores


class Matcher:
    """All the forms of a set of secrets, replaced by a mask in one pass."""

    def __init__(self, secrets: Iterable[str]) -> None:
        ordered = sorted(set(secrets), key=len, reverse=True)
        literals = sorted({f for s in ordered for f in plain_forms(s)}, key=len, reverse=True)
        cores = sorted({c for s in ordered for c in base64_cores(s)}, key=len, reverse=True)
        parts = [re.escape(form) for form in literals]
        if cores:
            parts.append("(?P<b64>" + "|".join(re.escape(c) for c in cores) + ")")
        # Literal alternatives keep the regular expression engine's fast literal search; the
        # percent forms (one alternative per character) are searched only in a text with a
        # `%` or a `+` in it.
        self.pattern: re.Pattern[str] | None = re.compile("|".join(parts)) if parts else None
        self.encoded: re.Pattern[str] | None = (
            re.compile("|".join(percent_form(s) for s in ordered)) if ordered else None
        )

    def sub(self, mask: str, text: str) -> str:
        """`text` with every form of every secret replaced by `mask`."""
        if self.pattern is None:
            return text
        b64 = "b64" in self.pattern.groupindex
        found_spans = []
        for found in self.pattern.finditer(text):
            start, end = found.span()
            if b64 and found.group("b64") is not None:
                start, end = _token(text, start, end)
            found_spans.append((start, end))
        if self.encoded is not None and ("%" in text or "+" in text):
            found_spans.extend(found.span() for found in self.encoded.finditer(text))
        spans: list[tuple[int, int]] = []
        for start, end in sorted(found_spans):  # a token may reach back over earlier finds
            if spans and start < spans[-1][1]:
                spans[-1] = (spans[-1][0], max(end, spans[-1][1]))
            else:
                spans.append((start, end))
        if not spans:
            return text
        out: list[str] = []
        last = 0
        for start, end in spans:
            out.append(text[last:start])
            out.append(mask)
            last = end
        out.append(text[last:])
        return "".join(out)


def _token(text: str, start: int, end: int) -> tuple[int, int]:
    """The whole base64 token around text[start:end], its `=` padding included."""
    while start > 0 and text[start - 1] in _B64_CHARS:
        start -= 1
    while end < len(text) and text[end] in _B64_CHARS:
        end += 1
    while end < len(text) and text[end] == "=":
        end += 1
    return start, end
