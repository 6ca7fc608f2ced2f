"""The evidence archive (電子帳簿保存法): originals kept once by sha256, read-only (`vault`); an
index of 取引年月日, 金額, 取引先, document kind, runs and journal entries (`index`), written only
by folding an append-only, hash-chained log of every change (`ledger`); corrections,
deletions (hidden, kept) and purges refused inside the retention period (`archive`); search by
date and amount ranges and counterparty (`search`); the integrity check (`integrity`); export
as a ZIP with an index CSV (`export`); the block `archive.add` (`add`).

Imports `blocks.sdk`, `blocks.text` and `keiri.base`; never another domain.
"""

from __future__ import annotations

__all__: list[str] = []
