"""The one error tree of keiri (bottom layer: imports nothing from keiri, blocks, compiler, ...).

- `KeiriError(code, message, hint, details, recoverable, exit_code)`: the root of every error
  keiri raises on purpose. Named subclasses say what went wrong (`RunNotFound`, `RunNotPaused`,
  `AlreadyResumed`, `PlanInvalid`, `ConfigError`, `UsageError`, ...) and carry their own code and
  exit code, so the one renderer per surface never guesses. `blocks.errors.BlockError` (a
  block's or the runner's failure, seed 000 §9.1) is one branch of this tree.
- `Issue`: one finding of validation or dry-run. Its key path is kept as a tuple (`loc`) and
  formatted only when shown (`path`, `location()`, `--json`).
- `from_validation_error`: the one converter from a pydantic `ValidationError` to issues.

Deep code raises these; exactly one place per surface renders them: the CLI entry point
(`keiri.cli.render`), the form app's error widget (`ui_app.errors`) and the Prefect failure
artifact (`error_markdown`).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Collection, Iterable
from enum import StrEnum
from typing import Any, ClassVar, Literal, Protocol, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, computed_field, model_validator
from pydantic_core import ErrorDetails

__all__ = [
    "EXIT_FAILED",
    "EXIT_OK",
    "EXIT_PAUSED",
    "EXIT_USAGE",
    "AlreadyResumed",
    "ConfigError",
    "ErrorCode",
    "InvalidRunId",
    "Issue",
    "IssueCode",
    "IssuesFound",
    "KeiriError",
    "KeyPath",
    "LineLookup",
    "PlanInvalid",
    "PlanNotFound",
    "RunNotFound",
    "RunNotPaused",
    "RunNotRetryable",
    "Severity",
    "UsageError",
    "did_you_mean",
    "error_markdown",
    "format_path",
    "from_validation_error",
    "model_keys",
    "parse_path",
    "suggest",
]

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_PAUSED = 0, 1, 2, 3

#: A key path kept as parts (`("graph", 2, "in", "x")`), formatted only when shown.
KeyPath = tuple[str | int, ...]


class ErrorCode(StrEnum):
    """Stable error codes (seed 000 §9.1 plus the file codes of ARCHITECTURE.md, and one code
    per named error of the run lifecycle and the command line)."""

    INPUT_VALIDATION_FAILED = "INPUT_VALIDATION_FAILED"
    OUTPUT_SCHEMA_MISMATCH = "OUTPUT_SCHEMA_MISMATCH"
    DEPENDENCY_NOT_FOUND = "DEPENDENCY_NOT_FOUND"
    API_ERROR = "API_ERROR"
    TIMEOUT_ERROR = "TIMEOUT_ERROR"
    PERMISSION_DENIED = "PERMISSION_DENIED"
    FILE_INVALID = "FILE_INVALID"
    FILE_ENCRYPTED = "FILE_ENCRYPTED"
    FILE_TOO_LARGE = "FILE_TOO_LARGE"
    UNSAFE_ARCHIVE = "UNSAFE_ARCHIVE"
    # Registry / implementation problems found when a block is loaded.
    BLOCK_NOT_IMPLEMENTED = "BLOCK_NOT_IMPLEMENTED"
    BLOCK_SPEC_INVALID = "BLOCK_SPEC_INVALID"
    # Runner-level: a node failed for a reason that is not the block's own code.
    BLOCK_FAILED = "BLOCK_FAILED"
    PLAN_INVALID = "PLAN_INVALID"
    LOOP_LIMIT_REACHED = "LOOP_LIMIT_REACHED"
    REJECTED = "REJECTED"
    # Named errors of the run lifecycle and the command line.
    PLAN_NOT_FOUND = "PLAN_NOT_FOUND"
    INVALID_RUN_ID = "INVALID_RUN_ID"
    RUN_NOT_FOUND = "RUN_NOT_FOUND"
    RUN_NOT_PAUSED = "RUN_NOT_PAUSED"
    ALREADY_RESUMED = "ALREADY_RESUMED"
    RUN_NOT_RETRYABLE = "RUN_NOT_RETRYABLE"
    CONFIG_INVALID = "CONFIG_INVALID"
    SERVER_UNAVAILABLE = "SERVER_UNAVAILABLE"
    USAGE_ERROR = "USAGE_ERROR"
    ABORTED = "ABORTED"


class IssueCode(StrEnum):
    """Stable validation issue codes (ARCHITECTURE.md)."""

    YAML_SYNTAX_ERROR = "YAML_SYNTAX_ERROR"
    PLAN_SCHEMA_INVALID = "PLAN_SCHEMA_INVALID"
    DUPLICATE_NODE_ID = "DUPLICATE_NODE_ID"
    UNKNOWN_BLOCK = "UNKNOWN_BLOCK"
    UNKNOWN_INPUT = "UNKNOWN_INPUT"
    UNKNOWN_OUTPUT = "UNKNOWN_OUTPUT"
    MISSING_REQUIRED_INPUT = "MISSING_REQUIRED_INPUT"
    UNRESOLVED_REFERENCE = "UNRESOLVED_REFERENCE"
    TYPE_MISMATCH = "TYPE_MISMATCH"
    CYCLE_DETECTED = "CYCLE_DETECTED"
    INVALID_EXPRESSION = "INVALID_EXPRESSION"
    UI_LAYOUT_MISMATCH = "UI_LAYOUT_MISMATCH"
    DUPLICATE_REQUIREMENT_ID = "DUPLICATE_REQUIREMENT_ID"
    LOOP_LIMIT_MISSING = "LOOP_LIMIT_MISSING"
    SUBFLOW_NOT_FOUND = "SUBFLOW_NOT_FOUND"
    BLOCK_VERSION_INCOMPATIBLE = "BLOCK_VERSION_INCOMPATIBLE"
    UNUSED_OUTPUT = "UNUSED_OUTPUT"
    UNUSED_NODE = "UNUSED_NODE"
    # Dry-run findings.
    DRY_RUN_FAILED = "DRY_RUN_FAILED"
    # IO problems of the validator's own inputs (plan file unreadable, ...).
    FILE_NOT_FOUND = "FILE_NOT_FOUND"


Severity = Literal["error", "warning"]


def format_path(path: Iterable[str | int]) -> str:
    """`("graph", 2, "in", "x")` -> `graph[2].in.x` (only for showing a path)."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def parse_path(text: str) -> KeyPath:
    """`graph[2].in.x` -> `("graph", 2, "in", "x")`: only for paths read back from JSON."""
    return tuple(
        int(token[1:-1]) if token.startswith("[") else token
        for token in re.findall(r"\[\d+\]|[^.\[\]]+", text)
    )


def suggest(name: str, known: Iterable[str], n: int = 3) -> list[str]:
    """Closest known names for an unknown one (did-you-mean)."""
    return difflib.get_close_matches(name, list(known), n=n, cutoff=0.5)


def did_you_mean(name: str, known: Iterable[str]) -> str:
    close = suggest(name, known)
    return f"did you mean {', '.join(repr(c) for c in close)}?" if close else ""


# -- the root and its named branches ---------------------------------------------------------


class KeiriError(Exception):
    """Root of every error keiri raises on purpose.

    Subclasses set `default_code`, `default_hint` and `exit_code`; every instance knows how to
    turn itself into the `error` object of the `--json` contract (`to_json`).
    """

    default_code: ClassVar[str] = ErrorCode.BLOCK_FAILED
    default_hint: ClassVar[str] = ""
    exit_code: int = EXIT_FAILED

    def __init__(
        self,
        code: str | None = None,
        message: str = "",
        *,
        hint: str | None = None,
        details: dict[str, Any] | None = None,
        recoverable: bool = False,
        exit_code: int | None = None,
    ) -> None:
        super().__init__(message)
        self.code = str(code or self.default_code)
        self.message = message
        self.hint = self.default_hint if hint is None else hint
        self.details = dict(details or {})
        self.recoverable = recoverable
        if exit_code is not None:
            self.exit_code = exit_code

    @property
    def node_id(self) -> str | None:
        value = self.details.get("node_id")
        return str(value) if value is not None else None

    def to_dict(self) -> dict[str, Any]:
        """The stored form (run records, the form app's session): `from_dict`'s input."""
        return {
            "code": self.code,
            "message": self.message,
            "details": self.details,
            "input_snapshot": {},
            "hint": self.hint,
            "recoverable": self.recoverable,
        }

    def to_json(self) -> dict[str, Any]:
        """The `error` object of the `--json` contracts (plus `details`)."""
        return {
            "code": self.code,
            "message": self.message,
            "node_id": self.node_id,
            "hint": self.hint,
            "recoverable": self.recoverable,
            "details": self.details,
        }

    def __str__(self) -> str:
        node = f" [{self.node_id}]" if self.node_id else ""
        return f"{self.code}{node}: {self.message}"

    def __reduce__(self) -> tuple[Any, ...]:
        # Keyword-only arguments do not pickle by default; Prefect pickles task exceptions.
        return (_rebuild, (type(self), self.message, dict(self.__dict__)))


def _rebuild(cls: type[KeiriError], message: str, state: dict[str, Any]) -> KeiriError:
    error = cls.__new__(cls)
    Exception.__init__(error, message)
    error.__dict__.update(state)
    return error


class _Named(KeiriError):
    """A named error: the class fixes the code; raise sites pass the message (and details)."""

    def __init__(
        self,
        message: str,
        *,
        hint: str | None = None,
        details: dict[str, Any] | None = None,
        recoverable: bool = False,
    ) -> None:
        super().__init__(None, message, hint=hint, details=details, recoverable=recoverable)


class UsageError(_Named):
    """The command line was used wrongly (a bad option value, a missing file): exit 2."""

    default_code = ErrorCode.USAGE_ERROR
    exit_code = EXIT_USAGE

    def __init__(
        self,
        message: str,
        *,
        hint: str | None = None,
        details: dict[str, Any] | None = None,
        command: str = "keiri",
    ) -> None:
        super().__init__(message, hint=hint, details=details)
        self.command = command


class ConfigError(_Named, ValueError):
    """Settings (environment, `.env`) that do not validate; lists every problem: exit 2.

    Also a `ValueError`, as a malformed value is one. `fields` names the variables.
    """

    default_code = ErrorCode.CONFIG_INVALID
    default_hint = "fix the variables listed (see the settings table in the README)"
    exit_code = EXIT_USAGE

    def __init__(
        self, problems: list[str], *, fields: list[str] | None = None, hint: str | None = None
    ) -> None:
        self.problems = list(problems)
        self.fields = list(fields or [])
        message = (
            self.problems[0]
            if len(self.problems) == 1
            else f"{len(self.problems)} invalid settings: " + "; ".join(self.problems)
        )
        super().__init__(
            message, hint=hint, details={"problems": self.problems, "fields": self.fields}
        )


class PlanNotFound(_Named):
    default_code = ErrorCode.PLAN_NOT_FOUND
    default_hint = "pass a path to a plan file, or a design name under designs/"
    exit_code = EXIT_USAGE


class PlanInvalid(_Named):
    """A plan that does not validate was asked to run; carries every issue."""

    default_code = ErrorCode.PLAN_INVALID
    default_hint = "run `keiri validate PLAN` for every issue with its line"

    def __init__(
        self, issues: list[Issue], *, source: str | None = None, hint: str | None = None
    ) -> None:
        self.issues = sorted(issues, key=Issue.sort_key)
        errors = [i for i in self.issues if i.severity == "error"] or self.issues
        first = errors[0] if errors else None
        where = f" in {source}" if source else ""
        text = f"{len(errors)} validation issue(s){where}"
        if first is not None:
            text += f"; first: {first.code} {first.location()}: {first.message}"
        super().__init__(
            text,
            hint=hint,
            details={
                "issues": [i.model_dump() for i in self.issues],
                **({"node_id": first.node_id} if first and first.node_id else {}),
            },
        )


class InvalidRunId(_Named):
    default_code = ErrorCode.INVALID_RUN_ID
    default_hint = "run ids are UUIDs; list them with `keiri runs`"
    exit_code = EXIT_USAGE


class RunNotFound(_Named):
    default_code = ErrorCode.RUN_NOT_FOUND
    default_hint = "list runs with `keiri runs`"


class RunNotPaused(_Named):
    default_code = ErrorCode.RUN_NOT_PAUSED
    default_hint = "only a paused run waits for input; `keiri runs --state paused` lists them"


class AlreadyResumed(_Named):
    default_code = ErrorCode.ALREADY_RESUMED
    default_hint = "each pause is resumed once; nothing was submitted again"


class RunNotRetryable(_Named):
    default_code = ErrorCode.RUN_NOT_RETRYABLE
    default_hint = "`keiri runs --state failed` lists the runs to retry"


# -- issues ----------------------------------------------------------------------------------


class Issue(BaseModel):
    """One validation finding. `--json` fields are a public contract:
    `code, message, node_id, path, line, hint, severity` (plus `file`).

    The key path is stored as parts (`loc`) and formatted into `path` only when shown.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str
    message: str
    node_id: str | None = None
    loc: KeyPath = Field(default=(), exclude=True)
    line: int | None = None
    hint: str = ""
    severity: Severity = "error"
    file: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _path_from_json(cls, data: Any) -> Any:
        """Read back a `--json` document (`path` as text) into a tuple key path."""
        if isinstance(data, dict) and "path" in data:
            data = dict(data)
            text = data.pop("path")
            if "loc" not in data:
                data["loc"] = parse_path(str(text or ""))
        return data

    @computed_field  # type: ignore[prop-decorator]
    @property
    def path(self) -> str:
        return format_path(self.loc)

    def sort_key(self) -> tuple[str, int, str, str, str]:
        return (self.file or "", self.line or 0, self.node_id or "", self.path, self.code)

    def location(self) -> str:
        where = self.path or "<plan>"
        if self.file and self.line:
            return f"{where} at {self.file}:{self.line}"
        if self.line:
            return f"{where} at line {self.line}"
        if self.file:
            return f"{where} in {self.file}"
        return where


class IssuesFound(KeiriError):
    """Raised with every issue collected by a pass: "N errors encountered"."""

    default_code = ErrorCode.PLAN_INVALID

    def __init__(self, issues: list[Issue]) -> None:
        self.issues = sorted(issues, key=Issue.sort_key)
        errors = [i for i in self.issues if i.severity == "error"]
        super().__init__(None, f"{len(errors)} error(s) encountered")

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "issues": [i.model_dump() for i in self.issues]}


class LineLookup(Protocol):
    """What the converters need of a YAML line map: the line of a key path, if known."""

    def line(self, path: KeyPath) -> int | None: ...


def from_validation_error(
    exc: ValidationError,
    lines: LineLookup | None = None,
    file: str | None = None,
    *,
    code: str = IssueCode.PLAN_SCHEMA_INVALID,
    hint: str = "",
    message_prefix: str = "",
    union_tags: Collection[str] = (),
    known_keys: Callable[[KeyPath], Iterable[str]] | None = None,
    node_id_at: Callable[[KeyPath], str | None] | None = None,
    refine: Callable[[ErrorDetails, Issue], Issue] | None = None,
) -> list[Issue]:
    """Every error of a pydantic `ValidationError` as an `Issue` (written once, used by the
    plan parser, the block registry, the template loader and the deployment files).

    `union_tags`: tag names pydantic inserts after a list index for tagged unions (dropped from
    the key path). `known_keys(parent)`: the keys allowed at `parent`, for a did-you-mean on an
    unknown key. `node_id_at(loc)`: the plan node a path is inside. `refine(err, issue)`: give
    one error a more specific code or message.
    """
    issues: list[Issue] = []
    for err in exc.errors():
        loc = _strip_tags(err["loc"], union_tags)
        message, issue_hint = err["msg"], hint
        if err["type"] == "extra_forbidden" and loc:
            message = f"unknown key {loc[-1]!r}"
            known = sorted(known_keys(loc[:-1])) if known_keys else []
            suggestion = did_you_mean(str(loc[-1]), known) if known else ""
            issue_hint = suggestion or (f"known keys: {', '.join(known)}" if known else hint)
            issue_hint = issue_hint or "remove the key or fix its spelling"
        elif err["type"] == "missing" and loc:
            message = f"missing required key {loc[-1]!r}"
            issue_hint = f"add `{loc[-1]}:`" + (f"; {hint}" if hint else "")
        issue = Issue(
            code=code,
            message=message_prefix + message,
            node_id=node_id_at(loc) if node_id_at else None,
            loc=loc,
            line=lines.line(loc) if lines is not None else None,
            hint=issue_hint,
            file=file,
        )
        issues.append(refine(err, issue) if refine else issue)
    return issues


def model_keys(model: type[BaseModel]) -> Callable[[KeyPath], list[str]]:
    """`known_keys` for `from_validation_error`: the keys allowed at a path inside `model`
    (list indexes are skipped; a union offers the keys of all its models)."""

    def keys(parent: KeyPath) -> list[str]:
        current: list[type[BaseModel]] = [model]
        for part in parent:
            if isinstance(part, int):
                continue
            nxt: list[type[BaseModel]] = []
            for candidate in current:
                info = candidate.model_fields.get(part) or next(
                    (f for f in candidate.model_fields.values() if f.alias == part), None
                )
                if info is not None:
                    nxt += _models_in(info.annotation)
            current = nxt
        return sorted({f.alias or n for m in current for n, f in m.model_fields.items()})

    return keys


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in get_args(annotation) for m in _models_in(arg)]


def _strip_tags(loc: tuple[Any, ...], tags: Collection[str]) -> KeyPath:
    out: list[str | int] = []
    for index, part in enumerate(loc):
        if part in tags and index > 0 and isinstance(loc[index - 1], int):
            continue
        out.append(part if isinstance(part, int) else str(part))
    return tuple(out)


# -- the Prefect failure artifact's renderer -------------------------------------------------


def error_markdown(error: KeiriError, *, title: str = "実行エラー") -> str:
    """The Markdown of a run's failure artifact (the Prefect UI surface)."""
    lines = [f"## ❌ {title}", "", f"**{_md(error.message)}**", ""]
    lines += ["| 項目 | 値 |", "| --- | --- |", f"| コード | `{error.code}` |"]
    if error.node_id:
        lines.append(f"| ノード | `{error.node_id}` |")
    item = error.details.get("item")
    if item is not None:
        lines.append(f"| 対象 | {_md(str(item))} |")
    lines.append(f"| 再試行で解決する可能性 | {'あり' if error.recoverable else 'なし'} |")
    if error.hint:
        lines += ["", f"💡 {_md(error.hint)}"]
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")
