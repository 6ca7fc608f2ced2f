"""Is the LLM configured? Answered from keiri's settings alone, before anything heavy loads.

`readiness()` says whether a key is set for the provider `LLMClient` would use (the same
choice as `blocks.llm.client.LLMSettings.from_env`) and which variables an administrator
sets; `require()` raises the same `BlockError` as building the client without a key
(`API_ERROR`, `details.reason = "no_api_key"`). Pages show a notice and disable their input
from `readiness()`; `keiri chat` / `keiri analyze` call `require()` first, so a missing key is
reported before `openai`, `langgraph`, `prefect` or `pandas` are imported.

Imports only the settings, the catalog and the error model: never `openai` (that is
`blocks.llm.client`'s).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base import settings
from keiri.base.catalog import t
from keiri.base.errors import ConfigError

__all__ = ["AZURE_VARIABLES", "OPENAI_VARIABLES", "LLMReadiness", "readiness", "require"]

#: What an administrator sets for each provider (the hint names them all).
OPENAI_VARIABLES = ("OPENAI_API_KEY",)
AZURE_VARIABLES = (
    "AZURE_OPENAI_ENDPOINT",
    "AZURE_OPENAI_API_KEY",
    "AZURE_OPENAI_API_VERSION",
    "AZURE_OPENAI_DEPLOYMENT",
)


@dataclass(frozen=True)
class LLMReadiness:
    """`configured`: a key is set for `provider`; else `missing` names what to set and
    `problem` says what is wrong (for the administrator, never shown as the headline)."""

    configured: bool
    provider: str
    missing: tuple[str, ...] = ()
    problem: str = ""


def readiness(environ: Mapping[str, str] | None = None) -> LLMReadiness:
    """The LLM configuration's state (`environ` instead of `os.environ`, e.g. in tests)."""
    try:
        env = settings.get() if environ is None else settings.load(environ)
    except ConfigError as exc:
        return LLMReadiness(False, "", tuple(exc.fields), "; ".join(exc.problems))
    llm = env.llm
    provider = llm.provider or ("azure" if llm.azure_endpoint and llm.azure_api_key else "openai")
    if provider == "azure":
        key = llm.azure_api_key.get_secret_value() if llm.azure_api_key else ""
        given = {"AZURE_OPENAI_ENDPOINT": llm.azure_endpoint, "AZURE_OPENAI_API_KEY": key}
        missing = tuple(name for name, value in given.items() if not value)
    else:
        key = llm.openai_api_key.get_secret_value() if llm.openai_api_key else ""
        missing = () if key else OPENAI_VARIABLES
    if missing:
        problem = t("runtime.llm.no_api_key", provider=provider)
        return LLMReadiness(False, provider, missing, problem)
    return LLMReadiness(True, provider)


def require(environ: Mapping[str, str] | None = None) -> LLMReadiness:
    """The readiness when configured; else the client's own no-key error."""
    ready = readiness(environ)
    if ready.configured:
        return ready
    raise BlockError(
        ErrorCode.API_ERROR,
        ready.problem,
        details={
            "reason": "no_api_key" if ready.provider else "config",
            "provider": ready.provider,
            "missing": list(ready.missing),
        },
        hint=t("runtime.llm.hint.no_api_key"),
    )
