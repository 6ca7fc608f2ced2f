"""The copilot's LLM: structured-output calls through one `openai.OpenAI` client.

`CopilotLLM.open(client)`: a client given by the caller (tests pass the real `openai` client
over an `httpx2.MockTransport`), or one built from keiri's LLM settings (the same settings as
the designer: `blocks.llm.client.LLMSettings`). No settings → `COPILOT_LLM_NOT_CONFIGURED`
with a Japanese hint. Errors of a call become `COPILOT_LLM_FAILED`.
"""

from __future__ import annotations

from typing import TypeVar

import openai
import pydantic
from openai.types.chat import ChatCompletionMessageParam
from pydantic import BaseModel

from blocks.llm.client import DEFAULT_MODEL, LLMClient, LLMSettings
from keiri.base.catalog import t
from keiri.base.errors import KeiriError
from keiri.copilot import errors
from keiri.copilot.errors import CopilotError

__all__ = ["CopilotLLM"]

M = TypeVar("M", bound=BaseModel)


class CopilotLLM:
    def __init__(self, client: openai.OpenAI, model: str) -> None:
        self.client = client
        self.model = model

    @classmethod
    def open(cls, client: openai.OpenAI | None = None) -> CopilotLLM:
        if client is not None:
            return cls(client, _configured_model())
        try:
            built = LLMClient.from_env()
        except KeiriError as exc:
            raise CopilotError(
                errors.LLM_NOT_CONFIGURED,
                t("copilot.error.llm_not_configured"),
                hint=t("copilot.hint.llm_not_configured"),
                details={"cause": exc.code, "reason": exc.details.get("reason")},
            ) from exc
        return cls(built._client, built.settings.model or DEFAULT_MODEL)

    def parse(self, system: str, user: str, schema: type[M]) -> M:
        """One chat completion whose answer must validate against `schema`."""
        messages: list[ChatCompletionMessageParam] = [
            {"role": "system", "content": system},
            {"role": "user", "content": user},
        ]
        try:
            completion = self.client.chat.completions.parse(
                model=self.model, messages=messages, response_format=schema
            )
        except (openai.OpenAIError, pydantic.ValidationError) as exc:
            raise self._failed(f"{type(exc).__name__}: {exc}") from None
        message = completion.choices[0].message if completion.choices else None
        if message is None or message.parsed is None:
            refusal = message.refusal if message is not None else None
            raise self._failed(refusal or "empty answer")
        return message.parsed

    def _failed(self, why: str) -> CopilotError:
        return CopilotError(
            errors.LLM_FAILED,
            t("copilot.error.llm_failed", why=why[:300]),
            hint=t("copilot.hint.llm_failed"),
            details={"model": self.model},
            recoverable=True,
        )


def _configured_model() -> str:
    try:
        return LLMSettings.from_env().model or DEFAULT_MODEL
    except KeiriError:
        return DEFAULT_MODEL
