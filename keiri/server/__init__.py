"""The embedded local Prefect server: its supervision (`supervisor`: start, stop, status), how a
client process finds and points at its Prefect API (`client_env`: `connect`, `prefect_env`) and
the SQLite server process keiri starts (`sqlite_server`).

Application layer: imported by `keiri.cli` and the quick start only; never by `flows`,
`compiler`, `blocks` or `ui_app` (the `keiri ui` command sets the environment for the app).
"""

__all__: list[str] = []
