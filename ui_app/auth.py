"""Who is using the app: refuse to serve without access control off the loopback address,
log people in (shared secret + name, or Streamlit's OIDC `st.login`), and name the user that
each resume is attributed to.
"""

from __future__ import annotations

import getpass
import time
from collections.abc import Mapping
from typing import Any

import streamlit as st

from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base import settings
from keiri.base.catalog import t
from ui_app.access import access_mode, access_problem, check_secret, configured_env
from ui_app.errors import render_error, render_field_problems

__all__ = ["RESUMER_KEY", "USER_KEY", "current_user", "gate"]

USER_KEY = "keiri::user"
#: The name a resume, a retry or a start is recorded under: the OIDC user as the provider
#: says, a shared-secret login's typed name marked as self-declared.
RESUMER_KEY = "keiri::resumer"
_MAX_NAME = 64


def _secrets() -> Mapping[str, Any]:
    if not st.secrets.load_if_toml_exists():
        return {}
    data: dict[str, Any] = st.secrets.to_dict()
    return data


def _local_user() -> str:
    try:
        return settings.get().ui.user or getpass.getuser()
    except (KeyError, OSError):
        return "local"


def _oidc_provider(secrets: Mapping[str, Any]) -> str | None:
    auth = secrets.get("auth") or {}
    if auth.get("client_id"):
        return None
    named = [k for k, v in auth.items() if isinstance(v, Mapping) and v.get("client_id")]
    return named[0] if named else None


def _oidc_user(secrets: Mapping[str, Any]) -> str:
    if not st.user.get("is_logged_in"):
        st.title(t("auth.title"))
        st.write(t("auth.prompt"))
        st.button(
            t("auth.login"), on_click=st.login, args=(_oidc_provider(secrets),), type="primary"
        )
        st.stop()
    who = st.user.get("email") or st.user.get("name") or st.user.get("sub")
    if not who:
        render_error(
            BlockError(
                ErrorCode.PERMISSION_DENIED,
                t("runtime.form_app.no_identity"),
                hint=t("runtime.form_app.no_identity_hint"),
            ),
            key="auth",
        )
        st.stop()
    return str(who)


def _secret_user() -> str:
    user = st.session_state.get(USER_KEY)
    if isinstance(user, str) and user:
        return user
    st.title(t("auth.login_title"))
    with st.form("keiri-login"):
        name = st.text_input(t("auth.name"), max_chars=_MAX_NAME)
        secret = st.text_input(t("auth.secret"), type="password")
        submitted = st.form_submit_button(t("auth.login"), type="primary")
    if submitted:
        if not name.strip():
            render_field_problems([t("auth.name_missing")])
        elif check_secret(secret, configured_env()):
            st.session_state[USER_KEY] = name.strip()
            st.rerun()
        else:
            time.sleep(1)  # slows down guessing
            render_field_problems([t("auth.secret_wrong")])
    st.stop()


def gate() -> str:
    """The user of this session; shows the login (or the refusal) and stops otherwise."""
    secrets = _secrets()
    problem = access_problem(st.get_option("server.address"), configured_env(), secrets)
    if problem:
        render_error(
            BlockError(
                ErrorCode.PERMISSION_DENIED,
                t("runtime.form_app.no_access_control"),
                details={"reason": problem},
                hint=t("runtime.form_app.no_access_control_hint"),
            ),
            key="access",
        )
        st.stop()
    mode = access_mode(configured_env(), secrets)
    if mode == "oidc":
        user = _oidc_user(secrets)
    elif mode == "secret":
        user = _secret_user()
    else:
        user = _local_user()
    st.session_state[USER_KEY] = user
    st.session_state[RESUMER_KEY] = t("auth.self_declared", name=user) if mode == "secret" else user
    with st.sidebar:
        st.caption(t("auth.signed_in", user=user))
        if mode == "oidc":
            st.button(t("auth.logout"), on_click=st.logout)
        elif mode == "secret":
            st.button(t("auth.logout"), on_click=st.session_state.pop, args=(USER_KEY, None))
    return user


def current_user() -> str:
    """Who this session acts as (resumes, retries, starts): set by `gate` from the
    authenticated session, never from a form field."""
    user = st.session_state.get(RESUMER_KEY) or st.session_state.get(USER_KEY)
    if not isinstance(user, str) or not user:
        raise BlockError(
            ErrorCode.PERMISSION_DENIED,
            t("runtime.form_app.not_logged_in"),
            hint=t("runtime.form_app.not_logged_in_hint"),
        )
    return user
