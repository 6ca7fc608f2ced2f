"""Who may reach the form app: the loopback address by default; elsewhere only behind a
shared secret (`KEIRI_UI_SECRET`) or Streamlit's OIDC login (`[auth]` in secrets.toml).

Pure checks shared by `keiri ui` (which refuses to listen on another address without access
control) and by the app (which refuses to serve in that case, and logs people in). This
module does not import streamlit.
"""

from __future__ import annotations

import ipaddress
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from keiri.base import settings

__all__ = [
    "MIN_SECRET_LENGTH",
    "SECRET_ENV",
    "AccessMode",
    "access_mode",
    "access_problem",
    "check_secret",
    "configured_env",
    "is_loopback",
    "load_secrets",
    "oidc_configured",
    "secrets_files",
]

SECRET_ENV = "KEIRI_UI_SECRET"
MIN_SECRET_LENGTH = 16

#: local: loopback only, no login; secret: shared secret + user name; oidc: `st.login`.
AccessMode = Literal["local", "secret", "oidc"]

_OIDC_KEYS = ("client_id", "client_secret", "server_metadata_url")


def is_loopback(host: str | None) -> bool:
    """True for 127.0.0.0/8, ::1 and `localhost`. No address means every interface."""
    if not host:
        return False
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip().strip("[]")).is_loopback
    except ValueError:
        return False


def secrets_files(cwd: Path | None = None) -> list[Path]:
    """Where Streamlit reads secrets by default: `~/.streamlit` then `<cwd>/.streamlit`."""
    base = cwd or Path.cwd()
    return [Path.home() / ".streamlit" / "secrets.toml", base / ".streamlit" / "secrets.toml"]


def load_secrets(paths: list[Path]) -> dict[str, Any]:
    """The merged TOML of the existing files (later files win, like Streamlit)."""
    merged: dict[str, Any] = {}
    for path in paths:
        if path.is_file():
            with path.open("rb") as handle:
                merged.update(tomllib.load(handle))
    return merged


def oidc_configured(secrets: Mapping[str, Any]) -> bool:
    """True when `[auth]` has a redirect URI, a cookie secret and one complete provider."""
    auth = secrets.get("auth")
    if not isinstance(auth, Mapping):
        return False
    if not auth.get("redirect_uri") or not auth.get("cookie_secret"):
        return False
    providers = [auth, *(v for v in auth.values() if isinstance(v, Mapping))]
    return any(all(p.get(k) for k in _OIDC_KEYS) for p in providers)


def configured_env() -> dict[str, str]:
    """The access settings of this process (`KEIRI_UI_SECRET`) as the checks below read them."""
    secret = settings.get().ui.secret
    return {SECRET_ENV: secret.get_secret_value()} if secret is not None else {}


def access_mode(env: Mapping[str, str], secrets: Mapping[str, Any]) -> AccessMode:
    if oidc_configured(secrets):
        return "oidc"
    if env.get(SECRET_ENV):
        return "secret"
    return "local"


def access_problem(host: str | None, env: Mapping[str, str], secrets: Mapping[str, Any]) -> str:
    """Why serving on `host` is refused ("" when it is allowed)."""
    mode = access_mode(env, secrets)
    if mode == "secret" and len(env.get(SECRET_ENV, "")) < MIN_SECRET_LENGTH:
        return (
            f"{SECRET_ENV} is shorter than {MIN_SECRET_LENGTH} characters; "
            "use a long random value (e.g. `python -c 'import secrets; print(secrets.token_urlsafe(24))'`)"
        )
    if mode == "local" and not is_loopback(host):
        where = host or "every interface"
        return (
            f"refusing to serve the form app on {where} without access control: "
            f"set {SECRET_ENV} (a shared secret of at least {MIN_SECRET_LENGTH} characters) or "
            "configure OIDC login under [auth] in .streamlit/secrets.toml, "
            "or listen on 127.0.0.1"
        )
    return ""


def check_secret(given: str, env: Mapping[str, str]) -> bool:
    """Constant-time comparison with `KEIRI_UI_SECRET` (False when none is configured)."""
    import hmac

    expected = env.get(SECRET_ENV, "")
    return bool(expected) and hmac.compare_digest(given.encode(), expected.encode())
