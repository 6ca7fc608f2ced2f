"""Recurring runs: deployment files (`spec`: `deployments/<name>.yaml`) and their application
on Prefect (`apply`: render `prefect.yaml`, create the pool, apply, serve).

May import `flows.run_plan`, `flows.backend`, `compiler`, `blocks` and `keiri.base`.
"""

__all__: list[str] = []
