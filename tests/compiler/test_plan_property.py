"""Property-based: random and mutated plans through load + validate never raise anything but
our structured result."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from blocks.sdk.errors import IssuesFound
from blocks.sdk.registry import BlockRegistry
from compiler.compile import compile_text
from tests.conftest import FIXTURES
from tests.support.timing import deadline, examples

REGISTRY = BlockRegistry()
# bytes decoded with replacement: one fixture is deliberately not UTF-8 (FILE_NOT_FOUND)
SEEDS = [
    p.read_bytes().decode("utf-8", "replace") for p in sorted((FIXTURES / "plans").rglob("*.yaml"))
]

_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(
        ["${a.b}", "${vars.x}", "${", "${}", "${env.HOME}", "${config.a}", "x ${b.c} y"]
    ),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "id",
                    "block",
                    "in",
                    "out",
                    "type",
                    "when",
                    "graph",
                    "foreach",
                    "while",
                    "body",
                    "plan",
                    "call",
                    "expr",
                    "input",
                    "max_iterations",
                    "exports",
                    "from",
                    "as",
                    "x",
                ]
            ),
            children,
            max_size=5,
        )
    ),
    max_leaves=20,
)


def _check(text: str) -> None:
    try:
        compile_text(text, REGISTRY, file="fuzz.yaml")
    except IssuesFound as exc:
        assert exc.issues, "IssuesFound must carry issues"
        for issue in exc.issues:
            assert issue.code and issue.message


@settings(
    max_examples=examples(100),
    deadline=deadline(5),
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.text(max_size=300))
def test_random_text_is_reported_not_raised(text: str) -> None:
    _check(text)


@settings(
    max_examples=examples(100),
    deadline=deadline(5),
    suppress_health_check=[HealthCheck.too_slow],
)
@given(_json)
def test_random_structures_are_reported_not_raised(data: Any) -> None:
    _check(yaml.safe_dump({"apiVersion": "v1", "id": "fuzz", "graph": data}, allow_unicode=True))


@settings(
    max_examples=examples(120),
    deadline=deadline(5),
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.sampled_from(SEEDS), st.data())
def test_mutated_fixtures_are_reported_not_raised(seed: str, data: st.DataObject) -> None:
    lines = seed.splitlines()
    index = data.draw(st.integers(min_value=0, max_value=max(0, len(lines) - 1)))
    mutation = data.draw(st.sampled_from(["delete", "duplicate", "garble", "retype"]))
    if mutation == "delete":
        del lines[index]
    elif mutation == "duplicate":
        lines.insert(index, lines[index])
    elif mutation == "garble":
        lines[index] = data.draw(st.text(max_size=40))
    else:
        lines[index] = lines[index].replace(":", ": 12 #", 1)
    _check("\n".join(lines))


def test_path_fixture_exists() -> None:
    assert Path(FIXTURES / "plans" / "valid" / "linear_chain.yaml").is_file()
