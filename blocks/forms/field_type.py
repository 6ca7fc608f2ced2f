"""The record of one form field type (`FieldType`), what every type shares (caps, the error of
a value that does not convert, reading `@PATH`) and the widgets a type can ask for.

A field type declares, once: the Python type of an answer, its JSON Schema, the constraint
check that mirrors that schema exactly (the Prefect server evaluates the schema, keiri the
check; a property test proves they agree), the checks no JSON Schema may carry (plan regexes
in RE2, file extensions and sizes), its empty value, its dry-run sample, its parser from text
(`keiri resume --input`, the form app's text boxes), its display formatter, the widget the form
app renders, and what the compiler checks in a plan (options, `accept`, the default, and any
declaration of its own such as a table's columns).

Size caps per type keep any answer small: text `TEXT_CAP` characters, numbers within
±`NUMBER_CAP`, at most `FILES_CAP` files. NaN and infinity are refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Protocol

from pydantic import BaseModel, ConfigDict, Field, Strict

from keiri.base.catalog import t

if TYPE_CHECKING:
    from blocks.sdk.store import FileStore

__all__ = [
    "FILES_CAP",
    "NUMBER_CAP",
    "STRICT_STR",
    "TEXT_CAP",
    "FieldSpec",
    "FieldType",
    "FieldValueError",
    "Validation",
    "Widget",
    "read_path",
    "read_text",
]

TEXT_CAP = 20_000
NUMBER_CAP = 10**15
FILES_CAP = 5_000

STRICT_STR = Annotated[str, Strict()]


class FieldValueError(ValueError):
    """A value that does not convert or does not fit; `.message` is for people."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Widget(StrEnum):
    """How a person enters a value in the form app (`ui_app.fields.WIDGETS` renders each)."""

    TEXT = "text"  # a text box (a text area when the requirement is `multiline`)
    PASSWORD = "password"  # a text box that never shows what is typed
    PARSED_TEXT = "parsed_text"  # a text box read by the type's `parse`, shown by `display`
    SELECT = "select"
    CHECKBOX = "checkbox"
    CHAT = "chat"
    FILE = "file"
    FILES = "files"
    FOLDER = "folder"  # a folder, or a ZIP unpacked into its members
    CHOICE = "choice"  # radio buttons with each option's details (a block's question)
    TABLE = "table"  # rows in a grid, some columns editable (`st.data_editor`)


class Validation(BaseModel):
    """A requirement's constraints (`validation:` in the plan), as the field types check them."""

    model_config = ConfigDict(extra="forbid")

    regex: str | None = Field(
        default=None, description="checked in RE2 (linear time); never sent to the Prefect server"
    )
    message: str | None = Field(
        default=None, description="what a person reads when the value does not match `regex`"
    )
    min: float | None = None
    max: float | None = None
    min_length: int | None = Field(default=None, ge=0)
    max_length: int | None = Field(default=None, ge=0)
    allowed_extensions: list[str] = Field(default_factory=list)
    max_file_size: int | None = Field(default=None, ge=1)
    integer: bool = False


class FieldSpec(Protocol):
    """What a field type reads of a requirement. `blocks.forms.requirement.Requirement` is one;
    the requirement model builds on the table of types, so the types never import it."""

    @property
    def id(self) -> str: ...
    @property
    def type(self) -> str: ...
    @property
    def required(self) -> bool: ...
    @property
    def options(self) -> list[Any]: ...
    @property
    def default(self) -> Any: ...
    @property
    def hint(self) -> str: ...
    @property
    def validation(self) -> Validation: ...
    @property
    def model_extra(self) -> dict[str, Any] | None: ...
    @property
    def must_answer(self) -> bool: ...
    def extensions(self) -> list[str]: ...


def _no_checks(_req: FieldSpec, _value: Any) -> list[str]:
    return []


def _any_default(_value: Any, _options: list[Any]) -> bool:
    return True


def _no_declaration_problems(_req: dict[str, Any]) -> list[tuple[tuple[str | int, ...], str]]:
    return []


def _no_placeholder() -> str:
    return ""


def _same_value(value: Any) -> Any:
    return value


@dataclass(frozen=True)
class FieldType:
    """What one requirement type is; see the module docstring."""

    name: str
    #: The Python type of an answer (pydantic validates it strictly).
    python_type: Callable[[FieldSpec], Any]  # strict: no "12" for 12, as JSON Schema
    #: The JSON Schema of an answer: what the Prefect server evaluates.
    json_schema: Callable[[FieldSpec], dict[str, Any]]
    #: The constraints of `json_schema` beyond the type, as a check: a message or None.
    check: Callable[[FieldSpec, Any], str | None]
    #: What an unanswered field holds ("" for text, [] for files, None where nothing fits).
    empty: Any
    #: The dry-run value when the requirement has no default.
    sample: Callable[[FieldSpec], Any]
    #: Text (a CLI `VALUE`, `@PATH`, the form app's text box) -> a value.
    parse: Callable[[FieldSpec, str, FileStore | None], Any]
    #: A value as a person reads it.
    display: Callable[[FieldSpec, Any], str]
    #: The widget the form app renders.
    widget: Widget
    #: Checks no JSON Schema carries (plan regexes, file extensions and sizes): messages.
    form_checks: Callable[[FieldSpec, Any], list[str]] = _no_checks
    #: A valid value as the node returns it (numbers: integral ones as int).
    normalize: Callable[[Any], Any] = _same_value
    #: The plan lists `options` (and must); no other type may.
    options: bool = False
    #: Answers are files: `accept` applies, repeated `--input`s of a list add up.
    files: bool = False
    #: Whether a plan's `default` has the right shape, given the `options` (the compiler).
    default_ok: Callable[[Any, list[Any]], bool] = _any_default
    #: What else the compiler checks in the plan's requirement (a table's `columns`): the
    #: (key path inside the requirement, message) of each problem.
    declaration: Callable[[dict[str, Any]], list[tuple[tuple[str | int, ...], str]]] = (
        _no_declaration_problems
    )
    #: What an empty text box shows when the requirement has no `hint`.
    placeholder: Callable[[], str] = _no_placeholder

    def is_empty(self, value: Any) -> bool:
        """None, and "" or [] for the types whose empty value that is (never False)."""
        return value is None or (isinstance(self.empty, str | list) and value == self.empty)


def read_path(raw: str) -> Path | None:
    """The path of `@PATH` (which must exist), or None for a plain value."""
    if not raw.startswith("@"):
        return None
    path = Path(raw[1:])
    if not path.exists():
        raise FieldValueError(t("field.no_such_path", path=path))
    return path


def read_text(raw: str, limit: int) -> str:
    """`VALUE`, or the contents of `@PATH`; `@@…` is the literal text `@…`."""
    if raw.startswith("@@"):
        return raw[1:]
    path = read_path(raw)
    if path is None:
        return raw
    if path.is_dir():
        raise FieldValueError(t("field.not_text"))
    if path.stat().st_size > 4 * limit:  # 4 bytes per character at most in UTF-8
        raise FieldValueError(t("field.too_long", limit=limit, length=path.stat().st_size))
    return path.read_text(encoding="utf-8")
