"""The counterparty master in the keiri home: one SQLite file (`<home>/counterparties.sqlite`,
stdlib `sqlite3`, WAL), its schema versioned by `PRAGMA user_version`.

Tables: `counterparties` (one row per 取引先, with its name and kana matching keys), `rules`
(account rules; a replaced rule is deactivated, never deleted) and `changes`, the change log:
who, when, what (before and after, as JSON). The log is append-only — triggers abort any
UPDATE or DELETE of it — and every write of the other tables adds its line in the same
transaction, so the master never changes without a line saying who did it.

A database written by a newer keiri (a higher schema version) is refused, never rewritten.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from blocks.counterparties.models import Change, Counterparty, Rule
from blocks.counterparties.names import kana_key, name_key
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base import settings
from keiri.base.catalog import t

__all__ = ["SCHEMA_VERSION", "CounterpartyStore", "default_path", "now"]

SCHEMA_VERSION = 1
_FIELDS = tuple(Counterparty.model_fields)
_RULE_FIELDS = tuple(f for f in Rule.model_fields if f != "id")
_SCHEMA = (
    f"CREATE TABLE counterparties ({', '.join(f'{f} TEXT' for f in _FIELDS)},"
    " name_key TEXT NOT NULL, kana_key TEXT NOT NULL,"
    " updated_at TEXT NOT NULL, updated_by TEXT NOT NULL,"
    " PRIMARY KEY (code), UNIQUE (registration_number))",
    "CREATE INDEX counterparties_name_key ON counterparties (name_key)",
    "CREATE INDEX counterparties_kana_key ON counterparties (kana_key)",
    "CREATE TABLE rules (id INTEGER PRIMARY KEY AUTOINCREMENT,"
    f" {', '.join(f'{f} TEXT' for f in _RULE_FIELDS)}, active INTEGER NOT NULL DEFAULT 1)",
    "CREATE INDEX rules_counterparty ON rules (counterparty_code)",
    "CREATE TABLE changes (id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL,"
    " who TEXT NOT NULL, target TEXT NOT NULL, key TEXT NOT NULL, action TEXT NOT NULL,"
    " before TEXT, after TEXT)",
    "CREATE TRIGGER changes_append_only_update BEFORE UPDATE ON changes"
    " BEGIN SELECT RAISE(ABORT, 'append-only'); END",
    "CREATE TRIGGER changes_append_only_delete BEFORE DELETE ON changes"
    " BEGIN SELECT RAISE(ABORT, 'append-only'); END",
)


def default_path() -> Path:
    """`<keiri home>/counterparties.sqlite`."""
    return settings.keiri_home() / "counterparties.sqlite"


def now() -> str:
    """The time a change is recorded at: UTC, ISO 8601, to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


class CounterpartyStore:
    """The master, its rules and its change log. Use as a context manager (one connection)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = (path or default_path()).resolve()
        self._db: sqlite3.Connection | None = None

    # -- connection ---------------------------------------------------------------------------

    def __enter__(self) -> CounterpartyStore:
        self.open()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def open(self) -> sqlite3.Connection:
        if self._db is None:
            with self._errors():
                self.path.parent.mkdir(parents=True, exist_ok=True)
                db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
                db.row_factory = sqlite3.Row
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA busy_timeout=30000")
                self._migrate(db)
                self._db = db
        return self._db

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    @contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except (sqlite3.Error, OSError) as exc:
            detail = (exc.strerror or exc) if isinstance(exc, OSError) else exc
            raise BlockError(
                ErrorCode.STORAGE_ERROR,
                t("counterparty.store.error", path=self.path, detail=detail),
                details={"path": str(self.path)},
                hint=t("counterparty.store.error_hint"),
                recoverable=True,
            ) from exc

    def _migrate(self, db: sqlite3.Connection) -> None:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise BlockError(
                ErrorCode.STORAGE_ERROR,
                t("counterparty.store.newer", path=self.path, version=version),
                details={"path": str(self.path), "version": version},
                hint=t("counterparty.store.newer_hint"),
            )
        if version == 0:
            db.execute("BEGIN IMMEDIATE")
            try:
                if int(db.execute("PRAGMA user_version").fetchone()[0]) == 0:
                    for statement in _SCHEMA:
                        db.execute(statement)
                    db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        db = self.open()
        with self._errors():
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def _log(
        self,
        db: sqlite3.Connection,
        who: str,
        target: str,
        key: str,
        action: str,
        before: dict[str, Any] | None,
        after: dict[str, Any] | None,
    ) -> None:
        db.execute(
            "INSERT INTO changes (at, who, target, key, action, before, after)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (now(), who, target, key, action, _dump(before), _dump(after)),
        )

    # -- counterparties -----------------------------------------------------------------------

    def counterparties(self) -> list[Counterparty]:
        with self._errors():
            rows = self.open().execute("SELECT * FROM counterparties ORDER BY code").fetchall()
        return [_counterparty(row) for row in rows]

    def get(self, code: str) -> Counterparty | None:
        with self._errors():
            row = (
                self.open()
                .execute("SELECT * FROM counterparties WHERE code = ?", (code,))
                .fetchone()
            )
        return _counterparty(row) if row else None

    def save(self, counterparty: Counterparty, who: str) -> Literal["create", "update", "same"]:
        """Create or update one counterparty, with its change-log line."""
        return self.save_many([counterparty], who)[0]

    def save_many(
        self, counterparties: Iterable[Counterparty], who: str
    ) -> list[Literal["create", "update", "same"]]:
        """Create or update several at once (one transaction: all or none)."""
        results: list[Literal["create", "update", "same"]] = []
        with self._transaction() as db:
            for item in counterparties:
                row = db.execute(
                    "SELECT * FROM counterparties WHERE code = ?", (item.code,)
                ).fetchone()
                before = _counterparty(row).model_dump() if row else None
                after = item.model_dump()
                if before == after:
                    results.append("same")
                    continue
                self._check_registration(db, item)
                columns = (*_FIELDS, "name_key", "kana_key", "updated_at", "updated_by")
                values = (
                    *(after[f] for f in _FIELDS),
                    *(name_key(item.name), kana_key(item.kana or ""), now(), who),
                )
                if before is None:
                    db.execute(
                        f"INSERT INTO counterparties ({', '.join(columns)})"
                        f" VALUES ({', '.join('?' * len(columns))})",
                        values,
                    )
                else:
                    db.execute(
                        f"UPDATE counterparties SET {', '.join(f'{c} = ?' for c in columns)}"
                        " WHERE code = ?",
                        (*values, item.code),
                    )
                action: Literal["create", "update"] = "update" if before else "create"
                self._log(db, who, "counterparty", item.code, action, before, after)
                results.append(action)
        return results

    @staticmethod
    def _check_registration(db: sqlite3.Connection, item: Counterparty) -> None:
        if item.registration_number is None:
            return
        other = db.execute(
            "SELECT code FROM counterparties WHERE registration_number = ? AND code != ?",
            (item.registration_number, item.code),
        ).fetchone()
        if other is not None:
            raise BlockError(
                ErrorCode.COUNTERPARTY_INVALID,
                t(
                    "counterparty.store.registration_taken",
                    number=item.registration_number,
                    code=item.code,
                    other=other["code"],
                ),
                details={"code": item.code, "other": other["code"]},
                hint=t("counterparty.store.registration_taken_hint"),
            )

    # -- rules --------------------------------------------------------------------------------

    def rules(self, *, counterparty_code: str | None = None) -> list[Rule]:
        """Active rules (of one counterparty, or all), newest first."""
        query = "SELECT * FROM rules WHERE active = 1"
        args: tuple[Any, ...] = ()
        if counterparty_code is not None:
            query += " AND counterparty_code = ?"
            args = (counterparty_code,)
        with self._errors():
            rows = self.open().execute(query + " ORDER BY id DESC", args).fetchall()
        return [_rule(row) for row in rows]

    def add_rule(self, rule: Rule, who: str) -> tuple[Rule, Literal["create", "same"]]:
        """Save `rule` (recorded as made by `who` now). An active rule for the same
        counterparty and keyword is replaced: deactivated, its line in the log kept."""
        with self._transaction() as db:
            rows = db.execute(
                "SELECT * FROM rules WHERE active = 1 AND counterparty_code IS ? AND keyword IS ?",
                (rule.counterparty_code, rule.keyword),
            ).fetchall()
            for row in rows:
                old = _rule(row)
                if (old.action, old.account, old.tax_category) == (
                    rule.action,
                    rule.account,
                    rule.tax_category,
                ):
                    return old, "same"
            for row in rows:
                old = _rule(row)
                db.execute("UPDATE rules SET active = 0 WHERE id = ?", (old.id,))
                self._log(db, who, "rule", str(old.id), "deactivate", old.model_dump(), None)
            stamped = rule.model_copy(update={"created_by": who, "created_at": now(), "id": None})
            values = stamped.model_dump(exclude={"id"})
            cursor = db.execute(
                f"INSERT INTO rules ({', '.join(_RULE_FIELDS)})"
                f" VALUES ({', '.join('?' * len(_RULE_FIELDS))})",
                tuple(values[f] for f in _RULE_FIELDS),
            )
            saved = stamped.model_copy(update={"id": cursor.lastrowid})
            self._log(db, who, "rule", str(saved.id), "create", None, saved.model_dump())
        return saved, "create"

    # -- the change log -----------------------------------------------------------------------

    def changes(self, *, target: str | None = None, key: str | None = None) -> list[Change]:
        """The change log, oldest first (of one target kind and key, or all)."""
        query, args = "SELECT * FROM changes WHERE 1 = 1", list[str]()
        if target is not None:
            query, args = query + " AND target = ?", [*args, target]
        if key is not None:
            query, args = query + " AND key = ?", [*args, key]
        with self._errors():
            rows = self.open().execute(query + " ORDER BY id", args).fetchall()
        return [
            Change(
                id=row["id"],
                at=row["at"],
                who=row["who"],
                target=row["target"],
                key=row["key"],
                action=row["action"],
                before=json.loads(row["before"]) if row["before"] else None,
                after=json.loads(row["after"]) if row["after"] else None,
            )
            for row in rows
        ]


def _dump(value: dict[str, Any] | None) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)


def _counterparty(row: sqlite3.Row) -> Counterparty:
    return Counterparty.model_validate({f: row[f] for f in _FIELDS})


def _rule(row: sqlite3.Row) -> Rule:
    return Rule.model_validate({"id": row["id"], **{f: row[f] for f in _RULE_FIELDS}})
