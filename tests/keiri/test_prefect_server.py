"""The local server's SQLite configuration (`keiri.server.sqlite_server`, issue 11): one pooled
connection that requests queue for in order, with Prefect's own connection setup applied —
on a real SQLite file through the real SQLAlchemy/aiosqlite stack."""

from __future__ import annotations

import asyncio
from pathlib import Path

import sqlalchemy as sa
from prefect.server.database import configurations

from keiri.server.sqlite_server import POOL_TIMEOUT_S, LocalSqlite


def test_one_connection_with_prefects_setup_and_waiters_served_in_turn(tmp_path: Path) -> None:
    async def scenario() -> tuple[int, int, float, str, list[str]]:
        config = LocalSqlite(connection_url=f"sqlite+aiosqlite:///{tmp_path / 'prefect.db'}")
        engine = await config.engine()
        try:
            assert await config.engine() is engine  # cached per loop, as Prefect's engines
            pool = engine.sync_engine.pool
            assert isinstance(pool, sa.pool.QueuePool)
            async with engine.begin() as connection:
                mode = (await connection.exec_driver_sql("PRAGMA journal_mode")).scalar()
                await connection.exec_driver_sql("CREATE TABLE t (who TEXT)")
            order: list[str] = []

            async def write(who: str, hold: float) -> None:
                async with engine.begin() as connection:
                    order.append(f"{who}:in")
                    await connection.exec_driver_sql(f"INSERT INTO t VALUES ('{who}')")
                    await asyncio.sleep(hold)  # the one connection stays taken meanwhile
                    order.append(f"{who}:out")

            first = asyncio.create_task(write("a", 0.3))
            await asyncio.sleep(0.05)
            await asyncio.gather(first, write("b", 0), write("c", 0))
            return pool.size(), pool._max_overflow, pool._timeout, str(mode), order  # type: ignore[attr-defined]
        finally:
            await engine.dispose()
            configurations.ENGINES.clear()

    size, overflow, timeout, mode, order = asyncio.run(scenario())
    assert (size, overflow, timeout) == (1, 0, POOL_TIMEOUT_S)
    assert mode == "wal"  # Prefect's `setup_sqlite` ran on the connection
    # Never two transactions at once: each waits for the connection, none for SQLite's lock.
    assert order[:2] == ["a:in", "a:out"] and sorted(order[2:]) == [
        "b:in",
        "b:out",
        "c:in",
        "c:out",
    ]
    assert order.index("b:out") == order.index("b:in") + 1
    assert order.index("c:out") == order.index("c:in") + 1
