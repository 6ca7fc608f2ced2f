"""One form, one verdict: over random requirement lists and answers, the Prefect server (the
RunInput schema it stores, evaluated by Prefect's own validator), the RunInput model the flow
loads, `keiri resume`'s parsing and validation, and the form app's widgets and validation
accept and reject exactly the same answers (issue 12 item 1)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import click
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from prefect._internal.pydantic.v2_schema import create_v2_schema
from prefect.input.run_input import run_input_subclass_from_type
from prefect.utilities.schema_tools import validate as prefect_validate
from pydantic import ValidationError

from blocks.forms.form import FormSpec, Requirement, validate_answers
from blocks.sdk.store import FileStore
from keiri.base.catalog import t
from keiri.cli.inputs import convert_answers, human_input_fields
from tests.support.timing import deadline, examples
from ui_app.session_state import answers as form_answers
from ui_app.session_state import form_fields, widget_value

_STORE_DIR = Path(tempfile.mkdtemp(prefix="keiri-agreement-"))
_STORE = FileStore(_STORE_DIR / "store")
_FILES = _STORE_DIR / "files"
_NAMES = ["請求書.pdf", "memo.txt", "証跡.zip", "表.XLSX", "noext"]

ids = st.sampled_from(["a", "b", "amount", "note", "files", "ok"])


@st.composite
def requirement(draw: st.DrawFn, rid: str, rules: bool) -> dict[str, Any]:
    kind = draw(st.sampled_from(["text", "chat", "number", "boolean", "select", "file", "files"]))
    req: dict[str, Any] = {"id": rid, "type": kind, "label": rid, "required": draw(st.booleans())}
    validation: dict[str, Any] = {}
    if kind in ("text", "chat"):
        if draw(st.booleans()):
            validation["max_length"] = draw(st.integers(1, 8))
        if draw(st.booleans()):
            validation["min_length"] = draw(st.integers(0, 3))
        if rules and draw(st.booleans()):
            validation["regex"] = draw(st.sampled_from([r"^\d{4}-\d{2}$", "^[a-z]+$", "(a+)+$"]))
        if draw(st.integers(0, 4)) == 0:
            req["default"] = draw(st.text(max_size=3))
    elif kind == "number":
        if draw(st.booleans()):
            validation["min"] = draw(st.integers(-50, 50))
        if draw(st.booleans()):
            validation["max"] = validation.get("min", -50) + draw(st.integers(0, 100))
        validation["integer"] = draw(st.booleans())
        if draw(st.integers(0, 4)) == 0:
            req["default"] = draw(st.integers(-5, 5))
    elif kind == "boolean":
        if draw(st.booleans()):
            req["default"] = draw(st.booleans())
    elif kind == "select":
        req["options"] = draw(
            st.lists(
                st.sampled_from(["振込", "現金", "2024-05"]), min_size=1, max_size=3, unique=True
            )
        )
    elif rules and draw(st.booleans()):
        validation["allowed_extensions"] = [".pdf", ".txt"]
        if draw(st.booleans()):
            validation["max_file_size"] = 20
    if validation:
        req["validation"] = validation
    return req


@st.composite
def form(draw: st.DrawFn, rules: bool) -> tuple[str, list[Requirement]]:
    rids = draw(st.lists(ids, min_size=1, max_size=4, unique=True))
    mode = draw(st.sampled_from(["collect", "confirm", "inquire", "mixed"]))
    reqs = [Requirement.model_validate(draw(requirement(rid, rules))) for rid in rids]
    return mode, reqs


def _file(name: str, size: int) -> tuple[dict[str, Any], Path]:
    path = _FILES / str(size) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"x" * size)
    return _STORE.put_file(path).model_dump(mode="json"), path


_MISSING = object()


@st.composite
def value(draw: st.DrawFn, req: Requirement) -> Any:
    """An answer for one field, valid or not, as JSON (or _MISSING), and how a person would
    type it (`text`: the CLI VALUE / the form app's text; `paths` for files)."""
    if draw(st.integers(0, 5)) == 0:
        return _MISSING
    match req.type:
        case "text" | "chat":
            return draw(
                st.one_of(st.text(max_size=10), st.sampled_from(["2024-05", "abc", "aaab", ""]))
            )
        case "number":
            return draw(
                st.one_of(
                    st.integers(-120, 120),
                    st.integers(-12000, 12000).map(lambda n: n / 100),
                )
            )
        case "boolean":
            return draw(st.booleans())
        case "select":
            return draw(st.sampled_from([*req.options, "その他"]))
        case "file":
            return draw(st.tuples(st.sampled_from(_NAMES), st.integers(0, 40)))
        case _:
            return draw(
                st.lists(st.tuples(st.sampled_from(_NAMES), st.integers(0, 40)), max_size=2)
            )


def _json(req: Requirement, raw: Any) -> tuple[Any, list[Path]]:
    if req.type == "file":
        ref, path = _file(*raw)
        return ref, [path]
    if req.type in ("files", "folder"):
        pairs = [_file(*item) for item in raw]
        return [ref for ref, _ in pairs], [path for _, path in pairs]
    return raw, []


def _cli_text(req: Requirement, val: Any, paths: list[Path]) -> list[str]:
    """`FIELD=VALUE` strings as a person passes them to `keiri resume`."""
    if req.type in ("file", "files", "folder"):
        return [f"{req.id}=@{p}" for p in paths]
    if req.type == "boolean":
        return [f"{req.id}={'true' if val else 'false'}"]
    if req.type == "number":
        return [f"{req.id}={_typed_number(val)}"]
    if isinstance(val, str) and val.startswith("@"):
        return [f"{req.id}=@{val}"]  # `@@…`: the literal text, not a file
    return [f"{req.id}={val}"]


def _typed_number(val: int | float) -> str:
    if isinstance(val, int):
        return f"△{abs(val):,}" if val < 0 else f"{val:,}円"
    return repr(val)


def _server(spec: FormSpec, answers: dict[str, Any]) -> bool:
    model = run_input_subclass_from_type(spec.run_input_model("Form_t"))
    schema = create_v2_schema(model.__name__, model_base=model)
    return not prefect_validate({**answers, "answered_by": "yamada"}, schema)


def _run_input(spec: FormSpec, answers: dict[str, Any]) -> bool:
    model = run_input_subclass_from_type(spec.run_input_model("Form_t"))
    try:
        model(**{**answers, "answered_by": "yamada"})
    except ValidationError:
        return False
    return True


def _cli(mode: str, reqs: list[Requirement], items: list[str]) -> bool:
    fields = human_input_fields(mode, reqs)
    pairs = [tuple(item.split("=", 1)) for item in items]
    try:
        answers = convert_answers(fields, [(f, v) for f, v in pairs], "", _STORE)
    except click.UsageError:
        return False
    return not validate_answers(mode, reqs, answers)


def _form_app(mode: str, reqs: list[Requirement], widget: dict[str, Any]) -> bool:
    fields = form_fields(mode, reqs)
    entry = {"values": {f.id: widget_value(f, widget.get(f.id)) for f in fields}}
    return not validate_answers(mode, reqs, form_answers(entry, fields))


def _check(data: st.DataObject, rules: bool) -> None:
    mode, reqs = data.draw(form(rules))
    spec = FormSpec.build(mode, reqs)
    answers: dict[str, Any] = {}
    cli: list[str] = []
    widget: dict[str, Any] = {}
    expressible = True  # can the form app's widgets hold these answers?
    for req in spec.fields:
        raw = data.draw(value(req))
        if raw is _MISSING:
            continue
        val, paths = _json(req, raw)
        answers[req.id] = val
        if req.type in ("files", "folder") and not val:
            continue  # `[]`: nothing to pass on the command line, nothing uploaded
        if req.type in ("text", "chat") and val == "":
            cli.append(f"{req.id}=")
            widget[req.id] = ""
            continue
        cli += _cli_text(req, val, paths)
        if req.type == "number":
            widget[req.id] = _typed_number(val)
        elif req.type == "select" and val not in req.options:
            expressible = False  # a select box offers only its options
        else:
            widget[req.id] = val
    server = _server(spec, answers)
    assert server == _run_input(spec, answers), (mode, reqs, answers)
    keiri = not spec.problems(answers)
    assert _cli(mode, reqs, cli) == keiri, (mode, reqs, answers, cli)
    if expressible:
        assert _form_app(mode, reqs, widget) == keiri, (mode, reqs, answers, widget)
    if keiri:
        assert server, ("keiri accepted what the Prefect server refuses", reqs, answers)
    if not rules:
        assert keiri == server, (mode, reqs, answers)


_SETTINGS = settings(
    max_examples=examples(60),
    deadline=deadline(10),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@_SETTINGS
@given(st.data())
def test_every_surface_gives_the_same_verdict(data: st.DataObject) -> None:
    _check(data, rules=False)


@_SETTINGS
@given(st.data())
def test_rules_no_schema_carries_only_ever_make_keiri_stricter(data: st.DataObject) -> None:
    """Plan regexes, extensions and sizes are checked by keiri (never by the Prefect server):
    the CLI and the form app still agree, and keiri never accepts what the server refuses."""
    _check(data, rules=True)


@pytest.mark.parametrize("text", ["nan", "NaN", "inf", "-Infinity", "1e309", "1e5", "12.3.4"])
def test_nan_infinity_and_other_notations_are_not_numbers(text: str) -> None:
    reqs = [Requirement(id="amount", type="number", label="金額")]
    assert not _cli("collect", reqs, [f"amount={text}"])
    assert not _form_app("collect", reqs, {"amount": text})
    for bad in (float("nan"), float("inf"), -float("inf")):
        problems = validate_answers("collect", reqs, {"amount": bad})
        assert [p.message for p in problems] == [t("field.not_finite")]
