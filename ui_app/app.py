"""The form app's entry script: `streamlit run ui_app/app.py` (started by `keiri ui`).

The Japanese web font and widget texts first (`ui_app.style`), then access control
(`ui_app.auth.gate`), then the pages (`ui_app.nav`), which ask Prefect through one client per
drawing (`ui_app.backend.api_session`).
"""

from __future__ import annotations

import streamlit as st

from keiri.base import settings
from keiri.base.catalog import t
from ui_app import auth, backend, nav, read_ahead, style

__all__: list[str] = []

settings.load_dotenv_file()  # `.env` in the working directory (never overrides, never logged)
st.set_page_config(
    page_title=t("nav.app_title"), page_icon=":material/receipt_long:", layout="wide"
)
style.ensure_font()
style.apply()
auth.gate()
with backend.api_session():
    nav.run()
read_ahead.drawn()
