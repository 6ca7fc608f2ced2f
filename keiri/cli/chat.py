"""`keiri chat`: the operator copilot in the terminal (issue 16, seed 004), the same behaviour
as the form app's コパイロット page.

    keiri chat [--conversation ID] [--list]

A prompt loop over one conversation (`keiri.copilot.session.CopilotSession`): each line is a
user turn; the copilot's answer, its tool results and links are printed; an action that needs
the user's confirmation is asked as y/n (y approves, n declines) and runs with the user's
identity (`KEIRI_USER`, else the login name). While the prompt waits, messages posted by the
background task loops (run summaries) are printed between turns, and the prompt is shown
again. Lines starting with `/` are commands: `/status` (goals and their steps, pending
confirmations, recent and paused runs), `/help`, `/quit` (also end of input, Ctrl-D).

Exit 0 when the user quits; a copilot that cannot start (no LLM settings, an unknown
conversation) exits with its error's code. A failing turn is shown and the loop goes on.
"""

from __future__ import annotations

import contextlib
import difflib
import io
import os
import select
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import click

from keiri.base.catalog import t
from keiri.base.catalog.words import CHAT_CONFIRMATIONS, CHAT_GOALS, CHAT_ROLES, CHAT_STEPS
from keiri.base.errors import EXIT_USAGE, ErrorCode, KeiriError
from keiri.base.times import local_time
from keiri.cli.render import render_error

if TYPE_CHECKING:
    from keiri.copilot.models import Message, StateSnapshot
    from keiri.copilot.session import CopilotSession

__all__ = ["COMMANDS", "LineReader", "chat_cmd", "format_message", "format_status"]

#: The loop's commands (a line starting with `/`).
COMMANDS = ("/quit", "/status", "/help")
#: How often the waiting prompt looks for messages posted in the background (seconds).
POLL_S = 1.0
#: How many earlier messages a resumed conversation shows.
RECENT = 6


class LineReader:
    """Lines of standard input, read without blocking the background messages: while no
    whole line has arrived, `idle()` is called every `poll_s` seconds.

    Reads the file descriptor itself (a `TextIOWrapper` would keep piped lines in its buffer,
    out of `select`'s sight); input without a descriptor (click's test runner) is read line
    by line the usual way.
    """

    def __init__(self, stream: io.TextIOBase | None = None, poll_s: float = POLL_S) -> None:
        self.stream = stream if stream is not None else sys.stdin
        self.poll_s = poll_s
        self._buffer = b""
        self._eof = False
        try:
            self._fd: int | None = self.stream.fileno()
        except (OSError, ValueError, io.UnsupportedOperation):
            self._fd = None

    def readline(self, idle: Callable[[], None]) -> str | None:
        """The next line without its newline; None at the end of input."""
        if self._fd is None:
            line = self.stream.readline()
            return None if line == "" else line.rstrip("\r\n")
        while b"\n" not in self._buffer and not self._eof:
            ready, _, _ = select.select([self._fd], [], [], self.poll_s)
            if not ready:
                idle()
                continue
            chunk = os.read(self._fd, 4096)
            if chunk:
                self._buffer += chunk
            else:
                self._eof = True
        if not self._buffer:
            return None
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode("utf-8", errors="replace").rstrip("\r")


def _echo(text: str = "") -> None:
    click.echo(text)


def format_message(message: Message) -> list[str]:
    """A message as terminal lines: who speaks, the text, its links and its confirmation."""
    label = t(CHAT_ROLES[message.role])
    lines = [
        f"{label}> {line}" if i == 0 else f"  {line}"
        for i, line in enumerate(message.text.splitlines() or [""])
    ]
    for link in message.links:
        lines.append("  " + t("chat.link", label=link.label, url=link.url))
    confirmation = message.confirmation
    if confirmation is not None and confirmation.status != "pending":
        state = t(CHAT_CONFIRMATIONS[confirmation.status], by=confirmation.decided_by or "")
        lines.append(f"  ({state})")
    return lines


def format_status(snapshot: StateSnapshot) -> list[str]:
    """The state panel (`/status`): goals with their steps, pending confirmations, runs."""
    lines = [t("chat.status.goals")]
    if not snapshot.goals:
        lines.append("  " + t("chat.status.no_goals"))
    for goal in snapshot.goals:
        done, total = goal.progress()
        active = " *" if goal.goal_id == snapshot.active_goal_id else ""
        lines.append(
            f"  {goal.name}{active}  [{t(CHAT_GOALS[goal.status])}]  "
            + t("chat.status.progress", done=done, total=total)
        )
        for step in goal.steps:
            lines.append(
                f"    {_STEP_MARK[step.status]} "
                + t("display.paren", text=step.name, note=t(CHAT_STEPS[step.status]))
            )
            if step.summary:
                lines.append(f"       {step.summary.splitlines()[0]}")
    if snapshot.pending_confirmations:
        lines.append(t("chat.status.pending"))
        lines.extend(f"  ? {c.description}" for c in snapshot.pending_confirmations)
    for title, runs in (
        (t("chat.status.recent_runs"), snapshot.recent_runs),
        (t("chat.status.paused_runs"), snapshot.paused_runs),
    ):
        if not runs:
            continue
        lines.append(title)
        for run in runs:
            where = run.form_url or run.url or ""
            lines.append(
                f"  {run.run_id}  {_state(run.state)}  {local_time(run.start)}  {where}".rstrip()
            )
    return lines


def _decision(message: Message) -> str:
    """A decision message in words: who approved or declined."""
    confirmation = message.confirmation
    status = confirmation.status if confirmation is not None else "pending"
    who = (confirmation.decided_by if confirmation is not None else None) or message.author
    return t(CHAT_CONFIRMATIONS[status], by=who or "")


_STEP_MARK = {"pending": "·", "in_progress": "▶", "completed": "✓", "failed": "✗"}


def _state(state: str) -> str:
    from keiri.base.catalog import state_label

    return state_label(state)


class _Chat:
    """One `keiri chat` loop over a session."""

    def __init__(self, session: CopilotSession, reader: LineReader) -> None:
        self.session = session
        self.reader = reader
        self.seen: set[str] = set()
        self.prompt = ""

    def show(self, messages: Iterable[Message]) -> list[Message]:
        """Print the messages not printed yet; those printed now."""
        shown = []
        for message in messages:
            if message.id in self.seen:
                continue
            self.seen.add(message.id)
            if message.role == "user" and message.confirmation is None:
                continue  # what the user typed is on the screen already
            if message.role == "user":  # a decision (y/n, or 承認/却下 on the page)
                _echo(f"  ({_decision(message)})")
                shown.append(message)
                continue
            for line in format_message(message):
                _echo(line)
            shown.append(message)
        return shown

    def _background(self) -> None:
        """Called while the prompt waits: print what the task loops posted, then the prompt."""
        try:
            posted = self.session.refresh()
        except KeiriError as exc:
            _echo()
            render_error(exc)
            posted = []
        if any(m.id not in self.seen for m in posted):
            _echo()
            self.show(posted)
            click.echo(self.prompt, nl=False)

    def ask(self, prompt: str) -> str | None:
        self.prompt = prompt
        click.echo(prompt, nl=False)
        return self.reader.readline(self._background)

    def settle(self, messages: list[Message]) -> bool:
        """Show a turn's messages and ask each pending confirmation as y/n; False at the end
        of input."""
        queue = self.show(messages)
        while queue:
            message = queue.pop(0)
            confirmation = message.confirmation
            if confirmation is None or confirmation.status != "pending":
                continue
            approve = self.yes_no()
            if approve is None:
                return False
            queue.extend(self.show(self._guard(self.session.decide, confirmation.id, approve)))
        return True

    def yes_no(self) -> bool | None:
        while True:
            answer = self.ask(t("chat.cli.confirm"))
            if answer is None:
                return None
            word = answer.strip().lower()
            if word in {"y", "yes", t("chat.cli.yes")}:
                return True
            if word in {"n", "no", t("chat.cli.no")}:
                return False
            _echo(t("chat.cli.confirm_again"))

    def _guard(self, call: Callable[..., list[Message]], *args: object) -> list[Message]:
        """A turn's messages; a copilot error is shown and the loop goes on."""
        try:
            return call(*args)
        except KeiriError as exc:
            render_error(exc)
            return []

    def command(self, line: str) -> bool:
        """Run a `/command`; False to end the loop."""
        name = line.split(maxsplit=1)[0].lower()
        if name in {"/quit", "/exit", "/q"}:
            return False
        if name == "/help":
            _echo(t("chat.cli.help"))
        elif name == "/status":
            try:
                lines = format_status(self.session.snapshot())
            except KeiriError as exc:
                render_error(exc)
                return True
            for text in lines:
                _echo(text)
        else:
            close = difflib.get_close_matches(name, COMMANDS, n=1)
            hint = t("chat.cli.did_you_mean", name=close[0]) if close else t("chat.cli.commands")
            _echo(t("chat.cli.unknown_command", command=name, hint=hint))
        return True

    def resume(self, recent: int) -> bool:
        """Show the last `recent` messages of an earlier session and ask the confirmations it
        left open; False at the end of input."""
        try:
            pending = {c.id for c in self.session.snapshot().pending_confirmations}
        except KeiriError as exc:
            render_error(exc)
            pending = set()
        history = self.session.history()
        self.seen.update(m.id for m in history)
        for message in history[-recent:] if recent else []:
            for line in format_message(message):
                _echo(line)
        for message in history:
            confirmation = message.confirmation
            if confirmation is None or confirmation.id not in pending:
                continue
            pending.discard(confirmation.id)
            if message not in history[-recent:]:
                for line in format_message(message):
                    _echo(line)
            approve = self.yes_no()
            if approve is None:
                return False
            decided = self._guard(self.session.decide, confirmation.id, approve)
            if not self.settle(decided):
                return False
        return True

    def loop(self, recent: int = 0) -> None:
        if not self.resume(recent):
            return
        while True:
            self.show(self._guard(self.session.refresh))
            line = self.ask(t("chat.cli.prompt"))
            if line is None:
                _echo()
                return
            text = line.strip()
            if not text:
                continue
            if text.startswith("/"):
                if not self.command(text):
                    return
                continue
            _echo(t("chat.cli.thinking"))
            if not self.settle(self._guard(self.session.send, text)):
                return


def _list(user: str) -> None:
    from keiri.copilot.session import list_conversations

    conversations = list_conversations(user)
    if not conversations:
        _echo(t("chat.cli.no_conversations"))
    for info in conversations:
        _echo(
            f"{info.conversation_id}  {local_time(info.updated_at)}  "
            + t("chat.cli.messages", count=info.messages)
            + f"  {info.title}"
        )


@click.command("chat")
@click.option("--conversation", "conversation_id", metavar="ID")
@click.option("--list", "list_only", is_flag=True)
def chat_cmd(conversation_id: str | None, list_only: bool) -> None:
    from keiri.cli.runtime import current_user

    user = current_user()
    if list_only:
        _list(user)
        return
    _require_llm()  # before the copilot, Prefect or the LLM client are imported
    from keiri.copilot.session import CopilotSession

    with contextlib.suppress(KeiriError):
        _connect()
    session = CopilotSession.open(user=user, conversation_id=conversation_id, background=True)
    resumed = conversation_id is not None
    key = "chat.cli.resumed" if resumed else "chat.cli.welcome"
    _echo(t(key, conversation=session.conversation_id, user=user))
    chat = _Chat(session, LineReader())
    chat.loop(recent=RECENT if resumed else 0)
    _echo(t("chat.cli.bye", conversation=session.conversation_id))


def _require_llm() -> None:
    """No LLM settings: the copilot's own error, from the settings alone (nothing heavy is
    imported for it: `blocks.llm.readiness`)."""
    from blocks.llm.readiness import readiness

    ready = readiness()
    if not ready.configured:
        # `keiri.copilot.errors.LLMNotConfigured`'s code and exit code, without importing the
        # copilot package (its `__init__` loads the session, Prefect's client, the LLM client).
        raise KeiriError(
            ErrorCode.COPILOT_LLM_NOT_CONFIGURED,
            t("copilot.error.llm_not_configured"),
            exit_code=EXIT_USAGE,
            hint=t("copilot.hint.llm_not_configured"),
            details={"reason": "no_api_key", "provider": ready.provider, "missing": ready.missing},
        )


def _connect() -> None:
    """Point this process at the Prefect API (the runs the copilot starts and lists); the
    chat still opens without it (history and goals live in the keiri home)."""
    from keiri.cli.logs import route_console_logs
    from keiri.cli.server_cmd import server_progress
    from keiri.server import client_env

    try:
        client_env.connect(progress=server_progress)
    except KeiriError as exc:
        render_error(exc)
        raise
    route_console_logs()
