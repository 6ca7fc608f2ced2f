"""The foundation every layer of keiri may import: the error tree (`errors`), the message
catalog (`catalog`, one `t()` that decides the language itself), the settings (`settings`),
times as people read them (`times`), masking of secrets (`masking`), roles and permissions
(`permissions`) and process identity (`processes`).

Never imports anything above it: not `blocks`, `compiler`, `flows`, `designer`, `ui_app`, nor
the application packages of `keiri` (`keiri.cli`, `keiri.copilot`, `keiri.server`,
`keiri.launch`). Checked by import-linter and `scripts/check_imports.py`.
"""

__all__: list[str] = []
