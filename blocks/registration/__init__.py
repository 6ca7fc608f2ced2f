"""The registration-number registry (登録番号), offline first.

The NTA's published bulk files (full snapshot and daily differences) are imported into a local
SQLite database with every version of every number (`importer`, `reader`, `layout`,
`database`, `status`); `lookup.Registry` answers, for a number and a transaction date, its
status, the registered name and whether it matches the issuer, and the source (`answer`), with
the optional Web-API (`online`) as a fallback for numbers the local data lacks. The block
`registry.check` (`check`) gives those answers to a plan.

Imports `blocks.sdk`, `blocks.text` and `keiri.base`; never another domain (`blocks.invoice`
reads `registry.check`'s answers, it does not import this package).
"""

from __future__ import annotations

__all__: list[str] = []
