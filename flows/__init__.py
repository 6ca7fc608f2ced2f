"""Plans on Prefect, by part: `run_plan` (the one flow, also the deployment entrypoint),
`backend` (what a run executes with: the node task, human input, pauses, reuse, artifacts),
`lifecycle` (start, wait, resume, retry, cancel, the outcome — shared by the CLI and the form
app) and `deploy` (recurring runs). May import `compiler`, `blocks` and `keiri.base`; never
`keiri.cli`, `keiri.server`, `keiri.copilot` or `ui_app`."""
