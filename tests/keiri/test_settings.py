"""Settings: one validated model, the generated README table, `${env.*}` never reaching keiri's
own settings, `.env` loaded at start without overriding, form links from the form app's port."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from keiri.base import settings
from keiri.base.errors import ConfigError
from keiri.base.settings import table as settings_table
from keiri.cli import main
from tests.conftest import FIXTURES


def test_readme_settings_table_is_current() -> None:
    text = settings_table.README.read_text(encoding="utf-8")
    assert settings_table.rewrite(text) == text, "run: python -m keiri.base.settings.table"


def test_every_problem_is_listed_at_once() -> None:
    env = {
        "KEIRI_SERVER_PORT": "forty-two",
        "KEIRI_UI_PORT": "0",
        "KEIRI_LLM_TIMEOUT_S": "soon",
        "KEIRI_NOTIFY_REMIND_AFTER": "5s",
        "KEIRI_TIMEZONE": "Mars/Olympus",
    }
    with pytest.raises(ConfigError) as caught:
        settings.load(env)
    assert sorted(caught.value.fields) == sorted(env)
    assert caught.value.code == "CONFIG_INVALID" and caught.value.exit_code == 2


@pytest.mark.parametrize(
    ("env", "ja", "en"),
    [
        (
            {"KEIRI_SERVER_PORT": "forty-two"},
            "環境変数 KEIRI_SERVER_PORT: 整数を書いてください（入力: 'forty-two'）",
            "KEIRI_SERVER_PORT: expected a whole number (got 'forty-two')",
        ),
        (
            {"KEIRI_NOTIFY_REMIND_AFTER": "5s"},
            "環境変数 KEIRI_NOTIFY_REMIND_AFTER: リマインドの間隔は 10 秒以上にしてください"
            "（Prefect の最小値。入力: 5s）。リマインドしない場合は off にします",
            "KEIRI_NOTIFY_REMIND_AFTER: Prefect's minimum is 10s (got 5s); use off for no reminder",
        ),
        (
            {"KEIRI_NOTIFY_REMIND_AFTER": "soon"},
            "環境変数 KEIRI_NOTIFY_REMIND_AFTER: 期間は 90s・30m・4h・1d のように数と単位"
            "（s 秒・m 分・h 時間・d 日）で書くか、off にしてください（入力: 'soon'）",
            "KEIRI_NOTIFY_REMIND_AFTER: expected a duration like 90s, 30m, 4h or 1d, or off "
            "(got 'soon')",
        ),
        (
            {"KEIRI_TIMEZONE": "Mars/Olympus"},
            "環境変数 KEIRI_TIMEZONE: タイムゾーンが見つかりません。Asia/Tokyo のような IANA の"
            "名前で指定してください（入力: 'Mars/Olympus'）",
            "KEIRI_TIMEZONE: unknown time zone 'Mars/Olympus' (use an IANA name such as "
            "Asia/Tokyo)",
        ),
    ],
)
def test_a_settings_problem_names_its_variable_and_what_is_allowed(
    env: dict[str, str], ja: str, en: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In Japanese by default; in English when `KEIRI_LANG=en` (read on its own, as the
    settings as a whole do not validate); pydantic's own English never shows."""
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    with pytest.raises(ConfigError) as caught:
        settings.load()
    assert caught.value.problems == [ja] and caught.value.fields == list(env)
    assert caught.value.message == ja
    monkeypatch.setenv("KEIRI_LANG", "en")
    with pytest.raises(ConfigError) as caught:
        settings.load()
    assert caught.value.problems == [en]
    assert "Input should" not in en


def test_a_bad_setting_stops_a_command_with_one_json_document(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("KEIRI_UI_PORT", "eighty")
    code = main(["validate", str(FIXTURES / "plans" / "valid" / "linear_chain.yaml"), "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 2 and doc["error"]["code"] == "CONFIG_INVALID"
    assert doc["error"]["details"]["fields"] == ["KEIRI_UI_PORT"]


def test_reading_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("KEIRI_HOME", str(tmp_path / "a"))
    assert settings.keiri_home() == tmp_path / "a"
    monkeypatch.setenv("KEIRI_HOME", str(tmp_path / "b"))
    assert settings.keiri_home() == tmp_path / "b"
    settings.reset()
    assert settings.get().home.home == tmp_path / "b"


@pytest.mark.parametrize(
    ("allow", "name", "allowed"),
    [
        (None, "KEIRI_VAR_CLOSING_MONTH", True),
        (None, "KEIRI_HOME", False),  # the default is KEIRI_VAR_, not KEIRI_
        ("KEIRI_", "KEIRI_X", True),
        ("KEIRI_", "KEIRI_UI_SECRET", False),  # a setting, even when the allow-list matches
        ("KEIRI_", "KEIRI_NOTIFY_WEBHOOK_URL", False),
        ("OPENAI_,AZURE_", "OPENAI_API_KEY", False),
        ("AZURE_", "AZURE_OPENAI_API_KEY", False),
        ("PREFECT_", "PREFECT_API_KEY", False),
    ],
)
def test_plans_never_read_keiri_settings(
    monkeypatch: pytest.MonkeyPatch, allow: str | None, name: str, allowed: bool
) -> None:
    if allow is None:
        monkeypatch.delenv("KEIRI_ENV_ALLOW", raising=False)
    else:
        monkeypatch.setenv("KEIRI_ENV_ALLOW", allow)
    monkeypatch.setenv(name, "value")
    assert settings.env_allowed(name) is allowed
    assert settings.plan_env(name) == ("value" if allowed else None)


def test_dotenv_is_loaded_at_start_without_overriding(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = ("KEIRI_VAR_FROM_DOTENV", "OPENAI_API_KEY", "KEIRI_LLM_MODEL")
    for name in names:  # so monkeypatch restores whatever `.env` adds to this process
        monkeypatch.setenv(name, "unset")
        monkeypatch.delenv(name)
    monkeypatch.setenv("KEIRI_LLM_MODEL", "set-by-the-shell")
    dotenv = tmp_path / ".env"
    text = (
        "KEIRI_VAR_FROM_DOTENV=月次\n"
        "OPENAI_API_KEY=sk-dotenv-secret-123456\n"
        "KEIRI_LLM_MODEL=from-dotenv\n"
    )
    dotenv.write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code = main(["validate", str(FIXTURES / "plans" / "valid" / "linear_chain.yaml")])
    out, err = capsys.readouterr()
    assert code == 0
    assert os.environ["KEIRI_VAR_FROM_DOTENV"] == "月次"
    assert os.environ["KEIRI_LLM_MODEL"] == "set-by-the-shell"  # never overridden
    assert settings.get().llm.openai_api_key is not None
    assert "sk-dotenv-secret" not in out + err + repr(settings.get())  # never shown
    assert dotenv.read_text(encoding="utf-8") == text  # never written back


def test_keiri_dotenv_names_another_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("KEIRI_VAR_OTHER", "unset")
    monkeypatch.delenv("KEIRI_VAR_OTHER")
    other = tmp_path / "team.env"
    other.write_text("KEIRI_VAR_OTHER=1\n", encoding="utf-8")
    monkeypatch.setenv("KEIRI_DOTENV", str(other))
    assert settings.load_dotenv_file() == other.resolve()
    assert os.environ["KEIRI_VAR_OTHER"] == "1"
    monkeypatch.setenv("KEIRI_DOTENV", str(tmp_path / "missing.env"))
    with pytest.raises(ConfigError, match="KEIRI_DOTENV"):
        settings.load_dotenv_file()


def test_form_links_follow_the_form_app_port(monkeypatch: pytest.MonkeyPatch) -> None:
    from flows.backend.notify import NotifyConfig, form_link

    monkeypatch.delenv("KEIRI_UI_URL", raising=False)
    monkeypatch.setenv("KEIRI_UI_PORT", "8631")
    assert form_link("r1") == "http://127.0.0.1:8631/?run=r1"
    assert NotifyConfig.from_env().form_app_url == "http://127.0.0.1:8631"
    monkeypatch.setenv("KEIRI_UI_HOST", "0.0.0.0")  # every interface: links use loopback
    assert form_link("r1") == "http://127.0.0.1:8631/?run=r1"
    monkeypatch.setenv("KEIRI_UI_URL", "https://forms.example.test/")
    assert form_link("r1") == "https://forms.example.test/?run=r1"
