"""Reconciliation: the one-to-one matching engine (`matching`) and the `table.reconcile`
block (`reconcile`)."""

__all__: list[str] = []
