"""The plan language: models, references, expressions, validation, dry-run, and compilation
of a plan into a Prefect flow. May import `blocks` and `keiri.settings`; never `flows`,
`ui_app` or `keiri.cli`. Prefect is imported lazily, only by the Prefect backend."""
