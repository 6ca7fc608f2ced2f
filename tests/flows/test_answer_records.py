"""The answer-reuse record keeps secret answers as references to a Secret block of the run
(`flows.backend.answer_secrets`), never as values; a form asked again never shows them; the
run's Secret blocks are swept once it can no longer be retried (`flows.backend.secret_sweep`).
On the real local Prefect server."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.prefect

PASSWORD = "pw-SECRET-31f0c2"
TOKEN = "tok-SECRET-a9d4e8"


def _new_run(tags: list[str] | None = None) -> uuid.UUID:
    """A flow run on the server (only its id, tags and states matter here)."""
    from prefect import flow
    from prefect.client.orchestration import get_client

    @flow(name="answer-records")
    def nothing() -> None:
        return None

    with get_client(sync_client=True) as client:
        return client.create_flow_run(nothing, tags=tags or []).id


def _set_state(run_id: uuid.UUID, state: Any) -> None:
    from prefect.client.orchestration import get_client

    with get_client(sync_client=True) as client:
        client.set_flow_run_state(run_id, state, force=True)


def _blocks(like: str) -> dict[str, str]:
    """Block names containing `like` and their values as the API gives them with secrets."""
    from prefect.client.orchestration import get_client

    with get_client(sync_client=True) as client:
        documents = client.read_block_documents(include_secrets=True)
    return {
        d.name: json.dumps(d.data, ensure_ascii=False, default=str)
        for d in documents
        if d.name and like in d.name
    }


@pytest.fixture
def root(prefect_server: str) -> Iterator[uuid.UUID]:
    run_id = _new_run()
    yield run_id
    from flows.backend import secret_sweep

    secret_sweep.at_end(_flow_run(run_id), completed=True)  # leave no block behind


def _flow_run(run_id: uuid.UUID) -> Any:
    from prefect.client.orchestration import get_client

    with get_client(sync_client=True) as client:
        return client.read_flow_run(run_id)


def test_the_record_holds_references_and_resolves_them_while_the_block_exists(
    root: uuid.UUID,
) -> None:
    from flows.backend import answer_secrets, reask
    from flows.backend.reenter import Reentry
    from flows.backend.run_inputs import filter_values

    answers = {"user": "yamada", "password": PASSWORD, "api_token": TOKEN, "memo": None}
    reask.record(root, "p1", 0, answers, who="yamada", inputs="d1", secret={"password"})
    stored = filter_values(root, reask.PREFIX)
    assert PASSWORD not in json.dumps(stored) and TOKEN not in json.dumps(stored)
    (record,) = stored
    kept = record["answers"]
    name = answer_secrets.block_name(root, "p1-g0")
    # `password` is a secret field; `api_token` is named like one: both by reference.
    assert kept["password"] == {"secret_ref": {"block": name, "field": "password"}}
    assert kept["api_token"] == {"secret_ref": {"block": name, "field": "api_token"}}
    assert kept["user"] == "yamada" and kept["memo"] is None
    blocks = _blocks(str(root))
    assert list(blocks) == [name] and PASSWORD in blocks[name] and TOKEN in blocks[name]
    # The API and the UI show the block obfuscated.
    from prefect.client.orchestration import get_client

    with get_client(sync_client=True) as client:
        shown = [d for d in client.read_block_documents(include_secrets=False) if d.name == name]
    assert PASSWORD not in json.dumps(shown[0].data, default=str)

    # A second record of the same place and generation (a replay) leaves the first one.
    reask.record(root, "p1", 0, {"user": "x", "password": "other"}, secret={"password"})
    assert filter_values(root, reask.PREFIX) == stored

    # Re-entry keeps the answers: the secret comes back from the block; so does a replay.
    earlier = reask.latest(root, "p1", 1)
    assert earlier is not None
    assert Reentry.kept_answers(earlier) == {
        "user": "yamada",
        "password": PASSWORD,
        "api_token": TOKEN,
        "memo": None,
        "_answered_by": "yamada",
    }
    replay = reask.current(root, "p1", 0)
    assert replay is not None and replay["password"] == PASSWORD

    # The block gone (swept): nothing to keep, the node asks again.
    from flows.backend import secret_sweep

    assert secret_sweep.at_end(_flow_run(root), completed=True) == [name]
    assert Reentry.kept_answers(earlier) is None
    assert reask.current(root, "p1", 0) is None
    assert answer_secrets.resolve({"user": "yamada"}) == {"user": "yamada"}


def test_a_record_without_secrets_makes_no_block(root: uuid.UUID) -> None:
    from flows.backend import reask

    reask.record(root, "p2", 0, {"amount": 5000}, inputs="d2", secret=set())
    assert _blocks(str(root)) == {}
    assert reask.current(root, "p2", 0) == {"amount": 5000, "_answered_by": "run-input"}
    # An answer recorded with an error (no inputs digest) never answers a replay.
    reask.record(root, "p3", 0, {"amount": 1}, secret=set())
    assert reask.current(root, "p3", 0) is None


def test_a_form_asked_again_never_shows_a_secret_answer() -> None:
    from flows.backend import reask

    form = {
        "mode": "collect",
        "message": "認証情報を入力してください",
        "requirements": [
            {"id": "user", "type": "text", "label": "利用者"},
            {"id": "password", "type": "secret", "label": "パスワード"},
            {"id": "api_token", "type": "text", "label": "トークン"},  # named like a secret
        ],
    }
    ref = {"secret_ref": {"block": "keiri-run-answers-x", "field": "password"}}
    asked = reask.prefilled(form, {"user": "yamada", "password": ref, "api_token": TOKEN})
    defaults = {r["id"]: r.get("default") for r in asked["requirements"]}
    assert defaults == {"user": "yamada", "password": None, "api_token": None}
    assert asked["prefilled"] == ["user"]
    text = json.dumps(asked, ensure_ascii=False)
    assert TOKEN not in text and "secret_ref" not in text


def test_the_sweep_deletes_blocks_of_runs_that_can_no_longer_be_retried(
    prefect_server: str,
) -> None:
    from prefect.states import Completed, Failed, Running

    from flows.backend import answer_secrets, run_secrets, secret_sweep

    def answers_block(run_id: uuid.UUID) -> str:
        answer_secrets.keep(run_id, "p-g0", {"password": PASSWORD}, {"password"})
        return answer_secrets.block_name(run_id, "p-g0")

    completed, failed, running = _new_run(), _new_run(), _new_run()
    started_tags = run_secrets.save({"vars": {"api_token": TOKEN}})
    started = _new_run(started_tags)  # secrets given at its start: named by its tag
    orphan_tag = run_secrets.save({"vars": {"api_token": TOKEN}})[0]  # its run never made
    names = {
        "completed": answers_block(completed),
        "failed": answers_block(failed),
        "running": answers_block(running),
        "started": run_secrets.BLOCK_PREFIX + started_tags[0].removeprefix("keiri-secrets:"),
        "orphan": run_secrets.BLOCK_PREFIX + orphan_tag.removeprefix("keiri-secrets:"),
    }
    _set_state(completed, Completed())
    _set_state(failed, Failed())
    _set_state(started, Failed())
    _set_state(running, Running())
    window = timedelta(days=4)
    now = datetime.now(UTC)

    def left() -> set[str]:
        return {k for k, name in names.items() if name in _blocks("keiri-run-")}

    assert left() == set(names)
    # Within the window: only the completed run's go (a completed run is never retried).
    deleted = secret_sweep.sweep(now=now, window=window)
    assert names["completed"] in deleted
    assert left() == {"failed", "running", "started", "orphan"}
    # Past the window: the failed runs' go, and the block whose run never came; a running
    # run keeps its own whatever the time.
    secret_sweep.sweep(now=now + window + timedelta(minutes=1), window=window)
    assert left() == {"running"}
    _set_state(running, Failed())
    secret_sweep.sweep(window=timedelta(0))  # window 0: at once once final
    assert left() == set()


def test_retry_after_the_sweep_says_the_start_secrets_are_gone(
    prefect_server: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import contextlib
    import io

    from keiri.cli import main
    from tests.conftest import FIXTURES, TEST_BLOCK_SPECS

    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    monkeypatch.setenv("KEIRI_TEST_JOURNAL", str(tmp_path / "journal.jsonl"))
    monkeypatch.setenv("KEIRI_SECRET_RETENTION", "0")  # deleted when the run ends
    from keiri.base import settings

    settings.reset()

    def keiri(*args: str) -> tuple[int, dict[str, Any]]:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = main([*args, "--json"])
        return code, json.loads(out.getvalue())

    plan = FIXTURES / "plans" / "runtime" / "secret_retry.yaml"
    code, doc = keiri("run", str(plan), "--var", f"api_token={TOKEN}", "--var", "marker=/nope")
    assert code == 1 and doc["error"]["message"] == "refused ***", doc
    run = _flow_run(uuid.UUID(doc["run_id"]))
    token = next(t for t in run.tags if t.startswith("keiri-secrets:")).split(":", 1)[1]
    assert not _blocks(token)  # gone at the run's end (window 0)
    code, again = keiri("retry", doc["run_id"])
    assert code != 0 and again["error"]["code"] == "DEPENDENCY_NOT_FOUND", again
    assert token in again["error"]["message"]
    assert "KEIRI_SECRET_RETENTION" in again["error"]["hint"]
    settings.reset()
