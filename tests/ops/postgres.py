"""A throwaway PostgreSQL cluster from Debian's `postgresql` package (initdb + pg_ctl).

As root the cluster runs as the `postgres` user (initdb refuses root); otherwise as the
current user. It listens on 127.0.0.1 on a free port with trust authentication and is
removed afterwards.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["pg_bindir", "postgres_cluster"]


def pg_bindir() -> Path | None:
    """The folder holding initdb and pg_ctl (PATH first, then /usr/lib/postgresql/<v>/bin)."""
    found = shutil.which("pg_ctl")
    if found:
        folder = Path(found).resolve().parent  # Debian's own folder, not a PATH symlink
        if (folder / "initdb").exists() and (folder / "createdb").exists():
            return folder
    candidates = sorted(
        Path("/usr/lib/postgresql").glob("*/bin"),
        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
    )
    for folder in reversed(candidates):
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    return None


def _as_cluster_user() -> list[str]:
    if os.geteuid() != 0:
        return []
    runuser = shutil.which("runuser")
    if runuser is None:
        raise RuntimeError("running as root needs runuser (util-linux) to start PostgreSQL")
    return [runuser, "-u", "postgres", "--"]


@contextmanager
def postgres_cluster(port: int) -> Iterator[str]:
    """Start a cluster; yields the SQLAlchemy URL of its `prefect` database."""
    bindir = pg_bindir()
    if bindir is None:
        raise RuntimeError("initdb/pg_ctl not found: apt-get install postgresql")
    base = Path(tempfile.mkdtemp(prefix="keiri-pg-"))
    data = base / "data"
    prefix = _as_cluster_user()
    if prefix:
        shutil.chown(base, user="postgres")
    run = subprocess.run
    run(
        [
            *prefix,
            str(bindir / "initdb"),
            "-D",
            str(data),
            "--auth=trust",
            "--username=keiri",
            "-E",
            "UTF8",
            "--no-locale",
        ],
        check=True,
        capture_output=True,
    )
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {base} -c max_connections=200"
    run(
        [
            *prefix,
            str(bindir / "pg_ctl"),
            "-D",
            str(data),
            "-o",
            options,
            "-l",
            str(base / "postgres.log"),
            "-w",
            "start",
        ],
        check=True,
        capture_output=True,
    )
    try:
        run(
            [
                str(bindir / "createdb"),
                "-h",
                "127.0.0.1",
                "-p",
                str(port),
                "-U",
                "keiri",
                "prefect",
            ],
            check=True,
            capture_output=True,
        )
        yield f"postgresql+asyncpg://keiri@127.0.0.1:{port}/prefect"
    finally:
        run(
            [*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"],
            check=False,
            capture_output=True,
        )
        shutil.rmtree(base, ignore_errors=True)
