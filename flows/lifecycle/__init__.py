"""The run lifecycle, as the CLI and the form app see it: `runs` (start in this process,
detached or from a deployment; wait, resume, retry, cancel; the outcome), `control` (list
runs, read a paused form, resume once, wait), `start` (create a pending run and hand it to a
runner: the one place, for the quick start, the CLI and the form app; `api` is its small
Prefect API client), `quick_start` (the start notes), `runner` (the background process of a
detached run) and `runner_slots`.

May import `flows.backend`, `flows.run_plan`, `compiler`, `blocks` and `keiri.base`; never
`keiri.cli`, `keiri.server` or `ui_app`.
"""

__all__: list[str] = []
