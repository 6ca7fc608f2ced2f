"""The Streamlit form app (`keiri ui`): inbox of paused runs, the form of one run, recent runs.

It owns the pages (`ui_app.views`), the session-state contract of a form
(`ui_app.session_state`), the one error widget (`ui_app.errors`) and access control
(`ui_app.access`, `ui_app.auth`). It talks to Prefect only through `flows.lifecycle.control` and may
import `flows`, `compiler`, `blocks` and `keiri.base.settings`; it must never import `keiri.cli` or
`keiri.server` (`supervisor`, `client_env`: the `keiri ui` command sets the Prefect environment
for it).
"""

__all__: list[str] = []
