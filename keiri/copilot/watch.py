"""The TaskLoop's background watcher: `python -m keiri.copilot.watch [--home PATH]`.

Sessions advance their task lists whenever they are used (`send`, `refresh`, `snapshot`).
This small process does the same for every conversation while nobody looks, so a report is
posted even when every chat is closed; it exits once no task list is running (`spawn` starts
one at most per keiri home: a lease in the store). The report is the LLM's when keiri's LLM
settings are complete, else the template.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from keiri.base import settings
from keiri.copilot import taskloop
from keiri.copilot.errors import LLMNotConfigured
from keiri.copilot.llm import CopilotLLM
from keiri.copilot.registry import ToolContext
from keiri.copilot.store import CopilotStore
from keiri.copilot.tools import default_registry

__all__ = ["main", "spawn", "watch"]

_LEASE = "watcher"


def watch(home: Path, interval: float = 2.0, *, use_llm: bool = True) -> int:
    """Advance every running task list until none is left; returns how many were seen."""
    store = CopilotStore(home)
    holder = f"watch-{os.getpid()}"
    if not store.lease(_LEASE, holder, interval * 10):
        return 0  # another watcher serves this home
    llm: CopilotLLM | None = None
    if use_llm:
        try:
            llm = CopilotLLM.open()
        except LLMNotConfigured:
            llm = None  # the template report
    registry = default_registry()
    seen: set[str] = set()
    try:
        while True:
            batches = store.running_batches()
            if not batches:
                return len(seen)
            for batch in batches:
                seen.add(batch.batch_id)
                ctx = ToolContext(
                    store=store,
                    user=batch.started_by,
                    conversation_id=batch.conversation_id,
                    home=home,
                    llm=llm,
                    registry=registry,
                )
                taskloop.poll_batch(ctx, batch.batch_id)
            store.lease(_LEASE, holder, interval * 10)
            time.sleep(interval)
    finally:
        store.release(_LEASE, holder)


def spawn(home: Path | None = None) -> subprocess.Popen[bytes]:
    """Start a watcher in the background (it exits by itself when nothing runs)."""
    target = (home or settings.keiri_home()).resolve()
    log = target / "copilot-watch.log"
    target.mkdir(parents=True, exist_ok=True)
    with log.open("ab") as handle:
        return subprocess.Popen(
            [sys.executable, "-m", "keiri.copilot.watch", "--home", str(target)],
            stdout=handle,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            cwd=settings.project_root(),
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m keiri.copilot.watch")
    parser.add_argument("--home", type=Path, default=None)
    parser.add_argument("--interval", type=float, default=2.0)
    parser.add_argument("--no-llm", action="store_true", help="always post the template report")
    args = parser.parse_args(argv)
    home = (args.home or settings.keiri_home()).resolve()
    watch(home, args.interval, use_llm=not args.no_llm)
    return 0


if __name__ == "__main__":  # pragma: no cover - the background process
    raise SystemExit(main())
