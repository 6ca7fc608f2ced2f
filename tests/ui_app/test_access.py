"""Safe defaults: loopback only unless access control is configured (`keiri ui` and the app)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui_app.access import (
    access_mode,
    access_problem,
    check_secret,
    is_loopback,
    load_secrets,
    oidc_configured,
)

SECRET = "s3cret-value-long-enough"
OIDC = {
    "auth": {
        "redirect_uri": "https://keiri.example.com/oauth2callback",
        "cookie_secret": "cookie",
        "client_id": "id",
        "client_secret": "secret",
        "server_metadata_url": "https://login.example.com/.well-known/openid-configuration",
    }
}


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("127.0.0.1", True),
        ("127.1.2.3", True),
        ("::1", True),
        ("[::1]", True),
        ("localhost", True),
        ("0.0.0.0", False),
        ("192.168.1.10", False),
        ("keiri.example.com", False),
        ("", False),
        (None, False),
    ],
)
def test_is_loopback(host: str | None, expected: bool) -> None:
    assert is_loopback(host) is expected


def test_modes() -> None:
    assert access_mode({}, {}) == "local"
    assert access_mode({"KEIRI_UI_SECRET": SECRET}, {}) == "secret"
    assert access_mode({"KEIRI_UI_SECRET": SECRET}, OIDC) == "oidc"


def test_oidc_needs_a_complete_provider() -> None:
    assert oidc_configured(OIDC)
    named = {"auth": {"redirect_uri": "u", "cookie_secret": "c", "google": OIDC["auth"]}}
    assert oidc_configured(named)
    assert not oidc_configured({"auth": {"redirect_uri": "u", "cookie_secret": "c"}})
    assert not oidc_configured({"auth": {**OIDC["auth"], "cookie_secret": ""}})


def test_access_problems() -> None:
    assert access_problem("127.0.0.1", {}, {}) == ""
    assert "refusing to serve the form app on 0.0.0.0" in access_problem("0.0.0.0", {}, {})
    assert "every interface" in access_problem(None, {}, {})
    assert access_problem("0.0.0.0", {"KEIRI_UI_SECRET": SECRET}, {}) == ""
    assert access_problem("0.0.0.0", {}, OIDC) == ""
    assert "shorter than 16" in access_problem("127.0.0.1", {"KEIRI_UI_SECRET": "short"}, {})


def test_check_secret() -> None:
    env = {"KEIRI_UI_SECRET": SECRET}
    assert check_secret(SECRET, env)
    assert not check_secret(SECRET + "x", env)
    assert not check_secret("", {})


def test_load_secrets_merges_files(tmp_path: Path) -> None:
    first, second = tmp_path / "a.toml", tmp_path / "b.toml"
    first.write_text('[auth]\nredirect_uri = "x"\n', encoding="utf-8")
    second.write_text("other = 1\n", encoding="utf-8")
    assert load_secrets([first, second, tmp_path / "missing.toml"]) == {
        "auth": {"redirect_uri": "x"},
        "other": 1,
    }


def _ui(*args: str) -> int:
    from keiri.cli import main

    return main(["ui", *args])


def test_keiri_ui_refuses_a_public_address_without_access_control(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("KEIRI_UI_SECRET", raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert _ui("--host", "0.0.0.0") == 2
    err = capsys.readouterr().err
    assert "フォームアプリを 0.0.0.0 で公開できません" in err and "KEIRI_UI_SECRET" in err
    monkeypatch.setenv("KEIRI_UI_SECRET", "short")
    assert _ui("--host", "0.0.0.0") == 2
    assert "KEIRI_UI_SECRET が 16 文字より短いため" in capsys.readouterr().err
    monkeypatch.setenv("KEIRI_LANG", "en")
    assert _ui("--host", "0.0.0.0") == 2
    assert "is shorter than 16 characters" in capsys.readouterr().err


def test_keiri_ui_command_line() -> None:
    from keiri.cli.ui_cmd import streamlit_command

    command = streamlit_command("127.0.0.1", 8600)
    assert command[1:4] == ["-m", "ui_app.serve", "run"]
    assert command[4].endswith("ui_app/app.py")
    flags = dict(zip(command[5::2], command[6::2], strict=True))
    assert flags["--server.address"] == "127.0.0.1" and flags["--server.port"] == "8600"
    assert flags["--server.headless"] == "true"
    assert flags["--browser.gatherUsageStats"] == "false"
    assert flags["--runner.postScriptGC"] == "false"
