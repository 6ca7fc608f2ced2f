"""A scripted OpenAI-compatible HTTP server on 127.0.0.1 for tests (the only fake in keiri).

Other processes (the CLI, Prefect workers in end-to-end tests) reach it through
`OPENAI_BASE_URL`; in-process tests can use it too. The same script also runs without a
socket as an `httpx2.MockTransport` (`srv.transport()` / `srv.http_client()`) for unit tests
that pass `http_client=` to the real `openai` client. It serves `POST .../chat/completions` and
`POST .../embeddings` (OpenAI paths under `/v1` and Azure paths under `/openai/deployments/...`)
from a FIFO queue of scripted responses and/or a handler function, and records every request.

    with ScriptedOpenAI() as srv:
        srv.enqueue(ScriptedResponse.rate_limit(retry_after_s=0.01))
        srv.enqueue_chat({"results": {...}, "summary": {...}})
        env = srv.env()  # {"OPENAI_BASE_URL": ..., "OPENAI_API_KEY": ...}
        ...
        assert len(srv.requests) == 2

An unscripted request gets HTTP 500 with `x-should-retry: false` (so the client does not
retry it) and is counted in `srv.unexpected`.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

import httpx2

__all__ = [
    "LLM_ENV",
    "TEST_API_KEY",
    "RecordedRequest",
    "ScriptedOpenAI",
    "ScriptedResponse",
    "chat_completion",
    "embeddings_response",
    "error_body",
    "sample_for_schema",
    "schema_answer_handler",
]

DEFAULT_MODEL = "gpt-4o-mini-2024-07-18"
TEST_API_KEY = "sk-test-scripted-SECRET-0123456789abcdef"

#: Every variable the LLM client reads: tests clear them so a developer's real key or
#: endpoint is never used.
LLM_ENV = (
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "OPENAI_ADMIN_KEY",
    "OPENAI_API_VERSION",
    "OPENAI_ORG_ID",
    "OPENAI_PROJECT_ID",
    "AZURE_OPENAI_API_KEY",
    "AZURE_OPENAI_AD_TOKEN",
    "AZURE_OPENAI_ENDPOINT",
    "AZURE_OPENAI_API_VERSION",
    "AZURE_OPENAI_DEPLOYMENT",
    "AZURE_OPENAI_EMBEDDING_DEPLOYMENT",
    "KEIRI_LLM_PROVIDER",
    "KEIRI_LLM_MODEL",
    "KEIRI_EMBEDDING_MODEL",
    "KEIRI_LLM_TIMEOUT_S",
    "KEIRI_LLM_MAX_RETRIES",
    "KEIRI_LLM_CONCURRENCY",
)


@dataclass
class RecordedRequest:
    """One request the server received."""

    method: str
    path: str
    query: str
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body) if self.body else None

    @property
    def endpoint(self) -> str:
        """`chat`, `embeddings` or `other`."""
        if self.path.endswith("/chat/completions"):
            return "chat"
        if self.path.endswith("/embeddings"):
            return "embeddings"
        return "other"

    @property
    def user_prompt(self) -> str:
        """The text of the last user message of a chat request."""
        messages = (self.json or {}).get("messages", [])
        users = [m.get("content", "") for m in messages if m.get("role") == "user"]
        return str(users[-1]) if users else ""


@dataclass
class ScriptedResponse:
    """What to answer: a status, a JSON (or raw) body, headers, and a delay before answering."""

    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0

    def encoded(self) -> bytes:
        if self.body is None:
            return b""
        if isinstance(self.body, bytes):
            return self.body
        if isinstance(self.body, str):
            return self.body.encode("utf-8")
        return json.dumps(self.body, ensure_ascii=False).encode("utf-8")

    @classmethod
    def chat(cls, content: Any, **kwargs: Any) -> ScriptedResponse:
        """A 200 chat completion whose message content is `content` (see `chat_completion`)."""
        delay = float(kwargs.pop("delay_s", 0.0))
        return cls(200, chat_completion(content, **kwargs), delay_s=delay)

    @classmethod
    def error(
        cls,
        status: int,
        message: str,
        *,
        type_: str = "invalid_request_error",
        code: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> ScriptedResponse:
        return cls(status, error_body(message, type_=type_, code=code), dict(headers or {}))

    @classmethod
    def auth_error(cls, message: str = "Incorrect API key provided.") -> ScriptedResponse:
        return cls.error(401, message, code="invalid_api_key")

    @classmethod
    def rate_limit(cls, retry_after_s: float = 0.01) -> ScriptedResponse:
        """429 with `Retry-After` (whole seconds) and `retry-after-ms` (what the client prefers)."""
        headers = {
            "retry-after": str(max(1, round(retry_after_s))),
            "retry-after-ms": str(max(1, round(retry_after_s * 1000))),
        }
        return cls.error(
            429,
            "Rate limit reached for requests. Please try again shortly.",
            type_="requests",
            code="rate_limit_exceeded",
            headers=headers,
        )

    @classmethod
    def quota_exceeded(cls) -> ScriptedResponse:
        return cls.error(
            429,
            "You exceeded your current quota, please check your plan and billing details.",
            type_="insufficient_quota",
            code="insufficient_quota",
        )

    @classmethod
    def server_error(
        cls, status: int = 500, retry_after_s: float | None = None
    ) -> ScriptedResponse:
        """A 5xx; `retry_after_s` adds `retry-after-ms` so a retrying client waits only that."""
        headers = (
            {} if retry_after_s is None else {"retry-after-ms": str(round(retry_after_s * 1000))}
        )
        message = "The server had an error while processing your request."
        return cls.error(status, message, type_="server_error", headers=headers)


def chat_completion(
    content: Any,
    *,
    model: str = DEFAULT_MODEL,
    finish_reason: str = "stop",
    refusal: str | None = None,
    prompt_tokens: int = 100,
    completion_tokens: int = 20,
) -> dict[str, Any]:
    """A chat completion body in the OpenAI wire format.

    `content` is the structured answer (any JSON value, serialised) or a raw string; with
    `refusal` the message has no content and carries the refusal text instead.
    """
    text = (
        content
        if isinstance(content, str) or content is None
        else json.dumps(content, ensure_ascii=False)
    )
    return {
        "id": "chatcmpl-scripted",
        "object": "chat.completion",
        "created": 1_700_000_000,
        "model": model,
        "choices": [
            {
                "index": 0,
                "finish_reason": finish_reason,
                "logprobs": None,
                "message": {
                    "role": "assistant",
                    "content": None if refusal else text,
                    "refusal": refusal,
                },
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


def embeddings_response(
    vectors: list[list[float]], *, model: str = "text-embedding-3-small"
) -> dict[str, Any]:
    return {
        "object": "list",
        "model": model,
        "data": [
            {"object": "embedding", "index": i, "embedding": v} for i, v in enumerate(vectors)
        ],
        "usage": {"prompt_tokens": 3 * len(vectors), "total_tokens": 3 * len(vectors)},
    }


def error_body(
    message: str, *, type_: str = "invalid_request_error", code: str | None = None
) -> dict[str, Any]:
    return {"error": {"message": message, "type": type_, "param": None, "code": code}}


def sample_for_schema(schema: dict[str, Any], root: dict[str, Any] | None = None) -> Any:
    """A deterministic value that satisfies a (strict, OpenAI-style) JSON Schema."""
    root = schema if root is None else root
    if "$ref" in schema:
        target: Any = root
        for part in str(schema["$ref"]).removeprefix("#/").split("/"):
            target = target[part]
        return sample_for_schema(target, root)
    if "anyOf" in schema:
        return sample_for_schema(schema["anyOf"][0], root)
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind == "object":
        props = schema.get("properties", {})
        return {key: sample_for_schema(sub, root) for key, sub in props.items()}
    if kind == "array":
        return [sample_for_schema(schema.get("items", {}), root)] * max(
            1, schema.get("minItems", 1)
        )
    return {"string": "sample", "integer": 1, "number": 1.0, "boolean": True}.get(str(kind))


def schema_answer_handler(request: RecordedRequest) -> ScriptedResponse | None:
    """Answer every structured-output chat request with `sample_for_schema` of its schema."""
    if request.endpoint != "chat":
        return None
    response_format = (request.json or {}).get("response_format") or {}
    schema = response_format.get("json_schema", {}).get("schema")
    return None if schema is None else ScriptedResponse.chat(sample_for_schema(schema))


Handler = Callable[[RecordedRequest], ScriptedResponse | None]


class ScriptedOpenAI:
    """The server; use as a context manager. `handler` answers first, then the queue."""

    def __init__(self, handler: Handler | None = None) -> None:
        self.handler = handler
        self._queue: deque[ScriptedResponse] = deque()
        self._requests: list[RecordedRequest] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self.unexpected = 0
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle --------------------------------------------------------------------------

    def start(self) -> ScriptedOpenAI:
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _make_handler(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.05},
            name="scripted-openai",
            daemon=True,
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> ScriptedOpenAI:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- addresses --------------------------------------------------------------------------

    @property
    def root_url(self) -> str:
        if self._server is None:
            raise RuntimeError("ScriptedOpenAI is not started")
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    @property
    def base_url(self) -> str:
        """The OpenAI base URL (`OPENAI_BASE_URL`), ending in `/v1`."""
        return f"{self.root_url}/v1"

    def env(self, api_key: str = TEST_API_KEY) -> dict[str, str]:
        """Environment variables that point an OpenAI-provider keiri at this server."""
        return {
            "OPENAI_BASE_URL": self.base_url,
            "OPENAI_API_KEY": api_key,
            "KEIRI_LLM_PROVIDER": "openai",
        }

    # -- script -----------------------------------------------------------------------------

    def enqueue(self, *responses: ScriptedResponse) -> None:
        with self._lock:
            self._queue.extend(responses)

    def enqueue_json(
        self,
        body: Any,
        status: int = 200,
        headers: dict[str, str] | None = None,
        delay_s: float = 0.0,
    ) -> None:
        self.enqueue(ScriptedResponse(status, body, dict(headers or {}), delay_s))

    def enqueue_chat(self, content: Any, **kwargs: Any) -> None:
        """A chat completion answering with `content` (structured output); see `chat_completion`."""
        self.enqueue(ScriptedResponse.chat(content, **kwargs))

    def enqueue_embeddings(self, vectors: list[list[float]]) -> None:
        self.enqueue(ScriptedResponse(200, embeddings_response(vectors)))

    def transport(self) -> httpx2.MockTransport:
        """The same script as an in-process `httpx2.MockTransport` (no socket; works unstarted).

        Delays are waited out, not turned into timeouts: use the real server for those.
        """

        def handle(request: httpx2.Request) -> httpx2.Response:
            recorded = RecordedRequest(
                method=request.method,
                path=request.url.path,
                query=request.url.query.decode("ascii", "replace"),
                headers={k.lower(): v for k, v in request.headers.items()},
                body=request.read(),
            )
            scripted = self._answer(recorded)
            if scripted.delay_s:
                self._stop.wait(scripted.delay_s)
            headers = {"content-type": "application/json", **scripted.headers}
            return httpx2.Response(scripted.status, headers=headers, content=scripted.encoded())

        return httpx2.MockTransport(handle)

    def http_client(self) -> httpx2.Client:
        """An `httpx2.Client` over `transport()`, for `LLMClient(..., http_client=...)`."""
        return httpx2.Client(transport=self.transport())

    @property
    def pending(self) -> int:
        with self._lock:
            return len(self._queue)

    @property
    def requests(self) -> list[RecordedRequest]:
        with self._lock:
            return list(self._requests)

    def _answer(self, request: RecordedRequest) -> ScriptedResponse:
        with self._lock:
            self._requests.append(request)
        if request.method != "POST" or request.endpoint == "other":
            return ScriptedResponse.error(
                404, f"ScriptedOpenAI does not serve {request.method} {request.path}"
            )
        if self.handler is not None:
            scripted = self.handler(request)
            if scripted is not None:
                return scripted
        with self._lock:
            if self._queue:
                return self._queue.popleft()
            self.unexpected += 1
        response = ScriptedResponse.error(
            500, f"ScriptedOpenAI: no scripted response left for {request.path}", type_="scripted"
        )
        response.headers["x-should-retry"] = "false"
        return response


def _make_handler(server: ScriptedOpenAI) -> type[BaseHTTPRequestHandler]:
    class _Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self._serve()

        def do_GET(self) -> None:
            self._serve()

        def _serve(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            body = self.rfile.read(length) if length else b""
            url = urlsplit(self.path)
            request = RecordedRequest(
                method=self.command,
                path=url.path,
                query=url.query,
                headers={k.lower(): v for k, v in self.headers.items()},
                body=body,
            )
            scripted = server._answer(request)
            if scripted.delay_s and server._stop.wait(scripted.delay_s):
                return
            payload = scripted.encoded()
            try:
                self.send_response(scripted.status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(payload)))
                self.send_header("x-request-id", f"req_scripted_{len(server.requests)}")
                for name, value in scripted.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a timeout test); nothing to answer

        def log_message(self, format: str, *args: Any) -> None:
            """Silence the default stderr access log."""

    return _Handler
