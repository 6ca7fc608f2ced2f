"""The notification outbox: each notice about a run is recorded on that run, in Prefect's
database, so it is sent once — whoever sends it, and after a server restart too.

A notice has a key (`paused-<pause key>`, `reminder-<pause key>`, `late`, `crashed-<state id>`,
...). Sending is claim, post, mark: `claim` creates the flow-run input `keiri-notice-<key>`
(the server refuses a second one: 409), the webhook is posted, `mark_sent` creates
`keiri-notice-sent-<key>`. A claim without its mark that is older than `RETRY_AFTER` (the
sender died or the webhook failed) is posted again by the watcher. Nothing here lives in a
process's memory or in Prefect's event bus.
"""

from __future__ import annotations

import hashlib
import logging
import re
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from flows.backend.run_inputs import create_once, read_value

__all__ = ["RETRY_AFTER", "deliver", "notice_key", "post", "sent"]

RETRY_AFTER = timedelta(minutes=2)
_PREFIX = "keiri-notice-"
_SENT = "keiri-notice-sent-"
_log = logging.getLogger("keiri.notify")


def notice_key(kind: str, detail: str = "") -> str:
    """A flow-run input key part (lowercase letters, digits, dashes) for a notice."""
    if not detail:
        return kind
    clean = re.sub(r"[^a-z0-9-]+", "-", detail.lower()).strip("-")[:40]
    digest = hashlib.sha256(detail.encode("utf-8")).hexdigest()[:10]
    return f"{kind}-{clean}-{digest}" if clean else f"{kind}-{digest}"


def sent(run_id: UUID, key: str) -> bool:
    return read_value(run_id, _SENT + key) is not None


def _now() -> datetime:
    return datetime.now(UTC)


def deliver(run_id: UUID, key: str, payload: dict[str, Any], url: str) -> bool:
    """Send the notice once: claim it (or take over a stale claim), post, mark it sent.
    False when it was sent (or is being sent) already, or the post failed."""
    if create_once(run_id, _PREFIX + key, {"at": _now().isoformat()}):
        return _post_and_mark(run_id, key, payload, url)
    if sent(run_id, key):
        return False
    claim = read_value(run_id, _PREFIX + key)
    claimed = datetime.fromisoformat(str((claim or {}).get("at") or _now().isoformat()))
    if _now() - claimed < RETRY_AFTER:
        return False  # another sender is at it
    return _post_and_mark(run_id, key, payload, url)


def _post_and_mark(run_id: UUID, key: str, payload: dict[str, Any], url: str) -> bool:
    if not post(url, payload):
        return False
    create_once(run_id, _SENT + key, {"at": _now().isoformat()})
    return True


def post(url: str, payload: dict[str, Any]) -> bool:
    """POST the JSON; a failure is logged (the watcher tries again), never raised."""
    import httpx2

    try:
        httpx2.post(url, json=payload, timeout=10).raise_for_status()
    except httpx2.HTTPError as exc:
        _log.warning("a notification was not posted: %s", exc)
        return False
    return True
