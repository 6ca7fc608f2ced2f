"""The escapes of issue 23, each run through the `Sandbox` API twice: with every layer, and with
the audit hook switched off (`TEST_WITHOUT_AUDIT_HOOK`, read from the parent's environment) so
the kernel layer — bubblewrap's namespaces and mounts, seccomp — is shown to block it alone.

The targets are real places outside the workspace that a sandbox can see: the virtual
environment's site-packages (a `.pth` there runs in every later keiri process), matplotlib's
font cache in the keiri home (mounted read-only inside), the sandbox's own source and the
workspace's parent folder. After each run they must be as before; the action must fail; no
link may stay in the workspace. `keiri analyze` end to end: `tests/keiri/test_cli_analyze_sandbox.py`.
"""

from __future__ import annotations

import hashlib
import sysconfig
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pytest

from blocks.analysis import Sandbox, SandboxLimits
from blocks.analysis.sandbox import TEST_WITHOUT_AUDIT_HOOK
from blocks.analysis.sandbox_kernel import INSIDE
from blocks.analysis.workspace import create_workspace
from keiri.base.catalog import t
from tests.blocks.analysis.escapes import ESCAPES, OS
from tests.conftest import ROOT

pytestmark = pytest.mark.usefixtures("kernel_layer")

CHILD = ROOT / "blocks" / "analysis" / "_sandbox_child.py"


@dataclass(frozen=True)
class Outside:
    site: Path
    name: str
    marker: Path
    marker_inside: str
    sibling: Path

    def preamble(self) -> str:
        return f"SITE = {str(self.site)!r}\nNAME = {self.name!r}\nMARKER = {self.marker_inside!r}\n"


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """One workspace (one fork server) and one keiri home for every escape of the module."""
    home = tmp_path_factory.mktemp("escape-home")
    workspace = create_workspace(tmp_path_factory.mktemp("escape-sessions"))
    yield home, workspace


@pytest.fixture
def outside(shared: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> Iterator[Outside]:
    home, workspace = shared
    monkeypatch.setenv("KEIRI_HOME", str(home))
    cache = home / "cache" / "matplotlib"
    cache.mkdir(parents=True, exist_ok=True)
    marker = cache / "marker.txt"
    marker.write_text("original", encoding="utf-8")
    place = Outside(
        site=Path(sysconfig.get_paths()["purelib"]),
        name=f"_keiri_escape_{uuid.uuid4().hex[:8]}.pth",
        marker=marker,
        marker_inside=f"{INSIDE}/matplotlib/marker.txt",
        sibling=workspace.parent,
    )
    yield place
    (place.site / place.name).unlink(missing_ok=True)  # never left behind, even on failure


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("audit", [True, False], ids=["all-layers", "kernel-only"])
@pytest.mark.parametrize("escape", sorted(ESCAPES))
def test_the_escape_changes_nothing_outside_the_workspace(
    escape: str,
    audit: bool,
    outside: Outside,
    shared: tuple[Path, Path],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _, workspace = shared
    if not audit:
        monkeypatch.setenv(TEST_WITHOUT_AUDIT_HOOK, "1")
    child_before = _digest(CHILD)
    siblings_before = sorted(p.name for p in outside.sibling.iterdir())

    run = Sandbox(SandboxLimits(wall_seconds=60)).run(
        outside.preamble() + ESCAPES[escape], pd.DataFrame({"a": [1]}), workspace
    )

    assert not run.ok, (run.stdout, run.error)
    assert run.error
    assert ("audit" in run.layers) is audit
    assert {"bwrap", "seccomp"} <= set(run.layers)
    assert not (outside.site / outside.name).exists()
    assert outside.marker.read_text(encoding="utf-8") == "original"
    assert _digest(CHILD) == child_before
    assert sorted(p.name for p in outside.sibling.iterdir()) == siblings_before
    assert [p for p in workspace.rglob("*") if p.is_symlink()] == []
    if audit and escape not in ("exit_before_the_outcome",):
        assert run.violations, run.error


def test_a_forged_outcome_is_a_failure_and_the_violation_stays(
    outside: Outside, shared: tuple[Path, Path]
) -> None:
    _, workspace = shared
    run = Sandbox().run(
        outside.preamble() + ESCAPES["write_the_result_descriptor"], None, workspace
    )
    assert not run.ok
    assert any("/etc/shadow" in v for v in run.violations), run.violations
    forged = t("runtime.sandbox.violation", what=t("runtime.sandbox.channel_forged"))
    assert forged in run.violations, run.violations
    assert "fine" not in run.stdout


def test_exiting_before_the_sentinel_is_a_failure(
    shared: tuple[Path, Path], outside: Outside
) -> None:
    _, workspace = shared
    run = Sandbox().run(ESCAPES["exit_before_the_outcome"], None, workspace)
    assert not run.ok and run.exit_code == 0
    assert run.stdout == "partial\n"
    assert run.error == t("runtime.sandbox.no_sentinel", code="0")


def test_an_innocent_key_error_records_no_violation(
    shared: tuple[Path, Path], outside: Outside
) -> None:
    _, workspace = shared
    for sandbox in (Sandbox(), Sandbox(fork_server=False)):
        run = sandbox.run("df['存在しない列']", pd.DataFrame({"a": [1]}), workspace)
        assert not run.ok
        assert run.violations == []
        assert run.error == t(
            "runtime.sandbox.error_at_source",
            type="KeyError",
            message="'存在しない列'",
            line=1,
            source="df['存在しない列']",
        )


def test_generated_code_cannot_switch_the_audit_hook_off(
    shared: tuple[Path, Path], outside: Outside
) -> None:
    _, workspace = shared
    sandbox = Sandbox()
    first = sandbox.run(f"{OS}.environ[{TEST_WITHOUT_AUDIT_HOOK!r}] = '1'", None, workspace)
    assert first.ok, first.error
    second = sandbox.run("print(1)", None, workspace)
    assert second.ok and "audit" in second.layers


def test_the_sandbox_sees_no_keiri_home_no_project_and_no_network(
    shared: tuple[Path, Path], outside: Outside, monkeypatch: pytest.MonkeyPatch
) -> None:
    home, workspace = shared
    monkeypatch.setenv(TEST_WITHOUT_AUDIT_HOOK, "1")
    code = (
        f"os = {OS}\n"
        f"print([os.path.exists(p) for p in ({str(home)!r}, {str(ROOT / 'keiri')!r}, "
        "'/etc/passwd', '/root/.ssh')])\n"
        "print([line.split(':')[0].strip() for line in open('/proc/net/dev').readlines()[2:]])\n"
        "print(os.getuid(), open('/proc/self/status').read().count('CapEff:\\t0000000000000000'))\n"
    )
    run = Sandbox().run(code, None, workspace)
    assert run.ok, run.error
    exists, interfaces, ids = run.stdout.splitlines()
    assert exists == "[False, False, False, False]"
    assert interfaces == "['lo']"
    assert ids == "65534 1"
