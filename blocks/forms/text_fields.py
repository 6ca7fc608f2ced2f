"""The text field types: `text`, `chat` (a question asked in a chat bubble) and `secret` (a
password box, masked wherever a value is shown). A plan's `validation.regex` runs in RE2."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from blocks.forms.field_type import STRICT_STR, TEXT_CAP, FieldSpec, FieldType, Widget, read_text
from blocks.forms.safe_regex import pattern_matches
from blocks.text.japanese import EXAMPLE_PREFIX
from keiri.base.catalog import t
from keiri.base.masking import MASK

if TYPE_CHECKING:
    from blocks.sdk.store import FileStore

__all__ = ["CHAT", "SECRET", "TEXT", "example"]


def _text_limits(req: FieldSpec) -> tuple[int, int]:
    v = req.validation
    low = v.min_length or 0
    if req.must_answer or (req.required and req.type != "boolean"):
        low = max(low, 1)
    high = min(v.max_length, TEXT_CAP) if v.max_length is not None else TEXT_CAP
    return low, high


def _text_schema(req: FieldSpec) -> dict[str, Any]:
    low, high = _text_limits(req)
    schema: dict[str, Any] = {"type": "string", "maxLength": high}
    if low and req.required:
        schema["minLength"] = low
    elif low:  # optional: "" (not answered) or at least `low` characters
        return {"anyOf": [{"const": ""}, {**schema, "minLength": low}]}
    return schema


def _text_check(req: FieldSpec, value: Any) -> str | None:
    low, high = _text_limits(req)
    if len(value) > high:
        return t("field.too_long", limit=high, length=len(value))
    if value == "" and req.required:
        return t("field.required")
    if value and len(value) < low:
        return t("field.too_short", limit=low)
    return None


def _regex_checks(req: FieldSpec, value: Any) -> list[str]:
    pattern = req.validation.regex
    if not pattern or not isinstance(value, str) or value == "":
        return []
    if pattern_matches(pattern, value):
        return []
    if req.validation.message:
        return [req.validation.message]
    if req.hint:
        return [t("field.pattern_example", example=example(req))]
    return [t("field.pattern")]


def example(req: FieldSpec) -> str:
    """The requirement's hint without its 「例」 prefix (how people write an example)."""
    return EXAMPLE_PREFIX.sub("", req.hint.strip())


def _text_sample(default: Callable[[], str]) -> Callable[[FieldSpec], str]:
    """The dry-run text: the hint when it fits the plan's pattern (a sample that fails its own
    field's check would be no sample), else `default()`."""

    def sample(req: FieldSpec) -> str:
        hinted = example(req)
        if hinted and req.validation.regex and pattern_matches(req.validation.regex, hinted):
            return hinted
        return default()

    return sample


def _text_parse(req: FieldSpec, raw: str, _store: FileStore | None) -> str:
    return read_text(raw, _text_limits(req)[1])


def _is_text(value: Any, _options: list[Any]) -> bool:
    return isinstance(value, str)


TEXT = FieldType(
    name="text",
    python_type=lambda _r: STRICT_STR,
    json_schema=_text_schema,
    check=_text_check,
    empty="",
    sample=_text_sample(lambda: t("field.sample_text")),
    parse=_text_parse,
    display=lambda _r, v: str(v),
    widget=Widget.TEXT,
    form_checks=_regex_checks,
    default_ok=_is_text,
)
#: A text answered in a chat box.
CHAT = replace(
    TEXT, name="chat", sample=_text_sample(lambda: t("field.sample_answer")), widget=Widget.CHAT
)
#: A text never shown again: masked wherever it is displayed.
SECRET = replace(
    TEXT,
    name="secret",
    sample=_text_sample(lambda: "sample-secret"),
    # `@PATH` reads it from a file (`_text_parse`), so it never sits on a command line
    display=lambda _r, v: MASK if v else "",
    widget=Widget.PASSWORD,
)
