"""The expression language: parsing, precedence, error messages, evaluation, unparse.

Error texts are read in the reader's language: Japanese by default, English with
`KEIRI_LANG=en`; codes, columns, expected-token ids and the source text are the same in both.
"""

from __future__ import annotations

import ast
import inspect
import math
import re
from collections.abc import Iterator
from typing import Any

import pytest

import compiler.expressions as expressions_module
import compiler.references as references_module
from compiler.expressions import (
    COMPARISON_OPS,
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
from compiler.references import Reference, get_path
from keiri.base.catalog import CATALOG, t
from keiri.base.errors import IssueCode

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
#: Expected-token ids in English words (the ids not listed are symbols shown as written).
EN_WORDS = {
    "number": "a number",
    "string": "a string",
    "reference": "a reference",
    "comparison": "a comparison operator",
    "end": "end of expression",
}


@pytest.fixture
def en(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """English messages (`KEIRI_LANG=en`) for the tests that check the English wording."""
    monkeypatch.setenv("KEIRI_LANG", "en")
    yield


@pytest.fixture
def ja(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The default language (Japanese)."""
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    yield


def shape(expr: Expr) -> str:
    """An s-expression of the tree, literals tagged with their JSON type."""
    if isinstance(expr, Literal):
        return f"{type(expr.value).__name__}:{expr.value!r}"
    if isinstance(expr, Ref):
        return expr.reference.dotted()
    if isinstance(expr, Not):
        return f"(! {shape(expr.operand)})"
    return f"({expr.op} {shape(expr.left)} {shape(expr.right)})"


# --- parsing -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "tree"),
    [
        # literals
        ("1", "int:1"),
        ("-12", "int:-12"),
        ("3.25", "float:3.25"),
        ("-0.5", "float:-0.5"),
        ("1e3", "float:1000.0"),
        ("2.5E-2", "float:0.025"),
        ("'a'", "str:'a'"),
        ('"a b"', "str:'a b'"),
        ('"請求書"', "str:'請求書'"),
        (r'"q\"q"', "str:'q\"q'"),
        (r"'it\'s'", 'str:"it\'s"'),
        (r'"a\\b\nc\td\r\/\u00e9"', "str:'a\\\\b\\nc\\td\\r/é'"),
        ('"$${x}"', "str:'${x}'"),
        ('"cost $5"', "str:'cost $5'"),
        ("true", "bool:True"),
        ("false", "bool:False"),
        ("null", "NoneType:None"),
        # references
        ("${a}", "a"),
        ("${parse_evidence.evidence.files.length}", "parse_evidence.evidence.files.length"),
        ("${請求書.明細[0].金額}", "請求書.明細[0].金額"),
        # comparisons
        ("${a} == 1", "(== a int:1)"),
        ("${a}!=null", "(!= a NoneType:None)"),
        ("${a} < -1", "(< a int:-1)"),
        ("${a}<=-1", "(<= a int:-1)"),
        ("${a} > 'x'", "(> a str:'x')"),
        ("${a} >= 2.5", "(>= a float:2.5)"),
        # precedence: || < && < ! < comparison
        ("${a} || ${b} && ${c}", "(|| a (&& b c))"),
        ("${a} && ${b} || ${c}", "(|| (&& a b) c)"),
        ("${a} && ${b} && ${c}", "(&& (&& a b) c)"),
        ("${a} || ${b} || ${c}", "(|| (|| a b) c)"),
        ("!${a} && ${b}", "(&& (! a) b)"),
        ("!${a} == 1", "(! (== a int:1))"),
        ("!!${a}", "(! (! a))"),
        ("${a} == 1 && ${b} != 2 || !${c}", "(|| (&& (== a int:1) (!= b int:2)) (! c))"),
        ("(${a} || ${b}) && ${c}", "(&& (|| a b) c)"),
        ("(${a} == 1) == true", "(== (== a int:1) bool:True)"),
        ("((((${a}))))", "a"),
        ("${a} == (!${b})", "(== a (! b))"),
        # words
        ("${a} and ${b} or not ${c}", "(|| (&& a b) (! c))"),
        ("not(${a})", "(! a)"),
        ("${a}and${b}", "(&& a b)"),
        # whitespace of any kind, including a full-width space and newlines
        ("  ${a}\n&&\t${b}\u3000", "(&& a b)"),
    ],
)
def test_parse(source: str, tree: str) -> None:
    assert shape(parse_expression(source)) == tree


OPERAND = ["number", "string", "true", "false", "null", "reference", "'('"]
AFTER_OPERAND = ["comparison", "'&&'", "'||'", "end"]


@pytest.mark.parametrize(
    ("source", "column", "expected", "found", "hint"),
    [
        ("", 1, [*OPERAND, "'!'"], "end of expression", ""),
        ("   ", 4, [*OPERAND, "'!'"], "end of expression", ""),
        ("(${a} == 1", 11, ["'&&'", "'||'", "')'"], "end of expression", ""),
        ("(${a}", 6, ["comparison", "'&&'", "'||'", "')'"], "end of expression", ""),
        ("${a} == 1)", 10, ["'&&'", "'||'", "end"], "')'", ""),
        ("${a})", 5, AFTER_OPERAND, "')'", ""),
        ("${a} == ", 9, OPERAND, "end of expression", ""),
        ("${a} &&", 8, [*OPERAND, "'!'"], "end of expression", ""),
        ("&& ${a}", 1, [*OPERAND, "'!'"], "'&&'", ""),
        ("${a} ${b}", 6, AFTER_OPERAND, "'${b}'", ""),
        ("1 2", 3, AFTER_OPERAND, "'2'", ""),
        (
            "${a} < ${b} < ${c}",
            13,
            ["'&&'", "'||'", "end"],
            "'<'",
            "comparisons cannot be chained; join them with &&",
        ),
        (
            "(1 == 1 != 2)",
            9,
            ["'&&'", "'||'", "')'"],
            "'!='",
            "comparisons cannot be chained; join them with &&",
        ),
        ("${a} == !${b}", 9, OPERAND, "'!'", "put a negation in parentheses: a == (!b)"),
        ("${a} = 1", 6, AFTER_OPERAND, "'='", "use '==' to compare"),
        ("${a} & ${b}", 6, AFTER_OPERAND, "'&'", "use '&&' (or 'and')"),
        ("${a} | ${b}", 6, AFTER_OPERAND, "'|'", "use '||' (or 'or')"),
        ("${a} + 1", 6, AFTER_OPERAND, "'+'", "arithmetic is not supported"),
        (
            "- 1",
            1,
            [*OPERAND, "'!'"],
            "'-'",
            "negative numbers are written without a space (-5); arithmetic is not supported",
        ),
        (
            "status == 1",
            1,
            [*OPERAND, "'!'"],
            "'status'",
            "bare names are not allowed; write a reference as ${status}",
        ),
        ("${a} == True", 9, OPERAND, "'True'", "literals are lowercase: true, false, null"),
        ("${a} == None", 9, OPERAND, "'None'", "literals are lowercase: true, false, null"),
        (
            "${a} == ${b}.c",
            13,
            ["'&&'", "'||'", "end"],
            "'.'",
            "a path belongs inside the reference, e.g. ${node.key}",
        ),
        (
            "${a}[0]",
            5,
            AFTER_OPERAND,
            "'['",
            "an index belongs inside the reference, e.g. ${node.items[0]}",
        ),
        ("$a", 1, [*OPERAND, "'!'"], "'$'", "a reference is written ${name}"),
        # Python-ish hostile inputs are plain syntax errors
        (
            "__import__('os').system('x')",
            1,
            [*OPERAND, "'!'"],
            "'__import__'",
            "bare names are not allowed; write a reference as ${__import__}",
        ),
        (
            "${a}.__class__",
            5,
            AFTER_OPERAND,
            "'.'",
            "a path belongs inside the reference, e.g. ${node.key}",
        ),
        ("().__class__", 2, [*OPERAND, "'!'"], "')'", ""),
        (
            "lambda: 1",
            1,
            [*OPERAND, "'!'"],
            "'lambda'",
            "bare names are not allowed; write a reference as ${lambda}",
        ),
        (
            "${a} if 1 else 2",
            6,
            AFTER_OPERAND,
            "'if'",
            "bare names are not allowed; write a reference as ${if}",
        ),
    ],
)
def test_parse_errors(
    source: str,
    column: int,
    expected: list[str],
    found: str,
    hint: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("KEIRI_LANG", "en")
    with pytest.raises(ExpressionSyntaxError) as info:
        parse_expression(source)
    err = info.value
    words = [EN_WORDS.get(item, item) for item in expected]
    message = "expected " + (
        words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
    )
    assert (err.message, err.column, err.expected, err.found, err.hint, err.text) == (
        message,
        column,
        expected,
        found,
        hint,
        source,
    )
    assert err.code == IssueCode.INVALID_EXPRESSION
    suffix = f"; {hint}" if hint else ""
    assert str(err) == f"{message} at column {column} (found {found}){suffix}"
    # The same error in Japanese (the default): same code, column, ids; Japanese words.
    monkeypatch.delenv("KEIRI_LANG")
    with pytest.raises(ExpressionSyntaxError) as info:
        parse_expression(source)
    ja = info.value
    assert (ja.code, ja.column, ja.expected, ja.text) == (err.code, column, expected, source)
    wanted = CATALOG["issue.expr.expected_one" if len(expected) == 1 else "issue.expr.expected_any"]
    assert ja.message.startswith(wanted["ja"].split("{")[0])
    assert ja.message.endswith(wanted["ja"].rsplit("}", 1)[1])
    assert bool(ja.hint) == bool(hint) and (not hint or JAPANESE.search(ja.hint))
    assert str(ja) == t(
        "issue.syntax.at",
        detail=ja.message,
        column=column,
        found=t("issue.expression.found", found=ja.found),
        hint=t("issue.syntax.hint", hint=ja.hint) if ja.hint else "",
    )
    assert "expected" not in str(ja) and "column" not in str(ja)


def _any_of(*words: str) -> str:
    """`ここには A・B・C のいずれかが必要です`, from the catalog."""
    items = t("issue.expr.list_sep").join(words[:-1])
    return t(
        "issue.expr.expected_any", items=t("issue.expr.list_last", items=items, last=words[-1])
    )


def test_error_message_of_the_brief(ja: None) -> None:
    with pytest.raises(ExpressionSyntaxError) as info:
        parse_expression("(${a} == 1 &&")
    assert info.value.column == 14
    with pytest.raises(ExpressionSyntaxError) as info:
        parse_expression("(${x} == 'ab'")
    assert str(info.value) == t(
        "issue.syntax.at",
        detail=_any_of("'&&'", "'||'", "')'"),
        column=14,
        found=t("issue.expression.found", found=t("issue.expr.found.end")),
        hint="",
    )
    with pytest.raises(ExpressionSyntaxError) as info:
        parse_expression("")
    assert info.value.message == _any_of(
        t("issue.expr.token.number"),
        t("issue.expr.token.string"),
        "true",
        "false",
        "null",
        t("issue.expr.token.reference"),
        "'('",
        "'!'",
    )
    with pytest.raises(ExpressionSyntaxError) as info:
        parse_expression("${a} = 1")
    assert str(info.value) == t(
        "issue.syntax.at",
        detail=_any_of(t("issue.expr.token.comparison"), "'&&'", "'||'", t("issue.expr.token.end")),
        column=6,
        found=t("issue.expression.found", found="'='"),
        hint=t("issue.syntax.hint", hint=t("issue.expr.hint.eq")),
    )


def test_error_message_of_the_brief_in_english(en: None) -> None:
    with pytest.raises(ExpressionSyntaxError) as info:
        parse_expression("(${x} == 'ab'")
    assert str(info.value) == "expected '&&', '||' or ')' at column 14 (found end of expression)"


@pytest.mark.parametrize(
    ("source", "message", "column", "found", "hint"),
    [
        # lexical errors: strings, numbers, references
        (
            '"abc',
            "expected '\"'",
            5,
            "end of expression",
            "the string opened at column 1 is never closed",
        ),
        (
            "${a} == 'x",
            'expected "\'"',
            11,
            "end of expression",
            "the string opened at column 9 is never closed",
        ),
        (r'"a\qb"', "unknown escape sequence in string", 3, "'\\q'", ""),
        (r'"\u12"', "unknown escape sequence in string", 2, "'\\u'", ""),
        (r'"\ud800"', "a \\u escape cannot be a surrogate", 2, "'\\ud800'", ""),
        (
            '"${a}" == "x"',
            "references are not expanded inside quotes",
            2,
            "'${'",
            "write the reference without quotes (${a} == 'x'), or '$${' for a literal '${'",
        ),
        ("1e999 > 1", "number is out of range", 1, "'1e999'", ""),
        ("9" * 101, "number is longer than 100 characters", 1, "'" + "9" * 23 + "…'", ""),
        ("${a.} == 1", "expected an identifier after '.'", 5, "'}'", ""),
        (
            "${a == 1",
            "expected '.', '[' or '}'",
            4,
            "whitespace",
            "whitespace is not allowed inside '${...}'",
        ),
        (
            "1 == ${a",
            "unterminated reference: expected '.', '[' or '}'",
            9,
            "end of expression",
            "the reference opened at column 6 is never closed with '}'",
        ),
        ("${}", "empty reference: expected a name after '${'", 3, "'}'", ""),
        # complexity limits
        (
            "(" * 51 + "1" + ")" * 51,
            "expression nests more than 50 parentheses",
            51,
            "'('",
            "split the condition",
        ),
        (
            " && ".join(["true"] * 202),
            "expression has more than 200 operators",
            1606,
            "'&&'",
            "split the condition",
        ),
        (
            "!" * 201 + "true",
            "expression has more than 200 operators",
            201,
            "'!'",
            "split the condition",
        ),
    ],
)
def test_lexical_and_limit_errors(
    source: str, message: str, column: int, found: str, hint: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KEIRI_LANG", "en")
    with pytest.raises(ExpressionSyntaxError) as info:
        parse_expression(source)
    err = info.value
    assert (err.message, err.column, err.found, err.hint) == (message, column, found, hint)
    monkeypatch.delenv("KEIRI_LANG")
    with pytest.raises(ExpressionSyntaxError) as info:
        parse_expression(source)
    ja = info.value
    assert (ja.code, ja.column, ja.expected) == (err.code, column, err.expected)
    assert JAPANESE.search(ja.message) and "expected" not in ja.message
    assert bool(ja.hint) == bool(hint) and (not hint or JAPANESE.search(ja.hint))


def _ja(key: str, **fields: object) -> str:
    return t(key, "ja", **fields)


def _at(detail: str, column: int, found: str, hint: str = "") -> str:
    """A syntax error as the catalog composes it: the detail, its column, what was found
    there and the hint (Japanese: the `ja` fixture reads the default language)."""
    return _ja(
        "issue.syntax.at",
        detail=detail,
        column=column,
        found=_ja("issue.expression.found", found=found),
        hint=_ja("issue.syntax.hint", hint=hint) if hint else "",
    )


#: After a reference's name: '.', '[' or '}' (symbols stay as written).
_CONTINUE_JA = _ja(
    "issue.expr.expected_any",
    items=_ja(
        "issue.expr.list_last", items=_ja("issue.expr.list_sep").join(["'.'", "'['"]), last="'}'"
    ),
)


@pytest.mark.parametrize(
    ("source", "text"),
    [
        (
            '"abc',
            _at(
                _ja("issue.expr.expected_one", item="'\"'"),
                5,
                _ja("issue.expr.found.end"),
                _ja("issue.expr.unclosed_string", column=1),
            ),
        ),
        ("${}", _at(_ja("issue.ref.empty"), 3, "'}'")),
        (
            "${a == 1",
            _at(_CONTINUE_JA, 4, _ja("issue.ref.found.space"), _ja("issue.ref.space_hint")),
        ),
        (
            "1 == ${a",
            _at(
                _ja("issue.ref.unterminated"),
                9,
                _ja("issue.expr.found.end"),
                _ja("issue.ref.unclosed", column=6),
            ),
        ),
        ("1e999 > 1", _at(_ja("issue.expr.number_range"), 1, "'1e999'")),
        (
            "(" * 51 + "1" + ")" * 51,
            _at(_ja("issue.expr.too_deep", limit=50), 51, "'('", _ja("issue.expr.split_hint")),
        ),
    ],
)
def test_lexical_errors_in_japanese(source: str, text: str, ja: None) -> None:
    with pytest.raises(ExpressionSyntaxError) as info:
        parse_expression(source)
    assert str(info.value) == text


def test_nesting_within_the_limits_is_fine() -> None:
    assert shape(parse_expression("(" * 50 + "1" + ")" * 50)) == "int:1"
    expr = parse_expression(" || ".join(["false"] * 200) + "")
    assert evaluate(expr, lambda ref: None) is False


def test_references_in_left_to_right() -> None:
    expr = parse_expression("${a.b} == 1 && (!${c[0]} || ${a.b} > ${d})")
    assert [ref.dotted() for ref in references_in(expr)] == ["a.b", "c[0]", "a.b", "d"]
    first = references_in(expr)[0]
    assert (first.start, first.end, first.text) == (0, 6, "${a.b}")


# --- evaluation --------------------------------------------------------------------------

VALUES: dict[str, Any] = {
    "n": 3,
    "f": 3.0,
    "zero": 0,
    "s": "abc",
    "empty": "",
    "t": True,
    "no": False,
    "none": None,
    "l": [1, 2, 3],
    "el": [],
    "d": {"a": 1},
    "ed": {},
    "evidence": {"files": [{"name": "a.pdf"}, {"name": "b.pdf"}]},
    "approval": {"approved": False},
    "skipped": None,
    "請求書": {"合計": 1200},
}


def lookup(ref: Reference) -> Any:
    if ref.root not in VALUES:
        raise KeyError(ref.root)
    return get_path(VALUES[ref.root], ref.path)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("${n}", 3),
        ("${s}", "abc"),
        ("1 == 1.0", True),
        ("${n} == ${f}", True),
        ("'1' == 1", False),
        ("true == 1", False),
        ("false == 0", False),
        ("null == null", True),
        ("${none} == null", True),
        ("${zero} == null", False),
        ("${empty} == null", False),
        ("${l} == ${l}", True),
        ("${d} == ${d}", True),
        ("${d} != ${ed}", True),
        ("${n} > 2", True),
        ("${n} >= 3", True),
        ("${n} < 3", False),
        ("${n} <= -3", False),
        ("'abc' < 'abd'", True),
        ("'b' > 'abc'", True),
        ("'請求書' == \"請求書\"", True),
        # a null is tested with == / != first; && short-circuits the ordering
        ("${none} != null && ${none} > 0", False),
        ("${skipped.evidence} != null && ${skipped.evidence.files.length} > 0", False),
        # .length, and None propagation through a skipped node
        ("${evidence.files.length} > 0", True),
        ("${evidence.files.length} == 2", True),
        ("${s.length} == 3", True),
        ("${d.length}", 1),
        ("${skipped.evidence} != null", False),
        ("${approval.approved} != true", True),
        ("${請求書.合計} >= 1000", True),
        # boolean operators return booleans
        ("${n} && ${s}", True),
        ("${n} && ${empty}", False),
        ("${zero} || ${el}", False),
        ("${zero} || ${d}", True),
        ("!${none}", True),
        ("!${l}", False),
        ("not ${ed}", True),
        ("!!${s}", True),
        ("${t} and not ${no}", True),
        ("!${n} == 3", False),
        ("(!${n}) == false", True),
    ],
)
def test_evaluate(source: str, expected: Any) -> None:
    result = evaluate(parse_expression(source), lookup)
    assert result == expected
    assert type(result) is type(expected)


@pytest.mark.parametrize(
    ("short", "full"),
    [
        ("false && ${boom}", "true && ${boom}"),
        ("${zero} && ${boom} == 1", "${n} && ${boom} == 1"),
        ("true || ${boom}", "false || ${boom}"),
        ("${n} > 1 || ${boom} < 2", "${n} < 1 || ${boom} < 2"),
        ("!(${l} || ${boom})", "!(${el} || ${boom})"),
    ],
)
def test_short_circuit_never_resolves_the_right_side(short: str, full: str) -> None:
    seen: list[str] = []

    def recording(ref: Reference) -> Any:
        seen.append(ref.root)
        return lookup(ref)

    evaluate(parse_expression(short), recording)
    assert "boom" not in seen
    assert seen or short.startswith(("true", "false"))
    with pytest.raises(KeyError, match="boom"):
        evaluate(parse_expression(full), recording)


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("${s} < 1", "cannot order a string and a number with '<'"),
        ("1 >= ${s}", "cannot order a number and a string with '>='"),
        ("${t} > false", "cannot order a boolean and a boolean with '>'"),
        ("${n} <= true", "cannot order a number and a boolean with '<='"),
        ("${l} > 0", "cannot order a list and a number with '>'"),
        ("${d} < ${d}", "cannot order an object and an object with '<'"),
        ("${evidence.files} > ${l}", "cannot order a list and a list with '>'"),
        # null in an ordering is an error, never false (else `> x` and `<= x` are both false)
        ("${none} > 0", "cannot order a null and a number with '>'"),
        ("${none} <= 0", "cannot order a null and a number with '<='"),
        ("0 < null", "cannot order a number and a null with '<'"),
        ("null >= null", "cannot order a null and a null with '>='"),
        ("${skipped.evidence.files.length} > 0", "cannot order a null and a number with '>'"),
    ],
)
def test_ordering_errors_name_both_types(source: str, message: str, en: None) -> None:
    with pytest.raises(ExpressionEvalError) as info:
        evaluate(parse_expression(source), lookup)
    assert info.value.message.startswith(message)
    assert f"(in {unparse(parse_expression(source))})" in str(info.value)
    assert info.value.code == IssueCode.INVALID_EXPRESSION


@pytest.mark.parametrize(
    ("source", "left", "right", "symbol"),
    [
        ("${s} < 1", "string", "number", "<"),
        ("${none} > 0", "null", "number", ">"),
        ("${d} < ${d}", "object", "object", "<"),
    ],
)
def test_ordering_errors_in_japanese(
    source: str, left: str, right: str, symbol: str, ja: None
) -> None:
    with pytest.raises(ExpressionEvalError) as info:
        evaluate(parse_expression(source), lookup)
    detail = t(
        "runtime.expr.cannot_order",
        left=t(f"runtime.kind.{left}"),
        right=t(f"runtime.kind.{right}"),
        symbol=symbol,
    )
    assert info.value.message == t(
        "runtime.expr.in", detail=detail, expr=unparse(parse_expression(source))
    )


@pytest.mark.parametrize(
    ("left", "op", "right", "expected"),
    [
        (1, "eq", 1.0, True),
        (1, "==", 1.0, True),
        ("1", "eq", 1, False),
        (True, "eq", 1, False),
        (None, "eq", None, True),
        (None, "ne", 0, True),
        ([1, [2, {"a": None}]], "eq", [1.0, [2, {"a": None}]], True),
        ([1, 2], "eq", [2, 1], False),
        ([True], "eq", [1], False),
        ({"a": 1, "b": 2}, "eq", {"b": 2.0, "a": 1}, True),
        ({"a": 1}, "eq", {"a": 1, "b": None}, False),
        ((1, 2), "eq", [1, 2], True),
        (10, "gt", 9.5, True),
        (10, "gte", 10, True),
        (10, "lt", 10, False),
        (10, "lte", 10.0, True),
        ("b", "gt", "a", True),
    ],
)
def test_compare(left: Any, op: str, right: Any, expected: bool) -> None:
    assert compare(left, op, right) is expected


def test_comparison_ops_names_and_symbols_agree() -> None:
    assert COMPARISON_OPS == {
        "eq": "==",
        "ne": "!=",
        "gt": ">",
        "gte": ">=",
        "lt": "<",
        "lte": "<=",
    }
    for name, symbol in COMPARISON_OPS.items():
        for left, right in [(1, 2), (2, 1), (2, 2), ("a", "b")]:
            assert compare(left, name, right) is compare(left, symbol, right)
            parsed = evaluate(parse_expression(f"{left!r} {symbol} {right!r}"), lookup)
            assert parsed is compare(left, name, right)


@pytest.mark.parametrize("op", ["contains", "=", "===", "", "GT"])
def test_compare_unknown_operator(op: str, monkeypatch: pytest.MonkeyPatch) -> None:
    names = ", ".join([*COMPARISON_OPS, *COMPARISON_OPS.values()])
    wanted = t("runtime.expr.unknown_op", op=repr(op), names=names)
    with pytest.raises(ExpressionEvalError, match=re.escape(wanted)):
        compare(1, op, 1)
    monkeypatch.setenv("KEIRI_LANG", "en")
    wanted = t("runtime.expr.unknown_op", op=repr(op), names=names)
    with pytest.raises(ExpressionEvalError, match=re.escape(wanted)):
        compare(1, op, 1)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, False),
        (False, False),
        (0, False),
        (0.0, False),
        ("", False),
        ([], False),
        ({}, False),
        (True, True),
        (1, True),
        (-0.5, True),
        ("0", True),
        ("false", True),
        ([0], True),
        ({"a": None}, True),
        ((), False),
    ],
)
def test_truthy(value: Any, expected: bool) -> None:
    assert truthy(value) is expected
    assert evaluate_condition(Ref(Reference("x", (), "${x}", 0, 4)), lambda ref: value) is (
        expected
    )


@pytest.mark.parametrize("value", [object(), b"bytes", {1, 2}])
def test_non_json_values_are_refused(value: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ExpressionEvalError, match=re.escape(t("runtime.expr.not_json"))) as info:
        truthy(value)
    assert type(value).__name__ not in str(info.value)  # no internal (Python) type names
    monkeypatch.setenv("KEIRI_LANG", "en")
    with pytest.raises(ExpressionEvalError, match=re.escape(t("runtime.expr.not_json"))):
        truthy(value)
    with pytest.raises(ExpressionEvalError, match=re.escape(t("runtime.expr.not_json"))):
        compare(value, "==", 1)


def test_lookup_errors_propagate() -> None:
    with pytest.raises(KeyError):
        evaluate(parse_expression("${unknown} == 1"), lookup)


# --- unparse -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "canonical"),
    [
        ("${a}and${b}", "${a} && ${b}"),
        ("not ${a} or ${b}", "!${a} || ${b}"),
        ("!${a} == 1", "!(${a} == 1)"),
        ("(!${a}) == 1", "(!${a}) == 1"),
        ("(${a} || ${b}) && ${c}", "(${a} || ${b}) && ${c}"),
        ("${a} || (${b} || ${c})", "${a} || (${b} || ${c})"),
        ("(${a} || ${b}) || ${c}", "${a} || ${b} || ${c}"),
        ("(1 == 1) == (2 < 3)", "(1 == 1) == (2 < 3)"),
        ("'it\\'s'", '"it\'s"'),
        ("'a\"b'", '"a\\"b"'),
        ("'$${x}'", '"$${x}"'),
        ("'tab\\there'", '"tab\\there"'),
        ("1.50", "1.5"),
        ("2E3", "2000.0"),
        ("${x[0].y}", "${x[0].y}"),
        ("null != true", "null != true"),
    ],
)
def test_unparse(source: str, canonical: str) -> None:
    expr = parse_expression(source)
    assert unparse(expr) == canonical
    assert shape(parse_expression(canonical)) == shape(expr)


def test_unparse_builds_from_nodes() -> None:
    ref = Reference("a", ("b",), "${a.b}", 0, 6)
    expr = BinOp("&&", Not(Ref(ref)), BinOp(">=", Literal(-1), Literal("x\ny")))
    assert unparse(expr) == '!${a.b} && -1 >= "x\\ny"'


# --- safety ------------------------------------------------------------------------------


@pytest.mark.parametrize("module", [expressions_module, references_module])
def test_modules_never_call_dynamic_code(module: Any) -> None:
    tree = ast.parse(inspect.getsource(module))
    forbidden = {"eval", "exec", "compile", "__import__", "getattr", "globals", "locals"}
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    attributes = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert not names & forbidden
    assert not attributes & {"eval", "exec", "__import__"}


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
@pytest.mark.parametrize("op", ["==", "!=", "<", "<=", ">", ">="])
def test_nan_and_infinity_are_expression_errors_never_false(
    value: float, op: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`amount > limit` and `amount <= limit` cannot both be false: a non-finite number is
    not a plan value, so every comparison with it is an error."""
    wanted = t("runtime.expr.not_finite", value=value)
    with pytest.raises(ExpressionEvalError, match=re.escape(wanted)):
        compare(value, op, 100)
    monkeypatch.setenv("KEIRI_LANG", "en")
    wanted = t("runtime.expr.not_finite", value=value)
    with pytest.raises(ExpressionEvalError, match=re.escape(wanted)):
        compare(value, op, 100)
    with pytest.raises(ExpressionEvalError, match=re.escape(wanted)):
        evaluate(parse_expression(f"${{x}} {op} 100"), lambda ref: value)
    with pytest.raises(ExpressionEvalError, match=re.escape(wanted)):
        truthy(value)
