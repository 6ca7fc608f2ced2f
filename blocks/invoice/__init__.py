"""The invoice domain: the blocks `invoice.extract_fields` (the items of a Japanese qualified
invoice from its text), `invoice.check` (the rules of the qualified invoice system) and
`invoice.triage` / `invoice.account_files` (what happened to every evidence file), with their
library beside them — document kinds (`doc_kinds`), extraction (`extract`, `lines`,
`evidence`, `llm_reader`), the rules (`rules`) and file outcomes (`file_outcomes`)."""

__all__: list[str] = []
