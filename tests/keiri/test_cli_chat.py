"""`keiri chat` driven through a pseudo-terminal (`pexpect`): the real command in its own
process, the real `openai` client against the scripted local server, a real run on this test
session's Prefect server. A request → the copilot's confirmation asked as y/n → y → the run
starts in the background → while the prompt waits, the TaskLoop's summary is printed between
turns → /quit. Then the same conversation is resumed in a new process."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from keiri.base.catalog import CATALOG, t
from tests.conftest import ROOT, TEST_BLOCK_SPECS
from tests.support.chat_script import (
    GOAL,
    GOAL_REQUEST,
    REPLY,
    REQUEST,
    STEPS,
    SUMMARY,
    ChatScript,
    write_design,
)
from tests.support.openai_server import LLM_ENV, ScriptedOpenAI

pexpect = pytest.importorskip("pexpect")

pytestmark = pytest.mark.prefect

PROMPT = t("chat.cli.prompt", "ja")  # the child reads Japanese (KEIRI_LANG=ja)
APPROVED = t("chat.confirmation.approved", "ja", by="yamada")
UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@pytest.fixture
def chat_env(prefect_server: str, tmp_path: Path) -> Iterator[tuple[dict[str, str], ChatScript]]:
    """The environment of a `keiri chat` process: the scripted model, the test server, the
    plan `invoice_check` in the designs folder, the user yamada."""
    script = ChatScript()
    write_design(tmp_path / "designs")
    with ScriptedOpenAI(handler=script.handler) as srv:
        env = {k: v for k, v in os.environ.items() if k not in LLM_ENV}
        env.update(
            srv.env(),
            KEIRI_LLM_MAX_RETRIES="0",
            KEIRI_USER="yamada",
            KEIRI_LANG="ja",
            KEIRI_DESIGNS_DIR=str(tmp_path / "designs"),
            KEIRI_BLOCK_SPECS=str(TEST_BLOCK_SPECS),
            KEIRI_TEST_JOURNAL=str(tmp_path / "journal.jsonl"),
            LANG="C.UTF-8",
            LC_ALL="C.UTF-8",
            PYTHONIOENCODING="utf-8",
            TERM="dumb",
            COLUMNS="200",
        )
        yield env, script


def _spawn(env: dict[str, str], *args: str, log: Path) -> pexpect.spawn:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "keiri.cli", "chat", *args],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        timeout=120,
        dimensions=(40, 200),
    )
    child.logfile_read = log.open("a", encoding="utf-8")
    return child


def _transcript(log: Path) -> str:
    return _ANSI.sub("", log.read_text(encoding="utf-8"))


def test_a_request_is_confirmed_with_y_and_its_summary_printed_later(
    chat_env: tuple[dict[str, str], ChatScript], tmp_path: Path
) -> None:
    env, script = chat_env
    log = tmp_path / "chat.log"
    child = _spawn(env, log=log)
    try:
        welcome = CATALOG["chat.cli.welcome"]["ja"].split("{conversation}")[0]
        child.expect(re.escape(welcome) + r"(conv_[0-9a-f]+)")
        conversation = child.match.group(1)
        child.expect_exact(PROMPT)
        child.sendline("/stats")  # a mistyped command: did-you-mean, the loop goes on
        hint = t("chat.cli.did_you_mean", "ja", name="/status")
        child.expect_exact(t("chat.cli.unknown_command", "ja", command="/stats", hint=hint))
        child.expect_exact(PROMPT)
        child.sendline(REQUEST)
        child.expect_exact(REPLY)
        child.expect_exact(t("chat.cli.confirm", "ja"))
        child.sendline("はいはい")  # neither y nor n: asked again
        child.expect_exact(t("chat.cli.confirm_again", "ja"))
        child.expect_exact(t("chat.cli.confirm", "ja"))
        child.sendline("y")
        child.expect_exact(APPROVED)
        child.expect(r"→ .*: http\S+/runs/flow-run/" + UUID)  # the run's link (Prefect UI)
        child.expect_exact(PROMPT)
        # Nothing is typed: the waiting prompt prints the TaskLoop's report when the run ends.
        child.expect_exact(SUMMARY, timeout=150)
        child.expect_exact(PROMPT)
        child.sendline("/status")
        child.expect_exact(t("chat.status.recent_runs", "ja"))
        child.expect_exact(t("state.COMPLETED", "ja"))
        child.expect_exact(PROMPT)
        child.sendline("/quit")
        child.expect_exact(f"keiri chat --conversation {conversation}")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0, _transcript(log)
    assert script.answered == {"WireActionList": 1, "WireSummary": 1}, script.answered
    transcript = _transcript(log)
    # The order a person saw: confirmation, approval, then (after a prompt) the summary.
    assert transcript.index(REPLY) < transcript.index(APPROVED) < transcript.index(SUMMARY)

    # A new process continues the same conversation: its last messages are shown again.
    log2 = tmp_path / "chat2.log"
    again = _spawn(env, "--conversation", conversation, log=log2)
    try:
        again.expect_exact(f"会話 {conversation} を再開します")
        again.expect_exact(SUMMARY)
        again.expect_exact(PROMPT)
        again.sendeof()  # Ctrl-D ends the chat too
        again.expect(pexpect.EOF)
    finally:
        again.close()
    assert again.exitstatus == 0, _transcript(log2)


def test_an_unknown_conversation_is_refused_with_its_code(
    chat_env: tuple[dict[str, str], ChatScript], tmp_path: Path
) -> None:
    env, _script = chat_env
    log = tmp_path / "chat.log"
    child = _spawn(env, "--conversation", "conv_nosuch00", log=log)
    try:
        child.expect_exact("COPILOT_NOT_FOUND")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus != 0, _transcript(log)


def test_the_prompt_reads_whole_lines_and_looks_for_background_messages_meanwhile() -> None:
    """`LineReader` over a pipe: `idle` runs while no whole line has arrived; two lines written
    at once are both read (none stays hidden in a buffer); Japanese split across writes is
    decoded whole; the end of input is None."""
    from keiri.cli.chat import LineReader

    read_fd, write_fd = os.pipe()
    with os.fdopen(read_fd, "r", encoding="utf-8") as stream:
        reader = LineReader(stream, poll_s=0.01)  # type: ignore[arg-type]
        idle: list[int] = []
        encoded = "請求書\n".encode()

        def later() -> None:
            idle.append(1)
            if len(idle) == 3:
                os.write(write_fd, encoded[:2])  # half of 請
            if len(idle) == 5:
                os.write(write_fd, encoded[2:] + b"y\n/quit\n")
                os.close(write_fd)

        assert reader.readline(later) == "請求書"
        assert len(idle) == 5
        assert reader.readline(later) == "y"
        assert reader.readline(later) == "/quit"
        assert reader.readline(later) is None
        assert len(idle) == 5


def test_status_shows_the_goal_and_its_steps_and_list_the_conversations(
    chat_env: tuple[dict[str, str], ChatScript], monkeypatch: pytest.MonkeyPatch
) -> None:
    """In-process, input without a terminal (click's runner: no file descriptor, read line
    by line): a goal proposed and approved with y, `/status`, then `--list`."""
    from click.testing import CliRunner

    from keiri.cli.main import cli

    env, script = chat_env
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    runner = CliRunner()
    result = runner.invoke(cli, ["chat"], input=f"{GOAL_REQUEST}\ny\n/status\n/quit\n")
    assert result.exit_code == 0, result.output
    assert script.answered == {"WireActionList": 1, "WirePlan": 1}
    status = result.output[result.output.index(t("chat.status.goals")) :].splitlines()
    progress = t("chat.status.progress", done=0, total=3)
    assert status[1] == f"  {GOAL} *  [{t('chat.goal.approved')}]  {progress}"
    pending = t("chat.step.pending")
    assert status[2:5] == [f"    · {t('display.paren', text=step, note=pending)}" for step in STEPS]

    listed = runner.invoke(cli, ["chat", "--list"])
    assert listed.exit_code == 0, listed.output
    [line] = listed.output.splitlines()
    assert re.fullmatch(r"conv_[0-9a-f]{8}  \S+ \S+  \d+ 件  " + GOAL_REQUEST, line), line
