"""The notice at the top of a page that needs the LLM (分析, 依頼, コパイロット, 設計).

`llm_ready()` reads the LLM configuration from keiri's settings alone
(`blocks.llm.readiness`: nothing heavy is imported). Not configured: the person in front of
the page reads 「この機能は管理者の設定が必要です」, the variables an administrator sets are folded
in an expander below it, and the page disables its input (it gets False). A page with an
LLM client of its own (a test's scripted client) passes `injected=True`.
"""

from __future__ import annotations

import streamlit as st

from keiri.base.catalog import t

__all__ = ["llm_ready"]


def llm_ready(*, injected: bool = False) -> bool:
    """True when the page can call the LLM; else the notice is drawn and False returned."""
    if injected:
        return True
    from blocks.llm.readiness import readiness

    ready = readiness()
    if ready.configured:
        return True
    st.warning(t("llm_page.not_configured"), icon=":material/lock:")
    with st.expander(t("llm_page.admin")):
        missing = t("llm_page.sep").join(f"`{name}`" for name in ready.missing)
        st.markdown(t("llm_page.admin_missing", variables=missing or "—"))
        st.markdown(t("runtime.llm.hint.no_api_key"))
        if ready.problem:
            st.caption(ready.problem)
        st.caption(t("llm_page.admin_restart"))
    return False
