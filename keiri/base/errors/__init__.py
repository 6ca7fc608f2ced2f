"""The one error tree of keiri (imports only the message catalog `keiri.base.catalog` below it;
never blocks, compiler, flows or the application).

- `KeiriError(code, message, hint, details, recoverable, exit_code)`: the root of every error
  keiri raises on purpose. Named subclasses say what went wrong (`RunNotFound`, `RunNotPaused`,
  `AlreadyResumed`, `PlanInvalid`, `ConfigError`, `UsageError`, ...) and carry their own code and
  exit code, so the one renderer per surface never guesses. `blocks.sdk.errors.BlockError` (a
  block's or the runner's failure, seed 000 §9.1) is one branch of this tree.
- `Issue`: one finding of validation or dry-run. Its key path is kept as a tuple (`loc`) and
  formatted only when shown (`path`, `location()`, `--json`).
- `from_validation_error`: the one converter from a pydantic `ValidationError` to issues.
- `IssueReport`: what a check found (`{ok, errors, warnings}`), the one result model of
  validate, dry-run, the designer's check and deploy --check.

Deep code raises these; exactly one place per surface renders them: the CLI entry point
(`keiri.cli.render`), the form app's error widget (`ui_app.errors`) and the Prefect failure
artifact (`error_markdown`).

Over 400 lines: the error tree — every named error in one place, by design (one definition per
error).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, ClassVar

from keiri.base.catalog import t as _text
from keiri.base.errors.issues import (
    Issue,
    IssueCode,
    KeyPath,
    LineLookup,
    Severity,
    did_you_mean,
    format_path,
    from_validation_error,
    model_keys,
    parse_path,
    suggest,
)

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
    "NamedError",
    "PlanInvalid",
    "PlanNotFound",
    "Reported",
    "RunNotFound",
    "RunNotPaused",
    "RunNotRetryable",
    "RunStartMismatch",
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
    # The file store cannot take a file (disk full, read-only, quota).
    STORAGE_ERROR = "STORAGE_ERROR"
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
    # The run a quick start created is not the run of the plan the CLI compiled.
    RUN_START_MISMATCH = "RUN_START_MISMATCH"
    # A command that showed its own result (issues, a run's outcome) ends with its exit code.
    REPORTED = "REPORTED"
    CONFIG_INVALID = "CONFIG_INVALID"
    SERVER_UNAVAILABLE = "SERVER_UNAVAILABLE"
    USAGE_ERROR = "USAGE_ERROR"
    ABORTED = "ABORTED"
    INTERNAL_ERROR = "INTERNAL_ERROR"
    # The operator copilot (`keiri.copilot.errors`).
    COPILOT_LLM_NOT_CONFIGURED = "COPILOT_LLM_NOT_CONFIGURED"
    COPILOT_LLM_FAILED = "COPILOT_LLM_FAILED"
    COPILOT_UNKNOWN_TOOL = "COPILOT_UNKNOWN_TOOL"
    COPILOT_BAD_ARGS = "COPILOT_BAD_ARGS"
    COPILOT_PERMISSION_DENIED = "COPILOT_PERMISSION_DENIED"
    COPILOT_NOT_FOUND = "COPILOT_NOT_FOUND"
    COPILOT_ALREADY_DECIDED = "COPILOT_ALREADY_DECIDED"
    COPILOT_CONFIRMATION_STALE = "COPILOT_CONFIRMATION_STALE"
    # Journal entries, their exports and the counterparty master (issue 27).
    JOURNAL_CHECK_FAILED = "JOURNAL_CHECK_FAILED"
    JOURNAL_NOT_FOUND = "JOURNAL_NOT_FOUND"
    ACCOUNT_NOT_MAPPED = "ACCOUNT_NOT_MAPPED"
    COUNTERPARTY_INVALID = "COUNTERPARTY_INVALID"
    PAYMENT_TERMS_INVALID = "PAYMENT_TERMS_INVALID"
    # Recurring runs (issue 24): `keiri deployments`, periods, the intake of evidence.
    DEPLOYMENT_NOT_FOUND = "DEPLOYMENT_NOT_FOUND"
    PERIOD_OPEN = "PERIOD_OPEN"
    # The registration-number registry and the evidence archive (issue 28).
    REGISTRY_EMPTY = "REGISTRY_EMPTY"
    EVIDENCE_NOT_FOUND = "EVIDENCE_NOT_FOUND"
    RETENTION_ACTIVE = "RETENTION_ACTIVE"


# -- the root and its named branches ---------------------------------------------------------


class KeiriError(Exception):
    """Root of every error keiri raises on purpose.

    Subclasses set `default_code`, `default_hint` (a message catalog key, shown in the reader's
    language) and `exit_code`; every instance knows how to turn itself into the `error` object
    of the `--json` contract (`to_json`).
    """

    default_code: ClassVar[str] = ErrorCode.BLOCK_FAILED
    default_hint: ClassVar[str] = ""  # a catalog key (`cli.hint.*`), or "" for none
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
        if not message and code is not None:  # `KeiriError("text")`: the text is the message
            code, message = None, str(code)
        super().__init__(message)
        self.code = str(code or self.default_code)
        self.message = message
        if hint is None:
            hint = _text(self.default_hint) if self.default_hint else ""
        self.hint = hint
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


class NamedError(KeiriError):
    """A named error: the class fixes the code; raise sites pass the message (and details).
    The base of the named errors here and of other named branches (the copilot's)."""

    def __init__(
        self,
        message: str,
        *,
        hint: str | None = None,
        details: dict[str, Any] | None = None,
        recoverable: bool = False,
    ) -> None:
        super().__init__(None, message, hint=hint, details=details, recoverable=recoverable)


class UsageError(NamedError):
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


class ConfigError(NamedError, ValueError):
    """Settings (environment, `.env`) that do not validate; lists every problem: exit 2.

    Also a `ValueError`, as a malformed value is one. `fields` names the variables.
    """

    default_code = ErrorCode.CONFIG_INVALID
    default_hint = "cli.hint.config_invalid"
    exit_code = EXIT_USAGE

    def __init__(
        self, problems: list[str], *, fields: list[str] | None = None, hint: str | None = None
    ) -> None:
        self.problems = list(problems)
        self.fields = list(fields or [])
        message = (
            self.problems[0]
            if len(self.problems) == 1
            else _text(
                "cli.error.config_many", count=len(self.problems), problems="; ".join(self.problems)
            )
        )
        super().__init__(
            message, hint=hint, details={"problems": self.problems, "fields": self.fields}
        )


class PlanNotFound(NamedError):
    default_code = ErrorCode.PLAN_NOT_FOUND
    default_hint = "cli.hint.plan_not_found"
    exit_code = EXIT_USAGE


class PlanInvalid(NamedError):
    """A plan that does not validate was asked to run; carries every issue."""

    default_code = ErrorCode.PLAN_INVALID
    default_hint = "cli.hint.plan_invalid"

    def __init__(
        self, issues: list[Issue], *, source: str | None = None, hint: str | None = None
    ) -> None:
        self.issues = sorted(issues, key=Issue.sort_key)
        errors = [i for i in self.issues if i.severity == "error"] or self.issues
        first = errors[0] if errors else None
        text = (
            _text("cli.error.plan_invalid_in", count=len(errors), source=source)
            if source
            else _text("cli.error.plan_invalid", count=len(errors))
        )
        if first is not None:
            text += _text(
                "cli.error.first_issue",
                code=first.code,
                location=first.location(),
                message=first.message,
            )
        super().__init__(
            text,
            hint=hint,
            details={
                "issues": [i.model_dump() for i in self.issues],
                **({"node_id": first.node_id} if first and first.node_id else {}),
            },
        )


class InvalidRunId(NamedError):
    default_code = ErrorCode.INVALID_RUN_ID
    default_hint = "cli.hint.invalid_run_id"
    exit_code = EXIT_USAGE


class RunNotFound(NamedError):
    default_code = ErrorCode.RUN_NOT_FOUND
    default_hint = "cli.hint.run_not_found"


class RunNotPaused(NamedError):
    default_code = ErrorCode.RUN_NOT_PAUSED
    default_hint = "cli.hint.run_not_paused"


class AlreadyResumed(NamedError):
    default_code = ErrorCode.ALREADY_RESUMED
    default_hint = "cli.hint.already_resumed"


class RunNotRetryable(NamedError):
    default_code = ErrorCode.RUN_NOT_RETRYABLE
    default_hint = "cli.hint.run_not_retryable"


class RunStartMismatch(NamedError):
    """The run a start note made is not what the plan compiles to (its flow, tags or
    parameters differ): the run is ended Failed, never run (`flows.lifecycle.start`)."""

    default_code = ErrorCode.RUN_START_MISMATCH
    default_hint = "cli.hint.start_mismatch"


class Reported(KeiriError):
    """A command that has shown its whole result itself (a failed validation's issues, a run's
    outcome, a report) ends with `exit_code`; the one renderer adds nothing. So every exit
    code other than 0 comes from `KeiriError.exit_code`: `raise Reported(EXIT_PAUSED)`."""

    default_code = ErrorCode.REPORTED

    def __init__(self, exit_code: int) -> None:
        super().__init__(None, "", exit_code=exit_code)


class IssuesFound(KeiriError):
    """Raised with every issue collected by a pass: "N errors encountered"."""

    default_code = ErrorCode.PLAN_INVALID

    def __init__(self, issues: list[Issue]) -> None:
        self.issues = sorted(issues, key=Issue.sort_key)
        errors = [i for i in self.issues if i.severity == "error"]
        super().__init__(None, _text("cli.error.issues_found", count=len(errors)))

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "issues": [i.model_dump() for i in self.issues]}


# -- the Prefect failure artifact's renderer -------------------------------------------------


def error_markdown(error: KeiriError, *, title: str | None = None) -> str:
    """The Markdown of a run's failure artifact (the Prefect UI surface)."""
    heading = title or _text("cli.artifact.title")
    lines = [f"## ❌ {heading}", "", f"**{_md(error.message)}**", ""]
    lines += [
        f"| {_text('cli.artifact.item')} | {_text('cli.artifact.value')} |",
        "| --- | --- |",
        f"| {_text('cli.artifact.code')} | `{error.code}` |",
    ]
    if error.node_id:
        lines.append(f"| {_text('cli.artifact.node')} | `{error.node_id}` |")
    item = error.details.get("item")
    if item is not None:
        lines.append(f"| {_text('cli.artifact.target')} | {_md(str(item))} |")
    answer = _text("cli.artifact.yes" if error.recoverable else "cli.artifact.no")
    lines.append(f"| {_text('cli.artifact.recoverable')} | {answer} |")
    if error.hint:
        lines += ["", f"💡 {_md(error.hint)}"]
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")
