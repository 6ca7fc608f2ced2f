"""The import graph of the product code: no edge up a layer (imports by name included) and no
cycle anywhere (`scripts/check_imports.py`, issue 29)."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_no_edge_up_a_layer_and_no_cycle() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "check_imports.py")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "import graph clean" in done.stdout
