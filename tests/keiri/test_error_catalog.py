"""The errors people meet from the expression and reference parsers, the settings, block specs,
structured-output schemas, deployment files, the run summary, the permissions file, the form
app's connection and login, port-schema checks and the compile pass `types` come from the message
catalog (issue 12 item 6).

An AST scan of those modules: the string literals handed to an exception (`raise X(...)`) or
to the helpers that build a problem (`fail`, `problem`, `_issue`, `Issue`, ...) may hold
symbols, identifiers and placeholders, never an English sentence (words come from the catalog,
in the reader's language). Japanese literals and the keys themselves are checked over all the
product code by `tests/keiri/test_catalog_source.py`.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.support.source_text import callee, literals

CONVERTED = [
    ROOT / "compiler" / "expressions.py",
    ROOT / "compiler" / "references.py",
    ROOT / "keiri/base/settings/__init__.py",
    ROOT / "keiri/base/settings/sections.py",
    ROOT / "keiri/base/errors/pydantic_text.py",
    ROOT / "blocks/sdk/spec.py",
    ROOT / "blocks/sdk/registry.py",
    ROOT / "blocks/llm/schema.py",
    ROOT / "flows/deploy/spec.py",
    ROOT / "flows/backend/people_summary.py",
    ROOT / "keiri/base/permissions.py",
    ROOT / "ui_app" / "backend.py",
    ROOT / "ui_app" / "auth.py",
    ROOT / "blocks/sdk/validation.py",
    ROOT / "compiler" / "passes" / "types.py",
]
#: Calls that build an error or a problem a person reads (besides any `raise X(...)`).
_BUILDERS = {
    *("fail", "problem", "too_complex", "issue", "_issue", "Issue", "append"),
    *("BlockError", "ConfigError", "SettingProblem", "ValueError", "TypeError"),
    *("ExpressionSyntaxError", "ExpressionEvalError", "ReferenceSyntaxError"),
    *("ReferencePathError", "InterpolationError", "UsageError"),
}
#: Two English words in a row (a sentence or a phrase), an article between them allowed.
_WORDS = re.compile(r"[A-Za-z]{2,}[ ,;:'-]+(?:[A-Za-z][ ,;:'-]+)?[A-Za-z]{2,}")


def _error_calls(tree: ast.AST) -> list[ast.Call]:
    calls = [
        node for node in ast.walk(tree) if isinstance(node, ast.Call) and callee(node) in _BUILDERS
    ]
    calls += [
        node.exc
        for node in ast.walk(tree)
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)
    ]
    return calls


def englishliterals(source: str) -> list[tuple[int, str]]:
    """(line, text) of each English phrase handed to an error or a problem."""
    found: list[tuple[int, str]] = []
    for call in _error_calls(ast.parse(source)):
        for arg in [*call.args, *(k.value for k in call.keywords)]:
            found += [(call.lineno, text) for text in literals(arg) if _WORDS.search(text)]
    return sorted(set(found))


def test_the_scan_finds_english_and_lets_identifiers_pass() -> None:
    source = "\n".join(
        [
            'raise ValueError(f"unknown time zone {value!r} (use an IANA name)")',
            'self.fail("expected a number", pos, ["number"])',
            'raise BlockError(code, t("issue.spec.ref_unsupported", ref=ref), hint="use module:Model")',
            'self.problem(parts, t("issue.llm_schema.must_number"))',
            'raise TypeError(t("runtime.kind.other"))',
            'problems.append(f"{direction}.{name}: invalid JSON Schema: {reason}")',
            'self.fail(expected_words(["\'&&\'", "end"]), pos, ["\'&&\'", "end"])',
        ]
    )
    assert sorted({line for line, _ in englishliterals(source)}) == [1, 2, 3, 6]


@pytest.mark.parametrize("path", CONVERTED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_english_sentence_reaches_an_error(path: Path) -> None:
    assert englishliterals(path.read_text(encoding="utf-8")) == []
