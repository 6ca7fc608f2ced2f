"""Plan regular expressions (`validation.regex`), run in RE2: linear time in the answer's
length, whatever the pattern, so no answer can freeze a process (issue 12 item 13).

A plan's pattern never goes into a JSON Schema that another process evaluates with a
backtracking engine (the Prefect server); it is checked here only. `pattern_problem` is what
`keiri validate` reports: patterns RE2 cannot run (backreferences, lookaround) are errors,
patterns that take exponential time in a backtracking engine (nested unbounded quantifiers
such as `^(a+)+$`) are warnings, because a copy of the plan may be run elsewhere.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Literal

import re2

from keiri.base.catalog import t

__all__ = ["PatternProblem", "compile_pattern", "pattern_matches", "pattern_problem"]

#: RE2's own memory budget for one compiled pattern (bytes); bigger patterns are refused.
_MAX_MEM = 8 << 20


class PatternProblem:
    """Why a plan's pattern is refused (`error`) or risky (`warning`)."""

    __slots__ = ("message", "severity")

    def __init__(self, severity: Literal["error", "warning"], message: str) -> None:
        self.severity = severity
        self.message = message

    def __repr__(self) -> str:
        return f"PatternProblem({self.severity!r}, {self.message!r})"


@lru_cache(maxsize=512)
def compile_pattern(pattern: str) -> Any:
    """The RE2 program of `pattern` (raises `re2.error` when RE2 cannot run it)."""
    options = re2.Options()
    options.max_mem = _MAX_MEM
    options.log_errors = False
    return re2.compile(pattern, options)


def pattern_matches(pattern: str, text: str) -> bool:
    """JSON Schema `pattern` semantics (a search, anchored only by the pattern itself)."""
    return compile_pattern(pattern).search(text) is not None


def _reason(exc: Exception) -> str:
    arg = exc.args[0] if exc.args else exc
    return arg.decode("utf-8", "replace") if isinstance(arg, bytes) else str(arg)


def _unbounded(code: Any) -> bool:
    """True when a parsed sub-pattern contains a repeat without an upper bound."""
    from re import _constants as c  # type: ignore[attr-defined]

    for op, arg in code:
        if op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
            _low, high, sub = arg
            if high is c.MAXREPEAT or high > 1 or _unbounded(sub):
                return True
        elif op == c.SUBPATTERN:
            if _unbounded(arg[-1]):
                return True
        elif op == c.BRANCH and any(_unbounded(branch) for branch in arg[1]):
            return True
    return False


def _nested_repeat(code: Any) -> bool:
    """A repeat without an upper bound around a sub-pattern that repeats: `(a+)+`, `(a*)*`,
    `(\\w+\\s?)*` — exponential in a backtracking engine."""
    from re import _constants as c  # type: ignore[attr-defined]

    for op, arg in code:
        if op in (c.MAX_REPEAT, c.MIN_REPEAT):
            _low, high, sub = arg
            if high is c.MAXREPEAT and _unbounded(sub):
                return True
            if _nested_repeat(sub):
                return True
        elif op == c.SUBPATTERN:
            if _nested_repeat(arg[-1]):
                return True
        elif op == c.BRANCH and any(_nested_repeat(branch) for branch in arg[1]):
            return True
    return False


def pattern_problem(pattern: str) -> PatternProblem | None:
    """None for a pattern that is safe everywhere; else why not (messages from the catalog,
    `issue.regex.*`; the validator renders them with the node and key path)."""
    try:
        compile_pattern(pattern)
    except re2.error as exc:
        return PatternProblem(
            "error",
            t("issue.regex.unsupported", detail=_reason(exc)),
        )
    try:
        from re import _parser  # type: ignore[attr-defined]

        parsed = _parser.parse(pattern)
    except re.error:
        return None  # RE2 syntax that Python does not know: it only ever runs in RE2
    if _nested_repeat(parsed):
        return PatternProblem(
            "warning",
            t("issue.regex.nested_repeat"),
        )
    return None
