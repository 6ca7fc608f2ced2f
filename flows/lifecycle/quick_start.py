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
and version, filed under a key made of the plan's path and bytes, the working directory, the
interpreter, the language and every `KEIRI_*`/`PREFECT_*` variable; the note also lists what
the validation read (keiri's code, block specs, designs, `config.yaml`) with their sizes and
modification times. `quick_start` looks for a note first: when the command is exactly
`keiri run PLAN --detach [--json]`, no `.env` is involved and the note matches, it creates the
flow run (Pending, with an idempotency key) through `flows.lifecycle.start` (the standard
library alone) and prints its id. Then the full CLI runs as always — it validates the plan,
starts the runner, waits — adopting that run instead of creating one (`handed_over`).

A note is a hint, never an authority (issue 23): it is written 0600 in a folder of the user's
own and ignored when it, or its folder, belongs to someone else or others may write it; the
run's tags come from the plan id and version alone (never a `keiri-secrets:` tag), the line
printed is the catalog's; and the full CLI takes the run over only when its flow, tags and
parameters are exactly those of the plan it compiled (`start.check_adopted`), else the run
ends Failed with `RUN_START_MISMATCH`. Should the full validation fail, the adopted run is
marked Failed with the error (no run is left Pending) and the error is reported as usual.

Anything unusual — no note, a changed file, another option, a `.env`, nothing listening, an
API error — skips the quick start: the full CLI does everything, as before (with the same
idempotency key when a create was attempted, so a request that reached the server is never
turned into a second run).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
import sys
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from flows.lifecycle import start

__all__ = ["HandedOver", "forget", "handed_over", "note_key", "quick_start", "remember"]

_VERSION = 2
_FLAGS = {"--detach", "--json"}
_MAX_PLAN_BYTES = 4 * 1024 * 1024  # a larger plan file starts through the full CLI
_ENV_PREFIXES = ("KEIRI_", "PREFECT_")
_SECRETISH = re.compile(r"KEY|SECRET|PASSWORD|TOKEN|WEBHOOK", re.IGNORECASE)
_PLAN_ID = re.compile(r"[A-Za-z0-9_.-]{1,200}")  # a note's plan id (also a flow and run name)
_TIMEOUT_S = 5.0  # a create that takes longer is left to the full CLI (same idempotency key)
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


def _own(path: Path) -> bool:
    """Whether `path` is this user's and nobody else may write it (a note, or its folder)."""
    info = path.stat()
    return info.st_uid == os.geteuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def remember(
    *,
    home: Path,
    plan: Path,
    api_url: str,
    plan_id: str,
    plan_version: str,
    watched: list[Path],
) -> None:
    """Record the start note of a plan the full CLI validated and started (atomically, 0600; a
    failure to write it changes nothing but the next start's speed)."""
    plan = plan.resolve()
    if not _START_ENV or home != start.home(_START_ENV) or _dotenv_involved(_START_ENV):
        return  # not the `keiri` executable, or a home or `.env` the quick start cannot see
    try:
        paths = [str(p.resolve()) for p in watched if p.exists()]
        note = {
            "version": _VERSION,
            "api_url": api_url,
            "plan_id": plan_id,
            "plan_version": plan_version,
            "watched": paths,
            "fingerprint": _fingerprint(paths),
        }
        import tempfile

        folder = _notes_dir(home)
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        target = folder / f"{note_key(plan, plan.read_bytes(), _START_ENV)}.json"
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".note-")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(note, handle, ensure_ascii=False)
        os.replace(tmp, target)
    except OSError:
        return


def forget(plan: Path) -> None:
    """Remove the start note of `plan` (the full CLI found that it started the wrong run)."""
    with contextlib.suppress(OSError):
        plan = plan.resolve()
        key = note_key(plan, plan.read_bytes(), _START_ENV or os.environ)
        (_notes_dir(start.home()) / f"{key}.json").unlink()


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
    if _dotenv_involved(os.environ) or os.environ.get("PREFECT_API_KEY"):
        return  # a key (or anything a `.env` may hold) is left to the full CLI
    plan = Path(positional[0]).resolve()
    if plan.stat().st_size > _MAX_PLAN_BYTES:
        return  # read (and hashed) by the full CLI only
    folder = _notes_dir(start.home())
    note_path = folder / (note_key(plan, plan.read_bytes(), os.environ) + ".json")
    if not (_own(folder) and _own(note_path)):
        return  # someone else's note is no hint of ours
    note = json.loads(note_path.read_text(encoding="utf-8"))
    if note.get("version") != _VERSION or _fingerprint(note["watched"]) != note["fingerprint"]:
        return
    plan_id, version = str(note["plan_id"]), str(note["plan_version"])
    if not (_PLAN_ID.fullmatch(plan_id) and _PLAN_ID.fullmatch(version)):
        return
    api = start.client(str(note["api_url"]), timeout=_TIMEOUT_S)
    if not api.api_url.startswith("http://"):
        return  # TLS is left to the full CLI
    key = f"keiri-{uuid.uuid4()}"
    _HANDED.append(HandedOver(key=key, run_id=None))  # a create may reach the server from here
    parameters = {"plan": str(plan), "answers": {}, "vars": {}}
    tags = start.plan_tags(plan_id, version)
    run_id = api.create_run(plan_id, start.run_name(plan_id), parameters, tags, key)
    _HANDED[0] = HandedOver(key=key, run_id=run_id)
    from keiri.base.catalog import t

    sys.stderr.write(start.printable(t("cli.run.detached", run=run_id)) + "\n")
    sys.stderr.flush()
    # What follows (validation, the runner, the wait) is background work now: others still
    # starting, and the server creating their runs, go first when many start at once.
    with contextlib.suppress(AttributeError, OSError):  # no nice (Windows) or not permitted
        os.nice(_NICE_AFTER_ID)
