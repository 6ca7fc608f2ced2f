"""The file domain: the blocks `file.parse_zip_2tier` (an evidence ZIP as vendor folders and
files, with text) and `file.extract_text` (text of PDF/DOCX/XLSX/TXT/MD/CSV/images), with the
readers beside them: the ZIP processor and its guards (`folder_processor`, `archive_guard`,
`archive_names`), the text extractor (`file_processor`, `extract_*`, `office_guard`) and OCR."""

__all__: list[str] = []
