"""The expression language of `when.expr` and `while.condition.expr`.

A safe subset: literals (numbers, quoted strings, `true false null`), `${...}` references,
`== != < <= > >=`, `&& || !` (or `and or not`) and parentheses. Precedence, loosest first:
`||`, `&&`, `!`, comparison (non-associative), primary.

The parser is hand-written recursive descent: the grammar is tiny, it gives exact columns and
expected-token lists for every error, and it needs no dependency. Expressions are parsed into
a frozen AST and evaluated over resolved values; nothing here calls eval/exec/compile or
builds source text from values.

Over 400 lines: the tokenizer, the parser and the evaluator of one small grammar read together.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from blocks.sdk.errors import IssueCode, KeiriError
from compiler.references import (
    Reference,
    ReferenceSyntaxError,
    TextSyntaxError,
    expected_words,
    scan_reference,
)
from keiri.base.catalog import t

__all__ = [
    "COMPARISON_OPS",
    "BinOp",
    "Expr",
    "ExpressionEvalError",
    "ExpressionSyntaxError",
    "Literal",
    "Not",
    "Ref",
    "compare",
    "evaluate",
    "evaluate_condition",
    "parse_expression",
    "references_in",
    "truthy",
    "unparse",
]

COMPARISON_OPS: Mapping[str, str] = {
    "eq": "==",
    "ne": "!=",
    "gt": ">",
    "gte": ">=",
    "lt": "<",
    "lte": "<=",
}
_CMP_SYMBOLS = frozenset(COMPARISON_OPS.values())
_WORD_OPS = {"and": "&&", "or": "||", "not": "!"}
_LITERAL_WORDS: Mapping[str, bool | None] = {"true": True, "false": False, "null": None}
_MAX_NESTING = 50  # parentheses
_MAX_OPERATORS = 200  # keeps every recursive walk far below Python's recursion limit
_MAX_NUMBER_CHARS = 100

# Linear-time patterns used only with `.match(text, pos)` / `.search(text, pos)`.
_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_WORD = re.compile(r"[^\W\d]\w*")
_STRING_SPECIAL = {'"': re.compile(r'[\\"$]'), "'": re.compile(r"[\\'$]")}
_ESCAPES = {"\\": "\\", "'": "'", '"': '"', "n": "\n", "t": "\t", "r": "\r", "/": "/"}
_HEX4 = re.compile(r"[0-9a-fA-F]{4}")
_DIGITS = frozenset("0123456789")

LiteralValue = None | bool | int | float | str


class ExpressionSyntaxError(TextSyntaxError):
    """A malformed expression; `expected` holds token ids (`number`, `reference`, `end`, or a
    quoted symbol such as `'&&'`)."""

    default_code = IssueCode.INVALID_EXPRESSION


class ExpressionEvalError(KeiriError, ValueError):
    """A well-formed expression that cannot be evaluated over the given values."""

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(IssueCode.INVALID_EXPRESSION, message)

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Literal:
    value: LiteralValue


@dataclass(frozen=True)
class Ref:
    reference: Reference


@dataclass(frozen=True)
class Not:
    operand: Expr


@dataclass(frozen=True)
class BinOp:
    op: str  # one of == != < <= > >= && ||
    left: Expr
    right: Expr


Expr = Literal | Ref | Not | BinOp


# --- lexer -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Token:
    kind: str  # number string ref literal op ( ) name char end
    text: str  # source text
    start: int
    value: Any = None  # literal value, Reference, or canonical operator symbol

    def found(self) -> str:
        if self.kind == "end":
            return t("issue.expr.found.end")
        text = self.text if len(self.text) <= 24 else self.text[:23] + "…"
        return repr(text)


class _Lexer:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self._peeked: _Token | None = None

    def peek(self) -> _Token:
        if self._peeked is None:
            self._peeked = self._read()
        return self._peeked

    def take(self) -> _Token:
        token = self.peek()
        self._peeked = None
        return token

    def fail(
        self, message: str, pos: int, expected: Sequence[str], hint: str = "", found: str = ""
    ) -> NoReturn:
        if not found:
            found = t("issue.expr.found.end") if pos >= len(self.text) else repr(self.text[pos])
        raise ExpressionSyntaxError(
            message, pos + 1, self.text, expected=expected, found=found, hint=hint
        )

    def _read(self) -> _Token:
        text, pos = self.text, self.pos
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            self.pos = pos
            return _Token("end", "", pos)
        char = text[pos]
        two = text[pos : pos + 2]
        if two == "${":
            token = self._reference(pos)
        elif char in "\"'":
            token = self._string(pos)
        elif char in _DIGITS or (char == "-" and text[pos + 1 : pos + 2] in _DIGITS):
            token = self._number(pos)
        elif two in ("==", "!=", "<=", ">=", "&&", "||"):
            token = _Token("op", two, pos, two)
        elif char in "<>!":
            token = _Token("op", char, pos, char)
        elif char in "()":
            token = _Token(char, char, pos)
        elif (word := _WORD.match(text, pos)) is not None:
            name = word.group()
            if name in _WORD_OPS:
                token = _Token("op", name, pos, _WORD_OPS[name])
            elif name in _LITERAL_WORDS:
                token = _Token("literal", name, pos, _LITERAL_WORDS[name])
            else:
                token = _Token("name", name, pos)
        else:
            token = _Token("char", char, pos)
        self.pos = pos + len(token.text)
        return token

    def _reference(self, pos: int) -> _Token:
        try:
            ref = scan_reference(self.text, pos)
        except ReferenceSyntaxError as exc:
            ended = exc.column > len(self.text)
            found = t("issue.expr.found.end") if ended else exc.found
            raise ExpressionSyntaxError(
                exc.message,
                exc.column,
                self.text,
                expected=exc.expected,
                found=found,
                hint=exc.hint,
            ) from None
        return _Token("ref", ref.text, pos, ref)

    def _number(self, pos: int) -> _Token:
        match = _NUMBER.match(self.text, pos)
        if match is None:  # unreachable: the caller saw a digit
            self.fail(expected_words(["number"]), pos, ["number"])
        source = match.group()
        found = repr(source if len(source) <= 24 else source[:23] + "…")
        if len(source) > _MAX_NUMBER_CHARS:
            message = t("issue.expr.number_too_long", limit=_MAX_NUMBER_CHARS)
            self.fail(message, pos, ["number"], found=found)
        value: int | float
        if any(c in source for c in ".eE"):
            value = float(source)
            if not math.isfinite(value):
                self.fail(t("issue.expr.number_range"), pos, ["number"], found=found)
        else:
            value = int(source)
        return _Token("number", source, pos, value)

    def _string(self, pos: int) -> _Token:
        text, quote = self.text, self.text[pos]
        special = _STRING_SPECIAL[quote]
        chunks: list[str] = []
        cur = pos + 1
        while True:
            match = special.search(text, cur)
            if match is None:
                hint = t("issue.expr.unclosed_string", column=pos + 1)
                self.fail(expected_words([repr(quote)]), len(text), [repr(quote)], hint)
            stop = match.start()
            chunks.append(text[cur:stop])
            char = text[stop]
            if char == quote:
                return _Token("string", text[pos : stop + 1], pos, "".join(chunks))
            if char == "$":
                if text.startswith("$${", stop):
                    chunks.append("${")
                    cur = stop + 3
                elif text.startswith("${", stop):
                    self.fail(
                        t("issue.expr.ref_in_quotes"),
                        stop,
                        [repr(quote), "text"],
                        t("issue.expr.ref_in_quotes_hint"),
                        found="'${'",
                    )
                else:
                    chunks.append("$")
                    cur = stop + 1
                continue
            cur = self._escape(stop, chunks)

    def _escape(self, pos: int, chunks: list[str]) -> int:
        text = self.text
        code = text[pos + 1 : pos + 2]
        if code in _ESCAPES:
            chunks.append(_ESCAPES[code])
            return pos + 2
        expected = [f"'\\{c}'" for c in _ESCAPES] + ["'\\uXXXX'"]
        if code == "u" and (hex4 := _HEX4.match(text, pos + 2)) is not None:
            point = int(hex4.group(), 16)
            if not 0xD800 <= point <= 0xDFFF:
                chunks.append(chr(point))
                return pos + 6
            self.fail(
                t("issue.expr.surrogate"),
                pos,
                expected,
                found=f"'{text[pos : pos + 6]}'",
            )
        self.fail(t("issue.expr.unknown_escape"), pos, expected, found=f"'{text[pos : pos + 2]}'")


# --- parser ------------------------------------------------------------------------------

_OPERAND = ["number", "string", "true", "false", "null", "reference", "'('"]
#: A character that often stands where an operator or operand should be -> its hint.
_CHAR_HINTS = {
    "=": "issue.expr.hint.eq",
    "&": "issue.expr.hint.and",
    "|": "issue.expr.hint.or",
    ".": "issue.expr.hint.path",
    "[": "issue.expr.hint.index",
    "$": "issue.expr.hint.dollar",
    "-": "issue.expr.hint.minus",
    "+": "issue.expr.hint.arithmetic",
    "*": "issue.expr.hint.arithmetic",
    "/": "issue.expr.hint.arithmetic",
}


def _hint(token: _Token) -> str:
    if token.kind == "name":
        if token.text.lower() in ("true", "false", "null", "none", "nil"):
            return t("issue.expr.hint.lowercase")
        return t("issue.expr.hint.bare_name", name=token.text)
    hint = _CHAR_HINTS.get(token.text) if token.kind == "char" else None
    return t(hint) if hint else ""


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.lex = _Lexer(text)
        self.depth = 0
        self.operators = 0
        self.compared = False  # did the last finished comparison level hold a comparison?

    def fail(self, token: _Token, expected: Sequence[str], hint: str = "") -> NoReturn:
        raise ExpressionSyntaxError(
            expected_words(expected),
            token.start + 1,
            self.text,
            expected=expected,
            found=token.found(),
            hint=hint or _hint(token),
        )

    def fail_after_operand(self, token: _Token) -> NoReturn:
        expected = [] if self.compared else ["comparison"]
        expected += ["'&&'", "'||'", "')'" if self.depth else "end"]
        self.fail(token, expected)

    def too_complex(self, token: _Token, message: str) -> NoReturn:
        raise ExpressionSyntaxError(
            message,
            token.start + 1,
            self.text,
            found=token.found(),
            hint=t("issue.expr.split_hint"),
        )

    def count_operator(self, token: _Token) -> None:
        self.operators += 1
        if self.operators > _MAX_OPERATORS:
            self.too_complex(token, t("issue.expr.too_many_operators", limit=_MAX_OPERATORS))

    def parse(self) -> Expr:
        expr = self.or_()
        token = self.lex.peek()
        if token.kind != "end":
            self.fail_after_operand(token)
        return expr

    def or_(self) -> Expr:
        left = self.and_()
        while (token := self.lex.peek()).kind == "op" and token.value == "||":
            self.count_operator(self.lex.take())
            left = BinOp("||", left, self.and_())
        return left

    def and_(self) -> Expr:
        left = self.not_()
        while (token := self.lex.peek()).kind == "op" and token.value == "&&":
            self.count_operator(self.lex.take())
            left = BinOp("&&", left, self.not_())
        return left

    def not_(self) -> Expr:
        nots = 0
        while (token := self.lex.peek()).kind == "op" and token.value == "!":
            self.count_operator(self.lex.take())
            nots += 1
        expr = self.comparison()
        for _ in range(nots):
            expr = Not(expr)
        return expr

    def comparison(self) -> Expr:
        left = self.primary(["'!'"])
        token = self.lex.peek()
        if token.kind != "op" or token.value not in _CMP_SYMBOLS:
            self.compared = False
            return left
        self.count_operator(self.lex.take())
        right = self.primary([])
        after = self.lex.peek()
        if after.kind == "op" and after.value in _CMP_SYMBOLS:
            expected = ["'&&'", "'||'", "')'" if self.depth else "end"]
            self.fail(after, expected, t("issue.expr.hint.chained"))
        self.compared = True
        return BinOp(token.value, left, right)

    def primary(self, extra: list[str]) -> Expr:
        token = self.lex.take()
        if token.kind in ("number", "string", "literal"):
            return Literal(token.value)
        if token.kind == "ref":
            return Ref(token.value)
        if token.kind == "(":
            self.depth += 1
            if self.depth > _MAX_NESTING:
                message = t("issue.expr.too_deep", limit=_MAX_NESTING)
                self.too_complex(token, message)
            expr = self.or_()
            closing = self.lex.take()
            if closing.kind != ")":
                self.fail_after_operand(closing)
            self.depth -= 1
            return expr
        hint = ""
        if token.kind == "op" and token.value == "!":
            hint = t("issue.expr.hint.negation")
        self.fail(token, _OPERAND + extra, hint)


def parse_expression(text: str) -> Expr:
    """Parse `text` into an AST; raise ExpressionSyntaxError with column and expected tokens."""
    return _Parser(text).parse()


def _walk(expr: Expr) -> Iterator[Expr]:
    yield expr
    if isinstance(expr, Not):
        yield from _walk(expr.operand)
    elif isinstance(expr, BinOp):
        yield from _walk(expr.left)
        yield from _walk(expr.right)


def references_in(expr: Expr) -> list[Reference]:
    """Every reference of the expression, left to right."""
    return [node.reference for node in _walk(expr) if isinstance(node, Ref)]


# --- evaluation --------------------------------------------------------------------------


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        if isinstance(value, float) and not math.isfinite(value):
            raise ExpressionEvalError(t("runtime.expr.not_finite", value=value))
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list | tuple):
        return "list"
    if isinstance(value, dict):
        return "object"
    raise ExpressionEvalError(t("runtime.expr.not_json"))


#: A `_kind` -> its words (`数値`, `a number`).
_KIND_WORDS = {
    "null": "runtime.kind.null",
    "boolean": "runtime.kind.boolean",
    "number": "runtime.kind.number",
    "string": "runtime.kind.string",
    "list": "runtime.kind.list",
    "object": "runtime.kind.object",
}


def _kind_words(kind: str) -> str:
    """A `_kind` in the reader's words (`数値`, `a number`)."""
    return t(_KIND_WORDS[kind])


def truthy(value: Any) -> bool:
    """JSON truthiness: null, false, 0, "", [] and {} are false; everything else is true."""
    kind = _kind(value)
    if kind == "null":
        return False
    if kind in ("boolean", "number"):
        return bool(value)
    return len(value) > 0


def _json_equal(left: Any, right: Any) -> bool:
    kind = _kind(left)
    if kind != _kind(right):
        return False
    if kind == "list":
        return len(left) == len(right) and all(map(_json_equal, left, right))
    if kind == "object":
        return left.keys() == right.keys() and all(_json_equal(left[k], right[k]) for k in left)
    return bool(left == right)


def compare(left: Any, op: str, right: Any) -> bool:
    """Compare two JSON values; `op` is a COMPARISON_OPS key (`gt`) or symbol (`>`)."""
    symbol = COMPARISON_OPS.get(op, op)
    if symbol not in _CMP_SYMBOLS:
        names = ", ".join([*COMPARISON_OPS, *COMPARISON_OPS.values()])
        raise ExpressionEvalError(t("runtime.expr.unknown_op", op=repr(op), names=names))
    if symbol == "==":
        return _json_equal(left, right)
    if symbol == "!=":
        return not _json_equal(left, right)
    left_kind, right_kind = _kind(left), _kind(right)
    # Ordering is defined on two numbers or two strings only; anything else (null included)
    # is an error, never `false`: with `false`, `x > limit` and `x <= limit` would both be
    # false and a node and its alternative would both be skipped.
    if left_kind != right_kind or left_kind not in ("number", "string"):
        raise ExpressionEvalError(
            t(
                "runtime.expr.cannot_order",
                left=_kind_words(left_kind),
                right=_kind_words(right_kind),
                symbol=symbol,
            )
        )
    if symbol == "<":
        return bool(left < right)
    if symbol == "<=":
        return bool(left <= right)
    if symbol == ">":
        return bool(left > right)
    return bool(left >= right)


def evaluate(expr: Expr, lookup: Callable[[Reference], Any]) -> Any:
    """The value of `expr`; references are resolved through `lookup`."""
    if isinstance(expr, Literal):
        return expr.value
    if isinstance(expr, Ref):
        return lookup(expr.reference)
    if isinstance(expr, Not):
        return not truthy(evaluate(expr.operand, lookup))
    if expr.op == "&&":
        return truthy(evaluate(expr.left, lookup)) and truthy(evaluate(expr.right, lookup))
    if expr.op == "||":
        return truthy(evaluate(expr.left, lookup)) or truthy(evaluate(expr.right, lookup))
    left, right = evaluate(expr.left, lookup), evaluate(expr.right, lookup)
    try:
        return compare(left, expr.op, right)
    except ExpressionEvalError as exc:
        raise ExpressionEvalError(
            t("runtime.expr.in", detail=exc.message, expr=unparse(expr))
        ) from None


def evaluate_condition(expr: Expr, lookup: Callable[[Reference], Any]) -> bool:
    """`truthy(evaluate(expr, lookup))`."""
    return truthy(evaluate(expr, lookup))


# --- unparse -----------------------------------------------------------------------------

_PRECEDENCE = {"||": 1, "&&": 2}
_NOT_PRECEDENCE = 3
_CMP_PRECEDENCE = 4
_ATOM_PRECEDENCE = 5


def _precedence(expr: Expr) -> int:
    if isinstance(expr, Not):
        return _NOT_PRECEDENCE
    if isinstance(expr, BinOp):
        return _PRECEDENCE.get(expr.op, _CMP_PRECEDENCE)
    return _ATOM_PRECEDENCE


def _quote(value: str) -> str:
    out = ['"']
    for char in value.replace("${", "$${"):
        if char in ('"', "\\"):
            out.append("\\" + char)
        elif char == "\n":
            out.append("\\n")
        elif char == "\t":
            out.append("\\t")
        elif char == "\r":
            out.append("\\r")
        elif ord(char) < 0x20 or 0x7F <= ord(char) < 0xA0:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def _literal_text(value: LiteralValue) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _quote(value)
    return repr(value)


def unparse(expr: Expr) -> str:
    """Canonical source text: `&&`/`||`/`!`, double quotes, parentheses only where needed."""
    if isinstance(expr, Literal):
        return _literal_text(expr.value)
    if isinstance(expr, Ref):
        return "${" + expr.reference.dotted() + "}"
    if isinstance(expr, Not):
        inner = unparse(expr.operand)
        return f"!({inner})" if isinstance(expr.operand, BinOp) else "!" + inner
    mine = _precedence(expr)
    left, right = unparse(expr.left), unparse(expr.right)
    # Left-associative && / ||: an equal-precedence left child needs no parentheses;
    # comparisons are non-associative, so a comparison child always does.
    left_needs = _precedence(expr.left) < mine or (
        mine == _CMP_PRECEDENCE and _precedence(expr.left) == mine
    )
    if left_needs:
        left = f"({left})"
    if _precedence(expr.right) <= mine:
        right = f"({right})"
    return f"{left} {expr.op} {right}"
