"""Bank and card statements: the reader library (`statements`: CSV exports, workbooks, the
全銀 fixed-length format, by bank profile) and the `table.read_statement` block
(`read_statement`)."""

__all__: list[str] = []
