"""`keiri analyze` against a model that writes hostile code (issue 23 items 1, 2, 8a), end to end:
the real console script, the scripted OpenAI server, the real bubblewrap sandbox.

Escapes run with every layer and with the audit hook switched off in the *CLI's* environment
(`KEIRI_TEST_SANDBOX_WITHOUT_AUDIT_HOOK`), so the kernel layer is shown to hold alone; the
targets are a `.pth` file in the virtual environment's site-packages (it would run in every
later keiri process) and a marker file in the keiri home's matplotlib cache (mounted read-only
inside the sandbox). Every escape of the issue's list goes through `keiri analyze` here; the
same list with a few more runs through the `Sandbox` API in
`tests/blocks/analysis/test_sandbox_escapes.py`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sysconfig
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from blocks.analysis.sandbox import TEST_WITHOUT_AUDIT_HOOK
from blocks.analysis.sandbox_kernel import INSIDE, require
from blocks.sdk.errors import BlockError
from tests.blocks.analysis.escapes import ESCAPES as SANDBOX_ESCAPES
from tests.blocks.analysis.escapes import OS
from tests.blocks.analysis.script import SALES_CSV, AnalysisScript
from tests.conftest import ROOT
from tests.support.catalog_text import shown
from tests.support.openai_server import LLM_ENV, ScriptedOpenAI

KEIRI = ROOT / ".venv" / "bin" / "keiri"


@pytest.fixture
def script() -> AnalysisScript:
    return AnalysisScript()


@pytest.fixture
def server(script: AnalysisScript) -> Iterator[ScriptedOpenAI]:
    with ScriptedOpenAI(handler=script.handler) as srv:
        yield srv


@pytest.fixture
def target() -> Iterator[Path]:
    path = Path(sysconfig.get_paths()["purelib"]) / f"_keiri_cli_escape_{uuid.uuid4().hex[:8]}.pth"
    yield path
    path.unlink(missing_ok=True)


@pytest.fixture(scope="module")
def kernel_layer() -> None:
    try:
        require()
    except BlockError as exc:
        pytest.skip(f"the analysis sandbox cannot run here: {exc.details.get('detail')} ({exc})")


def _analyze(
    server: ScriptedOpenAI,
    tmp_path: Path,
    extra_env: dict[str, str] | None = None,
    *,
    as_json: bool = True,
) -> subprocess.CompletedProcess[str]:
    data = tmp_path / "sales.csv"
    data.write_text(SALES_CSV, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in LLM_ENV and k != TEST_WITHOUT_AUDIT_HOOK}
    env.update(server.env(), KEIRI_HOME=str(tmp_path / "home"), KEIRI_LLM_MAX_RETRIES="0")
    env.update(extra_env or {})
    return subprocess.run(
        [
            str(KEIRI),
            "analyze",
            str(data),
            "-q",
            "売上を分析して",
            *(["--json"] if as_json else []),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )


def _one_action(script: AnalysisScript, code: str) -> None:
    script.reason("act", instruction="集計する")
    script.code(code)
    script.reason("finalize")
    script.report("結果", [{"section_type": "text", "content": "終わりました。"}])


ESCAPES = {
    "dir_fd": (
        f"os = {OS}\nfd = os.open(SITE, os.O_RDONLY)\n"
        "os.write(os.open(NAME, os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd), b'import os')\n"
    ),
    "fchdir": (
        f"os = {OS}\nos.fchdir(os.open(SITE, os.O_RDONLY))\nopen(NAME, 'w').write('import os')\n"
    ),
    "symlink": (
        f"os = {OS}\nos.symlink(SITE + '/' + NAME, 'out.pth')\nopen('out.pth', 'w').write('x')\n"
    ),
    # the rest of the list, as the `Sandbox` API tests run them
    **{
        name: SANDBOX_ESCAPES[name]
        for name in (
            "pathlib_os",
            "hard_link",
            "proc_self_fd",
            "multiprocessing_fork",
            "ctypes_libc_open",
            "mmap_outside",
        )
    },
}
#: Escapes the kernel stops by the read-only mount (the error is the kernel's own words).
READ_ONLY = ("dir_fd", "fchdir", "pathlib_os", "proc_self_fd")


def _marker(tmp_path: Path) -> Path:
    """A file of the keiri home that the sandbox sees read-only (matplotlib's font cache)."""
    cache = tmp_path / "home" / "cache" / "matplotlib"
    cache.mkdir(parents=True, exist_ok=True)
    marker = cache / "marker.txt"
    marker.write_text("original", encoding="utf-8")
    return marker


@pytest.mark.usefixtures("kernel_layer")
@pytest.mark.parametrize("audit", [True, False], ids=["all-layers", "kernel-only"])
@pytest.mark.parametrize("escape", sorted(ESCAPES))
def test_a_model_that_writes_into_site_packages_is_stopped(
    escape: str,
    audit: bool,
    script: AnalysisScript,
    server: ScriptedOpenAI,
    target: Path,
    tmp_path: Path,
) -> None:
    marker = _marker(tmp_path)
    preamble = (
        f"SITE = {str(target.parent)!r}\nNAME = {target.name!r}\n"
        f"MARKER = {INSIDE + '/matplotlib/marker.txt'!r}\n"
    )
    _one_action(script, preamble + ESCAPES[escape])

    done = _analyze(server, tmp_path, {} if audit else {TEST_WITHOUT_AUDIT_HOOK: "1"})

    assert done.returncode == 0, done.stderr  # the report is written; the action failed
    doc = json.loads(done.stdout)
    [execution] = doc["executions"]
    assert execution["success"] is False, execution
    assert execution["error"], execution
    assert not target.exists()
    assert marker.read_text(encoding="utf-8") == "original"
    workspace = Path(doc["workspace"])
    assert [p for p in workspace.rglob("*") if p.is_symlink()] == []
    if audit or escape == "symlink":  # the link itself is found and removed afterwards
        assert shown("runtime.sandbox.violation", execution["error"])
    elif escape in READ_ONLY:
        assert "Read-only file system" in execution["error"]


@pytest.mark.usefixtures("kernel_layer")
@pytest.mark.parametrize("audit", [True, False], ids=["all-layers", "kernel-only"])
def test_a_forged_outcome_and_an_early_exit_are_failures(
    audit: bool, script: AnalysisScript, server: ScriptedOpenAI, tmp_path: Path
) -> None:
    forge = (
        f"os = {OS}\ntry:\n    open('/etc/shadow').read()\nexcept Exception:\n    pass\n"
        "for fd in range(3, 32):\n    try:\n"
        '        os.write(fd, b\'{"ok": true, "violations": [], "stdout": "fine"}\\n\')\n'
        "    except OSError:\n        pass\nos._exit(0)\n"
    )
    script.reason("act", instruction="集計する")
    script.code(forge)
    script.reason("act", instruction="もう一度")
    script.code(f"print('half')\n{OS}._exit(0)\n")
    script.reason("finalize")
    script.report("結果", [{"section_type": "text", "content": "終わりました。"}])

    done = _analyze(server, tmp_path, {} if audit else {TEST_WITHOUT_AUDIT_HOOK: "1"})

    assert done.returncode == 0, done.stderr
    forged, early = json.loads(done.stdout)["executions"]
    assert forged["success"] is False and early["success"] is False
    assert shown("runtime.sandbox.no_sentinel", forged["error"]), forged["error"]
    if audit:  # the denied read, reported before it was raised, stays in the record
        assert "/etc/shadow" in forged["error"]
    assert forged["stdout"] is None
    assert early["stdout"] == "half\n"
    assert shown("runtime.sandbox.no_sentinel", early["error"])


@pytest.mark.usefixtures("kernel_layer")
def test_an_innocent_key_error_records_no_violation(
    script: AnalysisScript, server: ScriptedOpenAI, tmp_path: Path
) -> None:
    _one_action(script, "print(df['存在しない列'])")

    done = _analyze(server, tmp_path, as_json=False)  # the terminal shows every violation

    assert done.returncode == 0, done.stderr
    assert shown("cli.analyze.action", done.stderr, loop=1)
    assert "⚠" not in done.stderr and not shown("runtime.sandbox.violation", done.stderr)


def test_without_bubblewrap_no_code_runs_and_the_person_is_told_why(
    script: AnalysisScript, server: ScriptedOpenAI, tmp_path: Path
) -> None:
    script.reason("act", instruction="集計する")
    empty = tmp_path / "no-bwrap-here"
    empty.mkdir()

    done = _analyze(server, tmp_path, {"PATH": str(empty)})

    assert done.returncode == 1
    doc = json.loads(done.stdout)
    assert doc["error"]["code"] == "DEPENDENCY_NOT_FOUND"
    assert "bubblewrap" in doc["error"]["message"]
    assert shown("runtime.sandbox.unavailable", doc["error"]["message"])
    assert "apt-get install bubblewrap" in doc["error"]["hint"]
    assert doc["executions"] == []
    assert script.prompts("CodeGenOutput") == []  # the model was not even asked for code
