"""A live progress line for runs in a terminal: nodes done, running, and loop progress."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.live import Live
from rich.text import Text

from keiri.base.catalog import t
from keiri.cli.render import err_console

__all__ = ["run_progress"]


class _Progress:
    def __init__(self) -> None:
        self.done = 0
        self.running: list[str] = []
        self.loops: dict[str, tuple[int, int]] = {}
        self.failed = 0

    def render(self) -> Text:
        text = Text(t("cli.progress.done", count=self.done), style="green")
        if self.failed:
            text.append(t("cli.progress.failed", count=self.failed), style="red")
        if self.running:
            text.append(f"  ▶ {', '.join(self.running[-3:])}", style="cyan")
        for node, (seen, total) in list(self.loops.items())[-2:]:
            text.append(f"  ⟳ {node} {seen}/{total}", style="magenta")
        return text

    def update(self, event: dict[str, Any]) -> None:
        kind = event.get("event")
        node = str(event.get("node_id") or "")
        label = node if event.get("iteration") is None else f"{node}[{event['iteration']}]"
        if kind == "node_start":
            self.running.append(label)
        elif kind in ("node_complete", "node_skipped", "node_error"):
            if label in self.running:
                self.running.remove(label)
            if kind == "node_error" and not event.get("will_retry"):
                self.failed += 1
            elif kind != "node_error":
                self.done += 1
        elif kind == "loop_iteration" and event.get("total"):
            seen, _ = self.loops.get(node, (0, 0))
            self.loops[node] = (seen + 1, int(event["total"]))


@contextmanager
def run_progress(enabled: bool) -> Iterator[Callable[[dict[str, Any]], None] | None]:
    """Show progress on stderr while the body runs (only on a terminal, never with --json).

    Yields the event observer to pass to the run (`RunObservers.on_event`), or None."""
    if not enabled or not err_console.is_terminal:
        yield None
        return
    progress = _Progress()
    with Live(progress.render(), console=err_console, refresh_per_second=8, transient=True) as live:

        def listener(event: dict[str, Any]) -> None:
            progress.update(event)
            live.update(progress.render())

        yield listener
