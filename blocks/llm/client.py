"""The LLM client: OpenAI or Azure OpenAI through the `openai` package, structured output only.

- `LLMSettings.from_env()` reads the configuration (see the class doc for the variables).
- `LLMClient.parse(system, user, schema)` sends one chat completion with `response_format` set
  to a pydantic model (`client.chat.completions.parse`) and returns the parsed instance with
  the token usage; `LLMClient.embed(texts)` returns embedding vectors.
- Every failure becomes a `BlockError`: `API_ERROR` with `details.reason` (auth, rate_limit,
  quota, refusal, truncated, content_filter, schema_mismatch, bad_request, connection,
  server_error, no_api_key, config) or `TIMEOUT_ERROR`. The API key never appears in a
  message, a detail or a log line: server texts are redacted before they are kept.

Retries with exponential backoff (honouring `Retry-After`) are the `openai` client's own.
`openai` is imported when a client is built or a call is made, not with this module (it
costs seconds: the pages and commands that may call a model import this module early).

Over 400 lines: the settings, the provider errors and the structured call of one client.
"""

from __future__ import annotations

import base64
import importlib
import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Literal, NoReturn, TypeVar
from urllib.parse import urlsplit

import httpx2
import pydantic
from pydantic import BaseModel, ConfigDict, SecretStr

from blocks.sdk.errors import BlockError, ErrorCode
from blocks.sdk.issue_text import pydantic_message
from keiri.base import settings
from keiri.base.catalog import t
from keiri.base.errors import ConfigError, format_path

if TYPE_CHECKING:
    import openai
    from openai.types.chat import ChatCompletionMessageParam

__all__ = ["LLMClient", "LLMResult", "LLMSettings", "Provider", "client_for"]

_log = logging.getLogger("keiri.llm")

Provider = Literal["openai", "azure"]
ModelT = TypeVar("ModelT", bound=BaseModel)

DEFAULT_MODEL = "gpt-4o-mini"
DEFAULT_EMBEDDING_MODEL = "text-embedding-3-small"
OPENAI_BASE_URL = "https://api.openai.com/v1"
_EMBED_BATCH = 512
_TEXT_LIMIT = 500
#: The variables of the `llm` settings section (their errors are LLM configuration errors).
_LLM_VARS = frozenset(
    name
    for section, _field, info in settings.variables()
    if section == "llm"
    for name in settings.names_of(info)
)
_KEY_LIKE = re.compile(r"\b(sk|rk|pk)-[A-Za-z0-9_\-*]{6,}")
_RECOVERABLE = frozenset({"rate_limit", "connection", "server_error", "timeout"})
#: A failure's reason -> the hint that says what to do.
_HINTS = {
    "auth": "runtime.llm.hint.auth",
    "rate_limit": "runtime.llm.hint.rate_limit",
    "quota": "runtime.llm.hint.quota",
    "refusal": "runtime.llm.hint.refusal",
    "truncated": "runtime.llm.hint.truncated",
    "content_filter": "runtime.llm.hint.content_filter",
    "schema_mismatch": "runtime.llm.hint.schema_mismatch",
    "bad_request": "runtime.llm.hint.bad_request",
    "connection": "runtime.llm.hint.connection",
    "server_error": "runtime.llm.hint.server_error",
    "timeout": "runtime.llm.hint.timeout",
    "no_api_key": "runtime.llm.hint.no_api_key",
}


def _hint(reason: str) -> str:
    return t(_HINTS[reason]) if reason in _HINTS else ""


class LLMSettings(BaseModel):
    """Where and how to call the LLM.

    Environment (`from_env`): `KEIRI_LLM_PROVIDER` (`openai` | `azure`; default: azure when
    `AZURE_OPENAI_ENDPOINT` and `AZURE_OPENAI_API_KEY` are set, else openai).
    OpenAI: `OPENAI_API_KEY`, `OPENAI_BASE_URL`, `KEIRI_LLM_MODEL` (default gpt-4o-mini),
    `KEIRI_EMBEDDING_MODEL` (default text-embedding-3-small).
    Azure: `AZURE_OPENAI_API_KEY`, `AZURE_OPENAI_ENDPOINT`, `AZURE_OPENAI_API_VERSION` (or
    `OPENAI_API_VERSION`), `AZURE_OPENAI_DEPLOYMENT`, `AZURE_OPENAI_EMBEDDING_DEPLOYMENT`.
    Both: `KEIRI_LLM_TIMEOUT_S` (60), `KEIRI_LLM_MAX_RETRIES` (2), `KEIRI_LLM_CONCURRENCY` (4).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    provider: Provider = "openai"
    api_key: SecretStr | None = None
    base_url: str | None = None
    model: str | None = DEFAULT_MODEL
    embedding_model: str | None = DEFAULT_EMBEDDING_MODEL
    azure_endpoint: str | None = None
    api_version: str | None = None
    timeout_s: float = pydantic.Field(default=60.0, gt=0)
    max_retries: int = pydantic.Field(default=2, ge=0)
    concurrency: int = pydantic.Field(default=4, ge=1)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> LLMSettings:
        """From keiri's settings (`environ` instead of `os.environ`, e.g. in tests)."""
        try:
            env = settings.get() if environ is None else settings.load(environ)
        except ConfigError as exc:
            llm_names = {n for n in exc.fields if n in _LLM_VARS}
            if not llm_names:
                raise
            index = next(i for i, n in enumerate(exc.fields) if n in llm_names)
            name = exc.fields[index]
            _config_error(name, exc.problems[index].removeprefix(name).lstrip(":= "))
        llm = env.llm
        provider = llm.provider or (
            "azure" if llm.azure_endpoint and llm.azure_api_key else "openai"
        )
        common: dict[str, Any] = {
            "timeout_s": llm.timeout_s,
            "max_retries": llm.max_retries,
            "concurrency": llm.concurrency,
        }
        if provider == "azure":
            return cls(
                provider="azure",
                api_key=llm.azure_api_key,
                azure_endpoint=llm.azure_endpoint,
                api_version=llm.azure_api_version,
                model=llm.azure_deployment,
                embedding_model=llm.azure_embedding_deployment,
                **common,
            )
        return cls(
            provider="openai",
            api_key=llm.openai_api_key,
            base_url=llm.openai_base_url,
            model=llm.model or DEFAULT_MODEL,
            embedding_model=llm.embedding_model or DEFAULT_EMBEDDING_MODEL,
            **common,
        )


@dataclass(frozen=True)
class LLMResult(Generic[ModelT]):
    """One parsed answer: the model instance, token usage and the model that answered."""

    value: ModelT
    usage: dict[str, int] = field(default_factory=dict)
    model: str = ""


def _legacy_httpx_whole() -> None:
    """Import `httpx` (Prefect's HTTP library) whole before openai looks at it. openai finds
    the legacy `httpx` in `sys.modules` without the import lock (`openai._httpx2.
    _loaded_legacy_httpx`), so while another thread of the process imports it (the form app
    reads Prefect's runs ahead in the background) openai may see the module half made —
    「module 'httpx' has no attribute 'URL'」 on the copilot page. An import statement waits
    for another thread's import of the module to finish, and once whole it stays whole."""
    try:
        importlib.import_module("httpx")
    except ModuleNotFoundError:  # not installed: nobody can be importing it either
        return


class LLMClient:
    """Structured-output chat and embeddings over OpenAI or Azure OpenAI.

    Pass `http_client` (an `httpx2.Client`) to route requests elsewhere, e.g. a
    `httpx2.MockTransport` in tests. Thread-safe: one instance may serve a thread pool.
    """

    def __init__(
        self, settings: LLMSettings | None = None, *, http_client: httpx2.Client | None = None
    ) -> None:
        self.settings = settings if settings is not None else LLMSettings.from_env()
        key = self.settings.api_key.get_secret_value() if self.settings.api_key else ""
        if not key:
            raise BlockError(
                ErrorCode.API_ERROR,
                t("runtime.llm.no_api_key", provider=self.settings.provider),
                details={"reason": "no_api_key", "provider": self.settings.provider},
                hint=_hint("no_api_key"),
            )
        self._key = key
        self._client = self._build(http_client)

    @classmethod
    def from_env(cls, *, http_client: httpx2.Client | None = None) -> LLMClient:
        return cls(LLMSettings.from_env(), http_client=http_client)

    @property
    def provider(self) -> Provider:
        return self.settings.provider

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> LLMClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _build(self, http_client: httpx2.Client | None) -> openai.OpenAI:
        import openai

        _legacy_httpx_whole()
        s, key = self.settings, self._key
        if s.provider == "azure":
            if not s.azure_endpoint or not s.api_version:
                missing = (
                    "AZURE_OPENAI_ENDPOINT" if not s.azure_endpoint else "AZURE_OPENAI_API_VERSION"
                )
                _config_error(missing, t("runtime.llm.azure_required"))
            return openai.AzureOpenAI(
                azure_endpoint=s.azure_endpoint,
                api_version=s.api_version,
                api_key=key,
                timeout=s.timeout_s,
                max_retries=s.max_retries,
                http_client=http_client,
            )
        return openai.OpenAI(
            api_key=key,
            base_url=s.base_url or OPENAI_BASE_URL,
            timeout=s.timeout_s,
            max_retries=s.max_retries,
            http_client=http_client,
        )

    # -- calls ------------------------------------------------------------------------------

    def parse(
        self, system: str, user: str, schema: type[ModelT], *, images: Sequence[bytes] = ()
    ) -> LLMResult[ModelT]:
        """One chat completion whose answer must validate against `schema`; `images` (PNG
        bytes) go with the user's text, for a vision-capable model."""
        import openai

        model = self._deployment(self.settings.model, "KEIRI_LLM_MODEL", "AZURE_OPENAI_DEPLOYMENT")
        content: Any = user
        if images:
            content = [{"type": "text", "text": user}] + [
                {
                    "type": "image_url",
                    "image_url": {"url": "data:image/png;base64," + base64.b64encode(png).decode()},
                }
                for png in images
            ]
        messages: list[ChatCompletionMessageParam] = [
            {"role": "system", "content": system},
            {"role": "user", "content": content},
        ]
        try:
            completion = self._client.chat.completions.parse(
                model=model, messages=messages, response_format=schema
            )
        except pydantic.ValidationError as exc:
            self._schema_mismatch(model, exc)
        except openai.OpenAIError as exc:
            raise self._error(exc, model) from None
        if not completion.choices:
            self._fail("schema_mismatch", model, t("runtime.llm.no_choices"))
        message = completion.choices[0].message
        if message.refusal:
            self._fail(
                "refusal",
                model,
                t("runtime.llm.refused"),
                refusal=self._redact(message.refusal),
            )
        if message.parsed is None:
            self._fail("schema_mismatch", model, "the answer is empty")
        usage = completion.usage
        tokens = {
            "prompt_tokens": usage.prompt_tokens if usage else 0,
            "completion_tokens": usage.completion_tokens if usage else 0,
            "total_tokens": usage.total_tokens if usage else 0,
        }
        _log.debug("LLM answer from %s: %s tokens", completion.model, tokens["total_tokens"])
        return LLMResult(value=message.parsed, usage=tokens, model=completion.model or model)

    def embed(self, texts: list[str]) -> list[list[float]]:
        """Embedding vectors for `texts`, in order (batched; empty input → no call)."""
        import openai

        model = self._deployment(
            self.settings.embedding_model,
            "KEIRI_EMBEDDING_MODEL",
            "AZURE_OPENAI_EMBEDDING_DEPLOYMENT",
        )
        vectors: list[list[float]] = []
        for start in range(0, len(texts), _EMBED_BATCH):
            batch = texts[start : start + _EMBED_BATCH]
            try:
                response = self._client.embeddings.create(
                    input=batch, model=model, encoding_format="float"
                )
            except openai.OpenAIError as exc:
                raise self._error(exc, model) from None
            ordered = sorted(response.data, key=lambda item: item.index)
            if len(ordered) != len(batch):
                self._fail(
                    "schema_mismatch",
                    model,
                    t("runtime.llm.embeddings", count=len(ordered), texts=len(batch)),
                )
            vectors.extend([float(x) for x in item.embedding] for item in ordered)
        return vectors

    # -- errors -----------------------------------------------------------------------------

    def _deployment(self, value: str | None, openai_var: str, azure_var: str) -> str:
        if not value:
            _config_error(
                azure_var if self.settings.provider == "azure" else openai_var,
                t("runtime.llm.not_set"),
            )
        return value

    def _redact(self, text: str) -> str:
        text = _KEY_LIKE.sub(lambda m: f"{m.group(1)}-***", text.replace(self._key, "***"))
        return text if len(text) <= _TEXT_LIMIT else text[:_TEXT_LIMIT] + "…"

    def _base(self, reason: str, model: str) -> dict[str, Any]:
        s = self.settings
        endpoint = s.azure_endpoint if s.provider == "azure" else (s.base_url or OPENAI_BASE_URL)
        host = urlsplit(endpoint or "").hostname or ""
        return {"reason": reason, "provider": s.provider, "model": model, "host": host}

    def _fail(self, reason: str, model: str, message: str, **details: Any) -> NoReturn:
        raise self._make(reason, model, message, **details)

    def _make(self, reason: str, model: str, message: str, **details: Any) -> BlockError:
        code = ErrorCode.TIMEOUT_ERROR if reason == "timeout" else ErrorCode.API_ERROR
        return BlockError(
            code,
            t("runtime.llm.failed", reason=reason, detail=self._redact(message)),
            details={**self._base(reason, model), **details},
            hint=_hint(reason),
            recoverable=reason in _RECOVERABLE,
        )

    def _schema_mismatch(self, model: str, exc: pydantic.ValidationError) -> NoReturn:
        problems = [
            {
                "path": format_path(err["loc"]),
                "message": self._redact(pydantic_message(err)),
                "type": err["type"],
            }
            for err in exc.errors(include_url=False)[:20]
        ]
        first = problems[0] if problems else {"path": "", "message": "-"}
        raise self._make(
            "schema_mismatch",
            model,
            t("runtime.llm.schema_at", path=first["path"], detail=first["message"])
            if first["path"]
            else t("runtime.llm.schema", detail=first["message"]),
            problems=problems,
        ) from None

    def _error(self, exc: openai.OpenAIError, model: str) -> BlockError:
        """Map an `openai` exception to a `BlockError` (never keeping the exception's text raw)."""
        import openai

        retries: dict[str, Any] = {"max_retries": self.settings.max_retries}
        if isinstance(exc, openai.APITimeoutError):
            return self._make(
                "timeout",
                model,
                t("runtime.llm.timeout", seconds=f"{self.settings.timeout_s:g}"),
                timeout_s=self.settings.timeout_s,
                **retries,
            )
        if isinstance(exc, openai.APIConnectionError):
            return self._make("connection", model, t("runtime.llm.connection"), **retries)
        if isinstance(exc, openai.LengthFinishReasonError):
            return self._make("truncated", model, t("runtime.llm.truncated"))
        if isinstance(exc, openai.ContentFilterFinishReasonError):
            return self._make("content_filter", model, t("runtime.llm.content_filter"))
        if isinstance(exc, openai.APIStatusError):
            body = exc.body if isinstance(exc.body, dict) else {}
            server_text = str(body.get("message") or exc.message)
            error_code = str(exc.code or body.get("type") or "") or None
            reason = _status_reason(exc.status_code, error_code)
            retry_after = exc.response.headers.get("retry-after")
            if retry_after is not None:
                retries["retry_after"] = retry_after
            return self._make(
                reason,
                model,
                f"HTTP {exc.status_code}: {server_text}",
                status_code=exc.status_code,
                error_code=error_code,
                request_id=exc.request_id,
                **retries,
            )
        return self._make("server_error", model, f"{type(exc).__name__}: {exc}")


def _status_reason(status: int, error_code: str | None) -> str:
    if status == 429:
        return "quota" if error_code == "insufficient_quota" else "rate_limit"
    if status in (401, 403):
        return "auth"
    if error_code == "content_filter":
        return "content_filter"
    if status >= 500 or status in (408, 409):
        return "server_error"
    return "bad_request"


def _config_error(name: str, problem: str) -> NoReturn:
    raise BlockError(
        ErrorCode.API_ERROR,
        t("runtime.llm.config", name=name, problem=problem),
        details={"reason": "config", "field": name},
        hint=t("runtime.llm.config_hint"),
    )


def client_for(services: Mapping[str, Any]) -> tuple[LLMClient, bool]:
    """The LLM client a block uses: the one injected as `ctx.services["llm_client"]` (not
    closed by the block) or one built from the settings (`owned`: the block closes it)."""
    injected = services.get("llm_client")
    if injected is None:
        return LLMClient.from_env(), True
    if not isinstance(injected, LLMClient):
        raise BlockError(
            ErrorCode.API_ERROR,
            t("runtime.llm.injected"),
            details={"reason": "config", "field": "services.llm_client"},
            hint=t("runtime.llm.injected_hint"),
        )
    return injected, False
