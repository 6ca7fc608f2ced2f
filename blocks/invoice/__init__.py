"""Invoice blocks: `invoice.extract_fields` (the items of a Japanese qualified invoice from its
text, deterministic) and `invoice.check` (the rules of the qualified invoice system). The logic
lives in `blocks.core.invoice_extract` and `blocks.core.invoice_rules`."""

__all__: list[str] = []
