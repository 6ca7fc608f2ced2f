"""Core components the blocks share (seed 000 §2), plain libraries without a BlockContext:

- `llm_client`, `llm_schema`: OpenAI / Azure OpenAI with structured output;
- `excel_manager`: openpyxl/calamine reading and template-preserving writing;
- `folder_processor`, `archive_names`, `archive_guard`: ZIP evidence read with limits;
- `file_processor`, `extract_*`: text from PDF/DOCX/XLSX/TXT/MD/CSV with content sniffing;
- `reconcile`, `invoice_text`, `invoice_extract`, `invoice_rules`: accounting logic.
"""
