"""Flow run inputs through Prefect's sync client (the module-level helpers of `prefect.input`
turn into un-awaited coroutines when an event loop runs in the thread, e.g. under Playwright).

`create_once` is the "once" gate of resumes: the server rejects a second input with the same
key (409), and only that is reported as "exists"; every other failure propagates.
"""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

import httpx
from prefect.client.orchestration import get_client

__all__ = ["create_once", "delete_value", "filter_values", "read_value"]


def create_once(flow_run_id: UUID, key: str, value: Any) -> bool:
    """Store `value` under `key`; False when the key already exists (nothing written)."""
    with get_client(sync_client=True) as client:
        try:
            client.create_flow_run_input(
                flow_run_id=flow_run_id, key=key, value=json.dumps(value, ensure_ascii=False)
            )
        except httpx.HTTPStatusError as exc:
            if exc.response.status_code == 409:
                return False
            raise
    return True


def read_value(flow_run_id: UUID, key: str) -> Any:
    """The decoded value under `key`, or None when there is none."""
    with get_client(sync_client=True) as client:
        try:
            raw = client.read_flow_run_input(flow_run_id=flow_run_id, key=key)
        except httpx.HTTPStatusError as exc:
            if exc.response.status_code == 404:
                return None
            raise
    return json.loads(raw)


def delete_value(flow_run_id: UUID, key: str) -> None:
    """Remove the input under `key` (none there: nothing to do)."""
    with get_client(sync_client=True) as client:
        try:
            client.delete_flow_run_input(flow_run_id=flow_run_id, key=key)
        except httpx.HTTPStatusError as exc:
            if exc.response.status_code != 404:
                raise


def filter_values(flow_run_id: UUID, prefix: str, limit: int = 100) -> list[Any]:
    with get_client(sync_client=True) as client:
        records = client.filter_flow_run_input(
            flow_run_id=flow_run_id, key_prefix=prefix, limit=limit, exclude_keys=set()
        )
    return [r.decoded_value for r in records]
