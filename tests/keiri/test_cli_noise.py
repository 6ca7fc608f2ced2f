"""A failing block shows keiri's rendering on the terminal, never Prefect's tracebacks (they
go to the log file): a real `keiri run` subprocess on the local Prefect server."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from keiri.base.catalog import t
from tests.conftest import FIXTURES, ROOT, TEST_BLOCK_SPECS

pytestmark = pytest.mark.prefect
KEIRI = Path(sys.executable).with_name("keiri")


def test_failing_block_prints_no_prefect_traceback(prefect_server: str, tmp_path: Path) -> None:
    env = dict(os.environ)
    env.update(
        {
            "KEIRI_BLOCK_SPECS": str(TEST_BLOCK_SPECS),
            "KEIRI_TEST_JOURNAL": str(tmp_path / "journal.jsonl"),
            "PYTHONPATH": str(ROOT),
            "COLUMNS": "200",
        }
    )
    done = subprocess.run(
        [str(KEIRI), "run", str(FIXTURES / "plans" / "runtime" / "failing.yaml")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and "Traceback" not in done.stdout, done.stderr
    assert "Finished in state Failed" not in done.stderr, done.stderr
    assert "❌ API_ERROR [flaky] upstream 1" in done.stderr, done.stderr
    log = Path(env["KEIRI_HOME"]) / "logs" / "cli.log"
    assert t("cli.run.prefect_log", path=log) in done.stderr.replace("\n", "")
    text = log.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text and "BlockError: API_ERROR [flaky]" in text
