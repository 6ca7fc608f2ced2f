"""The start's one small client of the Prefect API (`Api`, used through
`flows.lifecycle.start`): the standard library's `http.client` over one keep-alive connection
— plain HTTP or TLS, an API key as a bearer token, a proxy from `HTTP(S)_PROXY` / `NO_PROXY`
— and the flow-id cache (a file in the keiri home, `flows.lifecycle.start.client`: the flow of
a plan is looked up once per server). Each call is one request; the callers decide what is retried
(`flows.backend.api_retry` knows `ApiError.status_code` and the connection errors).

Imports only the standard library at its top: the quick start creates its run through it
before Prefect, pydantic or httpx is imported (issue 11).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import http.client

__all__ = ["TIMEOUT_S", "Api", "ApiError"]

# Longer than the local server's SQLite busy timeout (60 s): a request waiting for the write
# lock is answered, not abandoned and sent again (each copy would queue once more).
TIMEOUT_S = 90.0
_RUN_ID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


class ApiError(Exception):
    """The API answered with an error status (`status_code`; `flows.backend.api_retry` retries
    429 and 5xx)."""

    def __init__(self, status_code: int, body: str) -> None:
        super().__init__(f"HTTP {status_code}: {body[:300]}")
        self.status_code = status_code


class Api:
    """The few Prefect API calls of a start, over one keep-alive connection (plain HTTP or
    TLS, an API key as a bearer token, a proxy from `HTTP(S)_PROXY` / `NO_PROXY`). Each call is
    one request: the callers decide what is retried."""

    def __init__(
        self,
        api_url: str,
        *,
        flow_ids: Path,
        api_key: str | None = None,
        timeout: float = TIMEOUT_S,
    ) -> None:
        """`flow_ids`: the flow-id cache file (`{api_url: {flow name: flow id}}`)."""
        import urllib.parse

        self.api_url = api_url.rstrip("/")
        parsed = urllib.parse.urlsplit(self.api_url)
        if parsed.scheme not in ("http", "https") or not parsed.hostname:
            raise ValueError(f"not an HTTP API address: {api_url!r}")
        self._tls = parsed.scheme == "https"
        self._host, self._port = parsed.hostname, parsed.port or (443 if self._tls else 80)
        self._path = parsed.path.rstrip("/")
        self._headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if api_key:
            self._headers["Authorization"] = f"Bearer {api_key}"
        self._timeout = timeout
        self._connection: http.client.HTTPConnection | None = None
        self._absolute = False  # plain HTTP through a proxy: the request names the whole URL
        self._flow_ids = flow_ids

    def __enter__(self) -> Api:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def _connect(self) -> http.client.HTTPConnection:
        import http.client

        proxy = _proxy_for(self._host, self._tls)
        if self._tls:
            import ssl

            context = ssl.create_default_context(cafile=os.environ.get("PREFECT_API_SSL_CERT_FILE"))
            if os.environ.get("PREFECT_API_TLS_INSECURE_SKIP_VERIFY", "").lower() == "true":
                context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
            at = proxy or (self._host, self._port)
            https = http.client.HTTPSConnection(*at, timeout=self._timeout, context=context)
            if proxy:
                https.set_tunnel(self._host, self._port)
            return https
        self._absolute = proxy is not None
        return http.client.HTTPConnection(
            *(proxy or (self._host, self._port)), timeout=self._timeout
        )

    def request(self, method: str, path: str, body: Any = None) -> Any:
        """One request; the decoded JSON answer. `ApiError` for an error status; a broken
        connection raises its `OSError` (the next request opens a new one). A kept-alive
        connection the server closed while idle is opened again once, at once (every call
        of a start may be sent twice: a create carries its idempotency key)."""
        import http.client

        target = f"{self._path}/{path}"
        data = None if body is None else json.dumps(body, ensure_ascii=False).encode("utf-8")
        reused = self._connection is not None
        while True:
            if self._connection is None:
                self._connection = self._connect()
            if self._absolute:
                target = f"http://{self._host}:{self._port}{self._path}/{path}"
            try:
                self._connection.request(method, target, body=data, headers=self._headers)
                response = self._connection.getresponse()
                payload = response.read()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.close()
                if not reused:
                    raise
                reused = False
            except BaseException:
                self.close()
                raise
        if response.status >= 400:
            raise ApiError(response.status, payload.decode("utf-8", "replace"))
        return json.loads(payload) if payload else None

    # -- the calls of a start -----------------------------------------------------------------

    def flow_id(self, flow_name: str) -> str:
        """The flow's id: from the cache, else created (or found) on the API and cached."""
        cached = self._cached().get(flow_name)
        if isinstance(cached, str):
            return cached
        flow_id = str(self.request("POST", "flows/", {"name": flow_name})["id"])
        self._cache(flow_name, flow_id)
        return flow_id

    def create_run(
        self, flow_name: str, name: str, parameters: dict[str, Any], tags: list[str], key: str
    ) -> str:
        """Create a Pending run of the flow `flow_name` (once per idempotency `key`); its id."""
        body = {
            "flow_id": self.flow_id(flow_name),
            "name": name,
            "parameters": parameters,
            "tags": tags,
            "state": {"type": "PENDING", "name": "Pending"},
            "idempotency_key": key,
        }
        try:
            created = self.request("POST", "flow_runs/", body)
        except ApiError as exc:
            if exc.status_code not in (404, 409, 422):
                raise
            # A flow id cached for a server whose database was replaced: look it up again.
            self._cache(flow_name, None)
            body["flow_id"] = self.flow_id(flow_name)
            created = self.request("POST", "flow_runs/", body)
        run_id = str(created["id"])
        if not _RUN_ID.match(run_id):
            raise ApiError(500, f"not a run id: {run_id[:60]!r}")
        return run_id

    def read_run(self, run_id: str) -> dict[str, Any]:
        return dict(self.request("GET", f"flow_runs/{run_id}"))

    def flow_name(self, flow_id: str) -> str:
        return str(self.request("GET", f"flows/{flow_id}")["name"])

    def set_state(self, run_id: str, kind: str, name: str, message: str) -> None:
        state = {"type": kind, "name": name, "message": message}
        self.request("POST", f"flow_runs/{run_id}/set_state", {"state": state, "force": True})

    def create_input(self, run_id: str, key: str, value: Any) -> None:
        """A flow run input, once: one that exists already is kept (409)."""
        body = {"key": key, "value": json.dumps(value, ensure_ascii=False)}
        try:
            self.request("POST", f"flow_runs/{run_id}/input", body)
        except ApiError as exc:
            if exc.status_code != 409:
                raise

    def input_exists(self, run_id: str, prefix: str) -> bool:
        body = {"prefix": prefix, "limit": 1, "exclude_keys": []}
        return bool(self.request("POST", f"flow_runs/{run_id}/input/filter", body))

    # -- the flow id cache --------------------------------------------------------------------

    def _read_all(self) -> dict[str, Any]:
        try:
            data = json.loads(self._flow_ids.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _cached(self) -> dict[str, Any]:
        part = self._read_all().get(self.api_url)
        return part if isinstance(part, dict) else {}

    def _cache(self, flow_name: str, flow_id: str | None) -> None:
        """Write the cache atomically (many CLIs at once: the last writer wins, none is torn)."""
        import tempfile

        data = self._read_all()
        flows = data[self.api_url] = self._cached()
        if flow_id is None:
            flows.pop(flow_name, None)
        else:
            flows[flow_name] = flow_id
        path = self._flow_ids
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".flow-ids-")
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(data, handle)
            os.replace(tmp, path)
        except OSError:
            pass  # a cache: without it the flow is looked up again next time


def _proxy_for(host: str, tls: bool) -> tuple[str, int] | None:
    """The proxy `HTTPS_PROXY`/`HTTP_PROXY` names for `host` (none under `NO_PROXY`)."""
    names = ("https_proxy", "HTTPS_PROXY") if tls else ("http_proxy", "HTTP_PROXY")
    configured = next((os.environ[n] for n in names if os.environ.get(n)), "")
    if not configured:
        return None
    import urllib.parse
    import urllib.request

    if urllib.request.proxy_bypass(host):
        return None
    parsed = urllib.parse.urlsplit(configured if "://" in configured else f"http://{configured}")
    return (parsed.hostname or "", parsed.port or 80)
