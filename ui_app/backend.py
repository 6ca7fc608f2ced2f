"""What the pages ask of the runtime: paused forms, resume, recent runs, run records, retry.

Everything goes through `flows.control` (the same validation and once-only resume as
`keiri resume`). Prefect is imported lazily and only when `PREFECT_API_URL` is set: without it
Prefect would start a throwaway server of its own; `keiri ui` sets the environment.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from blocks.errors import BlockError, ErrorCode
from blocks.fileref import FileRef
from keiri import settings
from keiri.errors import ConfigError

if TYPE_CHECKING:
    from flows.control import PausedForm, RunView

__all__ = [
    "InboxItem",
    "block_version",
    "inbox",
    "output_files",
    "prefect_ui_url",
    "read_form",
    "recent_runs",
    "resume",
    "run_error",
    "run_record",
    "start_retry",
]

_FAILED = ("FAILED", "CRASHED")
_CLI = "import sys; from keiri.cli import main; sys.exit(main(sys.argv[1:]))"
_RETRIES: list[subprocess.Popen[bytes]] = []


def _require_api() -> None:
    if not settings.get().server.api_url:
        raise ConfigError(
            ["Prefect サーバーの接続先（PREFECT_API_URL）が設定されていません"],
            fields=["PREFECT_API_URL"],
            hint="フォームアプリは `keiri ui` で起動してください（Prefect の接続先を設定します）",
        )


@contextmanager
def _prefect(action: str) -> Iterator[None]:
    """Prefect client failures (server down, HTTP errors) as one `BlockError` for the page."""
    _require_api()
    try:
        yield
    except BlockError:
        raise
    except Exception as exc:
        raise BlockError(
            ErrorCode.API_ERROR,
            f"Prefect サーバーとの通信に失敗しました（{action}）: {type(exc).__name__}: {exc}",
            details={"api_url": settings.get().server.api_url, "action": action},
            hint="`keiri server status` で Prefect サーバーの状態を確認し、もう一度操作してください",
            recoverable=True,
        ) from exc


def prefect_ui_url(run_id: str) -> str:
    server = settings.get().server
    base = server.ui_url or (server.api_url or "").rstrip("/").removesuffix("/api")
    return f"{base}/runs/flow-run/{run_id}"


@dataclass(frozen=True)
class InboxItem:
    """One paused run as the inbox lists it; `problem` is set when it has no keiri form."""

    run_id: str
    run_name: str
    plan_id: str
    node_id: str
    message: str
    assignee: str
    asked_at: datetime | None
    problem: str = ""


def _asked_at(value: Any) -> datetime | None:
    return datetime.fromtimestamp(float(value)) if isinstance(value, int | float) else None


def inbox(limit: int = 60) -> list[InboxItem]:
    """Paused plan runs, oldest question first."""
    with _prefect("受信箱の読み込み"):
        from flows.control import list_runs, read_paused_form

        views = list_runs("paused", limit)
    items: list[InboxItem] = []
    for view in views:
        try:
            with _prefect("フォームの読み込み"):
                form = read_paused_form(view.run_id)
        except BlockError as exc:
            items.append(
                InboxItem(view.run_id, view.name, view.plan_id or "", "", "", "", None, exc.message)
            )
            continue
        definition = form.definition
        items.append(
            InboxItem(
                run_id=view.run_id,
                run_name=view.name,
                plan_id=str(definition.get("plan_id") or view.plan_id or ""),
                node_id=form.node_id,
                message=str(definition.get("message") or ""),
                assignee=str(definition.get("assignee") or ""),
                asked_at=_asked_at(definition.get("asked_at")),
            )
        )
    return sorted(items, key=lambda i: i.asked_at or datetime.max)


def read_form(run_id: str) -> PausedForm:
    """The paused run's form; `BlockError` when it is not paused (or already resumed)."""
    with _prefect("フォームの読み込み"):
        from flows.control import read_paused_form

        return read_paused_form(run_id)


def resume(run_id: str, answers: dict[str, Any], who: str) -> None:
    """Validate with the server's schema and resume once (`flows.control.resume_run`)."""
    with _prefect("実行の再開"):
        from flows.control import resume_run

        resume_run(run_id, answers, who)


@lru_cache(maxsize=1)
def _registry_version() -> str:
    from blocks.registry import BlockRegistry

    return BlockRegistry().get("ui.interactive_input").version


def block_version(definition: dict[str, Any]) -> str:
    """The human-input block's version for the session-state key: the form definition's
    `block_version` when the runtime records it, else the registered block's version."""
    value = definition.get("block_version")
    return str(value) if value else _registry_version()


def recent_runs(state: str | None = None, limit: int = 30) -> list[RunView]:
    with _prefect("実行履歴の読み込み"):
        from flows.control import list_runs

        return list_runs(state, limit)


def run_record(run_id: str) -> dict[str, Any] | None:
    """The run's record (outputs, error, log) written by `flows.run_plan`, if any."""
    _require_api()
    import json

    from flows.run_plan import run_record_path

    path = run_record_path(run_id)
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def run_error(view: RunView, record: dict[str, Any] | None) -> dict[str, Any] | None:
    """The error of a failed run: the record's `BlockError`, or Prefect's state message when
    the run failed before writing one (a crash), which a retry may fix (as `keiri runs`)."""
    if view.state_type not in _FAILED:
        return None
    error = (record or {}).get("error")
    if isinstance(error, dict):
        return error
    return {
        "code": ErrorCode.BLOCK_FAILED.value,
        "message": view.message or view.state,
        "details": {"run_id": view.run_id, "state": view.state},
        "hint": "Prefect UI で実行のログを確認してください",
        "recoverable": True,
    }


def output_files(value: Any) -> list[FileRef]:
    """Every FileRef in a run's outputs, in order, without duplicates."""
    found: dict[str, FileRef] = {}

    def walk(item: Any) -> None:
        if FileRef.is_fileref(item):
            ref = FileRef.model_validate(item)
            found.setdefault(f"{ref.sha256}:{ref.name}", ref)
        elif isinstance(item, dict):
            for child in item.values():
                walk(child)
        elif isinstance(item, list):
            for child in item:
                walk(child)

    walk(value)
    return list(found.values())


def start_retry(run_id: str, who: str) -> Path:
    """Start `keiri retry RUN_ID` in the background (it runs the flow again in its own
    process, as the CLI does); returns its log file."""
    _require_api()
    _RETRIES[:] = [p for p in _RETRIES if p.poll() is None]  # reap finished retries
    log_dir = settings.keiri_home() / "detached"
    log_dir.mkdir(parents=True, exist_ok=True)
    log = log_dir / f"retry-{run_id}-{datetime.now().strftime('%Y%m%d-%H%M%S')}.log"
    with log.open("ab") as handle:
        process = subprocess.Popen(
            [sys.executable, "-c", _CLI, "retry", run_id, "--json"],
            stdout=handle,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            cwd=settings.project_root(),
            env={**os.environ, "KEIRI_USER": who},
        )
    _RETRIES.append(process)
    return log
