"""`.ci/run` runs the README's test command — the second line of its first bash block — read
from the README itself, from the checkout's root: run here on a copy whose README names a
harmless command, and against this README's own line."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.conftest import ROOT
from tests.support.timing import scaled

README_HEAD = "# keiri\n\n```bash\n{first}\n{second}\n```\n\nMore text.\n"


def _ci(tree: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(tree / ".ci" / "run")],
        cwd="/",  # from anywhere: it runs from the checkout's root
        check=False,
        capture_output=True,
        text=True,
        timeout=scaled(60),
    )


def _tree(tmp_path: Path, readme: str) -> Path:
    (tmp_path / ".ci").mkdir()
    shutil.copy(ROOT / ".ci" / "run", tmp_path / ".ci" / "run")
    (tmp_path / "README.md").write_text(readme, encoding="utf-8")
    return tmp_path


def test_ci_runs_the_second_line_of_the_readmes_first_bash_block(tmp_path: Path) -> None:
    tree = _tree(tmp_path, README_HEAD.format(first="touch demo-ran", second="touch tests-ran"))
    done = _ci(tree)
    assert done.returncode == 0, done.stderr
    assert (tree / "tests-ran").exists() and not (tree / "demo-ran").exists()
    assert "ci: touch tests-ran" in done.stdout


def test_its_exit_code_is_the_test_commands(tmp_path: Path) -> None:
    done = _ci(_tree(tmp_path, README_HEAD.format(first="true", second="exit 3")))
    assert done.returncode == 3


def test_a_readme_without_a_test_command_is_an_error(tmp_path: Path) -> None:
    done = _ci(_tree(tmp_path, "# keiri\n\n```bash\nbash scripts/demo.sh\n```\n"))
    assert done.returncode == 2 and "no test command" in done.stderr


def test_this_readmes_test_command_is_the_test_script() -> None:
    block = (ROOT / "README.md").read_text(encoding="utf-8").split("```bash\n", 1)[1]
    lines = [line for line in block.split("```", 1)[0].splitlines() if line.strip()]
    assert lines == ["bash scripts/demo.sh", "bash scripts/test.sh"]
