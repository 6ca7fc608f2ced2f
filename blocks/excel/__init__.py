"""Excel blocks: `excel.read_data` (a sheet as records) and `excel.write` (tables into a
template or a new workbook). The workbook mechanics live in `blocks.excel.excel_manager`."""

__all__: list[str] = []
