"""Hostile plans: every bomb ends with a coded issue inside 10 s (on the reference machine,
`tests.support.timing.scaled` stretches it on a slower or busier one) and 500 MB.

Each case runs `keiri validate|dry-run PLAN --json` in a child process under RLIMIT_AS
(500 MiB of address space) and a 10 s timeout: those are bounds a hang or a blow-up trips, not
speed targets. The child prints exactly one JSON document and exits 0 (valid) or 1 (issues).
In-process, hypothesis builds random alias graphs, nestings and numbers for the YAML loader:
whatever it loads is within the loader's bounds, and anything else is PLAN_TOO_LARGE.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from blocks.sdk.errors import IssueCode, IssuesFound
from blocks.sdk.yaml_loader import MAX_DEPTH, MAX_INT_DIGITS, MAX_NODES, load_yaml
from tests.compiler import hostile_plans
from tests.compiler.hostile_plans import CASES
from tests.support.catalog_text import shown
from tests.support.timing import deadline, examples, scaled

MEMORY_BYTES = 500 * 2**20
SECONDS = 10


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))


def run_cli(command: str, plan: Path, home: Path) -> tuple[int, dict[str, Any]]:
    """`keiri COMMAND PLAN --json` in a child bounded to 500 MiB; its exit code and document."""
    env = {**os.environ, "KEIRI_HOME": str(home), "KEIRI_LANG": "en"}
    done = subprocess.run(
        [sys.executable, "-m", "keiri.cli", command, str(plan), "--json"],
        capture_output=True,
        text=True,
        timeout=scaled(SECONDS),  # raises TimeoutExpired: the case did not end in time
        preexec_fn=_limits,
        env=env,
        cwd=plan.parent,
        check=False,
    )
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    document = json.loads(done.stdout)  # exactly one JSON document
    return done.returncode, document


#: dry-run compiles as validate does; it also runs the plans that validate (loops, fan-out).
_DRY_RUN = [*sorted(n for n, (_w, codes) in CASES.items() if not codes), "alias_bomb"]


@pytest.mark.parametrize(
    ("name", "command"),
    [(n, "validate") for n in sorted(CASES)] + [(n, "dry-run") for n in _DRY_RUN],
)
def test_hostile_plan_ends_bounded_with_a_coded_issue(
    name: str, command: str, tmp_path: Path
) -> None:
    write, expected = CASES[name]
    folder = tmp_path / "plans"
    folder.mkdir()
    plan = write(folder)
    code, document = run_cli(command, plan, tmp_path / "home")
    codes = {issue["code"] for issue in document["errors"]}
    if expected:
        assert code == 1 and document["ok"] is False
        assert codes and codes <= expected, document["errors"]
        assert all(issue["message"] and issue["file"] for issue in document["errors"])
    else:
        assert (code, codes) == (0, set()), document
        assert document["ok"] is True


def test_dry_run_samples_a_long_while_loop(tmp_path: Path) -> None:
    """A `while true` of 10,000 iterations runs as many iterations as a foreach samples."""
    from compiler.dryrun import MAX_LOOP_ITEMS, dry_run_file

    plan = CASES["while_10000_iterations"][0](tmp_path)
    report = dry_run_file(plan)
    assert report.ok, report.errors
    assert [n.node_id for n in report.nodes] == [f"step[{i}]" for i in range(MAX_LOOP_ITEMS)]


def test_subflow_fan_out_compiles_each_plan_once(tmp_path: Path) -> None:
    """12 calls of a plan making 12 calls, five deep: one compiled plan per file, shared by
    every call of it."""
    from blocks.sdk.registry import BlockRegistry
    from compiler.compile import compile_file
    from compiler.scope import CompiledPlan, CompiledSubflow

    top = hostile_plans.subflow_fan_out(tmp_path)
    compiled, _ = compile_file(top, BlockRegistry())
    plans: dict[int, CompiledPlan] = {}
    level = [compiled]
    while level:
        called: dict[int, CompiledPlan] = {}
        for current in level:
            subflows = [n for n in current.all_nodes.values() if isinstance(n, CompiledSubflow)]
            assert len({id(n.subplan) for n in subflows}) <= 1
            called |= {id(n.subplan): n.subplan for n in subflows}
        plans |= called
        level = list(called.values())
    assert sorted(p.plan.id for p in plans.values()) == ["f1", "f2", "f3", "f4", "f5"]


# -- the loader under hypothesis ---------------------------------------------------------------


def _expanded(value: Any, depth: int = 0) -> tuple[int, int]:
    """(values, depth) of a loaded document with every shared node counted again."""
    assert depth <= MAX_DEPTH + 1
    if isinstance(value, dict):
        parts = [_expanded(v, depth + 1) for v in value.values()]
        return 1 + len(value) + sum(p[0] for p in parts), 1 + max((p[1] for p in parts), default=0)
    if isinstance(value, list):
        parts = [_expanded(v, depth + 1) for v in value]
        return 1 + sum(p[0] for p in parts), 1 + max((p[1] for p in parts), default=0)
    return 1, 0


@st.composite
def alias_graphs(draw: st.DrawFn) -> str:
    """Anchors that hold aliases of earlier anchors: bombs, chains and harmless sharing."""
    count = draw(st.integers(1, 40))
    lines = [f"a0: &a0 [{', '.join(['x'] * draw(st.integers(0, 12)))}]"]
    for index in range(1, count):
        width = draw(st.integers(1, 12))
        refs = [f"*a{draw(st.integers(0, index - 1))}" for _ in range(width)]
        style = draw(st.sampled_from(["list", "map", "merge"]))
        if style == "list":
            lines.append(f"a{index}: &a{index} [{', '.join(refs)}]")
        elif style == "map":
            pairs = ", ".join(f"k{i}: {ref}" for i, ref in enumerate(refs))
            lines.append(f"a{index}: &a{index} {{{pairs}}}")
        else:
            maps = [f"*a{i}" for i in range(index) if lines[i].split("&", 1)[1][3:4] == "{"]
            if not maps:
                lines.append(f"a{index}: &a{index} {{v: {refs[0]}}}")
                continue
            lines.append(f"a{index}: &a{index} {{<<: [{', '.join(maps[-width:])}], v: {refs[0]}}}")
    return "\n".join(lines)


@settings(
    max_examples=examples(100),
    deadline=deadline(5),
    suppress_health_check=[HealthCheck.too_slow],
)
@given(alias_graphs())
def test_loader_bounds_alias_graphs(text: str) -> None:
    _loads_within_bounds_or_refuses(text)


@settings(max_examples=examples(80), deadline=deadline(5))
@given(
    st.integers(1, 2 * MAX_DEPTH),
    st.sampled_from(["[", "{a: ", "- "]),
    st.integers(1, 2 * MAX_INT_DIGITS),
)
def test_loader_bounds_nesting_and_digits(depth: int, opener: str, digits: int) -> None:
    if opener == "- ":
        text = "\n".join("  " * level + "-" for level in range(depth)) + " " + "7" * digits
    else:
        closer = "]" if opener == "[" else "}"
        text = opener * depth + "7" * digits + closer * depth
    _loads_within_bounds_or_refuses(text)


def _loads_within_bounds_or_refuses(text: str) -> None:
    try:
        loaded = load_yaml(text)
    except IssuesFound as exc:
        assert [i.code for i in exc.issues] == [IssueCode.PLAN_TOO_LARGE], exc.issues
        assert exc.issues[0].line is not None and exc.issues[0].hint
        return
    size, depth = _expanded(loaded.data)
    assert size <= 2 * MAX_NODES and depth <= MAX_DEPTH + 1


@settings(
    max_examples=examples(6),
    deadline=deadline(60),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    kind=st.sampled_from(["alias", "merge", "chain", "flow", "block", "digits"]),
    size=st.integers(2, 12),
)
def test_random_bombs_end_bounded_in_a_child(kind: str, size: int, tmp_path: Path) -> None:
    text = {
        "alias": lambda: hostile_plans.alias_bomb(levels=size, width=size),
        "merge": lambda: hostile_plans.merge_key_bomb(levels=size, width=size),
        "chain": lambda: hostile_plans.alias_chain(size * 100),
        "flow": lambda: hostile_plans.deep_flow_nesting(size * 100),
        "block": lambda: hostile_plans.deep_block_nesting(size * 50),
        "digits": lambda: hostile_plans.big_integer(size * 1000),
    }[kind]()
    plan = tmp_path / f"{kind}_{size}.yaml"
    plan.write_text(text)
    code, document = run_cli("validate", plan, tmp_path / "home")
    assert code in (0, 1)
    assert {i["code"] for i in document["errors"]} <= {"PLAN_TOO_LARGE"}


@pytest.mark.parametrize("command", ["validate", "dry-run", "run"])
def test_a_plan_name_too_long_to_look_up_is_a_usage_error(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`Path.is_file()` raises OSError (ENAMETOOLONG) for a 5,000-character name."""
    from keiri.cli.main import main

    assert main([command, "a" * 5000, "--json"]) == 2
    document = json.loads(capsys.readouterr().out)
    assert document["error"]["code"] == "USAGE_ERROR"
    assert shown("cli.no_such_plan", document["error"]["message"])


def test_a_5000_digit_block_pin_is_one_short_issue_on_its_node(tmp_path: Path) -> None:
    plan = CASES["block_pin_5000_digits"][0](tmp_path)
    code, document = run_cli("validate", plan, tmp_path / "home")
    [issue] = document["errors"]
    assert code == 1 and issue["code"] == "BLOCK_VERSION_INCOMPATIBLE"
    assert (issue["node_id"], issue["path"]) == ("step", "graph[0].block")
    assert "SemVer" in issue["message"] and len(issue["message"]) < 300
    assert issue["hint"]
