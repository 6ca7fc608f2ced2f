"""The one form definition (`FormSpec`, `FIELD_TYPES`): Japanese amounts, integral numbers,
caps, RE2 regexes kept out of the schema, readable messages, the Prefect dialog's model."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from blocks.forms.field_types import FIELD_TYPES, FILES_CAP, NUMBER_CAP, TEXT_CAP, FieldValueError
from blocks.forms.form import CONFIRM_FIELDS, FormSpec, Requirement, form_model
from blocks.forms.safe_regex import pattern_matches, pattern_problem
from blocks.text.amounts import AmountError, parse_form_amount
from keiri.base.catalog import t

REF = {"uri": "keiri://store/" + "a" * 64, "name": "請求書.pdf", "size": 10, "sha256": "a" * 64}


def spec(*reqs: dict[str, Any], mode: str = "collect", **kw: Any) -> FormSpec:
    return FormSpec.build(mode, [Requirement.model_validate(r) for r in reqs], **kw)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("120000", 120000),
        ("120,000", 120000),
        ("１２０，０００", 120000),
        ("120,000円", 120000),
        ("¥120,000", 120000),
        ("￥１２０，０００", 120000),
        ("△5,000", -5000),
        ("▲5,000円", -5000),
        ("-5000", -5000),
        ("12.5", 12.5),
        ("120000.0", 120000),
        (" 1,234,567 ", 1234567),
    ],
)
def test_japanese_amount_notation(text: str, expected: int | float) -> None:
    value = parse_form_amount(text)
    assert value == expected and type(value) is type(expected)


@pytest.mark.parametrize("text", ["", "nan", "inf", "1e5", "12,34", "１２円３", "abc", "--5", "5-"])
def test_not_amounts_say_so_in_japanese(text: str) -> None:
    with pytest.raises(AmountError) as exc:
        parse_form_amount(text)
    assert exc.value.reason == t("field.not_number")
    with pytest.raises(FieldValueError) as field_exc:  # the number field says the same
        FIELD_TYPES["number"].parse(Requirement(id="x", type="number", label="X"), text, None)
    assert field_exc.value.message == exc.value.reason


@given(st.integers(-(10**12), 10**12))
def test_amounts_round_trip_through_their_display(n: int) -> None:
    req = Requirement(id="amount", type="number", label="金額")
    ftype = FIELD_TYPES["number"]
    assert ftype.parse(req, ftype.display(req, n), None) == n


def test_numbers_stay_integral_wherever_they_come_from() -> None:
    form = spec({"id": "amount", "type": "number", "label": "金額"})
    assert form.complete({"amount": 120000.0}) == {"amount": 120000}
    assert type(form.complete({"amount": 120000.0})["amount"]) is int
    assert form.complete({"amount": 12.5}) == {"amount": 12.5}


def test_confirm_mode_adds_approved_and_response_once() -> None:
    form = spec({"id": "note", "type": "text", "label": "備考"}, mode="confirm")
    assert [f.id for f in form.fields] == ["note", *CONFIRM_FIELDS]
    props = form.json_schema()["properties"]
    assert props["approved"] == {"default": False, "title": t("form.approved"), "type": "boolean"}
    assert props["response"]["default"] == "" and props["response"]["type"] == "string"
    assert [f.id for f in spec(mode="collect").fields] == []


def test_fields_with_defaults_are_not_required() -> None:
    form = spec(
        {"id": "amount", "type": "number", "label": "金額", "default": 1000},
        {"id": "memo", "type": "text", "label": "備考", "default": "月次"},
        {"id": "who", "type": "text", "label": "担当"},
    )
    assert form.json_schema()["required"] == ["who"]
    assert [p.field for p in form.problems({})] == ["who"]
    assert form.complete({"who": "山田"}) == {"amount": 1000, "memo": "月次", "who": "山田"}


def test_a_required_files_field_rejects_an_empty_list_in_the_run_input_model_too() -> None:
    reqs = [Requirement(id="evidence", type="files", label="証憑")]
    model = form_model("collect", reqs)
    with pytest.raises(ValueError, match=re.escape(t("field.required_file"))):
        model(evidence=[])
    assert model(evidence=[REF]).model_dump()["evidence"][0]["name"] == "請求書.pdf"
    schema = FormSpec.build("collect", reqs).json_schema()["properties"]["evidence"]
    assert schema["minItems"] == 1 and schema["maxItems"] == FILES_CAP


def test_optional_fields_work_in_the_prefect_dialog_without_extra_clicks() -> None:
    """The Prefect UI renders `str | None` as a type switch: optional text is a plain string
    with a `""` default; required fields are listed as required."""
    form = spec(
        {"id": "who", "type": "text", "label": "担当"},
        {"id": "memo", "type": "text", "label": "備考", "required": False},
        mode="confirm",
        message="請求書の照合結果を確認してください",
        context={"請求書": 9, "未払": 1},
    )
    model = form.run_input_model("Form_confirm", heading="月次請求書チェック")
    schema = model.model_json_schema()
    for name in ("memo", "response"):
        assert schema["properties"][name]["type"] == "string"
        assert schema["properties"][name]["default"] == ""
        assert "anyOf" not in schema["properties"][name]
    assert schema["required"] == ["who"]
    description = model._description  # type: ignore[attr-defined]  # what Prefect's dialog shows
    assert "月次請求書チェック" in description
    assert "請求書の照合結果を確認してください" in description
    assert '"未払": 1' in description


def test_the_context_summary_is_short() -> None:
    form = spec(message="確認", context={"rows": ["行" * 50] * 100})
    assert len(form.description()) < 600 and form.description().endswith("…")


@pytest.mark.parametrize(
    ("req", "answer", "key", "params"),
    [
        (
            {"type": "text"},
            "あ" * (TEXT_CAP + 1),
            "field.too_long",
            {"limit": TEXT_CAP, "length": TEXT_CAP + 1},
        ),
        (
            {"type": "text", "validation": {"max_length": 5}},
            "長すぎる備考です",
            "field.too_long",
            {"limit": 5, "length": 8},
        ),
        (
            {"type": "number"},
            NUMBER_CAP * 10,
            "field.too_large",
            {"limit": f"{NUMBER_CAP:,}", "value": f"{NUMBER_CAP * 10:,}"},
        ),
        ({"type": "number"}, float("nan"), "field.not_finite", {}),
        (
            {"type": "number", "validation": {"min": 0}},
            -1,
            "field.too_small",
            {"limit": 0, "value": -1},
        ),
        (
            {"type": "number", "validation": {"integer": True}},
            1.5,
            "field.not_integer",
            {"value": "1.5"},
        ),
        (
            {"type": "files"},
            [REF] * (FILES_CAP + 1),
            "field.too_many_files",
            {"limit": FILES_CAP, "count": FILES_CAP + 1},
        ),
        (
            {"type": "file", "accept": ".zip"},
            REF,
            "field.wrong_extension",
            {"name": "請求書.pdf", "extensions": ".zip"},
        ),
        ({"type": "select", "options": ["振込"]}, "現金", "field.not_option", {"options": "振込"}),
        ({"type": "boolean"}, "yes", "field.not_boolean", {"value": "yes"}),
    ],
)
def test_each_problem_says_what_is_wrong(
    req: dict[str, Any], answer: Any, key: str, params: dict[str, Any]
) -> None:
    form = spec({"id": "x", "label": "項目", **req})
    problems = form.problems({"x": answer})
    assert [p.message for p in problems] == [t(key, **params)]  # not the required message


def test_plan_regexes_run_in_re2_and_never_reach_the_schema() -> None:
    form = spec(
        {"id": "period", "type": "text", "label": "対象月", "validation": {"regex": "^(a+)+$"}},
        {
            "id": "month",
            "type": "text",
            "label": "月",
            "hint": "2024-05",
            "validation": {"regex": r"^\d{4}-\d{2}$"},
        },
        {
            "id": "code",
            "type": "text",
            "label": "コード",
            "validation": {"regex": "^[A-Z]{3}$", "message": "英大文字 3 文字で入力してください"},
        },
    )
    assert "pattern" not in str(form.json_schema())
    assert "pattern" not in str(form.run_input_model().model_json_schema())
    # Exponential in a backtracking engine; RE2 answers at once (this test would hang).
    problems = form.problems({"period": "a" * 19_000 + "!", "month": "2024/05", "code": "ab"})
    messages = {p.field: p.message for p in problems}
    assert messages == {
        "period": t("field.pattern"),
        "month": t("field.pattern_example", example="2024-05"),
        "code": "英大文字 3 文字で入力してください",
    }
    assert not any("^" in m or "\\d" in m for m in messages.values())
    assert not form.problems({"period": "aaa", "month": "2024-05", "code": "ABC"})


def test_pattern_problems_for_keiri_validate() -> None:
    assert pattern_problem(r"^\d{4}-\d{2}$") is None
    assert pattern_problem("(a|b)*c") is None
    for risky in ("^(a+)+$", "(a*)*", r"^(\w+\s?)*$"):
        found = pattern_problem(risky)
        assert found is not None and found.severity == "warning", risky
    for unsupported in (r"(a)\1", "(?=a)b", "(?<!x)y"):
        found = pattern_problem(unsupported)
        assert found is not None and found.severity == "error", unsupported
    assert pattern_matches("^[a-z]+$", "abc") and not pattern_matches("^[a-z]+$", "ab1")


def test_dry_run_samples_and_the_stored_definition_come_from_the_spec() -> None:
    form = spec(
        {"id": "amount", "type": "number", "label": "金額", "validation": {"min": 10}},
        {"id": "method", "type": "select", "label": "支払方法", "options": ["振込", "現金"]},
        {"id": "evidence", "type": "files", "label": "証憑"},
        {
            "id": "month",
            "type": "text",
            "label": "対象月",
            "hint": "例: 2024-04",
            "validation": {"regex": r"^\d{4}-\d{2}$"},
        },
        mode="confirm",
    )
    sample = form.sample()
    assert sample["amount"] == 10 and sample["method"] == "振込" and len(sample["evidence"]) == 1
    assert sample["month"] == "2024-04"  # the hint, since it fits the pattern
    assert not form.problems(sample)
    definition = form.definition()
    assert definition["schema"] == form.json_schema() and definition["mode"] == "confirm"


def test_every_field_type_declares_everything() -> None:
    assert {"file", "files", "folder", "text", "select", "boolean", "number", "chat"} <= set(
        FIELD_TYPES
    )  # the seed's types (000 §3)
    for name, ftype in FIELD_TYPES.items():
        req = Requirement(id="x", type=name, label="X", options=["A"])
        sample = ftype.sample(req)
        assert ftype.check(req, sample) is None, name
        assert isinstance(ftype.json_schema(req), dict) and ftype.display(req, sample)
