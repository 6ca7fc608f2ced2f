"""`python -m keiri.server.sqlite_server server start …`: the local Prefect server keiri starts
(`keiri.server.supervisor`), i.e. Prefect's own `prefect server start`, with its SQLite database reached
through one connection.

Why (issue 11, measured with `bench/bench_detach_load.py`): Prefect opens up to 15 SQLite
connections, each served by its own aiosqlite thread. When 50 runs start at once they all want
SQLite's one write lock; a connection that waits for it sleeps inside SQLite's busy handler
(up to Prefect's fixed 60 s `busy_timeout`) while holding that connection's mutex. If Python's
garbage collector then finalizes a cursor of that connection on the event-loop thread, the
loop blocks on the mutex *while holding the GIL*: the connection that owns the write lock can
no longer commit, so the waiter sleeps its full 60 s, and the whole server (`/health`
included) is frozen for that minute (seen in `py-spy dump --native`: `gc_collect_main →
cursor_clear → sqlite3_reset → pthread_mutex_lock`). Requests pile up behind it and come back
as 503s ("database is locked") or pool timeouts.

SQLite takes one writer at a time anyway. With one connection, requests wait for it in the
connection pool's queue (an asyncio wait, in order) instead of in SQLite's busy handler: no
lock contention inside the server, no 503 from a locked database, no frozen event loop. On the
same burst of 50 detached runs: 0 retried creates instead of 172, every run completed.

Prefect configures the SQLite engine itself and offers no pool settings for it (its
`sqlalchemy_pool_size` applies to PostgreSQL only), so `LocalSqlite.engine` builds the engine
as `AioSqliteConfiguration.engine` does (same connect hooks, same cache and disposal), with the
pool sized to one. It is installed through Prefect's own dependency slot
(`MODELS_DEPENDENCIES["database_config"]`) before the server starts. PostgreSQL servers and
in-memory databases are left to Prefect.
"""

from __future__ import annotations

import asyncio
import sys

import sqlalchemy as sa
from prefect.server.database import configurations, dependencies
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

__all__ = ["POOL_TIMEOUT_S", "LocalSqlite", "main"]

# How long a request may wait for the connection. Longer than any request of a loaded local
# server takes: an expired wait is a 500 that Prefect's client does not retry.
POOL_TIMEOUT_S = 600.0


class LocalSqlite(configurations.AioSqliteConfiguration):
    """Prefect's SQLite configuration, with one pooled connection (see the module's docstring)."""

    async def engine(self) -> AsyncEngine:
        key = (asyncio.get_running_loop(), self.connection_url, self.echo, self.timeout)
        engine = configurations.ENGINES.get(key)
        if engine is not None:
            return engine
        connect_args = {"timeout": self.timeout} if self.timeout is not None else {}
        engine = create_async_engine(
            self.connection_url,
            echo=self.echo,
            connect_args=connect_args,
            paramstyle="named",  # as Prefect: parameters by name (its PR #6702)
            poolclass=sa.pool.AsyncAdaptedQueuePool,
            pool_size=1,
            max_overflow=0,
            pool_timeout=POOL_TIMEOUT_S,
        )
        event.listen(engine.sync_engine, "connect", self.setup_sqlite)
        event.listen(engine.sync_engine, "begin", self.begin_sqlite_stmt)
        configurations.ENGINES[key] = engine
        await self.schedule_engine_disposal(key)
        return engine


def install() -> None:
    """Use `LocalSqlite` for this process's server when its database is a SQLite file."""
    from prefect.settings import PREFECT_API_DATABASE_CONNECTION_URL

    url = PREFECT_API_DATABASE_CONNECTION_URL.value()
    if url and url.startswith("sqlite") and ":memory:" not in url:
        dependencies.MODELS_DEPENDENCIES["database_config"] = LocalSqlite(connection_url=url)


def main(argv: list[str]) -> None:
    """Install the configuration, then run Prefect's CLI with `argv` (`server start …`)."""
    install()
    from prefect.cli import app

    sys.argv = ["prefect", *argv]
    app()


if __name__ == "__main__":
    main(sys.argv[1:])
