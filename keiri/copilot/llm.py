"""The copilot's LLM: structured-output calls through keiri's one LLM client
(`blocks.llm.client.LLMClient.parse`: its retries, timeout and key masking).

`CopilotLLM.open(client)`: the `LLMClient` a caller gives (tests pass one over the real `openai`
client and an `httpx2.MockTransport`), or one built from keiri's LLM settings (the designer's
settings). No settings → `LLMNotConfigured` (`COPILOT_LLM_NOT_CONFIGURED`) with the variables
to set; a call that fails → `LLMFailed` (`COPILOT_LLM_FAILED`) carrying the client's reason,
hint and recoverability.
"""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

from blocks.llm.client import LLMClient
from keiri.base.catalog import t
from keiri.base.errors import KeiriError
from keiri.copilot.errors import LLMFailed, LLMNotConfigured

__all__ = ["CopilotLLM"]

M = TypeVar("M", bound=BaseModel)


class CopilotLLM:
    def __init__(self, client: LLMClient) -> None:
        self.client = client

    @classmethod
    def open(cls, client: LLMClient | None = None) -> CopilotLLM:
        if client is not None:
            return cls(client)
        try:
            built = LLMClient.from_env()
        except KeiriError as exc:
            raise LLMNotConfigured(
                t("copilot.error.llm_not_configured"),
                hint=t("copilot.hint.llm_not_configured"),
                details={"cause": exc.code, "reason": exc.details.get("reason")},
            ) from exc
        return cls(built)

    def parse(self, system: str, user: str, schema: type[M]) -> M:
        """One chat completion whose answer must validate against `schema`."""
        try:
            return self.client.parse(system, user, schema).value
        except KeiriError as exc:
            raise LLMFailed(
                t("copilot.error.llm_failed", why=exc.message),
                hint=exc.hint or t("copilot.hint.llm_failed"),
                details={**exc.details, "cause": exc.code},
                recoverable=exc.recoverable,
            ) from exc
