"""The words of the error tree in the reader's language.

The message catalog (`keiri.messages`) sits above this layer: it installs its lookup here when
imported (`use_messages`). Until then the default language's entries of `keiri.catalog.cli`,
`issues` and `runtime` (which import nothing) are used, so an error is never shown with a key instead of words.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

__all__ = ["text", "use_messages"]

_say: list[Callable[..., str]] = []
# A lookup is under way in this thread: the settings it reads may raise a ConfigError.
_busy = threading.local()


def use_messages(say: Callable[..., str]) -> None:
    """Install the catalog lookup `say(key, **kwargs)` (`keiri.messages.t`)."""
    _say[:] = [say]


def text(key: str, **kwargs: Any) -> str:
    """The message `key` in the reader's language; in the default language while the settings
    that name the language cannot be read (their own `ConfigError` is being built)."""
    from keiri.errors import ConfigError

    if _say and not getattr(_busy, "on", False):
        _busy.on = True
        try:
            return _say[0](key, **kwargs)
        except ConfigError:
            pass
        finally:
            _busy.on = False
    from keiri.catalog import cli, issues, runtime

    entry = cli.ENTRIES.get(key) or issues.ENTRIES.get(key) or runtime.ENTRIES[key]
    return entry["ja"].format(**kwargs)
