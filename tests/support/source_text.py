"""Reading the text a module hands to calls (the AST scans that keep English out of what
people read: `tests/keiri/test_cli_catalog.py`, `tests/keiri/test_error_catalog.py`)."""

from __future__ import annotations

import ast

__all__ = ["callee", "catalog_keys", "literals"]


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
