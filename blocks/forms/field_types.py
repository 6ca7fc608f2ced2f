"""The field types of a human-input form: one `FieldType` per requirement type (seed 000 §3).

Each type declares, once: the Python type of an answer, its JSON Schema, the constraint check
that mirrors that schema exactly (the Prefect server evaluates the schema, keiri the check; a
property test proves they agree), the checks no JSON Schema may carry (plan regexes in RE2,
file extensions and sizes), its empty value, its dry-run sample, its parser from text (`keiri
resume --input`, the form app's number box) and its display formatter. The Streamlit widget of
each type lives in `ui_app.fields.WIDGETS`, keyed by the same names (blocks never import the UI).

Size caps per type keep any answer small: text `TEXT_CAP` characters, numbers within
±`NUMBER_CAP`, at most `FILES_CAP` files. NaN and infinity are refused.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Annotated, Any

from pydantic import Strict

from blocks.forms.amounts import AmountError, format_amount, integral, parse_amount
from blocks.forms.requirement import Requirement
from blocks.forms.safe_regex import pattern_matches
from blocks.sdk.errors import BlockError
from blocks.sdk.fileref import FileRef
from blocks.sdk.store import FileStore
from blocks.text.japanese import EXAMPLE_PREFIX, NO_WORDS, YES_WORDS
from keiri.base.catalog import t
from keiri.base.masking import MASK

__all__ = [
    "FIELD_TYPES",
    "FILES_CAP",
    "NUMBER_CAP",
    "TEXT_CAP",
    "FieldType",
    "FieldValueError",
    "choice_ids",
    "integral",
    "parse_amount",
]

TEXT_CAP = 20_000
NUMBER_CAP = 10**15
FILES_CAP = 5_000

_SAMPLE_FILE = FileRef(
    uri="keiri://store/" + "0" * 64, name="sample.bin", size=0, sha256="0" * 64
).model_dump(mode="json")


#: A value that does not convert or does not fit; `.message` is for people.
FieldValueError = AmountError


_STRICT_STR = Annotated[str, Strict()]
_STRICT_NUMBER = Annotated[int, Strict()] | Annotated[float, Strict()]

# --- the type record ------------------------------------------------------------------------


@dataclass(frozen=True)
class FieldType:
    """What one requirement type is; see the module docstring."""

    name: str
    #: The Python type of an answer (pydantic validates it strictly).
    python_type: Callable[[Requirement], Any]  # strict: no "12" for 12, as JSON Schema
    #: The JSON Schema of an answer: what the Prefect server evaluates.
    json_schema: Callable[[Requirement], dict[str, Any]]
    #: The constraints of `json_schema` beyond the type, as a check: a message or None.
    check: Callable[[Requirement, Any], str | None]
    #: What an unanswered field holds ("" for text, [] for files, None where nothing fits).
    empty: Any
    #: The dry-run value when the requirement has no default.
    sample: Callable[[Requirement], Any]
    #: Text (a CLI `VALUE`, `@PATH`, the form app's number box) -> a value.
    parse: Callable[[Requirement, str, FileStore | None], Any]
    #: A value as a person reads it.
    display: Callable[[Requirement, Any], str]
    #: Checks no JSON Schema carries (plan regexes, file extensions and sizes): messages.
    form_checks: Callable[[Requirement, Any], list[str]] = lambda _r, _v: []
    #: A valid value as the node returns it (numbers: integral ones as int).
    normalize: Callable[[Any], Any] = lambda v: v

    def is_empty(self, value: Any) -> bool:
        """None, and "" or [] for the types whose empty value that is (never False)."""
        return value is None or (isinstance(self.empty, str | list) and value == self.empty)


def _path(raw: str) -> Path | None:
    if not raw.startswith("@"):
        return None
    path = Path(raw[1:])
    if not path.exists():
        raise FieldValueError(t("field.no_such_path", path=path))
    return path


def _read_text(raw: str, limit: int) -> str:
    """`VALUE`, or the contents of `@PATH`; `@@…` is the literal text `@…`."""
    if raw.startswith("@@"):
        return raw[1:]
    path = _path(raw)
    if path is None:
        return raw
    if path.is_dir():
        raise FieldValueError(t("field.not_text"))
    if path.stat().st_size > 4 * limit:  # 4 bytes per character at most in UTF-8
        raise FieldValueError(t("field.too_long", limit=limit, length=path.stat().st_size))
    return path.read_text(encoding="utf-8")


# --- text and chat --------------------------------------------------------------------------


def _text_limits(req: Requirement) -> tuple[int, int]:
    v = req.validation
    low = v.min_length or 0
    if req.must_answer or (req.required and req.type != "boolean"):
        low = max(low, 1)
    high = min(v.max_length, TEXT_CAP) if v.max_length is not None else TEXT_CAP
    return low, high


def _text_schema(req: Requirement) -> dict[str, Any]:
    low, high = _text_limits(req)
    schema: dict[str, Any] = {"type": "string", "maxLength": high}
    if low and req.required:
        schema["minLength"] = low
    elif low:  # optional: "" (not answered) or at least `low` characters
        return {"anyOf": [{"const": ""}, {**schema, "minLength": low}]}
    return schema


def _text_check(req: Requirement, value: Any) -> str | None:
    low, high = _text_limits(req)
    if len(value) > high:
        return t("field.too_long", limit=high, length=len(value))
    if value == "" and req.required:
        return t("field.required")
    if value and len(value) < low:
        return t("field.too_short", limit=low)
    return None


def _regex_checks(req: Requirement, value: Any) -> list[str]:
    pattern = req.validation.regex
    if not pattern or not isinstance(value, str) or value == "":
        return []
    if pattern_matches(pattern, value):
        return []
    if req.validation.message:
        return [req.validation.message]
    if req.hint:
        return [t("field.pattern_example", example=_example(req))]
    return [t("field.pattern")]


def _example(req: Requirement) -> str:
    """The requirement's hint without its 「例」 prefix (how people write an example)."""
    return EXAMPLE_PREFIX.sub("", req.hint.strip())


def _text_sample(default: Callable[[], str]) -> Callable[[Requirement], str]:
    """The dry-run text: the hint when it fits the plan's pattern (a sample that fails its own
    field's check would be no sample), else `default()`."""

    def sample(req: Requirement) -> str:
        example = _example(req)
        if example and req.validation.regex and pattern_matches(req.validation.regex, example):
            return example
        return default()

    return sample


def _text_parse(req: Requirement, raw: str, _store: FileStore | None) -> str:
    return _read_text(raw, _text_limits(req)[1])


TEXT = FieldType(
    name="text",
    python_type=lambda _r: _STRICT_STR,
    json_schema=_text_schema,
    check=_text_check,
    empty="",
    sample=_text_sample(lambda: t("field.sample_text")),
    parse=_text_parse,
    display=lambda _r, v: str(v),
    form_checks=_regex_checks,
)
CHAT = FieldType(
    name="chat",
    python_type=lambda _r: _STRICT_STR,
    json_schema=_text_schema,
    check=_text_check,
    empty="",
    sample=_text_sample(lambda: t("field.sample_answer")),
    parse=_text_parse,
    display=lambda _r, v: str(v),
    form_checks=_regex_checks,
)

SECRET = FieldType(
    name="secret",
    python_type=lambda _r: _STRICT_STR,
    json_schema=_text_schema,
    check=_text_check,
    empty="",
    sample=_text_sample(lambda: "sample-secret"),
    parse=_text_parse,  # `@PATH` reads it from a file, so it never sits on a command line
    display=lambda _r, v: MASK if v else "",
    form_checks=_regex_checks,
)

# --- number ---------------------------------------------------------------------------------


def _number_bounds(req: Requirement) -> tuple[float, float]:
    v = req.validation
    low = max(v.min, -NUMBER_CAP) if v.min is not None else -NUMBER_CAP
    high = min(v.max, NUMBER_CAP) if v.max is not None else NUMBER_CAP
    return low, high


def _number_schema(req: Requirement) -> dict[str, Any]:
    low, high = _number_bounds(req)
    return {
        "type": "integer" if req.validation.integer else "number",
        "minimum": integral(low),
        "maximum": integral(high),
    }


def _number_check(req: Requirement, value: Any) -> str | None:
    if isinstance(value, float) and not math.isfinite(value):
        return t("field.not_finite")
    if req.validation.integer and isinstance(value, float) and not value.is_integer():
        return t("field.not_integer", value=format_amount(value))
    low, high = _number_bounds(req)
    if value < low:
        return t("field.too_small", limit=format_amount(low), value=format_amount(value))
    if value > high:
        return t("field.too_large", limit=format_amount(high), value=format_amount(value))
    return None


def _number_parse(req: Requirement, raw: str, _store: FileStore | None) -> int | float:
    return parse_amount(_read_text(raw, 64))


NUMBER = FieldType(
    name="number",
    python_type=lambda _r: _STRICT_NUMBER,
    json_schema=_number_schema,
    check=_number_check,
    empty=None,
    sample=lambda r: integral(r.validation.min) if r.validation.min is not None else 1,
    parse=_number_parse,
    display=lambda _r, v: format_amount(v),
    normalize=integral,
)

# --- boolean --------------------------------------------------------------------------------


def _boolean_parse(_req: Requirement, raw: str, _store: FileStore | None) -> bool:
    text = unicodedata.normalize("NFKC", _read_text(raw, 16)).strip().lower()
    if text in YES_WORDS:
        return True
    if text in NO_WORDS:
        return False
    raise FieldValueError(t("field.not_boolean", value=text))


BOOLEAN = FieldType(
    name="boolean",
    python_type=lambda _r: Annotated[bool, Strict()],
    json_schema=lambda _r: {"type": "boolean"},
    check=lambda _r, _v: None,
    empty=False,
    sample=lambda _r: True,
    parse=_boolean_parse,
    display=lambda _r, v: t("display.yes") if v else t("display.no"),
)

# --- select ---------------------------------------------------------------------------------


def _same(a: Any, b: Any) -> bool:
    """JSON equality: 1 == 1.0, but true is not 1."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    return type(a) is type(b) and bool(a == b)


def _select_check(req: Requirement, value: Any) -> str | None:
    if any(_same(value, option) for option in req.options):
        return None
    return t("field.not_option", options=", ".join(str(o) for o in req.options))


def _select_parse(req: Requirement, raw: str, _store: FileStore | None) -> Any:
    text = _read_text(raw, TEXT_CAP)
    for option in req.options:
        if str(option) == text:
            return option
    raise FieldValueError(t("field.not_option", options=", ".join(str(o) for o in req.options)))


SELECT = FieldType(
    name="select",
    python_type=lambda _r: Any,
    json_schema=lambda r: {"enum": list(r.options)},
    check=_select_check,
    empty=None,
    sample=lambda r: r.options[0] if r.options else "",
    parse=_select_parse,
    display=lambda _r, v: str(v),
)

# --- files ----------------------------------------------------------------------------------


def _file_checks(req: Requirement, value: Any) -> list[str]:
    refs = value if isinstance(value, list) else [value]
    exts = req.extensions()
    limit = req.validation.max_file_size
    out: list[str] = []
    for ref in refs:
        if not isinstance(ref, dict | FileRef):
            continue
        data = ref.model_dump() if isinstance(ref, FileRef) else ref
        name = str(data.get("name", ""))
        if exts and PurePosixPath(name).suffix.lower() not in exts:
            out.append(t("field.wrong_extension", name=name, extensions=", ".join(exts)))
        size = int(data.get("size", 0))
        if limit is not None and size > limit:
            out.append(t("field.file_too_large", name=name, size=size, limit=limit))
    return out


def _store_file(path: Path, store: FileStore | None, name: str | None = None) -> dict[str, Any]:
    target = store or FileStore()
    try:
        return target.put_file(path, name).model_dump(mode="json")
    except BlockError as exc:
        raise FieldValueError(exc.message) from exc


def _file_parse(req: Requirement, raw: str, store: FileStore | None) -> dict[str, Any]:
    path = _path(raw)
    if path is None or path.is_dir():
        raise FieldValueError(t("field.file_arg", label=req.id))
    return _store_file(path, store)


def _files_parse(req: Requirement, raw: str, store: FileStore | None) -> list[dict[str, Any]]:
    path = _path(raw)
    if path is None:
        raise FieldValueError(t("field.files_arg", label=req.id))
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.is_file())
        if len(files) > FILES_CAP:
            raise FieldValueError(t("field.too_many_files", limit=FILES_CAP, count=len(files)))
        return [_store_file(p, store, str(p.relative_to(path))) for p in files]
    return [_store_file(path, store)]


def _files_schema(req: Requirement) -> dict[str, Any]:
    schema: dict[str, Any] = {
        "type": "array",
        "items": FileRef.model_json_schema(),
        "maxItems": FILES_CAP,
    }
    if req.required:
        schema["minItems"] = 1
    return schema


def _files_check(req: Requirement, value: Any) -> str | None:
    if req.required and not value:
        return t("field.required_file")
    if len(value) > FILES_CAP:
        return t("field.too_many_files", limit=FILES_CAP, count=len(value))
    return None


def _names(value: Any) -> str:
    refs = value if isinstance(value, list) else [value]
    names = [str(r.get("name") if isinstance(r, dict) else getattr(r, "name", r)) for r in refs]
    return ", ".join(names[:5]) + (" …" if len(names) > 5 else "")


FILE = FieldType(
    name="file",
    python_type=lambda _r: FileRef,
    json_schema=lambda _r: FileRef.model_json_schema(),
    check=lambda _r, _v: None,
    empty=None,
    sample=lambda _r: dict(_SAMPLE_FILE),
    parse=_file_parse,
    display=lambda _r, v: _names(v),
    form_checks=_file_checks,
)
FILES = FieldType(
    name="files",
    python_type=lambda _r: list[FileRef],
    json_schema=_files_schema,
    check=_files_check,
    empty=[],
    sample=lambda _r: [dict(_SAMPLE_FILE)],
    parse=_files_parse,
    display=lambda _r, v: _names(v),
    form_checks=_file_checks,
)
FOLDER = FieldType(
    name="folder",
    python_type=lambda _r: list[FileRef],
    json_schema=_files_schema,
    check=_files_check,
    empty=[],
    sample=lambda _r: [dict(_SAMPLE_FILE)],
    parse=_files_parse,
    display=lambda _r, v: _names(v),
    form_checks=_file_checks,
)

# --- choice (a block's question: options with details, `blocks.sdk.confirmation`) --------------


def choice_ids(req: Requirement) -> list[str]:
    """The option ids of a choice field (options are `{id, label, details}` or plain ids)."""
    return [str(o.get("id")) if isinstance(o, dict) else str(o) for o in req.options]


def _choice_check(req: Requirement, value: Any) -> str | None:
    if isinstance(value, str) and value in choice_ids(req):
        return None
    return t("confirm.not_option", options=", ".join(choice_ids(req)))


def _choice_parse(req: Requirement, raw: str, _store: FileStore | None) -> str:
    """An option id, or its 1-based number (`--input NODE.choice=2`)."""
    text = _read_text(raw, TEXT_CAP).strip()
    ids = choice_ids(req)
    if text in ids:
        return text
    if text.isdigit() and 1 <= int(text) <= len(ids):
        return ids[int(text) - 1]
    raise FieldValueError(t("confirm.not_option", options=", ".join(ids)))


def _choice_display(req: Requirement, value: Any) -> str:
    for option in req.options:
        if isinstance(option, dict) and option.get("id") == value:
            return str(option.get("label") or value)
    return str(value)


CHOICE = FieldType(
    name="choice",
    python_type=lambda _r: _STRICT_STR,
    json_schema=lambda r: {"type": "string", "enum": choice_ids(r)},
    check=_choice_check,
    empty=None,
    sample=lambda r: (choice_ids(r) or [""])[0],
    parse=_choice_parse,
    display=_choice_display,
)

#: Requirement type -> its definition (the one place per-type behaviour lives).
FIELD_TYPES: dict[str, FieldType] = {
    ft.name: ft for ft in (FILE, FILES, FOLDER, TEXT, SELECT, BOOLEAN, NUMBER, CHAT, CHOICE, SECRET)
}
