"""Pauses inside loops and subflows: a child flow run (a loop item, a subflow) that waits for
input makes its root run wait for input too.

A human-input node inside a loop item or a subflow pauses its own child flow run (each item
its own form, so nine invoices can wait at once). When it pauses, the child is noted on the
root run as the flow run input `keiri-child-paused-<child>-<key>` (`note`). `paused_child`
finds a noted child that is still paused at that key, oldest first: `flows.lifecycle.runs.wait` stops
there (`keiri run --detach` exits 3 with the child's form link), and the root's outcome says
it waits for input. A note stays when the child resumes; it is simply no longer paused.

Import only after the Prefect environment is set (`keiri.server.client_env`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from prefect.client.orchestration import get_client
from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterId

from flows.backend.input_keys import CHILD_PAUSE_PREFIX
from flows.backend.run_inputs import create_once, filter_values
from keiri.base.catalog import t

__all__ = ["PREFIX", "PausedChild", "note", "paused_child"]

PREFIX = CHILD_PAUSE_PREFIX


@dataclass(frozen=True)
class PausedChild:
    """A child run of a root run, paused at a keiri form."""

    run_id: str
    node_id: str
    key: str
    title: str = ""


def note(root: UUID, child: UUID, node_id: str, key: str, title: str = "") -> None:
    """Note on the root run that `child` pauses at `key` (idempotent), and link the child's
    form from the root run in the Prefect UI (a link artifact of the root)."""
    from prefect.client.schemas.actions import ArtifactCreate

    from flows.backend.notify import form_link

    first = create_once(
        root,
        f"{PREFIX}{child}-{key}",
        {"run_id": str(child), "node_id": node_id, "key": key, "title": title, "at": time.time()},
    )
    if not first:
        return
    where = title or node_id
    with get_client(sync_client=True) as client:
        client.create_artifact(
            ArtifactCreate(
                type="link",
                data=f"[{t('cli.child.link', where=where)}]({form_link(str(child))})",
                description=t("cli.child.description", node=node_id, where=where),
                flow_run_id=root,
            )
        )


def paused_child(root: UUID) -> PausedChild | None:
    """The earliest noted child that is still paused at its noted key, if any."""
    notes = [n for n in filter_values(root, PREFIX, limit=200) if isinstance(n, dict)]
    if not notes:
        return None
    ids = sorted({UUID(str(n["run_id"])) for n in notes if n.get("run_id")})
    with get_client(sync_client=True) as client:
        runs = client.read_flow_runs(flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=ids)))
    paused_at: dict[str, Any] = {
        str(r.id): r.state.state_details.pause_key
        for r in runs
        if r.state is not None and r.state.type.value == "PAUSED"
    }
    waiting = [n for n in notes if paused_at.get(str(n.get("run_id"))) == n.get("key")]
    if not waiting:
        return None
    first = min(waiting, key=lambda n: float(n.get("at") or 0))
    return PausedChild(
        run_id=str(first["run_id"]),
        node_id=str(first.get("node_id") or ""),
        key=str(first.get("key") or ""),
        title=str(first.get("title") or ""),
    )
