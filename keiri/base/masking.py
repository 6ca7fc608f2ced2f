"""Secrets masked wherever a value is shown: the one definition every surface uses.

Two rules, applied together by `mask(value)`:

- **By key name** (`is_secret_name`): a mapping key, var, form field or environment variable
  is secret when its *words* say so. A name is split into words at anything that is not a
  letter or digit and at camelCase humps (`apiKey` -> `api key`, `X-Auth-Token` -> `x auth
  token`), lower-cased, and is secret when:
  - a word is one of `SECRET_WORDS` (`secret`, `password`, `passwd`, `passphrase`,
    `apikey`, `credential(s)`, `authorization`, ...), or
  - the last word is `token` (`access_token`, `token`; but not `max_tokens`, `token_usage`:
    counts of LLM tokens are not secrets), or
  - the last word is `key`/`keys` after a qualifier that makes it a credential
    (`api_key`, `private_key`, `secret_key`, `access_keys`, `license_key`, ...), or
  - the name contains a Japanese term for one (`パスワード`, `暗証番号`, `秘密鍵`, `トークン`, ...).
  Whole words, so `monkey`, `keyword`, `keys`, `sort_key`, `cache_key` and a bare `key` (an
  identifier: a pause key, an artifact key) are not secret.
  Under a secret key the whole value is replaced by `MASK` (a mapping or a list too: a
  FileRef answered to a secret field keeps neither its name nor its uri); None stays None.
- **By value** (`register`): the values of known secrets — plan vars declared `secret: true`
  or named like one, `${env.*}` variables named like one, answers to secret form fields, and
  keiri's own secret settings (`SecretStr`: API keys, the webhook URL, the form app secret) —
  are replaced by `MASK` wherever they occur inside any string, under any key. Values shorter
  than `MIN_SECRET_LENGTH` characters are not registered (masking every "1" would hide more
  than it protects). A value is found in the forms it takes on its way out, too:
  percent-encoded, JSON-escaped and base64 (alone or inside `base64("user:key")`), see
  `keiri.base.secret_forms`.

The registry is per process (a run registers its secrets as it reads them; a surface in the
same process masks them). Values shown by another process (the CLI reading a run's record)
were masked when that record was written.

This module imports only `keiri.base.settings` and `keiri.base.secret_forms`.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, SecretStr

from keiri.base import settings
from keiri.base.secret_forms import Matcher

__all__ = [
    "MASK",
    "MIN_SECRET_LENGTH",
    "SECRET_WORDS",
    "MaskingFilter",
    "install_log_filter",
    "is_secret_name",
    "known_secrets",
    "mask",
    "mask_text",
    "register",
    "secret_values",
]

MASK = "***"
MIN_SECRET_LENGTH = 4

#: Words that make any name secret, wherever they stand in it.
SECRET_WORDS = frozenset(
    {
        "secret",
        "secrets",
        "password",
        "passwords",
        "passwd",
        "passphrase",
        "apikey",
        "apikeys",
        "credential",
        "credentials",
        "authorization",
        "cookie",
        "privatekey",
    }
)
#: Words before a final `key`/`keys` that make it a credential.
_KEY_QUALIFIERS = frozenset(
    {
        "api",
        "access",
        "secret",
        "private",
        "signing",
        "encryption",
        "client",
        "subscription",
        "auth",
        "ssh",
        "master",
        "license",
        "licence",
        "app",
        "account",
        "webhook",
        "session",
        "shared",
        "storage",
    }
)
_JAPANESE = ("パスワード", "暗証番号", "秘密鍵", "シークレット", "トークン", "APIキー", "認証キー")
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+|[^\W\d_A-Za-z]+")

_lock = threading.Lock()
_known: set[str] = set()


class _Cache:
    """The matcher of the known secrets, rebuilt when the registry or the settings change."""

    version = 0
    key: tuple[int, tuple[str, ...]] | None = None
    matcher: Matcher | None = None


@lru_cache(maxsize=8192)
def is_secret_name(name: str) -> bool:
    """Whether a key, var, field or environment variable named `name` holds a secret."""
    if any(term in name for term in _JAPANESE):
        return True
    words = [w.lower() for w in _WORD.findall(name)]
    if not words:
        return False
    if any(w in SECRET_WORDS for w in words):
        return True
    last = words[-1]
    if last == "token":
        return True
    return last in ("key", "keys") and len(words) > 1 and words[-2] in _KEY_QUALIFIERS


def secret_values(value: Any) -> list[str]:
    """The strings inside a secret value (a text, a number, a FileRef's name, lists of them)."""
    if isinstance(value, SecretStr):
        return [value.get_secret_value()]
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        if {"uri", "name", "sha256"} <= set(value):  # a FileRef: its name (the rest is no secret)
            return secret_values(value["name"])
        return [s for v in value.values() for s in secret_values(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in secret_values(v)]
    if isinstance(value, int | float) and not isinstance(value, bool):
        return [str(value)]
    return []


def register(values: Iterable[Any]) -> None:
    """Remember these secret values (texts or structures of them) for this process."""
    found = {s for v in values for s in secret_values(v) if len(s) >= MIN_SECRET_LENGTH}
    with _lock:
        if not found <= _known:
            _known.update(found)
            _Cache.version += 1


def _settings_secrets() -> tuple[str, ...]:
    return tuple(
        text
        for text in settings.secret_values()
        if len(text) >= MIN_SECRET_LENGTH and text.lower() != "off"
    )


def known_secrets() -> frozenset[str]:
    """The registered values and keiri's secret settings (read now)."""
    with _lock:
        known = set(_known)
    return frozenset(known.union(_settings_secrets()))


def _compiled() -> Matcher | None:
    key = (_Cache.version, _settings_secrets())
    if key != _Cache.key:
        secrets = known_secrets()
        _Cache.key, _Cache.matcher = key, Matcher(secrets) if secrets else None
    return _Cache.matcher


def mask_text(text: str) -> str:
    """`text` with every known secret value, in every form it takes, replaced by `MASK`."""
    found = _compiled()
    return found.sub(MASK, text) if found is not None else text


def mask(value: Any) -> Any:
    """A copy of `value` (mappings, lists, texts) with secrets masked by both rules."""
    return _mask(value, _compiled())


def _mask(value: Any, matcher: Matcher | None) -> Any:
    if isinstance(value, dict):
        return {
            k: (MASK if v is not None else None)
            if isinstance(k, str) and is_secret_name(k)
            else _mask(v, matcher)
            for k, v in value.items()
        }
    if isinstance(value, list | tuple):
        return [_mask(v, matcher) for v in value]
    if isinstance(value, str) and matcher is not None:
        return matcher.sub(MASK, value)
    if isinstance(value, SecretStr):
        return MASK
    if isinstance(value, BaseModel):  # e.g. a FileRef: masked as the JSON it is shown as
        return _mask(value.model_dump(mode="json"), matcher)
    return value


class MaskingFilter(logging.Filter):
    """A handler filter that masks a log record's message and traceback (a log line is a
    surface too: Prefect sends its run loggers' lines to the API and the UI)."""

    def filter(self, record: logging.LogRecord) -> bool:
        matcher = _compiled()
        if matcher is None:
            return True
        message = record.getMessage()
        masked = matcher.sub(MASK, message)
        if masked != message:
            record.msg, record.args = masked, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = matcher.sub(MASK, record.exc_text)
        return True


def install_log_filter(*loggers: str) -> None:
    """Add one `MaskingFilter` to every handler of these loggers (once per handler)."""
    for name in loggers:
        for handler in logging.getLogger(name).handlers:
            if not any(isinstance(f, MaskingFilter) for f in handler.filters):
                handler.addFilter(MaskingFilter())
