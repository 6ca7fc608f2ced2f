"""The start's own parts (`flows.lifecycle.start`, `flows.lifecycle.api`) without a Prefect
server: the keiri home it resolves is the settings' one, a line from outside is printed without
control characters, and the one client opens a kept-alive connection again when the server
closed it while idle (a real HTTP server that closes without saying so)."""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from flows.lifecycle import start
from keiri.base import settings


@pytest.mark.parametrize("value", ["", "relative/home", "/tmp/abs-home"])
def test_the_home_is_the_settings_home(
    value: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    if value:
        monkeypatch.setenv("KEIRI_HOME", value)
    else:
        monkeypatch.delenv("KEIRI_HOME", raising=False)
    assert start.home() == settings.keiri_home()


def test_printed_lines_draw_nothing_of_their_own() -> None:
    forged = "\x1b[31m\x1b[1m承認済み\x1b[0m run \x07\x1b]0;title\x07ok\r\n"
    assert start.printable(forged) == "承認済み run ]0;titleok"
    assert "\x1b" not in start.printable(forged)


@pytest.fixture
def closing_server() -> Iterator[tuple[str, list[str]]]:
    """An API that answers every request, then closes the connection without a
    `Connection: close` header (as a server whose keep-alive timeout ran out)."""
    seen: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(length) or b"{}")
            seen.append(f"{self.path} {body.get('name')}")
            payload = json.dumps({"id": f"0196889a-1c00-7000-8000-00000000000{len(seen)}"})
            self.send_response(201)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload.encode())
            self.close_connection = True

        def log_message(self, *_args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/api", seen
    finally:
        server.shutdown()
        server.server_close()


def test_a_connection_closed_while_idle_is_opened_again(
    closing_server: tuple[str, list[str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    api_url, seen = closing_server
    monkeypatch.setenv("KEIRI_HOME", str(tmp_path / "home"))
    with start.client(api_url) as api:
        first = api.request("POST", "flows/", {"name": "a"})
        second = api.request("POST", "flows/", {"name": "b"})  # on a connection opened anew
    assert [first["id"][-1], second["id"][-1]] == ["1", "2"]
    assert seen == ["/api/flows/ a", "/api/flows/ b"]  # each sent once
