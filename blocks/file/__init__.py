"""File blocks: `file.parse_zip_2tier` (an evidence ZIP as vendor folders and files, with
text) and `file.extract_text` (text of PDF/DOCX/XLSX/TXT/MD/CSV files). The mechanics live in
`blocks.core.folder_processor` and `blocks.core.file_processor`."""

__all__: list[str] = []
