"""The session-state contract as pure functions over a dict (seed 000 §3, §8.2)."""

from __future__ import annotations

from typing import Any

from blocks.forms.form import FieldProblem, Requirement, validate_answers
from keiri.base.catalog import t
from ui_app.session_state import (
    answers,
    ensure,
    form_fields,
    group_problems,
    initial_values,
    merge,
    reset,
    state_key,
    widget_key,
)

REQS = [
    Requirement(id="amount", type="number", label="金額", default=1000),
    Requirement(id="note", type="text", label="備考", required=False),
    Requirement(id="method", type="select", label="支払方法", options=["振込", "現金"]),
    Requirement(id="files", type="files", label="証憑"),
    Requirement(id="invoice", type="file", label="請求書"),
    Requirement(id="urgent", type="boolean", label="至急"),
    Requirement(id="why", type="chat", label="理由"),
]
KEY = state_key("invoice_check", "ask", "0.1.0", "run-1")


def test_key_follows_the_contract_with_the_run_suffix() -> None:
    assert KEY == "plan:invoice_check::node:ask::v0.1.0::run:run-1"
    assert widget_key(KEY, "amount") == KEY + "::field:amount"


def test_first_render_initialises_from_defaults() -> None:
    state: dict[str, Any] = {}
    entry = ensure(state, KEY, REQS)
    assert state[KEY] is entry
    assert entry["values"] == {
        "amount": 1000,
        "note": "",
        "method": None,
        "files": [],
        "invoice": None,
        "urgent": False,
        "why": "",
    }


def test_confirm_mode_adds_approved_and_response() -> None:
    fields = form_fields("confirm", REQS[:1])
    assert [f.id for f in fields] == ["amount", "approved", "response"]
    assert initial_values(fields) == {"amount": 1000, "approved": False, "response": ""}
    assert [f.id for f in form_fields("collect", REQS[:1])] == ["amount"]


def test_values_persist_across_reruns() -> None:
    state: dict[str, Any] = {}
    ensure(state, KEY, REQS)["values"]["note"] = "月末分"
    for _ in range(3):
        entry = ensure(state, KEY, REQS)
    assert entry["values"]["note"] == "月末分"
    assert "notice" not in entry


def test_reset_clears_the_entry_and_its_widgets_only() -> None:
    other = state_key("invoice_check", "ask", "0.1.0", "run-2")
    state: dict[str, Any] = {other: {"values": {}}}
    ensure(state, KEY, REQS)["values"]["note"] = "x"
    state[widget_key(KEY, "note")] = "x"
    reset(state, KEY)
    assert set(state) == {other}
    assert ensure(state, KEY, REQS)["values"]["note"] == ""


def test_changed_requirements_merge_and_warn() -> None:
    state: dict[str, Any] = {}
    entry = ensure(state, KEY, REQS)
    entry["values"].update(amount=5, note="残す", method="現金")
    state[widget_key(KEY, "amount")] = 5
    changed = [
        Requirement(id="amount", type="text", label="金額"),  # retyped
        Requirement(id="note", type="text", label="備考"),  # kept
        Requirement(id="method", type="select", label="支払方法", options=["振込", "カード"]),
        Requirement(id="due", type="text", label="期日", default="2024-05-31"),  # added
    ]
    entry = ensure(state, KEY, changed)
    assert entry["values"] == {"amount": "", "note": "残す", "method": None, "due": "2024-05-31"}
    assert widget_key(KEY, "amount") not in state
    notice = " ".join(entry["notice"])
    assert "削除された項目の入力を破棄しました: files, invoice, urgent, why" in notice
    assert "金額（amount）" in notice and "支払方法（method）" in notice
    assert ensure(state, KEY, changed)["notice"] == entry["notice"]  # warned once


def test_merge_is_pure() -> None:
    old = {"fields": {"a": "text"}, "values": {"a": "x"}}
    merged, change = merge(old, [Requirement(id="a", type="number", label="A")])
    assert old == {"fields": {"a": "text"}, "values": {"a": "x"}}
    assert merged["values"] == {"a": None} and change.retyped == ("a",) and bool(change)
    _, added_only = merge(
        old,
        [
            *REQS[:0],
            Requirement(id="a", type="text", label="A"),
            Requirement(id="b", type="text", label="B"),
        ],
    )
    assert added_only.added == ("b",) and not added_only


def test_answers_leave_out_fields_holding_nothing_so_required_ones_are_reported() -> None:
    state: dict[str, Any] = {}
    entry = ensure(state, KEY, REQS)
    given = answers(entry, REQS)
    # No choice, no file: left out. "" and [] are answers, as on the command line.
    assert given == {"amount": 1000, "note": "", "files": [], "urgent": False, "why": ""}
    problems = group_problems(validate_answers("collect", REQS, given))
    assert set(problems) == {"method", "files", "invoice", "why"}
    assert problems["method"] == [t("field.required")]


def test_group_problems_keeps_order_per_field() -> None:
    grouped = group_problems(
        [
            FieldProblem(field="a", message="1"),
            FieldProblem(field="b", message="2"),
            FieldProblem(field="a", message="3"),
        ]
    )
    assert grouped == {"a": ["1", "3"], "b": ["2"]}
