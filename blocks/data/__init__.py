"""Data blocks: `data.aggregate` (sums and counts by key) and `data.check_rules` (rules over
records)."""

__all__: list[str] = []
