"""A run reading a stored file that was changed after it was stored fails with FILE_INVALID
naming the object; storing the right file again repairs it and `keiri retry` completes (real
Prefect on the test process's local server)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from blocks.sdk.store import FileStore
from keiri.base.catalog import t

pytestmark = pytest.mark.prefect

SAMPLE = {
    "uri": "keiri://store/" + "0" * 64,
    "name": "sample.txt",
    "size": 1,
    "sha256": "0" * 64,
    "media_type": "text/plain",
}

PLAN = f"""\
apiVersion: v1
id: store_tamper
vars:
  doc: {json.dumps(SAMPLE)}
graph:
  - id: read
    block: file.extract_text
    in: {{ files: "${{vars.doc}}" }}
"""


def test_a_tampered_object_fails_the_run_and_storing_it_again_repairs_it(
    runtime: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "メモ.txt"
    source.write_text("支払予定 120,000 円\n", encoding="utf-8")
    store = FileStore()
    ref = store.put_file(source)
    stored = store.root / "objects" / ref.sha256[:2] / ref.sha256
    with stored.open("r+b") as handle:  # changed in place after it was stored
        handle.write(b"XX")
    plan = tmp_path / "store_tamper.yaml"
    plan.write_text(PLAN, encoding="utf-8")

    run = runtime(plan, vars={"doc": ref.model_dump()})
    assert run.state.is_failed()
    error = run.record["error"]
    assert error["code"] == "FILE_INVALID" and error["node_id"] == "read"
    assert t("store.corrupted", name="メモ.txt", sha256=ref.sha256) in error["message"]
    assert error["hint"]

    again = store.put_file(source)  # the right file stored again: the object is replaced
    assert again.sha256 == ref.sha256 and stored.read_bytes() == source.read_bytes()
    from keiri.cli import main

    assert main(["retry", run.run_id, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["state"] == "completed"
    assert "120,000" in json.dumps(doc["outputs"]["read"], ensure_ascii=False)
