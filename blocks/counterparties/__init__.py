"""The counterparty master (取引先): names and the kana bank names of statements, registration
numbers, default accounts and tax categories, payment terms (`terms`), bank accounts; stored
in SQLite in the keiri home with an append-only change log (`store`); CSV import and export
(`csvio`); account rules learned from people's corrections (`rules`); the linking of invoices
and statement lines to counterparties (`linking`) and the block `counterparties.link` (`link`).

Imports `blocks.text` and `blocks.invoice` below it; never `blocks.journals` above it.
"""

__all__: list[str] = []
