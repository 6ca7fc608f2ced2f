"""What the local registry holds and how current it is: the snapshot's date, the difference
files applied after it, the date the data is "as of", and notices a person must read (no
snapshot yet, a snapshot older than the difference files, days of differences that may be
missing)."""

from __future__ import annotations

import datetime as dt
import sqlite3
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from keiri.base.catalog import t

__all__ = ["GAP_DAYS", "DataStatus", "Notice", "data_status"]

#: Difference files come once a day; a longer silence than this (long holidays included) is
#: worth saying: changes of those days may be missing.
GAP_DAYS = 7


@dataclass(frozen=True)
class Notice:
    code: str  # empty | no_snapshot | snapshot_older | gap
    message: str

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


@dataclass
class DataStatus:
    records: int = 0
    files: int = 0
    snapshot: str | None = None  # as-of date of the latest full snapshot
    snapshot_parts: list[str] = field(default_factory=list)
    diff_files: int = 0
    diff_first: str | None = None  # first difference file after the snapshot
    diff_last: str | None = None
    as_of: str | None = None  # the day the local data describes
    notices: list[Notice] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {**self.__dict__, "notices": [n.to_json() for n in self.notices]}


def data_status(conn: sqlite3.Connection) -> DataStatus:
    """The state of the registry behind `conn`."""
    status = DataStatus()
    status.records = conn.execute("SELECT count(*) FROM records").fetchone()[0]
    files = conn.execute("SELECT kind, part, data_date FROM files ORDER BY data_date").fetchall()
    status.files = len(files)
    if not files:
        status.notices.append(Notice("empty", t("registry.notice.empty")))
        return status
    snapshots = [(part, day) for kind, part, day in files if kind == "snapshot"]
    if snapshots:
        status.snapshot = max(day for _part, day in snapshots)
        status.snapshot_parts = sorted(
            {part or "?" for part, day in snapshots if day == status.snapshot}
        )
    after = sorted({day for kind, _part, day in files if kind == "diff"})
    if status.snapshot:
        after = [day for day in after if day > status.snapshot]
    status.diff_files = len(after)
    status.diff_first = after[0] if after else None
    status.diff_last = after[-1] if after else None
    status.as_of = max(filter(None, (status.snapshot, status.diff_last)))
    if status.snapshot is None:
        status.notices.append(Notice("no_snapshot", t("registry.notice.no_snapshot")))
    elif status.diff_last:
        status.notices.append(
            Notice(
                "snapshot_older",
                t(
                    "registry.notice.snapshot_older",
                    snapshot=status.snapshot,
                    first=status.diff_first,
                    last=status.diff_last,
                    count=status.diff_files,
                ),
            )
        )
    days = ([status.snapshot] if status.snapshot else []) + after
    for earlier, later in pairwise(days):
        gap = (dt.date.fromisoformat(later) - dt.date.fromisoformat(earlier)).days
        if gap > GAP_DAYS:
            status.notices.append(
                Notice("gap", t("registry.notice.gap", start=earlier, end=later, days=gap))
            )
    return status
