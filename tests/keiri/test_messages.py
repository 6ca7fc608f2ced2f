"""The message catalog: every message in both languages with the same fields; the language
and the time zone come from the environment; run states in words."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from blocks.forms.form import FormSpec, Requirement
from keiri.base.catalog import CATALOG, LANGUAGES, placeholders, state_label, t
from keiri.base.times import local_time


@pytest.mark.parametrize("key", sorted(CATALOG))
def test_every_message_has_both_languages_with_the_same_fields(key: str) -> None:
    assert set(CATALOG[key]) == set(LANGUAGES)
    assert placeholders(key, "ja") == placeholders(key, "en")


def test_language_from_keiri_lang(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    # The one literal of this check: KEIRI_LANG unset reads Japanese.
    assert t("field.required") == "必須項目です。入力してください"
    monkeypatch.setenv("KEIRI_LANG", "en_US.UTF-8")
    assert t("field.required") == "This field is required"
    form = FormSpec.build("confirm", [Requirement(id="n", type="number", label="N")])
    assert [f.label for f in form.fields[1:]] == ["Approve", "Comment"]
    assert form.problems({"n": "x"})[0].message.startswith("Enter a number")
    monkeypatch.setenv("KEIRI_LANG", "fr")  # unknown: the users' language
    assert t("form.approved") == t("form.approved", "ja")


def test_an_unknown_key_is_an_error_not_the_key() -> None:
    with pytest.raises(KeyError):
        t("no.such.message")


@pytest.mark.parametrize(
    ("state", "key"),
    [
        ("Paused", "state.PAUSED"),
        ("PAUSED", "state.PAUSED"),
        ("Completed", "state.COMPLETED"),
        ("Failed", "state.FAILED"),
        ("Crashed", "state.CRASHED"),
        ("Cancelled", "state.CANCELLED"),
        ("AwaitingRetry", "state.AWAITINGRETRY"),
        ("Running", "state.RUNNING"),
        ("Suspended", "state.SUSPENDED"),
    ],
)
def test_states_in_japanese(state: str, key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    assert state_label(state) == t(key, "ja")


def test_times_in_tokyo_unless_configured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KEIRI_TIMEZONE", raising=False)
    moment = datetime(2024, 4, 30, 15, 30, tzinfo=UTC)
    assert local_time(moment) == "2024-05-01 00:30"
    assert local_time("2024-04-30T15:30:00+00:00") == "2024-05-01 00:30"
    assert local_time(moment.timestamp()) == "2024-05-01 00:30"
    assert local_time(None) == t("time.unknown")
    monkeypatch.setenv("KEIRI_TIMEZONE", "Europe/Berlin")
    assert local_time(moment) == "2024-04-30 17:30"
