"""The one masking rule (`keiri.base.masking`): names by whole words, known values anywhere."""

from __future__ import annotations

import pytest

from blocks.forms.requirement import Requirement
from blocks.sdk.base import summarize
from compiler.events import EventLog
from keiri.base import masking
from keiri.base.masking import MASK, is_secret_name, mask


@pytest.mark.parametrize(
    "name",
    [
        "api_key",
        "apiKey",
        "OPENAI_API_KEY",
        "private_key",
        "access_keys",
        "client_secret",
        "secret_document",
        "password",
        "DB_PASSWORD",
        "passwd",
        "access_token",
        "token",
        "X-Auth-Token",
        "KEIRI_VAR_BANK_TOKEN",
        "Authorization",
        "credentials",
        "パスワード",
        "銀行の暗証番号",
    ],
)
def test_secret_names(name: str) -> None:
    assert is_secret_name(name)


@pytest.mark.parametrize(
    "name",
    [
        "monkey",
        "keyword",
        "key",  # an identifier (pause key, artifact key), not a credential
        "keys",
        "sort_key",
        "cache_key",
        "max_tokens",
        "total_tokens",
        "token_usage",
        "turkey_count",
        "amount",
        "KEIRI_VAR_CLOSING_MONTH",
    ],
)
def test_harmless_names(name: str) -> None:
    assert not is_secret_name(name)


def test_mask_by_key_and_by_known_value() -> None:
    masking.register(["tok-VALUE-1234", "abc"])  # "abc": too short to be registered
    value = {
        "note": "the token is tok-VALUE-1234!",
        "api_key": {"nested": "anything"},
        "password": None,
        "rows": [{"client_secret": 5, "abc": "abc"}],
        "evidence_secret": {"uri": "keiri://store/x", "name": "n.pdf", "sha256": "x"},
    }
    assert mask(value) == {
        "note": f"the token is {MASK}!",
        "api_key": MASK,
        "password": None,
        "rows": [{"client_secret": MASK, "abc": "abc"}],
        "evidence_secret": MASK,
    }
    assert masking.MIN_SECRET_LENGTH == 4


def test_file_name_of_a_secret_answer_is_registered_not_its_media_type() -> None:
    ref = {"uri": "keiri://store/ab", "name": "FILE-NAME-SECRET.pdf", "sha256": "ab", "size": 9}
    masking.register([ref])
    assert "FILE-NAME-SECRET" not in str(mask({"log": "read FILE-NAME-SECRET.pdf"}))
    assert "keiri://store/ab" in str(mask({"uri": "keiri://store/ab"}))


def test_settings_secrets_are_masked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KEIRI_UI_SECRET", "ui-secret-0123456789")
    assert mask("login with ui-secret-0123456789") == f"login with {MASK}"


def test_snapshots_and_events_use_the_same_rule() -> None:
    masking.register(["evt-SECRET-777"])
    assert summarize({"x": "evt-SECRET-777" * 30}) == {"x": MASK * 30}
    log = EventLog(None)
    record = log.emit("node_start", node_id="n", inputs={"password": "p", "q": "evt-SECRET-777"})
    assert record["inputs"] == {"password": MASK, "q": MASK}


def test_secret_field_type_and_secret_named_fields() -> None:
    assert Requirement(id="pin", type="secret", label="PIN").secret
    assert Requirement(id="bank_password", type="text", label="pw").secret
    assert not Requirement(id="memo", type="text", label="memo").secret
