"""`intake.collect` on a real folder: new, settled files only (a copy still growing, Office
lock files, partial downloads and files with a `.lock` beside them are left), each recorded by
hash; a rerun of the period takes the same set even when the folder changed; the next period
takes only what is new; nothing is deleted."""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError
from blocks.sdk.registry import BlockRegistry
from blocks.sdk.store import FileStore
from keiri.base.catalog import t


@pytest.fixture
def collect(registry: BlockRegistry, store: FileStore) -> Callable[..., dict[str, Any]]:
    def _collect(run_id: str = "r1", **inputs: Any) -> dict[str, Any]:
        ctx = BlockContext(run_id=run_id, plan_id="t", node_id="intake", file_store=store)
        return registry.create(registry.get("intake.collect")).execute(ctx, inputs)

    return _collect


@pytest.fixture
def inbox(tmp_path: Path) -> Path:
    folder = tmp_path / "inbox"
    folder.mkdir()
    return folder


@pytest.fixture
def growing(inbox: Path) -> Iterator[threading.Event]:
    """A copy in progress: `statement_copying.xlsx` grows until the test is done."""
    done = threading.Event()
    path = inbox / "statement_copying.xlsx"
    path.write_bytes(b"PK")

    def grow() -> None:
        while not done.wait(0.1):
            with path.open("ab") as handle:
                handle.write(b"x" * 512)

    thread = threading.Thread(target=grow, daemon=True)
    thread.start()
    yield done
    done.set()
    thread.join()


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_takes_settled_new_files_and_a_rerun_takes_the_same_set(
    collect: Callable[..., dict[str, Any]], inbox: Path, growing: threading.Event
) -> None:
    (inbox / "証跡_2026年4月.zip").write_bytes(b"zip-april")
    (inbox / "入出金明細_2026年4月.xlsx").write_bytes(b"xlsx-april")
    (inbox / "~$入出金明細_2026年4月.xlsx").write_bytes(b"owner")  # Excel's lock file
    (inbox / "scan.pdf.part").write_bytes(b"half")  # a download in progress
    (inbox / "memo.txt").write_bytes(b"memo")
    (inbox / "memo.txt.lock").write_bytes(b"")
    digests = {p.name: _digest(p) for p in inbox.iterdir()}

    first = collect(folder=str(inbox), period="2026-04", settle_seconds=1.0)
    growing.set()
    taken = sorted(f["name"] for f in first["files"])
    assert taken == ["入出金明細_2026年4月.xlsx", "証跡_2026年4月.zip"]
    assert {f["name"]: f["sha256"] for f in first["files"]} == {n: digests[n] for n in taken}
    reasons = {s["name"]: s["reason"] for s in first["skipped"]}
    assert reasons == {
        "statement_copying.xlsx": t("intake.skip.unsettled"),
        "~$入出金明細_2026年4月.xlsx": t("intake.skip.partial"),
        "scan.pdf.part": t("intake.skip.partial"),
        "memo.txt": t("intake.skip.locked"),
        "memo.txt.lock": t("intake.skip.partial"),
    }
    assert not first["reused"]
    # Taken files moved aside, the others left; nothing deleted.
    processed = inbox / "processed" / "2026-04"
    assert sorted(p.name for p in processed.iterdir()) == taken
    assert {p.name for p in inbox.iterdir() if p.is_file()} == set(reasons)
    ledger = json.loads((inbox / ".keiri-intake" / "2026-04.json").read_text("utf-8"))
    assert {e["name"]: e["sha256"] for e in ledger["files"]} == {n: digests[n] for n in taken}

    # A new file arrives; the rerun of April still takes exactly April's set.
    (inbox / "証跡_追加.zip").write_bytes(b"late zip")
    again = collect(run_id="r2", folder=str(inbox), period="2026-04", settle_seconds=1.0)
    assert again["reused"] and again["files"] == first["files"]
    assert (inbox / "証跡_追加.zip").exists()

    # May takes what is new (and settled) only.
    may = collect(run_id="r3", folder=str(inbox), period="2026-05", settle_seconds=1.0)
    assert sorted(f["name"] for f in may["files"]) == ["statement_copying.xlsx", "証跡_追加.zip"]


def test_roles_give_a_form_like_collected_and_move_nothing_when_one_is_missing(
    collect: Callable[..., dict[str, Any]], inbox: Path
) -> None:
    roles = {"evidence_zip": "*.zip", "bank_statement": "*.xlsx"}
    (inbox / "証跡.zip").write_bytes(b"zip")
    with pytest.raises(BlockError) as caught:
        collect(folder=str(inbox), period="2026-04", roles=roles, settle_seconds=0)
    assert caught.value.code == "DEPENDENCY_NOT_FOUND"
    assert caught.value.message == t(
        "intake.role_missing", role="bank_statement", pattern="*.xlsx", folder=str(inbox), names=""
    )
    assert caught.value.hint == t("intake.role_hint")
    assert caught.value.recoverable and (inbox / "証跡.zip").exists()
    assert not (inbox / ".keiri-intake").exists()

    (inbox / "明細.xlsx").write_bytes(b"xlsx")
    done = collect(folder=str(inbox), period="2026-04", roles=roles, settle_seconds=0)
    assert done["collected"]["evidence_zip"]["name"] == "証跡.zip"
    assert done["collected"]["bank_statement"]["name"] == "明細.xlsx"
    assert done["collected"]["bank_statement"]["uri"].startswith("keiri://store/")


def test_a_taken_file_that_changed_is_refused_on_rerun(
    collect: Callable[..., dict[str, Any]], inbox: Path
) -> None:
    (inbox / "a.zip").write_bytes(b"one")
    collect(folder=str(inbox), period="2026-04", settle_seconds=0)
    (inbox / "processed" / "2026-04" / "a.zip").write_bytes(b"two")
    with pytest.raises(BlockError) as caught:
        collect(run_id="r2", folder=str(inbox), period="2026-04", settle_seconds=0)
    assert caught.value.code == "FILE_INVALID"
    location = caught.value.details["location"]
    assert caught.value.message == t("intake.changed", name="a.zip", location=location)
    assert caught.value.hint == t("intake.changed_hint")


def test_a_missing_folder_is_a_recoverable_error(
    collect: Callable[..., dict[str, Any]], tmp_path: Path
) -> None:
    with pytest.raises(BlockError) as caught:
        collect(folder=str(tmp_path / "not-mounted"), period="2026-04")
    assert caught.value.code == "DEPENDENCY_NOT_FOUND" and caught.value.recoverable
    assert caught.value.message == t("intake.no_folder", folder=str(tmp_path / "not-mounted"))
