"""Prefect entry points and run control: `run_plan` (the one deployment entrypoint), run
artifacts, `runs` (the run lifecycle: start, wait, resume, retry, cancel, the `RunOutcome`)
over `control` (list, read a paused form, resume once, wait), shared by the CLI and the form
app, and `runner` (the background process of detached runs). May import `compiler`, `blocks` and `keiri.settings`; never `keiri.cli`,
`keiri.server` or `ui_app`."""
