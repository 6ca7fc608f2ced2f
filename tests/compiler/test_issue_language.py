"""Validation issues are read in the reader's language: every invalid fixture gives Japanese
messages and hints by default (`KEIRI_LANG` unset) and English with `KEIRI_LANG=en`; codes,
node ids, paths and lines are the same in both. pydantic's own English never shows."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from blocks.sdk.issue_text import PYDANTIC_TYPES, from_validation_error, pydantic_message
from blocks.sdk.registry import BlockRegistry
from compiler.validate import validate_file
from keiri.base.catalog import Language, t
from keiri.base.errors import Issue
from tests.conftest import FIXTURES

INVALID = sorted((FIXTURES / "plans" / "invalid").glob("*.yaml"))
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
#: pydantic's own sentences: none may reach a person.
PYDANTIC_ENGLISH = (
    "Input should",
    "Field required",
    "Extra inputs are not permitted",
    "String should",
    "List should",
    "Value error,",
    "validation error",
)


def _issues(path: Path, registry: BlockRegistry) -> list[Issue]:
    report = validate_file(path, registry)
    return [*report.errors, *report.warnings]


def _shape(issues: list[Issue]) -> list[tuple[Any, ...]]:
    return [(i.code, i.node_id, i.path, i.line, i.severity, i.file) for i in issues]


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_invalid_fixture_reads_in_japanese_by_default_and_english_on_request(
    path: Path, registry: BlockRegistry, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    ja = _issues(path, registry)
    monkeypatch.setenv("KEIRI_LANG", "en")
    en = _issues(path, registry)
    assert ja and _shape(ja) == _shape(en)
    for issue in ja:
        assert JAPANESE.search(issue.message), issue
        assert issue.hint and JAPANESE.search(issue.hint), issue
        for english in PYDANTIC_ENGLISH:
            assert english not in issue.message + issue.hint, issue
    for ja_issue, en_issue in zip(ja, en, strict=True):
        assert en_issue.message != ja_issue.message
        # English messages carry no Japanese of their own (a Japanese file name or a spec's
        # Japanese description may still appear verbatim inside).
        if not JAPANESE.search(str(path)):
            assert not JAPANESE.search(en_issue.message), en_issue
        for english in PYDANTIC_ENGLISH:
            assert english not in en_issue.message, en_issue


def test_identifiers_stay_verbatim_in_both_languages(
    registry: BlockRegistry, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = FIXTURES / "plans" / "invalid" / "PLAN_SCHEMA_INVALID__unknown_top_key.yaml"
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    (ja,) = _issues(path, registry)
    assert (ja.message, ja.hint) == (
        t("issue.pydantic.extra_forbidden", name="grpah"),
        t("issue.did_you_mean", names="'graph'"),
    )
    monkeypatch.setenv("KEIRI_LANG", "en")
    (en,) = _issues(path, registry)
    assert (en.message, en.hint) == (
        t("issue.pydantic.extra_forbidden", "en", name="grpah"),
        t("issue.did_you_mean", "en", names="'graph'"),
    )


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    count: int = 0
    ratio: float = 0.0
    flag: bool = False
    items: list[int] = []
    kind: Literal["a", "b"] = "a"
    code: str = Field(default="x", pattern=r"^\d{4}-\d{2}$", max_length=20)
    size: int = Field(default=1, ge=1, le=10)


def _errors(data: dict[str, Any]) -> list[Any]:
    with pytest.raises(ValidationError) as info:
        _Model.model_validate(data)
    return info.value.errors()


#: A field shown as the catalog's word for a mapping (in the sentence's language).
MAPPING = "issue.value.mapping"


def _sentence(key: str, lang: Language, **fields: str) -> str:
    """The catalog sentence `key` in `lang`, a field given as `MAPPING` in that language too."""
    shown = {
        name: t(MAPPING, lang) if value == MAPPING else value for name, value in fields.items()
    }
    return t(key, lang, **shown)


@pytest.mark.parametrize(
    ("data", "key", "fields"),
    [
        ({}, "issue.pydantic.missing", {"name": "name"}),
        ({"name": 3}, "issue.pydantic.string_type", {"actual": "3"}),
        ({"name": "x", "count": "many"}, "issue.pydantic.int_type", {"actual": "'many'"}),
        ({"name": "x", "ratio": "?"}, "issue.pydantic.float_type", {"actual": "'?'"}),
        ({"name": "x", "flag": "perhaps"}, "issue.pydantic.bool_type", {"actual": "'perhaps'"}),
        ({"name": "x", "items": {"a": 1}}, "issue.pydantic.list_type", {"actual": MAPPING}),
        (
            {"name": "x", "kind": "c"},
            "issue.pydantic.literal_error",
            {"expected": "'a', 'b'", "actual": "'c'"},
        ),
        (
            {"name": "x", "code": "2025/04"},
            "issue.pydantic.pattern",
            {"actual": "'2025/04'", "name": "code"},
        ),
        (
            {"name": "x", "size": 0},
            "issue.pydantic.greater_than_equal",
            {"limit": "1", "actual": "0"},
        ),
        (
            {"name": "x", "size": 11},
            "issue.pydantic.less_than_equal",
            {"limit": "10", "actual": "11"},
        ),
        ({"name": "x", "nmae": 1}, "issue.pydantic.extra_forbidden", {"name": "nmae"}),
    ],
)
def test_pydantic_errors_are_translated_by_type(
    data: dict[str, Any], key: str, fields: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (err,) = _errors(data)
    assert err["type"] in PYDANTIC_TYPES
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    text = pydantic_message(err)
    assert text == _sentence(key, "ja", **fields) and "should" not in text
    assert "\\d" not in text  # no regular expression in a message
    monkeypatch.setenv("KEIRI_LANG", "en")
    english = pydantic_message(err)
    assert not JAPANESE.search(english) and "Input should" not in english
    assert english == _sentence(key, "en", **fields)


def test_an_unknown_pydantic_type_keeps_pydantic_text_in_a_japanese_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    err: Any = {"type": "some_future_type", "loc": ("x",), "msg": "Something odd", "input": 1}
    text = pydantic_message(err)
    assert JAPANESE.search(text) and "Something odd" in text and "1" in text


def test_converter_hints_are_in_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    with pytest.raises(ValidationError) as info:
        _Model.model_validate({"nmae": "x"})
    issues = from_validation_error(info.value, known_keys=lambda parent: ["name", "count"])
    by_path = {i.path: i for i in issues}
    assert by_path["nmae"].hint == t("issue.did_you_mean", names="'name'")
    assert by_path["name"].hint == t("issue.add_key", name="name")
    monkeypatch.setenv("KEIRI_LANG", "en")
    issues = from_validation_error(info.value, hint="see the schema")
    by_path = {i.path: i for i in issues}
    assert by_path["name"].hint == t("issue.add_key", "en", name="name") + t(
        "issue.hint_join", "en", hint="see the schema"
    )  # the hint given: the caller's words
    assert by_path["nmae"].hint == "see the schema"


def test_issue_and_runtime_entries_format_in_both_languages() -> None:
    """Every `issue.*`/`runtime.*` entry has the same placeholders in ja and en, none named
    like `t`'s own parameters (`key`, `lang`), and formats with them."""
    from keiri.base.catalog import issues, placeholders, runtime, t

    for part, prefix in ((issues, "issue."), (runtime, "runtime.")):
        for key in part.ENTRIES:
            assert key.startswith(prefix), key
            names = placeholders(key, "ja")
            assert names == placeholders(key, "en"), key
            assert not names & {"key", "lang"}, key
            values = {name: f"<{name}>" for name in names}
            for lang in ("ja", "en"):
                text = t(key, lang, **values)
                assert all(f"<{name}>" in text for name in names), (key, lang)
