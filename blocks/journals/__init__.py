"""Journal entries (仕訳) from a month's checked invoices and matched payments, and their
exports to 弥生会計, マネーフォワード クラウド会計, freee, a generic CSV and Excel.

Imports `blocks.counterparties` (the master and its rules), `blocks.invoice`, `blocks.excel`
and `blocks.text` below it; nothing above `blocks`.
"""

__all__: list[str] = []
