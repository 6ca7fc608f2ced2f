"""A local fake of the registry's Web-API (`/1/num`, `/1/valid`, JSON) for tests: a real HTTP
server on 127.0.0.1 answering from a table of published records, checking the application id,
enforcing a rate limit (more than `limit` requests in `window` seconds: 429 with
`Retry-After`), and playing scripted error answers first when some are queued."""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from blocks.registration.layout import KEYS

__all__ = ["APP_ID", "FakeRegistryApi", "Scripted", "announcement"]

APP_ID = "test-app-id-SECRET-42"


def announcement(fields: list[str]) -> dict[str, str]:
    """A Web-API record from a record in the published CSV order."""
    return dict(zip(KEYS, fields, strict=True))


@dataclass
class Scripted:
    status: int
    body: str
    headers: dict[str, str] = field(default_factory=dict)


class FakeRegistryApi:
    def __init__(self, records: list[list[str]], *, limit: int = 100, window: float = 1.0) -> None:
        self.records = [announcement(r) for r in records]
        self.limit, self.window = limit, window
        self.script: deque[Scripted] = deque()
        self.requests: list[tuple[float, str, dict[str, str], int]] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    @property
    def rate_limited(self) -> int:
        return sum(1 for *_rest, status in self.requests if status == 429)

    def __enter__(self) -> FakeRegistryApi:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def _answer(self, path: str, query: dict[str, str]) -> tuple[int, str, dict[str, str]]:
        now = time.monotonic()
        with self._lock:
            recent = [at for at, *_rest, status in self.requests if now - at < self.window]
            if len(recent) >= self.limit:
                return 429, json.dumps({"message": "too many requests"}), {"Retry-After": "0.3"}
            if self.script:
                scripted = self.script.popleft()
                return scripted.status, scripted.body, scripted.headers
        if query.get("id") != APP_ID:
            return 403, json.dumps({"errors": [{"code": "403", "message": "invalid id"}]}), {}
        if query.get("type") != "21":
            return 400, json.dumps({"errors": [{"code": "400", "message": "type"}]}), {}
        numbers = query.get("number", "").split(",")
        if path == "/1/num":
            if len(numbers) > 10:
                return 400, json.dumps({"errors": [{"code": "400", "message": "max 10"}]}), {}
            found = [r for r in self.records if r["registratedNumber"] in numbers]
            if query.get("history") != "1":
                found = [r for r in found if r["latest"] == "1"]
        elif path == "/1/valid":
            day = query.get("day", "")
            found = [
                r
                for r in self.records
                if r["registratedNumber"] == numbers[0]
                and r["registrationDate"] <= day
                and not (r["disposalDate"] and r["disposalDate"] <= day)
                and not (r["expireDate"] and r["expireDate"] <= day)
                and r["updateDate"] <= day
            ][-1:]
        else:
            return 404, "not found", {}
        body = {"lastUpdateDate": "2026-04-03", "count": str(len(found)), "announcement": found}
        return 200, json.dumps(body, ensure_ascii=False), {}

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                parts = urlsplit(self.path)
                query = {k: v[0] for k, v in parse_qs(parts.query).items()}
                status, body, headers = fake._answer(parts.path, query)
                with fake._lock:
                    fake.requests.append((time.monotonic(), parts.path, query, status))
                data = body.encode("utf-8")
                self.send_response(status)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                for name, value in headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: Any) -> None:
                return

        return Handler
