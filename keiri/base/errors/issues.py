"""Validation issues and the converters into them (part of `keiri.base.errors`).

`Issue`: one finding of validation or dry-run, its key path kept as a tuple (`loc`) and
formatted only when shown. `from_validation_error`: the one converter from a pydantic
`ValidationError` to issues, its messages and hints in the reader's language (`t`). Imports the
catalog and `pydantic_text` only.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from enum import StrEnum
from typing import Any, Literal, Protocol, Self, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, computed_field, model_validator
from pydantic_core import ErrorDetails

from keiri.base.catalog import t as text
from keiri.base.errors.pydantic_text import pydantic_message

__all__ = [
    "Issue",
    "IssueCode",
    "KeyPath",
    "LineLookup",
    "Severity",
    "did_you_mean",
    "format_path",
    "from_validation_error",
    "model_keys",
    "parse_path",
    "suggest",
]

#: A key path kept as parts (`("graph", 2, "in", "x")`), formatted only when shown.
KeyPath = tuple[str | int, ...]


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
    # A var still to be given (`{placeholder: true}`): a warning, an error when a run starts.
    VAR_PLACEHOLDER = "VAR_PLACEHOLDER"
    # A document over a bound of the loader (size, expanded aliases, depth, digits) or of
    # the plan language (loop limits, subflow depth).
    PLAN_TOO_LARGE = "PLAN_TOO_LARGE"
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
    """`もしかして: 'a', 'b'` (in the reader's language) for an unknown name, "" when nothing is
    close."""

    close = suggest(name, known)
    return text("issue.did_you_mean", names=", ".join(repr(c) for c in close)) if close else ""


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

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """As pydantic's, and an `update` of the shown `path` moves the tuple key path."""
        if update and "path" in update:
            update = dict(update)
            text = str(update.pop("path") or "")
            update.setdefault("loc", parse_path(text))
        return super().model_copy(update=update, deep=deep)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def path(self) -> str:
        return format_path(self.loc)

    def sort_key(self) -> tuple[str, int, str, str, str]:
        return (self.file or "", self.line or 0, self.node_id or "", self.path, self.code)

    def location(self) -> str:
        where = self.path or "<plan>"
        if self.file and self.line:
            return text("cli.location.file_line", where=where, file=self.file, line=self.line)
        if self.line:
            return text("cli.location.line", where=where, line=self.line)
        if self.file:
            return text("cli.location.file", where=where, file=self.file)
        return where


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
    """Every error of a pydantic `ValidationError` as an `Issue` in the reader's language
    (`hint` and `message_prefix` are given already translated; written once, used by the
    plan parser, the block registry, the template loader and the deployment files).

    `union_tags`: tag names pydantic inserts after a list index for tagged unions (dropped from
    the key path). `known_keys(parent)`: the keys allowed at `parent`, for a did-you-mean on an
    unknown key. `node_id_at(loc)`: the plan node a path is inside. `refine(err, issue)`: give
    one error a more specific code or message.
    """
    issues: list[Issue] = []
    for err in exc.errors():
        loc = _strip_tags(err["loc"], union_tags)
        issue_hint = hint
        if err["type"] == "extra_forbidden" and loc:
            known = sorted(known_keys(loc[:-1])) if known_keys else []
            suggestion = did_you_mean(str(loc[-1]), known) if known else ""
            issue_hint = suggestion or (
                text("issue.known_keys", keys=", ".join(known)) if known else hint
            )
            issue_hint = issue_hint or text("issue.remove_key")
        elif err["type"] == "missing" and loc:
            issue_hint = text("issue.add_key", name=loc[-1]) + (
                text("issue.hint_join", hint=hint) if hint else ""
            )
        issue = Issue(
            code=code,
            message=message_prefix + pydantic_message(err),
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
