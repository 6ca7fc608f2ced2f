"""Table blocks: `table.reconcile` (one-to-one matching of two record lists). The matching
engine lives in `blocks.core.reconcile`."""

__all__: list[str] = []
