"""Property tests: parsers only ever raise their syntax errors, unparse round-trips,
evaluation follows JSON semantics and never runs dynamic code."""

from __future__ import annotations

import builtins
from typing import Any
from unittest import mock

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from compiler.expressions import (
    BinOp,
    Expr,
    ExpressionEvalError,
    ExpressionSyntaxError,
    Literal,
    Not,
    Ref,
    compare,
    evaluate,
    evaluate_condition,
    parse_expression,
    references_in,
    truthy,
    unparse,
)
from compiler.references import (
    Reference,
    ReferenceSyntaxError,
    find_references,
    render,
    whole_reference,
)
from keiri.base import settings as keiri_settings
from tests.support.timing import deadline, examples

SETTINGS = settings(deadline=deadline(2), max_examples=examples(150))

# --- strategies --------------------------------------------------------------------------

# Text biased towards the characters the grammars care about.
GRAMMAR_CHARS = st.sampled_from(list("${}[].()!=<>&|'\"\\-0123456789 eEaz_請\n\tnotandorul"))
grammar_text = st.text(GRAMMAR_CHARS, max_size=40)
any_text = st.text(max_size=60)

identifiers = st.from_regex(r"[A-Za-z_][A-Za-z0-9_\-]{0,6}", fullmatch=True) | st.sampled_from(
    ["請求書", "合計金額", "ファイル", "approved", "length", "files"]
)
segments = st.lists(identifiers | st.integers(0, 30), max_size=3)


@st.composite
def references(draw: st.DrawFn) -> Reference:
    root = draw(identifiers)
    path = draw(segments)
    text = "${" + root + "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in path) + "}"
    ref = whole_reference(text)
    assert ref is not None
    return ref


literal_values = (
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    # strings made of the pieces that quoting and escaping must get right
    | st.lists(
        st.sampled_from(["$", "${", "$${", "{", "}", "\\", '"', "'", "\n", "\x00", "\x7f", "請"]),
        max_size=6,
    ).map("".join)
)
atoms = st.builds(Literal, literal_values) | st.builds(Ref, references())
CMP = ["==", "!=", "<", "<=", ">", ">="]


def _extend(children: st.SearchStrategy[Expr]) -> st.SearchStrategy[Expr]:
    return (
        st.builds(Not, children)
        | st.builds(BinOp, st.sampled_from(["&&", "||"]), children, children)
        | st.builds(BinOp, st.sampled_from(CMP), children, children)
    )


expressions: st.SearchStrategy[Expr] = st.recursive(atoms, _extend, max_leaves=12)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=5),
    lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=3), c, max_size=3),
    max_leaves=6,
)


def shape(expr: Expr) -> Any:
    if isinstance(expr, Literal):
        return ("lit", type(expr.value).__name__, expr.value)
    if isinstance(expr, Ref):
        return ("ref", expr.reference.root, expr.reference.path)
    if isinstance(expr, Not):
        return ("not", shape(expr.operand))
    return (expr.op, shape(expr.left), shape(expr.right))


# --- the parsers raise nothing but their syntax errors -----------------------------------


@SETTINGS
@given(st.one_of(grammar_text, any_text))
def test_parse_random_text_raises_only_syntax_errors(text: str) -> None:
    try:
        expr = parse_expression(text)
    except ExpressionSyntaxError as err:
        assert 1 <= err.column <= len(text) + 1
        assert err.text == text
        assert str(err).startswith(err.message)
        return
    # Whatever parsed has a canonical form that parses to the same tree.
    assert shape(parse_expression(unparse(expr))) == shape(expr)


@SETTINGS
@given(st.one_of(grammar_text, any_text))
def test_find_references_random_text_raises_only_syntax_errors(text: str) -> None:
    try:
        refs = find_references(text)
    except ReferenceSyntaxError as err:
        assert 1 <= err.column <= len(text) + 1
        return
    for ref in refs:
        assert text[ref.start : ref.end] == ref.text
        assert whole_reference(ref.text) == Reference(
            ref.root, ref.path, ref.text, 0, len(ref.text)
        )


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = unparse(draw(expressions))
    for _ in range(draw(st.integers(1, 4))):
        pos = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(["insert", "delete", "replace", "swap"]))
        char = draw(GRAMMAR_CHARS)
        if action == "insert":
            text = text[:pos] + char + text[pos:]
        elif action == "delete":
            text = text[:pos] + text[pos + 1 :]
        elif action == "replace":
            text = text[:pos] + char + text[pos + 1 :]
        elif pos + 1 < len(text):
            text = text[:pos] + text[pos + 1] + text[pos] + text[pos + 2 :]
    return text


@SETTINGS
@given(mutated())
def test_mutated_expressions_raise_only_syntax_errors(text: str) -> None:
    try:
        expr = parse_expression(text)
    except ExpressionSyntaxError as err:
        assert 1 <= err.column <= len(text) + 1
        assert err.expected or err.hint or err.message
        return
    assert shape(parse_expression(unparse(expr))) == shape(expr)


# --- round trip --------------------------------------------------------------------------


@SETTINGS
@given(expressions)
def test_unparse_round_trips(expr: Expr) -> None:
    text = unparse(expr)
    again = parse_expression(text)
    assert shape(again) == shape(expr)
    assert unparse(again) == text
    assert [r.dotted() for r in references_in(again)] == [r.dotted() for r in references_in(expr)]


# --- evaluation --------------------------------------------------------------------------


def _refuse(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("dynamic code execution attempted")


@SETTINGS
@given(st.one_of(expressions.map(unparse), mutated(), grammar_text), json_values)
def test_parse_and_evaluate_never_run_dynamic_code(text: str, value: Any) -> None:
    # Error texts come from the catalog in the reader's language: read the settings that name
    # it before the patch (pydantic-settings imports lazily while it loads them).
    keiri_settings.get()
    with (
        mock.patch.object(builtins, "eval", _refuse),
        mock.patch.object(builtins, "exec", _refuse),
        mock.patch.object(builtins, "compile", _refuse),
        mock.patch.object(builtins, "__import__", _refuse),
    ):
        try:
            expr = parse_expression(text)
            result = evaluate(expr, lambda ref: value)
        except (ExpressionSyntaxError, ExpressionEvalError):
            return
    if isinstance(expr, BinOp | Not):
        assert isinstance(result, bool)


def _try(fn: Any) -> Any:
    try:
        return fn()
    except ExpressionEvalError:
        return ExpressionEvalError


@SETTINGS
@given(json_values, json_values, st.sampled_from(CMP))
def test_compare_is_consistent(left: Any, right: Any, op: str) -> None:
    mirrored = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}[op]
    result = _try(lambda: compare(left, op, right))
    assert result == _try(lambda: compare(right, mirrored, left))
    if op in ("==", "!="):
        assert compare(left, "==", right) is not compare(left, "!=", right)
        assert compare(left, "==", left)
    elif left is None or right is None:
        # an ordering with null is an error, never false (`x > 1` and `x <= 1` both false
        # would skip a node and its alternative)
        assert result is ExpressionEvalError
    else:
        # of an ordering and its negation exactly one holds, or both are errors
        negated = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}[op]
        other = _try(lambda: compare(left, negated, right))
        if result is ExpressionEvalError:
            assert other is ExpressionEvalError
        else:
            assert other is (not result)


@SETTINGS
@given(expressions, expressions, json_values)
def test_boolean_laws(a: Expr, b: Expr, value: Any) -> None:
    def cond(expr: Expr) -> Any:
        return _try(lambda: evaluate_condition(expr, lambda ref: value))

    left, right = cond(a), cond(b)
    assume(ExpressionEvalError not in (left, right))
    assert cond(Not(a)) is (not left)
    assert cond(BinOp("&&", a, b)) is (left and right)
    assert cond(BinOp("||", a, b)) is (left or right)
    # De Morgan
    assert cond(Not(BinOp("&&", a, b))) is cond(BinOp("||", Not(a), Not(b)))
    assert cond(Not(BinOp("||", a, b))) is cond(BinOp("&&", Not(a), Not(b)))


@SETTINGS
@given(json_values)
def test_truthy_matches_json_emptiness(value: Any) -> None:
    empty = value in (None, False, 0, "", [], {})
    assert truthy(value) is (not empty)


# --- rendering ---------------------------------------------------------------------------

text_values = st.none() | st.booleans() | st.integers() | st.text(max_size=8)
plain_pieces = st.text(st.characters(blacklist_characters="$"), max_size=6)


def _oracle_text(value: Any) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    return value if isinstance(value, str) else str(value)


@SETTINGS
@given(
    st.lists(
        st.tuples(plain_pieces, st.sampled_from(["ref", "escape", "none"]), identifiers),
        max_size=6,
    ),
    st.dictionaries(identifiers, text_values),
)
def test_render_interpolates_exactly(
    pieces: list[tuple[str, str, str]], values: dict[str, Any]
) -> None:
    template, expected = "", ""
    for plain, kind, name in pieces:
        template += plain
        expected += plain
        if kind == "ref":
            template += "${" + name + "}"
            expected += _oracle_text(values.get(name))
        elif kind == "escape":
            template += "$${" + name + "}"
            expected += "${" + name + "}"
    result = render(template, lambda ref: values.get(ref.root))
    ref = whole_reference(template)
    if ref is not None:
        assert result == values.get(ref.root)
    else:
        assert result == expected
