"""The quick start of `keiri run PLAN --detach`: create the run and print its id with the
standard library alone, before the full CLI (`keiri.launch` calls `quick_start` first).

Why (issue 11): 50 `keiri run --detach` started at once on a two-core machine must each print
their run id within 10 s. Before the id, the full CLI imports click, rich, pydantic, the
settings, the block registry and the compiler and validates the plan: ~0.5 s of CPU each,
~25 s of CPU for the burst, so the last ids came after 20 s or more however fast the server
answered (`bench/bench_detach_load.py`).

A plan that the full CLI has already validated and run from this home, unchanged, in the same
environment, needs none of that before its run is created. Each successful `keiri run` of a
plan without `--input`/`--var` records a *start note* (`remember`): the API URL, the plan's id
and tags, and the localized "started" line, filed under a key made of the plan's path and
bytes, the working directory, the interpreter, the language and every `KEIRI_*`/`PREFECT_*`
variable; the note also lists what the validation read (keiri's code, block specs, designs,
`config.yaml`) with their sizes and modification times. `quick_start` looks for a note first: when
the command is exactly `keiri run PLAN --detach [--json]`, no `.env` is involved and the note
matches, it creates the flow run (Pending, with an idempotency key) with the standard library
alone and prints its id. Then the full CLI runs as always — it validates the plan, starts the
runner, waits — adopting that run instead of creating one (`handed_over`). Should the full
validation now fail, the adopted run is marked Failed with the error (no run is left Pending)
and the error is reported as usual.

Anything unusual — no note, a changed file, another option, a `.env`, nothing listening, an
API error — skips the quick start: the full CLI does everything, as before (with the same
idempotency key when a create was attempted, so a request that reached the server is never
turned into a second run).
"""

from __future__ import annotations

import contextlib
import hashlib
import http.client
import json
import os
import re
import sys
import tempfile
import urllib.parse
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

__all__ = ["RUN_MARK", "HandedOver", "handed_over", "note_key", "quick_start", "remember"]

_VERSION = 1
RUN_MARK = "\x00run\x00"  # where the run id goes in the remembered "started" line
_FLAGS = {"--detach", "--json"}
_MAX_PLAN_BYTES = 4 * 1024 * 1024  # a larger plan file starts through the full CLI
_TIMEOUT_S = 5.0  # a create that takes longer is left to the full CLI (same idempotency key)
_ENV_PREFIXES = ("KEIRI_", "PREFECT_")
_SECRETISH = re.compile(r"KEY|SECRET|PASSWORD|TOKEN|WEBHOOK", re.IGNORECASE)
_NICE_AFTER_ID = 10  # added to this process's niceness once its run id is printed


@dataclass
class HandedOver:
    """What the quick start did before the full CLI: the idempotency key it used, the run it
    created and announced (None: no run yet, the full CLI creates it with `key`), and whether
    the full CLI has taken that run over (started its runner)."""

    key: str
    run_id: str | None
    taken_over: bool = False


_HANDED: list[HandedOver] = []
# The environment as this process started (`main`): the full CLI then points PREFECT_* at the
# server; a note is filed under the key the next process will compute from its own start.
_START_ENV: dict[str, str] = {}


def handed_over() -> HandedOver | None:
    """The quick start's run of this process, if it made one (or tried to)."""
    return _HANDED[0] if _HANDED else None


def quick_start(args: list[str]) -> None:
    """Create and announce the run of `keiri run PLAN --detach` when a start note allows it.
    Only an optimisation: whatever stops it (no note, a busy server, ...), the full CLI does
    the whole start itself and reports any real problem."""
    _START_ENV.update(os.environ)
    with contextlib.suppress(Exception):
        _quick_start(args)


# -- the note ----------------------------------------------------------------------------------


def note_key(plan: Path, plan_bytes: bytes, environ: Mapping[str, str]) -> str:
    """The key of a plan's start note (see the module's docstring)."""
    env = sorted(
        (k, "<set>" if _SECRETISH.search(k) else v)  # a secret's value is never hashed here
        for k, v in environ.items()
        if k.startswith(_ENV_PREFIXES)
    )
    material = json.dumps(
        [_VERSION, str(plan), hashlib.sha256(plan_bytes).hexdigest(), os.getcwd(),
         sys.executable, env],
        ensure_ascii=False,
    )  # fmt: skip
    return hashlib.sha256(material.encode("utf-8")).hexdigest()[:40]


def _fingerprint(watched: list[str]) -> str:
    """Sizes and modification times of the watched files and of every file under the
    watched folders (`__pycache__` left out)."""
    digest = hashlib.sha256()
    for top in watched:
        if os.path.isfile(top):
            stat = os.stat(top)
            digest.update(f"{top}\0{stat.st_mtime_ns}\0{stat.st_size}\n".encode())
            continue
        for root, dirs, files in os.walk(top):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                path = os.path.join(root, name)
                stat = os.stat(path)
                digest.update(f"{path}\0{stat.st_mtime_ns}\0{stat.st_size}\n".encode())
        digest.update(f"{top}\0dir\n".encode())
    return digest.hexdigest()


def _notes_dir(home: Path) -> Path:
    return home / "cache" / "start-notes"


def _home_from(environ: Mapping[str, str]) -> Path:
    """`settings.keiri_home()` as the environment alone gives it (no `.env` is involved)."""
    return Path(environ.get("KEIRI_HOME") or ".keiri").resolve()


def remember(
    *,
    home: Path,
    plan: Path,
    api_url: str,
    plan_id: str,
    tags: list[str],
    line: str,
    watched: list[Path],
) -> None:
    """Record the start note of a plan the full CLI validated and started (atomically; a
    failure to write it changes nothing but the next start's speed)."""
    plan = plan.resolve()
    if not _START_ENV or home != _home_from(_START_ENV) or _dotenv_involved(_START_ENV):
        return  # not the `keiri` executable, or a home or `.env` the quick start cannot see
    try:
        paths = [str(p.resolve()) for p in watched if p.exists()]
        note = {
            "version": _VERSION,
            "api_url": api_url,
            "plan_id": plan_id,
            "tags": tags,
            "line": line,
            "watched": paths,
            "fingerprint": _fingerprint(paths),
        }
        folder = _notes_dir(home)
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"{note_key(plan, plan.read_bytes(), _START_ENV)}.json"
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".note-")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(note, handle, ensure_ascii=False)
        os.replace(tmp, target)
    except OSError:
        return


def _dotenv_involved(environ: Mapping[str, str]) -> bool:
    return bool(environ.get("KEIRI_DOTENV", "").strip()) or os.path.exists(".env")


# -- the quick start ---------------------------------------------------------------------------


def _quick_start(args: list[str]) -> None:
    if not args or args[0] != "run" or "--detach" not in args:
        return
    rest = args[1:]
    positional = [a for a in rest if not a.startswith("-")]
    if len(positional) != 1 or any(a not in _FLAGS for a in rest if a.startswith("-")):
        return
    if _dotenv_involved(os.environ):
        return
    plan = Path(positional[0]).resolve()
    if plan.stat().st_size > _MAX_PLAN_BYTES:
        return  # read (and hashed) by the full CLI only
    note_path = _notes_dir(_home_from(os.environ)) / (
        note_key(plan, plan.read_bytes(), os.environ) + ".json"
    )
    note = json.loads(note_path.read_text(encoding="utf-8"))
    if note.get("version") != _VERSION or _fingerprint(note["watched"]) != note["fingerprint"]:
        return
    key = f"keiri-{uuid.uuid4()}"
    api = _Api(str(note["api_url"]))
    flow_id = api.flow_id(str(note["plan_id"]))
    _HANDED.append(HandedOver(key=key, run_id=None))  # a create may reach the server from here
    name = f"{note['plan_id']}-{datetime.now().strftime('%Y%m%d-%H%M%S-%f')}"
    body = {
        "flow_id": flow_id,
        "name": name,
        "parameters": {"plan": str(plan), "inputs": {}, "vars": {}},
        "tags": list(note["tags"]),
        "state": {"type": "PENDING", "name": "Pending"},
        "idempotency_key": key,
    }
    run_id = str(api.post("flow_runs/", body)["id"])
    _HANDED[0] = HandedOver(key=key, run_id=run_id)
    sys.stderr.write(str(note["line"]).replace(RUN_MARK, run_id) + "\n")
    sys.stderr.flush()
    # What follows (validation, the runner, the wait) is background work now: others still
    # starting, and the server creating their runs, go first when many start at once.
    with contextlib.suppress(AttributeError, OSError):  # no nice (Windows) or not permitted
        os.nice(_NICE_AFTER_ID)


class _Api:
    """The two requests of a quick start over one plain HTTP connection (a local server on the
    loopback; anything else, e.g. TLS or an API key, is left to the full CLI)."""

    def __init__(self, api_url: str) -> None:
        parsed = urllib.parse.urlsplit(api_url)
        if parsed.scheme != "http" or os.environ.get("PREFECT_API_KEY"):
            raise LookupError("not a plain local API")
        self.api_url = api_url.rstrip("/")
        self._path = parsed.path.rstrip("/")
        self._connection = http.client.HTTPConnection(
            parsed.hostname or "127.0.0.1", parsed.port or 80, timeout=_TIMEOUT_S
        )

    def post(self, path: str, body: Any) -> Any:
        self._connection.request(
            "POST",
            f"{self._path}/{path}",
            body=json.dumps(body, ensure_ascii=False).encode("utf-8"),
            headers={"Content-Type": "application/json"},
        )
        response = self._connection.getresponse()
        data = response.read()
        if response.status not in (200, 201):
            raise LookupError(f"HTTP {response.status}")
        return json.loads(data)

    def flow_id(self, flow_name: str) -> str:
        """The flow's id from the detached start's cache (`flows.lifecycle.start`), else the API."""
        cache = _home_from(os.environ) / "prefect-client" / "flow-ids.json"
        try:
            cached = json.loads(cache.read_text(encoding="utf-8")).get(self.api_url, {})
            if isinstance(cached.get(flow_name), str):
                return str(cached[flow_name])
        except (OSError, ValueError, AttributeError):
            pass
        return str(self.post("flows/", {"name": flow_name})["id"])
