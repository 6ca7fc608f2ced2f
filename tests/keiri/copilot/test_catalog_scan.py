"""The copilot speaks through the catalog (issue 29): no Japanese literal in `keiri/copilot`
(docstrings and comments aside), every key it reads exists in both languages, every
`copilot.*` key is read somewhere, and with `KEIRI_LANG=en` what the model is shown — the
prompts, the tool list, the structured-output schemas — has no Japanese in it.

To be merged with the product-wide scan (which marks `keiri/copilot` xfail until this lands).
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from keiri.base.catalog import CATALOG, LANGUAGES, t
from tests.conftest import ROOT
from tests.support.source_text import catalog_keys

COPILOT = sorted((ROOT / "keiri" / "copilot").rglob("*.py"))
#: Kana, CJK ideographs, Japanese punctuation (、「」) and full-width forms (（）：).
_JAPANESE = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")


def _docstrings(tree: ast.AST) -> set[int]:
    owners = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, owners)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def string_constants(source: str) -> list[tuple[int, str]]:
    """(line, text) of every string literal of `source` that is not a docstring (the fixed
    parts of f-strings included)."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    ]


def japanese_literals(source: str) -> list[tuple[int, str]]:
    return sorted((line, text) for line, text in string_constants(source) if _JAPANESE.search(text))


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_the_scan_finds_japanese_and_lets_docstrings_and_comments_pass() -> None:
    source = "\n".join(
        [
            '"""モジュールの説明（docstring）."""',
            "# コメント",
            'x = "、".join(names)',
            'y = f"{a}（{b}）"',
            "def f() -> str:",
            '    """関数の説明."""',
            '    return t("copilot.separator") + "ok"',
            'Z = {"key": "値"}',
        ]
    )
    assert sorted({line for line, _ in japanese_literals(source)}) == [3, 4, 8]


@pytest.mark.parametrize("path", COPILOT, ids=_rel)
def test_no_japanese_literal_in_the_copilot(path: Path) -> None:
    assert japanese_literals(path.read_text(encoding="utf-8")) == []


def test_every_key_the_copilot_reads_exists_in_both_languages() -> None:
    used = {
        key for path in COPILOT for _, key in catalog_keys(path.read_text(encoding="utf-8"), {"t"})
    }
    assert used, "the scan found no t(...) call"
    missing = sorted(key for key in used if key not in CATALOG)
    assert missing == []
    assert [k for k in sorted(used) if set(CATALOG[k]) != set(LANGUAGES)] == []


def test_every_copilot_key_is_used() -> None:
    """A `copilot.*` key is read by the copilot as a literal (a `t("...")` call or a table of
    literal keys such as the error explanations)."""
    literals = {
        text for path in COPILOT for _, text in string_constants(path.read_text(encoding="utf-8"))
    }
    unused = sorted(k for k in CATALOG if k.startswith("copilot.") and k not in literals)
    assert unused == []


def test_what_the_model_reads_follows_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from keiri.copilot.prompts import (
        WireActionList,
        WirePlan,
        WireSummary,
        WireTaskList,
        main_prompt,
        main_user_prompt,
        plan_prompt,
        summary_prompt,
        task_prompt,
    )
    from keiri.copilot.tools import default_registry

    monkeypatch.setenv("KEIRI_LANG", "en")
    registry = default_registry()
    shown = [
        main_prompt(registry.catalog()),
        main_user_prompt("state", "", "run the invoice check"),
        plan_prompt("November closing"),
        task_prompt("check invoices", "runs.start", "-"),
        summary_prompt(),
        *(
            json.dumps(model.model_json_schema(), ensure_ascii=False)
            for model in (WireActionList, WirePlan, WireTaskList, WireSummary)
        ),
    ]
    assert [text for text in shown if _JAPANESE.search(text)] == []
    assert t("copilot.catalog.needs_confirmation") in shown[0]

    monkeypatch.setenv("KEIRI_LANG", "ja")
    assert _JAPANESE.search(main_prompt(registry.catalog()))
    schema = WireActionList.model_json_schema()
    assert schema["properties"]["reply"]["description"] == t("copilot.field.reply")
