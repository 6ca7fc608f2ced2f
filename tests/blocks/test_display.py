"""`display` of a confirm form: the static check (did-you-mean) and how values are shown."""

from __future__ import annotations

import pytest

from blocks.forms.display import display_problems, format_value, lookup, parse_display
from keiri.base.catalog import t


def test_unknown_keys_kinds_and_formats_get_a_did_you_mean(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("KEIRI_LANG", "en")  # the English wording is matched
    raw = [
        {"kind": "tabel", "source": "matched"},
        {"kind": "table", "titel": "照合済", "source": "matched"},
        {
            "kind": "table",
            "source": "matchd",
            "columns": {"total": {"label": "金額", "fromat": "yen"}},
        },
        {
            "kind": "table",
            "source": "matched",
            "columns": {"total": {"label": "金額", "format": "yn"}},
        },
        {"kind": "counts"},
    ]
    problems = display_problems(raw, context_keys=["matched", "findings"])
    found = {(p.path, p.message, p.hint) for p in problems}
    assert ((0, "kind"), "unknown display kind 'tabel'", "did you mean 'table'?") in found
    assert any(
        p.path == (1, "titel") and p.hint.startswith("did you mean 'title'") for p in problems
    )
    assert any(p.path == (2, "source") and "'matched'" in p.hint for p in problems)
    assert any(p.path[-1] == "fromat" and "'format'" in p.hint for p in problems)
    assert any(p.path[-1] == "format" and "'yen'" in p.hint for p in problems)
    assert any(p.path == (4, "items") for p in problems)


def test_a_valid_display_has_no_problems_and_parses() -> None:
    raw = [
        {"kind": "counts", "items": {"counts.invoices": "請求書"}},
        {"kind": "findings", "title": "指摘事項", "source": "finding_list"},
        {
            "kind": "table",
            "source": "matched",
            "columns": {
                "left.total": {"label": "請求金額", "format": "yen"},
                "right.日付": "支払日",
            },
        },
    ]
    assert display_problems(raw, ["counts", "finding_list", "matched"]) == []
    items = parse_display(raw)
    assert [i.kind for i in items] == ["counts", "findings", "table"]
    assert [(c.path, c.label, c.format) for c in items[2].columns] == [
        ("left.total", "請求金額", "yen"),
        ("right.日付", "支払日", "text"),
    ]


def test_values_are_shown_as_accountants_read_them() -> None:
    assert format_value(120000, "yen") == "¥120,000"
    assert format_value(-660, "yen") == "-¥660"
    assert format_value("35698", "number") == "35,698"
    assert format_value(1234.5, "yen") == "¥1,234.50"
    assert format_value("2024-04-30", "date") == "2024-04-30"
    assert format_value("2024-04-30T15:30:00+00:00", "datetime") == "2024-05-01 00:30"  # JST
    assert format_value(None, "yen") == "—"
    assert format_value(True, "boolean") == t("display.yes")
    row = {"left": {"total": 5}, "right.日付": "2024-04-01"}
    assert lookup(row, "left.total") == 5 and lookup(row, "right.日付") == "2024-04-01"
    assert lookup(row, "left.missing") is None
