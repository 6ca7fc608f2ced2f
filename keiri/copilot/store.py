"""The copilot's persistent state: conversations, messages, goals (with steps and tasks),
confirmations, TaskLoop batches, and a change log of who changed what and when.

Why SQLite in the keiri home (`<home>/copilot.sqlite3`) and not Prefect variables/artifacts:
- a chat turn writes several records at once (a message, a goal, a confirmation, the change
  log) and two surfaces (the terminal and the form app) may write at the same time — SQLite
  gives transactions and an atomic "claim" (`UPDATE ... WHERE status = ...`) so a finished
  task list is reported exactly once, which Prefect variables (one value each, size-limited,
  no transactions) cannot;
- the copilot works when the Prefect server is down (history, goals and the error
  explanation stay readable);
- the keiri home is where the team's local server, file store and runs already live: a team
  that shares one keiri home (one machine, or a shared volume) shares its goals. Runs
  themselves stay on Prefect; the store keeps only their ids.

Goals are stored as one JSON document each (a goal and its steps change together); every
write adds a `changes` row (`at`, `who`, `entity`, `entity_id`, `change`, `detail`). Saving a
goal whose step's task list changed invalidates that step's pending confirmations in the same
transaction and posts a notice to their conversations (`keiri.copilot.binding`): whatever
path changes a list, an approval can never run operations that were not shown.

(Over 400 lines: one short method per record kind over one file, and the invalidation must
share the goal's transaction, so it stays in one class.)

Over 400 lines: one SQLite schema with each table's reads and writes beside its definition.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from keiri.copilot.binding import changed_steps, stale_notice
from keiri.copilot.models import (
    Confirmation,
    ConversationInfo,
    Goal,
    Message,
    Step,
    TaskBatch,
    now,
)

__all__ = ["Change", "CopilotStore"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS conversations (
    id TEXT PRIMARY KEY, user TEXT NOT NULL, title TEXT NOT NULL,
    active_goal_id TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS messages (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT UNIQUE NOT NULL,
    conversation_id TEXT NOT NULL, body TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS messages_by_conversation ON messages (conversation_id, seq);
CREATE TABLE IF NOT EXISTS goals (
    id TEXT PRIMARY KEY, conversation_id TEXT, status TEXT NOT NULL,
    updated_at TEXT NOT NULL, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS confirmations (
    id TEXT PRIMARY KEY, conversation_id TEXT NOT NULL, status TEXT NOT NULL,
    body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS batches (
    id TEXT PRIMARY KEY, conversation_id TEXT NOT NULL, status TEXT NOT NULL,
    body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS leases (
    id TEXT PRIMARY KEY, holder TEXT NOT NULL, until REAL NOT NULL);
CREATE TABLE IF NOT EXISTS changes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, who TEXT NOT NULL,
    entity TEXT NOT NULL, entity_id TEXT NOT NULL, change TEXT NOT NULL, detail TEXT NOT NULL);
"""


class Change(dict[str, Any]):
    """One row of the change log: `at`, `who`, `entity`, `entity_id`, `change`, `detail`."""


class CopilotStore:
    """The SQLite file of one keiri home. Each call opens a short transaction."""

    FILE = "copilot.sqlite3"

    def __init__(self, home: Path) -> None:
        home.mkdir(parents=True, exist_ok=True)
        self.path = home / self.FILE
        db = sqlite3.connect(self.path, timeout=30)
        try:
            db.executescript(_SCHEMA)  # commits by itself
        finally:
            db.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        finally:
            db.close()

    @staticmethod
    def _log(
        db: sqlite3.Connection,
        who: str,
        entity: str,
        entity_id: str,
        change: str,
        detail: dict[str, Any] | None = None,
    ) -> None:
        db.execute(
            "INSERT INTO changes (at, who, entity, entity_id, change, detail) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                now().isoformat(),
                who,
                entity,
                entity_id,
                change,
                json.dumps(detail or {}, ensure_ascii=False, default=str),
            ),
        )

    # -- conversations ----------------------------------------------------------------------

    def create_conversation(self, conversation_id: str, user: str, title: str) -> None:
        stamp = now().isoformat()
        with self._tx() as db:
            db.execute(
                "INSERT INTO conversations (id, user, title, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (conversation_id, user, title, stamp, stamp),
            )
            self._log(db, user, "conversation", conversation_id, "created", {"title": title})

    def conversation(self, conversation_id: str) -> ConversationInfo | None:
        with self._tx() as db:
            row = db.execute(
                "SELECT c.id, c.user, c.title, c.created_at, c.updated_at, "
                "(SELECT COUNT(*) FROM messages m WHERE m.conversation_id = c.id) "
                "FROM conversations c WHERE c.id = ?",
                (conversation_id,),
            ).fetchone()
        return _info(row) if row else None

    def conversations(self, user: str | None = None) -> list[ConversationInfo]:
        query = (
            "SELECT c.id, c.user, c.title, c.created_at, c.updated_at, "
            "(SELECT COUNT(*) FROM messages m WHERE m.conversation_id = c.id) "
            "FROM conversations c"
        )
        args: tuple[Any, ...] = ()
        if user is not None:
            query += " WHERE c.user = ?"
            args = (user,)
        with self._tx() as db:
            rows = db.execute(query + " ORDER BY c.updated_at DESC", args).fetchall()
        return [_info(r) for r in rows]

    def set_title(self, conversation_id: str, title: str) -> None:
        with self._tx() as db:
            db.execute("UPDATE conversations SET title = ? WHERE id = ?", (title, conversation_id))

    def active_goal(self, conversation_id: str) -> str | None:
        with self._tx() as db:
            row = db.execute(
                "SELECT active_goal_id FROM conversations WHERE id = ?", (conversation_id,)
            ).fetchone()
        return str(row[0]) if row and row[0] else None

    def set_active_goal(self, conversation_id: str, goal_id: str | None, who: str) -> None:
        with self._tx() as db:
            db.execute(
                "UPDATE conversations SET active_goal_id = ? WHERE id = ?",
                (goal_id, conversation_id),
            )
            self._log(db, who, "conversation", conversation_id, "active_goal", {"goal": goal_id})

    # -- messages ---------------------------------------------------------------------------

    def add_message(self, conversation_id: str, message: Message) -> int:
        """Append a message; returns its sequence number."""
        with self._tx() as db:
            return self._add_message(db, conversation_id, message)

    @staticmethod
    def _add_message(db: sqlite3.Connection, conversation_id: str, message: Message) -> int:
        cursor = db.execute(
            "INSERT INTO messages (id, conversation_id, body) VALUES (?, ?, ?)",
            (message.id, conversation_id, message.model_dump_json()),
        )
        db.execute(
            "UPDATE conversations SET updated_at = ? WHERE id = ?",
            (now().isoformat(), conversation_id),
        )
        return int(cursor.lastrowid or 0)

    def update_message(self, message: Message) -> None:
        with self._tx() as db:
            db.execute(
                "UPDATE messages SET body = ? WHERE id = ?", (message.model_dump_json(), message.id)
            )

    def messages(self, conversation_id: str, after: int = 0) -> list[tuple[int, Message]]:
        with self._tx() as db:
            rows = db.execute(
                "SELECT seq, body FROM messages WHERE conversation_id = ? AND seq > ? ORDER BY seq",
                (conversation_id, after),
            ).fetchall()
        return [(int(seq), Message.model_validate_json(body)) for seq, body in rows]

    def last_seq(self, conversation_id: str) -> int:
        with self._tx() as db:
            row = db.execute(
                "SELECT MAX(seq) FROM messages WHERE conversation_id = ?", (conversation_id,)
            ).fetchone()
        return int(row[0] or 0) if row else 0

    # -- goals ------------------------------------------------------------------------------

    def save_goal(
        self,
        goal: Goal,
        who: str,
        change: str,
        detail: dict[str, Any] | None = None,
        conversation_id: str | None = None,
    ) -> Goal:
        goal = goal.model_copy(update={"updated_at": now()})
        with self._tx() as db:
            exists = db.execute("SELECT body FROM goals WHERE id = ?", (goal.goal_id,)).fetchone()
            if exists:
                before = Goal.model_validate_json(exists[0])
                for step in changed_steps(before, goal):
                    self._invalidate(db, who, goal.goal_id, step)
                db.execute(
                    "UPDATE goals SET status = ?, updated_at = ?, body = ? WHERE id = ?",
                    (
                        goal.status,
                        goal.updated_at.isoformat(),
                        goal.model_dump_json(),
                        goal.goal_id,
                    ),
                )
            else:
                db.execute(
                    "INSERT INTO goals (id, conversation_id, status, updated_at, body) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (
                        goal.goal_id,
                        conversation_id,
                        goal.status,
                        goal.updated_at.isoformat(),
                        goal.model_dump_json(),
                    ),
                )
            self._log(db, who, "goal", goal.goal_id, change, detail)
        return goal

    def goal(self, goal_id: str) -> Goal | None:
        with self._tx() as db:
            row = db.execute("SELECT body FROM goals WHERE id = ?", (goal_id,)).fetchone()
        return Goal.model_validate_json(row[0]) if row else None

    def goals(self) -> list[Goal]:
        """Every goal (shared by the team), most recently changed first."""
        with self._tx() as db:
            rows = db.execute("SELECT body FROM goals ORDER BY updated_at DESC").fetchall()
        return [Goal.model_validate_json(r[0]) for r in rows]

    # -- confirmations ----------------------------------------------------------------------

    def save_confirmation(
        self, conversation_id: str, confirmation: Confirmation, who: str, change: str
    ) -> None:
        with self._tx() as db:
            db.execute(
                "INSERT INTO confirmations (id, conversation_id, status, body) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET status = excluded.status, body = excluded.body",
                (
                    confirmation.id,
                    conversation_id,
                    confirmation.status,
                    confirmation.model_dump_json(),
                ),
            )
            self._log(
                db,
                who,
                "confirmation",
                confirmation.id,
                change,
                {"operation": confirmation.action.operation, "status": confirmation.status},
            )

    def _invalidate(self, db: sqlite3.Connection, who: str, goal_id: str, step: Step) -> None:
        """Invalidate the pending confirmations bound to `step`'s task list; tell each
        conversation (inside the caller's transaction)."""
        rows = db.execute(
            "SELECT id, conversation_id, body FROM confirmations WHERE status = 'pending'"
        ).fetchall()
        for confirmation_id, conversation_id, body in rows:
            confirmation = Confirmation.model_validate_json(body)
            shown = confirmation.shown
            if shown is None or (shown.goal_id, shown.step_id) != (goal_id, step.step_id):
                continue
            stale = confirmation.model_copy(update={"status": "invalidated"})
            db.execute(
                "UPDATE confirmations SET status = 'invalidated', body = ? WHERE id = ?",
                (stale.model_dump_json(), confirmation_id),
            )
            self._log(
                db,
                who,
                "confirmation",
                confirmation_id,
                "invalidated",
                {"goal_id": goal_id, "step_id": step.step_id},
            )
            self._add_message(db, conversation_id, stale_notice(confirmation, step))

    def claim_confirmation(self, confirmation_id: str, status: str, who: str) -> bool:
        """Move a pending confirmation to `status`, once (False when it was not pending)."""
        with self._tx() as db:
            cursor = db.execute(
                "UPDATE confirmations SET status = ? WHERE id = ? AND status = 'pending'",
                (status, confirmation_id),
            )
            if cursor.rowcount != 1:
                return False
            self._log(db, who, "confirmation", confirmation_id, status)
        return True

    def confirmation(self, confirmation_id: str) -> tuple[str, Confirmation] | None:
        with self._tx() as db:
            row = db.execute(
                "SELECT conversation_id, body FROM confirmations WHERE id = ?", (confirmation_id,)
            ).fetchone()
        return (str(row[0]), Confirmation.model_validate_json(row[1])) if row else None

    def pending_confirmations(self, conversation_id: str) -> list[Confirmation]:
        with self._tx() as db:
            rows = db.execute(
                "SELECT body FROM confirmations WHERE conversation_id = ? AND status = 'pending'",
                (conversation_id,),
            ).fetchall()
        return [Confirmation.model_validate_json(r[0]) for r in rows]

    # -- TaskLoop batches -------------------------------------------------------------------

    def save_batch(self, batch: TaskBatch, who: str, change: str) -> None:
        with self._tx() as db:
            db.execute(
                "INSERT INTO batches (id, conversation_id, status, body) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET status = excluded.status, body = excluded.body",
                (batch.batch_id, batch.conversation_id, batch.status, batch.model_dump_json()),
            )
            self._log(db, who, "batch", batch.batch_id, change, {"status": batch.status})

    def running_batches(self, conversation_id: str | None = None) -> list[TaskBatch]:
        query = "SELECT body FROM batches WHERE status = 'running'"
        args: tuple[str, ...] = ()
        if conversation_id is not None:
            query, args = query + " AND conversation_id = ?", (conversation_id,)
        with self._tx() as db:
            rows = db.execute(query, args).fetchall()
        return [TaskBatch.model_validate_json(r[0]) for r in rows]

    def finish_batch(self, batch: TaskBatch, who: str) -> bool:
        """Mark a running batch ended, once: False when another process already did."""
        with self._tx() as db:
            cursor = db.execute(
                "UPDATE batches SET status = ?, body = ? WHERE id = ? AND status = 'running'",
                (batch.status, batch.model_dump_json(), batch.batch_id),
            )
            if cursor.rowcount != 1:
                return False
            self._log(db, who, "batch", batch.batch_id, batch.status)
        return True

    def batch(self, batch_id: str) -> TaskBatch | None:
        with self._tx() as db:
            row = db.execute("SELECT body FROM batches WHERE id = ?", (batch_id,)).fetchone()
        return TaskBatch.model_validate_json(row[0]) if row else None

    def lease(self, key: str, holder: str, seconds: float) -> bool:
        """Take the lease `key` for `seconds` unless another holder has it (one poller
        advances a task list at a time, across processes)."""
        stamp = time.time()
        with self._tx() as db:
            row = db.execute("SELECT holder, until FROM leases WHERE id = ?", (key,)).fetchone()
            if row is not None and row[0] != holder and float(row[1]) > stamp:
                return False
            db.execute(
                "INSERT INTO leases (id, holder, until) VALUES (?, ?, ?) ON CONFLICT(id) "
                "DO UPDATE SET holder = excluded.holder, until = excluded.until",
                (key, holder, stamp + seconds),
            )
        return True

    def release(self, key: str, holder: str) -> None:
        with self._tx() as db:
            db.execute("DELETE FROM leases WHERE id = ? AND holder = ?", (key, holder))

    # -- the change log ---------------------------------------------------------------------

    def changes(self, entity_id: str | None = None) -> list[Change]:
        query = "SELECT at, who, entity, entity_id, change, detail FROM changes"
        args: tuple[str, ...] = ()
        if entity_id is not None:
            query, args = query + " WHERE entity_id = ?", (entity_id,)
        with self._tx() as db:
            rows = db.execute(query + " ORDER BY seq", args).fetchall()
        return [
            Change(
                at=datetime.fromisoformat(at),
                who=who,
                entity=entity,
                entity_id=eid,
                change=change,
                detail=json.loads(detail),
            )
            for at, who, entity, eid, change, detail in rows
        ]


def _info(row: tuple[Any, ...]) -> ConversationInfo:
    cid, user, title, created, updated, count = row
    return ConversationInfo(
        conversation_id=cid,
        user=user,
        title=title,
        created_at=datetime.fromisoformat(created),
        updated_at=datetime.fromisoformat(updated),
        messages=int(count),
    )
