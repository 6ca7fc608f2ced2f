"""Reading the text of product modules (the AST scans that keep the catalog whole:
`tests/keiri/test_catalog_source.py`, `tests/keiri/test_cli_catalog.py`,
`tests/keiri/test_error_catalog.py`): the text handed to calls, Japanese literals outside
docstrings, catalog keys written as literals and keys built at run time."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable

__all__ = [
    "JAPANESE",
    "built_keys",
    "callee",
    "catalog_keys",
    "japanese_literals",
    "key_literals",
    "literals",
]

#: Hiragana, katakana (with the middle dot and the long vowel mark) and CJK ideographs.
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def callee(node: ast.Call) -> str:
    """The called name: `f` of `f(...)` and of `x.f(...)`."""
    func = node.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def literals(node: ast.expr) -> list[str]:
    """The literal text of an argument: strings, the fixed parts of f-strings, `+`,
    conditional expressions and lists (calls such as `t(...)` inside are not literal text)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return [
            v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
        ]
    if isinstance(node, ast.BinOp):
        return literals(node.left) + literals(node.right)
    if isinstance(node, ast.IfExp):
        return literals(node.body) + literals(node.orelse)
    if isinstance(node, ast.List | ast.Tuple):
        return [text for item in node.elts for text in literals(item)]
    return []


def _comments(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are statements of their own: docstrings (of the
    module, classes and functions) and attribute docstrings. No person reads them."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


def _schema_descriptions(tree: ast.AST) -> set[int]:
    """The ids of `Field(description="...")` texts and of a setting's description (the third
    argument of `_setting`, `keiri.base.settings.sections`): a schema's documentation."""
    return {
        id(keyword.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and callee(node) == "Field"
        for keyword in node.keywords
        if keyword.arg == "description"
    } | {
        id(node.args[2])
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and callee(node) == "_setting" and len(node.args) > 2
    }


def japanese_literals(source: str) -> list[tuple[int, str]]:
    """(line, text) of each string literal with Japanese in it (the fixed parts of f-strings
    included), docstrings and `Field(description=...)` left out."""
    tree = ast.parse(source)
    skipped = _comments(tree) | _schema_descriptions(tree)
    return sorted(
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skipped
        and JAPANESE.search(node.value)
    )


def catalog_keys(source: str, readers: set[str]) -> list[tuple[int, str]]:
    """(line, key) of each `reader("literal", ...)` call, `reader` one of `readers`."""
    return [
        (node.lineno, node.args[0].value)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and callee(node) in readers
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ]


def _key_pattern(prefixes: Iterable[str]) -> re.Pattern[str]:
    alternatives = "|".join(sorted(map(re.escape, prefixes)))
    return re.compile(rf"^(?:{alternatives})\.[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*$")


def key_literals(source: str, prefixes: Iterable[str]) -> list[tuple[int, str]]:
    """(line, text) of each string literal shaped like a catalog key: a known prefix, a dot,
    dotted names (`form.submit`, `issue.pydantic.missing`)."""
    pattern = _key_pattern(prefixes)
    return sorted(
        (node.lineno, node.value)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and pattern.match(node.value)
    )


def built_keys(source: str, prefixes: Iterable[str], readers: set[str]) -> list[tuple[int, str]]:
    """(line, code) of each catalog key built at run time: an f-string or a `+` that starts
    with a known prefix and a dot (`f"cli.col.{c}"`, `"state." + name`), or a reader
    (`t`, ...) given an f-string or a `+` as its key."""
    starts = re.compile(rf"^(?:{'|'.join(sorted(map(re.escape, prefixes)))})\.")
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.expr):
            continue
        first: ast.expr | None = None
        if isinstance(node, ast.JoinedStr) and node.values:
            first = node.values[0]
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            first = node.left
        if (
            isinstance(first, ast.Constant)
            and isinstance(first.value, str)
            and starts.match(first.value)
        ):
            found.append((node.lineno, ast.unparse(node)))
        if (
            isinstance(node, ast.Call)
            and callee(node) in readers
            and node.args
            and isinstance(node.args[0], ast.JoinedStr | ast.BinOp)
        ):
            found.append((node.lineno, ast.unparse(node)))
    return sorted(set(found))
