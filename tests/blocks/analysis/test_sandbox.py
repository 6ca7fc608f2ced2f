"""The sandbox, through the path a model's code takes: a scripted `CodeGenOutput` answered to
the real `openai` client, the `code_exec` node, the child process, the checks of its outputs.

Every forbidden operation must be blocked or cut with a clear Japanese error in
`ExecutionResult.error`, leave no process behind, write nothing outside the workspace, and
the next action must work normally.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path

import pandas as pd
import pytest

from blocks.analysis import AgentState, AnalysisGraph, ExecutionResult, Sandbox, SandboxLimits
from blocks.analysis.workspace import create_workspace, dataframe_info
from blocks.llm.client import LLMClient
from keiri.base.catalog import language, placeholders, t
from tests.blocks.analysis.script import SALES_CSV, AnalysisScript

pytestmark = pytest.mark.usefixtures("kernel_layer")

ESCAPE = "pd.io.common.os"  # a path to the real `os` module past the import guard


def _upto(key: str) -> str:
    """The message `key` up to its first placeholder (what follows depends on the run)."""
    fields = {name: "\0" for name in placeholders(key, language())}
    return t(key, **fields).split("\0")[0]


#: case -> (the code, the error it must end in: built from the catalog when asked).
CASES: dict[str, tuple[str, Callable[[], str]]] = {
    "read_etc_passwd": (
        "print(open('/etc/passwd').read())",
        lambda: _upto("runtime.sandbox.read_outside"),
    ),
    "write_parent": (
        "open('../escape.txt', 'w').write('x')",
        lambda: _upto("runtime.sandbox.write_outside"),
    ),
    "list_root": (
        "import pathlib\nprint(list(pathlib.Path('/').iterdir()))",
        lambda: _upto("runtime.sandbox.listing_outside"),
    ),
    "socket": (
        f"imp = {ESCAPE}.sys.modules['importlib'].import_module\n"
        "s = imp('socket').socket()\ns.connect(('1.1.1.1', 80))",
        lambda: _upto("runtime.sandbox.violation"),
    ),
    "os_system": (
        f"{ESCAPE}.system('touch /tmp/keiri_sandbox_pwned')",
        lambda: t("runtime.sandbox.process", event="os.system"),
    ),
    "subprocess_run": (
        "import subprocess\nsubprocess.run(['ls'])",
        lambda: t("runtime.sandbox.import_not_allowed", module="subprocess"),
    ),
    "subprocess_past_the_guard": (
        f"sp = {ESCAPE}.sys.modules['importlib'].import_module('subprocess')\n"
        "sp.run(['touch', '/tmp/keiri_sandbox_pwned'])",
        lambda: _upto("runtime.sandbox.violation"),
    ),
    "import_ctypes": (
        "import ctypes",
        lambda: t("runtime.sandbox.import_not_allowed", module="ctypes"),
    ),
    "ctypes_past_the_guard": (
        "np.ctypeslib.ctypes.CDLL(None).getpid()",
        lambda: t("runtime.sandbox.ctypes", event="ctypes.dlopen"),
    ),
    "import_requests": (
        "import requests",
        lambda: t("runtime.sandbox.import_not_allowed", module="requests"),
    ),
    "fork": (f"{ESCAPE}.fork()", lambda: t("runtime.sandbox.process", event="os.fork")),
    "allocate_2_gib": ("x = np.ones(2 * 1024**3 // 8)\nprint(x.sum())", lambda: "MemoryError"),
    "loop_forever": ("while True:\n    pass", lambda: t("runtime.sandbox.timeout", seconds=8)),
    "print_100_mb": (
        "print('x' * (100 * 1024 * 1024))",
        lambda: _upto("runtime.sandbox.output_limit"),
    ),
}
#: The cases the audit layer reports as a violation event.
VIOLATIONS = {
    "read_etc_passwd",
    "write_parent",
    "socket",
    "subprocess_run",
    "subprocess_past_the_guard",
    "import_ctypes",
    "import_requests",
}


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return create_workspace(tmp_path / "sessions")


def _state(workspace: Path) -> AgentState:
    df = pd.read_csv(io.StringIO(SALES_CSV))
    return AgentState(
        messages=[],
        df=df,
        df_info=dataframe_info(df),
        workspace_dir=str(workspace),
        instruction="分析して",
    )


def _act(
    node: AnalysisGraph, script: AnalysisScript, state: AgentState, code: str
) -> ExecutionResult:
    script.code(code)
    update = node.code_exec(state)
    result: ExecutionResult = update["execution_results"][-1]
    return result


def _processes_in(workspace: Path) -> list[int]:
    """Processes whose working directory is the workspace (the child runs there)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if Path(os.readlink(entry / "cwd")).resolve() == workspace:
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def _snapshot(root: Path) -> set[Path]:
    return {p for p in root.rglob("*")}


@pytest.mark.parametrize("case", sorted(CASES))
def test_forbidden_code_is_stopped_with_a_clear_error(
    case: str, script: AnalysisScript, llm: LLMClient, workspace: Path, tmp_path: Path
) -> None:
    code, expected_error = CASES[case]
    expected = expected_error()
    wall = 8 if case == "loop_forever" else 60
    events: list[tuple[str, dict]] = []
    node = AnalysisGraph(
        llm, Sandbox(SandboxLimits(wall_seconds=wall)), emit=lambda e, **f: events.append((e, f))
    )
    state = _state(workspace)
    outside_before = _snapshot(tmp_path)
    pwned = Path("/tmp/keiri_sandbox_pwned")
    pwned.unlink(missing_ok=True)

    result = _act(node, script, state, code)

    assert not result.success
    assert result.error is not None and expected in result.error, result.error
    assert _processes_in(workspace) == []
    assert not pwned.exists()
    assert not (workspace.parent / "escape.txt").exists()
    created_outside = {
        p for p in _snapshot(tmp_path) - outside_before if not p.is_relative_to(workspace)
    }
    assert created_outside == set()
    [action] = [f for e, f in events if e == "analysis_action"]
    assert action["success"] is False
    if case in VIOLATIONS:
        assert [e for e, _ in events if e == "sandbox_violation"]

    after = _act(node, script, state, "print(len(df))")
    assert after.success and after.stdout == "6\n"


def test_violations_swallowed_by_the_code_still_fail_the_action(
    script: AnalysisScript, llm: LLMClient, workspace: Path
) -> None:
    node = AnalysisGraph(llm, Sandbox())
    code = "try:\n    open('/etc/passwd').read()\nexcept Exception:\n    pass\nprint('done')"
    result = _act(node, script, _state(workspace), code)
    assert not result.success
    assert t("runtime.sandbox.read_outside", path="/etc/passwd") in (result.error or "")


def test_the_child_gets_no_secrets_and_its_kernel_layers_are_reported(
    script: AnalysisScript, llm: LLMClient, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-must-not-leak-0123456789")
    sandbox = Sandbox()
    run = sandbox.run(f"print(sorted({ESCAPE}.environ))", None, workspace)
    assert run.ok, run.error
    assert "OPENAI_API_KEY" not in run.stdout and "sk-must-not-leak" not in run.stdout
    assert run.layers == ["bwrap", "rlimit", "seccomp", "audit"]


def test_allowed_libraries_work_and_write_into_the_workspace(
    script: AnalysisScript, llm: LLMClient, workspace: Path
) -> None:
    code = (
        "from sklearn.linear_model import LinearRegression\n"
        "import seaborn as sns\n"
        "sns.set_theme()\n"
        "X = np.arange(6).reshape(-1, 1)\n"
        "model = LinearRegression().fit(X, df['売上'])\n"
        "print(round(float(model.coef_[0])))\n"
        "ax = sns.barplot(data=df, x='部門', y='売上')\n"
        "ax.set_title('部門別売上')\n"
        "plt.savefig('dept.png')\n"
        "print(plt.rcParams['font.family'])\n"
    )
    node = AnalysisGraph(llm, Sandbox())
    script.code(code, ("dept.png", "部門別売上", "figure"))
    result: ExecutionResult = node.code_exec(_state(workspace))["execution_results"][-1]
    assert result.success, result.error
    assert "IPAexGothic" in (result.stdout or "")
    assert [o.file_name for o in result.outputs] == ["dept.png"]


def test_the_fresh_interpreter_mode_applies_the_same_sandbox(workspace: Path) -> None:
    sandbox = Sandbox(SandboxLimits(wall_seconds=60), fork_server=False)
    blocked = sandbox.run("print(open('/etc/passwd').read())", None, workspace)
    assert not blocked.ok
    assert t("runtime.sandbox.read_outside", path="/etc/passwd") in (blocked.error or "")
    assert "audit" in blocked.layers
    fine = sandbox.run("print(1 + 1)", None, workspace)
    assert fine.ok and fine.stdout == "2\n"
    assert _processes_in(workspace) == []
