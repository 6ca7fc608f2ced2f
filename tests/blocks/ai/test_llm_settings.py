"""LLMSettings: provider choice and configuration from the environment."""

from __future__ import annotations

from typing import Any

import pytest

from blocks.llm.client import LLMClient, LLMSettings
from blocks.sdk.errors import BlockError, ErrorCode


def _api_error(call: Any) -> BlockError:
    with pytest.raises(BlockError) as caught:
        call()
    return caught.value


ENV_CASES = [
    (
        "openai_defaults",
        {"OPENAI_API_KEY": "k"},
        {
            "provider": "openai",
            "model": "gpt-4o-mini",
            "embedding_model": "text-embedding-3-small",
            "timeout_s": 60.0,
            "max_retries": 2,
            "concurrency": 4,
            "base_url": None,
        },
    ),
    (
        "openai_overrides",
        {
            "OPENAI_API_KEY": "k",
            "OPENAI_BASE_URL": "http://127.0.0.1:9/v1",
            "KEIRI_LLM_MODEL": "gpt-4.1",
            "KEIRI_EMBEDDING_MODEL": "text-embedding-3-large",
            "KEIRI_LLM_TIMEOUT_S": "2.5",
            "KEIRI_LLM_MAX_RETRIES": "0",
            "KEIRI_LLM_CONCURRENCY": "8",
        },
        {
            "provider": "openai",
            "model": "gpt-4.1",
            "embedding_model": "text-embedding-3-large",
            "timeout_s": 2.5,
            "max_retries": 0,
            "concurrency": 8,
            "base_url": "http://127.0.0.1:9/v1",
        },
    ),
    (
        "azure_when_endpoint_and_key_are_set",
        {
            "OPENAI_API_KEY": "k",
            "AZURE_OPENAI_API_KEY": "a",
            "AZURE_OPENAI_ENDPOINT": "https://x",
            "AZURE_OPENAI_API_VERSION": "2024-10-21",
            "AZURE_OPENAI_DEPLOYMENT": "dep",
            "AZURE_OPENAI_EMBEDDING_DEPLOYMENT": "emb",
        },
        {
            "provider": "azure",
            "model": "dep",
            "embedding_model": "emb",
            "api_version": "2024-10-21",
            "azure_endpoint": "https://x",
        },
    ),
    (
        "explicit_openai_wins_over_azure_variables",
        {
            "KEIRI_LLM_PROVIDER": "OpenAI",
            "OPENAI_API_KEY": "k",
            "AZURE_OPENAI_API_KEY": "a",
            "AZURE_OPENAI_ENDPOINT": "https://x",
        },
        {"provider": "openai", "azure_endpoint": None},
    ),
    (
        "azure_api_version_from_openai_variable",
        {
            "KEIRI_LLM_PROVIDER": "azure",
            "AZURE_OPENAI_API_KEY": "a",
            "AZURE_OPENAI_ENDPOINT": "https://x",
            "OPENAI_API_VERSION": "2024-06-01",
        },
        {"provider": "azure", "api_version": "2024-06-01", "model": None},
    ),
]


@pytest.mark.parametrize(("name", "env", "expected"), ENV_CASES, ids=[c[0] for c in ENV_CASES])
def test_settings_from_env(name: str, env: dict[str, str], expected: dict[str, Any]) -> None:
    settings = LLMSettings.from_env(env)
    assert {key: getattr(settings, key) for key in expected} == expected
    key = env.get("AZURE_OPENAI_API_KEY") if settings.provider == "azure" else env["OPENAI_API_KEY"]
    assert settings.api_key is not None and settings.api_key.get_secret_value() == key


@pytest.mark.parametrize(
    ("env", "field"),
    [
        ({"KEIRI_LLM_PROVIDER": "anthropic"}, "KEIRI_LLM_PROVIDER"),
        ({"KEIRI_LLM_TIMEOUT_S": "soon"}, "KEIRI_LLM_TIMEOUT_S"),
        ({"KEIRI_LLM_TIMEOUT_S": "0"}, "KEIRI_LLM_TIMEOUT_S"),
        ({"KEIRI_LLM_MAX_RETRIES": "-1"}, "KEIRI_LLM_MAX_RETRIES"),
        ({"KEIRI_LLM_CONCURRENCY": "1.5"}, "KEIRI_LLM_CONCURRENCY"),
    ],
)
def test_bad_settings_name_the_variable(env: dict[str, str], field: str) -> None:
    err = _api_error(lambda: LLMSettings.from_env(env))
    assert err.code == ErrorCode.API_ERROR
    assert err.details == {"reason": "config", "field": field}


def test_azure_without_a_key_is_no_api_key() -> None:
    settings = LLMSettings.from_env(
        {"KEIRI_LLM_PROVIDER": "azure", "AZURE_OPENAI_ENDPOINT": "https://x"}
    )
    err = _api_error(lambda: LLMClient(settings))
    assert err.details["reason"] == "no_api_key"
    assert err.details["provider"] == "azure"
