"""The Prefect backend: what a plan run executes with — the node task and human input
(`prefect_backend`), pauses in children (`child_pauses`, `pause_wait`, `resume_marker`),
re-asking and re-entering (`reask`, `reenter`), result reuse, run inputs and secrets,
artifacts, notifications of a run, liveness records, progress and the people summary.

May import `compiler`, `blocks` and `keiri.base`; never `flows.lifecycle`, `flows.deploy`,
`flows.run_plan`, `keiri.cli`, `keiri.server` or `ui_app`.
"""

__all__: list[str] = []
