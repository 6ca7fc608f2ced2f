"""`${...}` references: parsing, error columns, walking, path access and rendering."""

from __future__ import annotations

import copy
import datetime as dt
import pickle
from typing import Any

import pytest

from compiler.references import (
    InterpolationError,
    Reference,
    ReferencePathError,
    ReferenceSyntaxError,
    find_references,
    get_path,
    iter_references,
    render,
    whole_reference,
)

# --- parsing -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("plain text", []),
        ("", []),
        ("${a}", [("a", (), "${a}", 0, 4)]),
        ("${a.b[0].c}", [("a", ("b", 0, "c"), "${a.b[0].c}", 0, 11)]),
        (
            "x ${vars.k} y ${env.KEIRI_X}",
            [("vars", ("k",), "${vars.k}", 2, 11), ("env", ("KEIRI_X",), "${env.KEIRI_X}", 14, 28)],
        ),
        ("${config.a.b}", [("config", ("a", "b"), "${config.a.b}", 0, 13)]),
        ("${file}/${idx}", [("file", (), "${file}", 0, 7), ("idx", (), "${idx}", 8, 14)]),
        ("${a[10][2]}", [("a", (10, 2), "${a[10][2]}", 0, 11)]),
        ("${node-1.out_key-x}", [("node-1", ("out_key-x",), "${node-1.out_key-x}", 0, 19)]),
        ("${_private._x}", [("_private", ("_x",), "${_private._x}", 0, 14)]),
        # Japanese keys and roots
        ("${請求書.合計金額}", [("請求書", ("合計金額",), "${請求書.合計金額}", 0, 11)]),
        (
            "金額: ${vars.ファイル一覧[0].名前}円",
            [("vars", ("ファイル一覧", 0, "名前"), "${vars.ファイル一覧[0].名前}", 4, 24)],
        ),
        # `$${` escapes a literal `${`; a lone `$` or `}` is plain text
        ("$${a}", []),
        ("cost $5 } {", []),
        ("$${a} ${b}", [("b", (), "${b}", 6, 10)]),
        ("$$${a}", []),  # `$` then the escape `$${`
        ("$${${a}", [("a", (), "${a}", 3, 7)]),
        ("${a}${b}", [("a", (), "${a}", 0, 4), ("b", (), "${b}", 4, 8)]),
    ],
)
def test_find_references(text: str, expected: list[tuple[Any, ...]]) -> None:
    refs = find_references(text)
    assert [(r.root, r.path, r.text, r.start, r.end) for r in refs] == expected
    for ref in refs:
        assert text[ref.start : ref.end] == ref.text


@pytest.mark.parametrize(
    ("text", "column", "message", "expected", "found"),
    [
        ("${", 3, "unterminated reference: expected a name after '${'", ["name"], "end of text"),
        ("ab ${}", 6, "empty reference: expected a name after '${'", ["name"], "'}'"),
        (
            "${a",
            4,
            "unterminated reference: expected '.', '[' or '}'",
            ["'.'", "'['", "'}'"],
            "end of text",
        ),
        (
            "x ${vars.a.b",
            13,
            "unterminated reference: expected '.', '[' or '}'",
            ["'.'", "'['", "'}'"],
            "end of text",
        ),
        ("${vars.}", 8, "expected an identifier after '.'", ["identifier"], "'}'"),
        ("${vars..a}", 8, "expected an identifier after '.'", ["identifier"], "'.'"),
        ("${a.0}", 5, "expected an identifier after '.'", ["identifier"], "'0'"),
        ("${ a}", 3, "expected a name after '${'", ["name"], "whitespace"),
        ("${a }", 4, "expected '.', '[' or '}'", ["'.'", "'['", "'}'"], "whitespace"),
        ("${1a}", 3, "expected a name after '${'", ["name"], "'1'"),
        ("${a[x]}", 5, "expected a non-negative integer index after '['", ["index"], "'x'"),
        ("${a[-1]}", 5, "expected a non-negative integer index after '['", ["index"], "'-'"),
        ("${a[1}", 6, "expected ']' to close the index", ["']'"], "'}'"),
        ("${a[1 ]}", 6, "expected ']' to close the index", ["']'"], "whitespace"),
        ("${a+b}", 4, "expected '.', '[' or '}'", ["'.'", "'['", "'}'"], "'+'"),
        ("${a.__class__()}", 14, "expected '.', '[' or '}'", ["'.'", "'['", "'}'"], "'('"),
        ("ok ${a} then ${b.}", 18, "expected an identifier after '.'", ["identifier"], "'}'"),
        ("${a[" + "9" * 19 + "]}", 5, "list index is too large", ["index"], "'9'"),
    ],
)
def test_reference_syntax_errors(
    text: str,
    column: int,
    message: str,
    expected: list[str],
    found: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("KEIRI_LANG", "en")  # the English wording is checked here
    with pytest.raises(ReferenceSyntaxError) as info:
        find_references(text)
    err = info.value
    assert (err.column, err.message, err.expected, err.found, err.text) == (
        column,
        message,
        expected,
        found,
        text,
    )
    assert str(err).startswith(f"{message} at column {column} (found {found})")
    assert isinstance(err, ValueError)
    # In Japanese (the default): the same column and expected ids, Japanese words.
    monkeypatch.delenv("KEIRI_LANG")
    with pytest.raises(ReferenceSyntaxError) as info:
        find_references(text)
    ja = info.value
    assert (ja.code, ja.column, ja.expected, ja.text) == (err.code, column, expected, text)
    assert f"（{column} 文字目、実際: " in str(ja)
    assert "expected" not in str(ja) and "column" not in str(ja)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "${",
            (
                "参照が閉じられていません。${ の後に名前が必要です（3 文字目、実際: 値の終わり）。"
                "文字として ${ を書くときは $${ と書きます"
            ),
        ),
        (
            "${a.0}",
            "'.' の後に名前が必要です（5 文字目、実際: '0'）。リストの番号は [n] の形で書きます",
        ),
        ("${a[x]}", "'[' の後に 0 以上の整数が必要です（5 文字目、実際: 'x'）"),
        (
            "${a }",
            "ここには '.'・'['・'}' のいずれかが必要です（4 文字目、実際: 空白）。${...} の中に空白は入れられません",
        ),
    ],
)
def test_reference_syntax_errors_in_japanese(
    text: str, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    with pytest.raises(ReferenceSyntaxError) as info:
        find_references(text)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("${a.0}", "write a list index as [n]"),
        ("${a }", "whitespace is not allowed inside '${...}'"),
        ("${a.b", "the reference opened at column 1 is never closed with '}'"),
        ("price ${", "write a literal '${' as '$${'"),
    ],
)
def test_reference_error_hints(text: str, hint: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KEIRI_LANG", "en")
    with pytest.raises(ReferenceSyntaxError) as info:
        find_references(text)
    assert info.value.hint == hint
    assert str(info.value).endswith(f"; {hint}")


def test_reference_syntax_error_survives_pickling() -> None:
    with pytest.raises(ReferenceSyntaxError) as info:
        find_references("${a.}")
    clone = pickle.loads(pickle.dumps(info.value))
    assert (clone.column, clone.expected, str(clone)) == (
        info.value.column,
        info.value.expected,
        str(info.value),
    )


@pytest.mark.parametrize(
    ("text", "dotted"),
    [
        ("${a}", "a"),
        ("${a.b[0].c}", "a.b[0].c"),
        ("${x[1][2]}", "x[1][2]"),
        ("${請求書.明細[3]}", "請求書.明細[3]"),
    ],
)
def test_dotted(text: str, dotted: str) -> None:
    (ref,) = find_references(text)
    assert ref.dotted() == dotted


@pytest.mark.parametrize(
    ("text", "root"),
    [
        ("${a.b}", "a"),
        ("${請求書}", "請求書"),
        (" ${a}", None),
        ("${a} ", None),
        ("${a}${b}", None),
        ("${a}}", None),
        ("$${a}", None),
        ("a", None),
        ("", None),
    ],
)
def test_whole_reference(text: str, root: str | None) -> None:
    ref = whole_reference(text)
    assert (ref.root if ref else None) == root


def test_whole_reference_reports_a_bad_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    with pytest.raises(ReferenceSyntaxError, match="5 文字目"):
        whole_reference("${a.}")
    monkeypatch.setenv("KEIRI_LANG", "en")
    with pytest.raises(ReferenceSyntaxError, match="at column 5"):
        whole_reference("${a.}")


def test_iter_references_yields_key_paths() -> None:
    value = {
        "prompt": "要約: ${vars.instruction} / ${file.name}",
        "data": [{"x": "${a.b}"}, 1, None, "no refs"],
        "n": 3,
        "escaped": "$${not.a.ref}",
    }
    found = [(path, ref.dotted()) for path, ref in iter_references(value, ("in",))]
    assert found == [
        (("in", "prompt"), "vars.instruction"),
        (("in", "prompt"), "file.name"),
        (("in", "data", 0, "x"), "a.b"),
    ]


def test_iter_references_error_carries_the_key_path() -> None:
    with pytest.raises(ReferenceSyntaxError) as info:
        list(iter_references({"ok": "${a}", "bad": ["x", "${b[}"]}))
    assert info.value.path == ("bad", 1)
    assert info.value.column == 5


# --- get_path ----------------------------------------------------------------------------

DATA: dict[str, Any] = {
    "files": [{"name": "a.pdf", "size": 10}, {"name": "b.pdf", "size": None}],
    "empty": [],
    "title": "請求書",
    "obj": {"x": 1, "y": 2},
    "with_length": {"length": 99, "other": 1},
    "skipped": None,
    "zero": 0,
}


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ((), DATA),
        (("files", 0, "name"), "a.pdf"),
        (("files", 1, "size"), None),
        (("files", "length"), 2),
        (("empty", "length"), 0),
        (("title", "length"), 3),
        (("obj", "length"), 2),
        (("with_length", "length"), 99),  # a real `length` key wins
        (("files", 0, "length"), 2),  # an object without a `length` key: its key count
        # None propagates (a skipped node's outputs are null)
        (("skipped",), None),
        (("skipped", "anything", 3, "length"), None),
        (("files", 1, "size", "deeper"), None),
        # missing keys and out-of-range indexes give None
        (("missing",), None),
        (("obj", "z"), None),
        (("files", 2), None),
        (("files", 2, "name"), None),
        (("empty", 0), None),
        (("zero",), 0),
    ],
)
def test_get_path(path: tuple[str | int, ...], expected: Any) -> None:
    assert get_path(DATA, path) == expected


@pytest.mark.parametrize(
    ("path", "index", "message"),
    [
        (("zero", "x"), 1, "cannot read key 'x' of a number"),
        (("title", "x"), 1, "cannot read key 'x' of a string"),
        (("files", "name"), 1, "cannot read key 'name' of a list (use [n] to index a list)"),
        (("files", "length", "x"), 1, "cannot read key 'length' of a list"),
        (("obj", 0), 1, "cannot take index [0] of an object"),
        (("title", 0), 1, "cannot take index [0] of a string"),
        (("files", 0, "size", 1), 3, "cannot take index [1] of a number"),
    ],
)
def test_get_path_type_errors(
    path: tuple[str | int, ...], index: int, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KEIRI_LANG", "en")  # the English wording is the point
    with pytest.raises(ReferencePathError) as info:
        get_path(DATA, path)
    assert info.value.index == index
    assert info.value.path == path
    assert str(info.value).startswith(message)


# --- render ------------------------------------------------------------------------------

VALUES: dict[str, Any] = {
    "n": 3,
    "f": 2.5,
    "whole_float": 3.0,
    "neg": -7,
    "t": True,
    "no": False,
    "none": None,
    "s": "請求書",
    "d": {"名前": "a.pdf", "n": [1, None]},
    "l": [1, "x"],
    "files": [{"name": "a.pdf"}, {"name": "b.pdf"}],
    "dollar": "${n}",
}


def lookup(ref: Reference) -> Any:
    return get_path(VALUES.get(ref.root), ref.path)


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        # whole references keep their type
        ("${n}", 3),
        ("${f}", 2.5),
        ("${t}", True),
        ("${none}", None),
        ("${d}", {"名前": "a.pdf", "n": [1, None]}),
        ("${l}", [1, "x"]),
        ("${files[1].name}", "b.pdf"),
        ("${files.length}", 2),
        ("${missing.key}", None),
        # embedded references interpolate as text
        ("n=${n}", "n=3"),
        ("${n}${n}", "33"),
        ("${f} / ${whole_float} / ${neg}", "2.5 / 3.0 / -7"),
        ("flags ${t},${no}", "flags true,false"),
        ("value: ${none}", "value: null"),
        ("件名: ${s}", "件名: 請求書"),
        ("d=${d}", 'd={"名前": "a.pdf", "n": [1, null]}'),
        ("l=${l}", 'l=[1, "x"]'),
        ("${files.length} files", "2 files"),
        # escapes
        ("$${n}", "${n}"),
        ("$${n} = ${n}", "${n} = 3"),
        ("cost $5", "cost $5"),
        # substituted text is never parsed again
        ("${dollar}", "${n}"),
        ("x ${dollar}", "x ${n}"),
    ],
)
def test_render_strings(template: str, expected: Any) -> None:
    result = render(template, lookup)
    assert result == expected
    assert type(result) is type(expected)


def test_render_walks_nested_values_and_leaves_the_input_alone() -> None:
    value = {
        "evidence_data": {"files": ["${files[0]}"]},
        "prompt": "このファイル(${files[0].name})を要約",
        "limit": 10,
        "flag": True,
        "nothing": None,
        "${n}": "keys are not rendered",
        "items": ["${n}", "${n}件", 1.5],
    }
    before = copy.deepcopy(value)
    result = render(value, lookup)
    assert result == {
        "evidence_data": {"files": [{"name": "a.pdf"}]},
        "prompt": "このファイル(a.pdf)を要約",
        "limit": 10,
        "flag": True,
        "nothing": None,
        "${n}": "keys are not rendered",
        "items": [3, "3件", 1.5],
    }
    assert value == before
    result["evidence_data"]["files"].append("x")
    assert value == before


def test_render_calls_lookup_once_per_reference() -> None:
    seen: list[str] = []

    def recording(ref: Reference) -> Any:
        seen.append(ref.text)
        return lookup(ref)

    render({"a": "${n} and ${s}", "b": ["${t}"], "c": "$${n}"}, recording)
    assert seen == ["${n}", "${s}", "${t}"]


@pytest.mark.parametrize(
    "value", [dt.date(2024, 1, 31), {"when": dt.date(2024, 1, 31)}, float("nan"), object()]
)
def test_render_refuses_values_without_a_text_form(value: Any) -> None:
    with pytest.raises(InterpolationError) as info:
        render("at ${x.y}", lambda ref: value)
    assert info.value.reference.text == "${x.y}"
    assert "${x.y}" in str(info.value)


def test_render_propagates_syntax_errors() -> None:
    with pytest.raises(ReferenceSyntaxError):
        render({"a": ["${ok}", "${bad"]}, lookup)
