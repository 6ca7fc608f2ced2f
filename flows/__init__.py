"""Prefect entry points and run control: `run_plan` (the one deployment entrypoint), run
artifacts, and `control` (list, read a paused form, resume once, wait) shared by the CLI and
the form app. May import `compiler`, `blocks` and `keiri.settings`; never `keiri.cli`,
`keiri.server` or `ui_app`."""
