"""Access control in the app: refuse off loopback without it; shared-secret login; the
logged-in user is who resumes."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from streamlit import config as st_config
from streamlit.testing.v1 import AppTest

from keiri.base.catalog import t
from tests.support.timing import scaled
from tests.ui_app.conftest import APP, WARN, texts

SECRET = "a-shared-secret-of-24-chars"


@pytest.fixture
def public() -> Iterator[None]:
    before = st_config.get_option("server.address")
    st_config.set_option("server.address", "0.0.0.0")
    yield
    st_config.set_option("server.address", before)


def test_public_address_without_access_control_is_refused(
    public: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("KEIRI_UI_SECRET", raising=False)
    at = AppTest.from_file(str(APP), default_timeout=scaled(30)).run()
    assert texts(at, "error") == [f":material/error: {t('runtime.form_app.no_access_control')}"]
    assert not at.title and not at.button  # nothing else is served


def _login(at: AppTest, name: str, secret: str) -> AppTest:
    name_input, secret_input = at.text_input
    name_input.input(name)
    secret_input.input(secret)
    return at.button[0].click().run()


def test_shared_secret_login(public: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KEIRI_UI_SECRET", SECRET)
    monkeypatch.setenv("PREFECT_API_URL", "")  # the pages need no server to show this
    at = AppTest.from_file(str(APP), default_timeout=scaled(30)).run()
    assert texts(at, "title") == [t("auth.login_title")]
    at = _login(at, "佐藤", "wrong-secret")
    assert f"{WARN} {t('auth.secret_wrong')}" in texts(at, "error")
    assert "keiri::user" not in at.session_state
    at = _login(at, "佐藤", SECRET)
    assert at.session_state["keiri::user"] == "佐藤"
    assert t("auth.signed_in", user="佐藤") in texts(at, "caption")
    # A typed name is what the person says they are: resumes record it as self-declared.
    assert at.session_state["keiri::resumer"] == t("auth.self_declared", name="佐藤")
    # Without a Prefect API the inbox reports it in the error widget (no throwaway server).
    assert any("PREFECT_API_URL" in e for e in texts(at, "error"))


def test_short_secret_is_refused(public: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KEIRI_UI_SECRET", "short")
    at = AppTest.from_file(str(APP), default_timeout=scaled(30)).run()
    assert texts(at, "error") == [f":material/error: {t('runtime.form_app.no_access_control')}"]


def test_oidc_login_button_and_user(public: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KEIRI_UI_SECRET", raising=False)
    monkeypatch.setenv("PREFECT_API_URL", "")
    at = AppTest.from_file(str(APP), default_timeout=scaled(30))
    at.secrets["auth"] = {
        "redirect_uri": "https://keiri.example.com/oauth2callback",
        "cookie_secret": "cookie",
        "client_id": "id",
        "client_secret": "secret",
        "server_metadata_url": "https://login.example.com/.well-known/openid-configuration",
    }
    at.user = {"is_logged_in": False}
    at.run()
    assert [b.label for b in at.button] == [t("auth.login")]
    at.user = {"is_logged_in": True, "email": "tanaka@example.com", "name": "田中"}
    at.run()
    assert at.session_state["keiri::user"] == "tanaka@example.com"
    assert at.session_state["keiri::resumer"] == "tanaka@example.com"  # from the provider
    assert t("auth.signed_in", user="tanaka@example.com") in texts(at, "caption")


@pytest.mark.prefect
def test_resume_is_attributed_to_the_logged_in_user(
    public: None,
    monkeypatch: pytest.MonkeyPatch,
    paused_run: Callable[[str], str],
) -> None:
    from flows.lifecycle.control import last_resume, wait_for_run

    monkeypatch.setenv("KEIRI_UI_SECRET", SECRET)
    run_id = paused_run("ask_then_record")
    at = AppTest.from_file(str(APP), default_timeout=scaled(30))
    at.query_params["run"] = run_id
    at = _login(at.run(), "佐藤", SECRET)
    next(w for w in at.text_input if str(w.label).startswith("金額")).input("500")
    at.checkbox[0].check()
    next(b for b in at.button if b.label == "送信して再開").click().run()
    view = wait_for_run(run_id, since_pause_key="ask", timeout=90)
    assert view.state_type == "COMPLETED"
    assert (last_resume(run_id) or {}).get("by") == t(
        "auth.self_declared", name="佐藤"
    )  # a typed name
