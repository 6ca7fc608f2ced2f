"""Drafts: what a person typed and uploaded into a form, kept on the server until they submit
or reset, so a reload (F5) or a new tab shows it again.

One JSON file per run, node and user under `<keiri home>/drafts/`:
`{"fields": {id: type}, "values": {id: value}, "saved_at": iso}`. Uploaded files are already in
the content-addressed file store; the draft keeps their FileRef dicts. Writes are atomic (a
temporary file in the same folder, then `os.replace`); a draft that cannot be read is treated
as absent. The file name is a hash of (run, node, user), so no user text reaches the path.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from blocks.sdk.atomic_write import write_text_atomic
from keiri.base import settings

__all__ = ["Draft", "delete", "draft_dir", "draft_path", "load", "save"]

Draft = dict[str, Any]


def draft_dir() -> Path:
    return settings.keiri_home() / "drafts"


def draft_path(run_id: str, node_id: str, user: str) -> Path:
    digest = hashlib.sha256("\0".join((run_id, node_id, user)).encode("utf-8")).hexdigest()
    return draft_dir() / f"{digest[:40]}.json"


def load(run_id: str, node_id: str, user: str) -> Draft | None:
    """The stored draft, or None (none, or unreadable)."""
    path = draft_path(run_id, node_id, user)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("values"), dict):
        return None
    if data.get("run_id") != run_id or data.get("node_id") != node_id or data.get("user") != user:
        return None
    return data


def save(
    run_id: str, node_id: str, user: str, fields: dict[str, str], values: dict[str, Any]
) -> bool:
    """Store the draft atomically; False when nothing changed since the last save."""
    path = draft_path(run_id, node_id, user)
    previous = load(run_id, node_id, user)
    if (
        previous is not None
        and previous.get("values") == values
        and previous.get("fields") == fields
    ):
        return False
    document = {
        "run_id": run_id,
        "node_id": node_id,
        "user": user,
        "fields": fields,
        "values": values,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    text = json.dumps(document, ensure_ascii=False, default=str)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(path, text, ".draft-", private=True)  # a person's unsent answers
    return True


def delete(run_id: str, node_id: str, user: str) -> None:
    """Forget the draft (after a submit, or on 入力をリセット)."""
    with contextlib.suppress(FileNotFoundError):
        draft_path(run_id, node_id, user).unlink()
