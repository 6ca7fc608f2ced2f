"""Delete a run's Secret blocks once the run can no longer be retried.

A run keeps secret values in Prefect Secret blocks: the secrets given at its start
(`keiri-run-secrets-<token>`, named by its tag `keiri-secrets:<token>`,
`flows.backend.run_secrets`) and the secret answers of its forms
(`keiri-run-answers-<run id>-<place>-g<gen>`, `flows.backend.answer_secrets`). A retry needs
them (it restores the start's secrets, and keeps answers it does not ask again), so they stay
while the run may be retried: until it is final and its end is older than the retry window
`KEIRI_SECRET_RETENTION` (default 4 days: a run that fails on a Friday evening can still be
retried after a three-day weekend). A Completed run cannot be retried (`keiri retry` refuses
it): its blocks go at its end whatever the window; `0` deletes every run's blocks at its end.

- `at_end(flow_run, completed)`: called by `run_plan` when its run ends (its own blocks).
  A run that ends otherwise (crashed, its process killed) is left to a later `sweep`.
- `sweep()`: called at every run's start (`run_plan`): every other run's blocks whose window is
  over, and blocks left without a run (a start that never created its run, a deleted run) once
  older than the window (at least an hour: a start saves its block just before its run).
  Failing steps (an API error) are logged as warnings by `safely`, never fail the run.

After the blocks are gone, a retry of the run fails with `cli.error.secrets_missing` if it had
secrets at its start; its forms' secret answers are asked again.

Import only after the Prefect environment is set (`keiri.server.client_env`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from prefect.client.orchestration import get_client
from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterId, FlowRunFilterTags
from prefect.client.schemas.objects import FlowRun

from flows.backend import answer_secrets, run_secrets
from keiri.base import settings
from keiri.base.catalog import t

__all__ = ["RunBlock", "at_end", "retention", "run_blocks", "safely", "sweep"]

_PAGE = 200
#: A block without its run is left this long at least (its run may be being created).
_ORPHAN_GRACE = timedelta(hours=1)


@dataclass(frozen=True)
class RunBlock:
    """A Secret block of a run: its id, name, when it was made, and how it names its run
    (`run_id` for answers, `tag` for the start's secrets)."""

    id: UUID
    name: str
    created: datetime | None
    run_id: UUID | None = None
    tag: str | None = None


def retention() -> timedelta:
    """How long a final run's secrets are kept for a retry (`KEIRI_SECRET_RETENTION`)."""
    return settings.get().server.secret_retention or timedelta(0)


def _of(document: dict[str, Any]) -> RunBlock | None:
    name = str(document.get("name") or "")
    created = document.get("created")
    when = datetime.fromisoformat(created) if isinstance(created, str) else None
    if name.startswith(run_secrets.BLOCK_PREFIX):
        token = name.removeprefix(run_secrets.BLOCK_PREFIX)
        return RunBlock(UUID(document["id"]), name, when, tag=f"{run_secrets.SECRETS_TAG}{token}")
    run_id = answer_secrets.run_of_block(name)
    if run_id is not None:
        return RunBlock(UUID(document["id"]), name, when, run_id=run_id)
    return None


def run_blocks(like: str = "keiri-run-") -> list[RunBlock]:
    """The runs' Secret blocks whose names contain `like` (values never read)."""
    found: list[RunBlock] = []
    offset = 0
    with get_client(sync_client=True) as client:
        while True:
            body = {
                "block_documents": {"name": {"like_": like}, "is_anonymous": {"eq_": False}},
                "block_types": {"slug": {"any_": ["secret"]}},
                "include_secrets": False,
                "limit": _PAGE,
                "offset": offset,
            }
            page = client.request("POST", "/block_documents/filter", json=body).json()
            found.extend(b for b in (_of(d) for d in page) if b is not None)
            if len(page) < _PAGE:
                return found
            offset += _PAGE


def _runs(blocks: list[RunBlock]) -> tuple[dict[UUID, FlowRun], dict[str, FlowRun]]:
    """The runs the blocks belong to: by id, and by their secrets tag."""
    ids = sorted({b.run_id for b in blocks if b.run_id is not None}, key=str)
    tags = sorted({b.tag for b in blocks if b.tag is not None})
    by_id: dict[UUID, FlowRun] = {}
    by_tag: dict[str, FlowRun] = {}
    with get_client(sync_client=True) as client:
        for i in range(0, len(ids), _PAGE):
            chunk = ids[i : i + _PAGE]
            for run in client.read_flow_runs(
                flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=chunk)), limit=_PAGE
            ):
                by_id[run.id] = run
        for i in range(0, len(tags), _PAGE):
            chunk_tags = tags[i : i + _PAGE]
            for run in client.read_flow_runs(
                flow_run_filter=FlowRunFilter(tags=FlowRunFilterTags(any_=chunk_tags)),
                limit=_PAGE,
            ):
                for tag in run.tags:
                    if tag in chunk_tags:
                        by_tag[tag] = run
    return by_id, by_tag


def _over(run: FlowRun | None, block: RunBlock, now: datetime, window: timedelta) -> bool:
    """Whether the block's run can no longer be retried (or the block has no run)."""
    if run is None:
        return block.created is not None and block.created <= now - max(window, _ORPHAN_GRACE)
    state = run.state
    if state is None or not state.is_final():
        return False
    if state.is_completed():
        return True
    ended = run.end_time or state.timestamp
    return ended is not None and ended <= now - window


def _delete(blocks: list[RunBlock]) -> list[str]:
    from prefect.exceptions import ObjectNotFound

    deleted: list[str] = []
    with get_client(sync_client=True) as client:
        for block in blocks:
            # Deleted meanwhile (another sweep): gone is what was wanted.
            with suppress(ObjectNotFound):
                client.delete_block_document(block.id)
            deleted.append(block.name)
    return deleted


def sweep(now: datetime | None = None, window: timedelta | None = None) -> list[str]:
    """Delete the Secret blocks of runs that can no longer be retried; their names."""
    now = now or datetime.now(UTC)
    window = retention() if window is None else window
    blocks = run_blocks()
    if not blocks:
        return []
    by_id, by_tag = _runs(blocks)
    over = [
        b
        for b in blocks
        if _over(by_id.get(b.run_id) if b.run_id else by_tag.get(b.tag or ""), b, now, window)
    ]
    return _delete(over)


def at_end(flow_run: FlowRun, completed: bool) -> list[str]:
    """At the end of a run: delete its own blocks when it completed (it cannot be retried)
    or the window is 0; else they wait for a later `sweep`."""
    if not completed and retention() > timedelta(0):
        return []
    tags = {t for t in flow_run.tags if t.startswith(run_secrets.SECRETS_TAG)}
    own = [
        b for b in run_blocks() if b.run_id == flow_run.id or (b.tag is not None and b.tag in tags)
    ]
    return _delete(own)


def safely(step: Callable[[], object], logger: logging.Logger | logging.LoggerAdapter[Any]) -> None:
    """Run a sweep step for a run without failing the run: an API error is logged as a
    warning (the next run's start sweeps again)."""
    try:
        step()
    except Exception as exc:  # housekeeping: the run's own work is not at stake
        logger.warning(
            "%s", t("runtime.secrets.sweep_failed", error=f"{type(exc).__name__}: {exc}")
        )
