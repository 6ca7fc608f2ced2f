"""The plan language: models, references, expressions, validation, dry-run, and compilation
of a plan for a backend. May import `blocks` and `keiri.base.settings`; never `flows`, `ui_app`,
`keiri.cli` or Prefect (the Prefect backend lives in `flows.backend.prefect_backend`)."""
