"""Japanese business text shared by the block domains: yen amounts (`amounts`), dates in
西暦 and 和暦 (`dates`), NFKC normalisation and labels (`japanese`) and the numbers a text
quotes (`quoted_numbers`). Plain libraries: no BlockContext, no block.

Imports only `blocks.sdk` and `keiri.base`.
"""

__all__: list[str] = []
