"""table.reconcile: exact keys, amount tolerance, date window, one-to-one contention, names,
unmatched rows on both sides, skipped rows and summary totals."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from blocks.sdk.errors import BlockError
from blocks.text.japanese import name_similarity, normalize_name
from keiri.base.catalog import t

Run = Callable[..., dict[str, Any]]

INVOICES = [
    {"no": "INV-001", "vendor": "株式会社サンプル商事", "date": "2024-04-01", "amount": 110000},
    {"no": "INV-002", "vendor": "テスト物産株式会社", "date": "2024/04/03", "amount": "¥54,000"},
    {"no": "INV-003", "vendor": "有限会社みどり", "date": "令和6年4月8日", "amount": 3300},
    {"no": "INV-004", "vendor": "合同会社ヤマト", "date": "2024-04-10", "amount": 88000},
]
DEPOSITS = [
    {"日付": "2024-04-05", "摘要": "ﾃｽﾄﾌﾞﾂｻﾝ(ｶ", "入金": 54000},
    {"日付": "2024-04-04", "摘要": "ｶ)ｻﾝﾌﾟﾙｼｮｳｼﾞ", "入金": 109560},  # 440 yen fee deducted
    {"日付": "2024-04-11", "摘要": "ﾃｽｳﾘﾖｳ", "入金": None, "出金": 440},  # not a deposit
    {"日付": "2024-04-20", "摘要": "ﾐﾂｲｼﾖｳｶｲ", "入金": 50000},  # no invoice
    {"日付": "2024-04-12", "摘要": "ﾕ)ﾐﾄﾞﾘ", "入金": "３，３００"},
]
AMOUNT_DATE = {
    "left_amount": "amount",
    "right_amount": "入金",
    "left_date": "date",
    "right_date": "日付",
}


def _pairs(out: dict[str, Any]) -> list[tuple[int, int]]:
    return [(m["left_index"], m["right_index"]) for m in out["matched"]]


def test_exact_amount_and_date_only_matches_identical_rows(run: Run) -> None:
    out = run("table.reconcile", left=INVOICES, right=DEPOSITS, **AMOUNT_DATE)
    assert _pairs(out) == []
    out = run("table.reconcile", left=INVOICES, right=DEPOSITS, **AMOUNT_DATE, date_window_days=2)
    assert _pairs(out) == [(1, 0)]
    match = out["matched"][0]
    assert (match["amount_diff"], match["date_diff_days"], match["match"]) == (
        0,
        2,
        "within_tolerance",
    )
    assert match["differences"] == ["date"]
    assert match["left"] == INVOICES[1] and match["right"] == DEPOSITS[0]


def test_tolerance_and_window_match_fee_deductions_and_later_payments(run: Run) -> None:
    out = run(
        "table.reconcile",
        left=INVOICES,
        right=DEPOSITS,
        **AMOUNT_DATE,
        amount_tolerance=660,
        date_window_days=5,
    )
    assert _pairs(out) == [(0, 1), (1, 0), (2, 4)]
    fee = out["matched"][0]
    assert (fee["amount_diff"], fee["date_diff_days"], fee["differences"]) == (
        -440,
        3,
        ["amount", "date"],
    )
    assert out["unmatched_left"] == [INVOICES[3]]
    assert out["unmatched_right"] == [DEPOSITS[3]]
    assert [m["left_index"] for m in out["differences"]] == [0, 1, 2]
    summary = out["summary"]
    assert summary["skipped_right"] == [
        {
            "index": 2,
            "missing": ["入金"],
            "invalid": [],
            "reason": t("runtime.reconcile.empty", field="入金"),
            "kind": "incomplete",
            "record": DEPOSITS[2],
        }
    ]
    assert summary["skipped_left"] == []
    assert (summary["left_count"], summary["right_count"]) == (4, 5)
    assert (summary["matched_count"], summary["unmatched_left_count"]) == (3, 1)
    assert summary["unmatched_right_count"] == 1
    assert summary["left_total"] == 110000 + 54000 + 3300 + 88000
    assert summary["right_total"] == 54000 + 109560 + 50000 + 3300
    assert summary["matched_left_total"] == 110000 + 54000 + 3300
    assert summary["matched_right_total"] == 109560 + 54000 + 3300
    assert summary["amount_difference_total"] == -440
    assert summary["unmatched_left_total"] == 88000
    assert summary["unmatched_right_total"] == 50000
    assert summary["exact_count"] == 0 and summary["differences_count"] == 3


def test_one_to_one_contention_takes_the_closest_pair_first(run: Run) -> None:
    left = [
        {"id": "A", "date": "2024-04-01", "amount": 11000},
        {"id": "B", "date": "2024-04-10", "amount": 11000},
        {"id": "C", "date": "2024-04-10", "amount": 11000},
    ]
    right = [
        {"date": "2024-04-11", "amount": 11000},
        {"date": "2024-04-02", "amount": 11000},
    ]
    out = run(
        "table.reconcile",
        left=left,
        right=right,
        left_amount="amount",
        right_amount="amount",
        left_date="date",
        right_date="date",
        date_window_days=30,
    )
    # A-1 and B-0 are both 1 day apart; B wins 0 over C by original order; each row once.
    assert _pairs(out) == [(0, 1), (1, 0)]
    assert out["unmatched_left"] == [left[2]]
    assert out["unmatched_right"] == []


def test_exact_amount_beats_a_closer_date(run: Run) -> None:
    left = [{"amount": 10000, "date": "2024-04-01"}]
    right = [{"amount": 9560, "date": "2024-04-01"}, {"amount": 10000, "date": "2024-04-09"}]
    out = run(
        "table.reconcile",
        left=left,
        right=right,
        left_amount="amount",
        right_amount="amount",
        amount_tolerance=1000,
        left_date="date",
        right_date="date",
        date_window_days=10,
    )
    assert _pairs(out) == [(0, 1)]


def test_exact_keys_then_amount_difference(run: Run) -> None:
    ledger = [
        {"伝票番号": 101, "金額": 5000},
        {"伝票番号": 102, "金額": 7000},
        {"伝票番号": None, "金額": 100},
    ]
    statement = [
        {"ref": "１０２", "amount": 7000},
        {"ref": "101", "amount": 5100},
        {"ref": "103", "amount": 100},
    ]
    out = run(
        "table.reconcile",
        left=ledger,
        right=statement,
        keys={"伝票番号": "ref"},
        left_amount="金額",
        right_amount="amount",
        amount_tolerance=100,
    )
    assert _pairs(out) == [(0, 1), (1, 0)]
    assert out["matched"][0]["amount_diff"] == 100
    assert [(x["index"], x["missing"]) for x in out["summary"]["skipped_left"]] == [
        (2, ["伝票番号"])
    ]
    assert out["unmatched_right"] == [statement[2]]
    same = run("table.reconcile", left=ledger[:2], right=ledger[:2], keys=["伝票番号"])
    assert _pairs(same) == [(0, 0), (1, 1)]
    assert same["summary"]["left_total"] is None


def test_names_decide_between_equal_amounts(run: Run) -> None:
    left = [
        {"kana": "サンプルショウジ(カ", "amount": 33000},
        {"kana": "カ)テストブッサン", "amount": 33000},
    ]
    right = [
        {"摘要": "ﾌﾘｺﾐ ﾃｽﾄﾌﾞﾂｻﾝ(ｶ", "入金": 33000},
        {"摘要": "ｶ)ｻﾝﾌﾟﾙｼﾖｳｼﾞ", "入金": 33000},
        {"摘要": "ﾍﾞﾂﾉｶｲｼﾔ", "入金": 33000},
    ]
    out = run(
        "table.reconcile",
        left=left,
        right=right,
        left_amount="amount",
        right_amount="入金",
        left_name="kana",
        right_name="摘要",
    )
    assert _pairs(out) == [(0, 1), (1, 0)]
    assert [m["name_similarity"] for m in out["matched"]] == [1.0, 0.95]
    assert out["unmatched_right"] == [right[2]]


def test_name_normalisation() -> None:
    assert normalize_name("株式会社サンプル商事") == "サンプル商事"
    assert normalize_name("（株）サンプル商事 御中") == "サンプル商事"
    assert normalize_name("サンプル商事㈱") == "サンプル商事"
    assert normalize_name("ｶ)ｻﾝﾌﾟﾙｼｮｳｼﾞ") == normalize_name("サンプルシヨウジ（カ")
    assert normalize_name("ﾕ)ﾐﾄﾞﾘ ｼｮｳﾃﾝ") == "ミドリシヨウテン"
    assert name_similarity("ｶ)ｻﾝﾌﾟﾙｼｮｳｼﾞ", "サンプルショウジ") == 1.0
    # kanji and kana spellings stay apart at the default threshold
    assert name_similarity("株式会社サンプル商事", "ｻﾝﾌﾟﾙｼｮｳｼﾞ") < 0.8


@pytest.mark.parametrize(
    ("inputs", "field"),
    [
        ({}, "keys"),
        ({"left_amount": "amount"}, "right_amount"),
        ({"left_amount": "amount", "right_amount": "入金", "left_date": "date"}, "right_date"),
        ({"keys": [["a"]]}, "keys"),
    ],
)
def test_bad_options_name_the_field(run: Run, inputs: dict[str, Any], field: str) -> None:
    with pytest.raises(BlockError) as info:
        run("table.reconcile", left=INVOICES, right=DEPOSITS, **inputs)
    assert info.value.code == "INPUT_VALIDATION_FAILED"
    assert info.value.details["field"] == field


@pytest.mark.parametrize(
    ("row", "field", "reason_key"),
    [
        ({"amount": "一万円", "date": "2024-04-01"}, "amount", "runtime.amount.format"),
        ({"amount": "9e999999", "date": "2024-04-01"}, "amount", "runtime.amount.format"),
        ({"amount": "NaN", "date": "2024-04-01"}, "amount", "runtime.amount.format"),
        ({"amount": "sNaN", "date": "2024-04-01"}, "amount", "runtime.amount.format"),
        ({"amount": "Infinity", "date": "2024-04-01"}, "amount", "runtime.amount.format"),
        ({"amount": 100, "date": "4月1日"}, "date", "runtime.date.format"),
        ({"amount": 100, "date": "2024-02-30"}, "date", "runtime.date.no_such_day"),
    ],
)
def test_unreadable_values_are_reported_per_cell_without_halting(
    run: Run, row: dict[str, Any], field: str, reason_key: str
) -> None:
    reason = t(reason_key)
    good = {"amount": 110000, "date": "2024-04-01"}
    out = run(
        "table.reconcile",
        left=[row, good],
        right=DEPOSITS,
        left_amount="amount",
        right_amount="入金",
        left_date="date",
        right_date="日付",
        amount_tolerance=880,
        date_window_days=40,
    )
    (skipped,) = out["summary"]["skipped_left"]
    assert skipped["index"] == 0 and skipped["kind"] == "incomplete"
    assert [(x["field"], x["reason"]) for x in skipped["invalid"]] == [(field, reason)]
    assert skipped["reason"] == f"{field} = {row[field]!r}: {reason}"
    assert [m["left_index"] for m in out["matched"]] == [1]


def test_a_nan_cell_never_reaches_the_block(run: Run) -> None:
    """NaN is not a plan value: the input port refuses it, naming the cell."""
    with pytest.raises(BlockError) as info:
        run(
            "table.reconcile",
            left=[{"amount": float("nan"), "date": "2024-04-01"}],
            right=DEPOSITS,
            left_amount="amount",
            right_amount="入金",
            left_date="date",
            right_date="日付",
        )
    assert info.value.code == "INPUT_VALIDATION_FAILED"
    assert info.value.details["field"] == "left[0].amount"


def test_statement_rows_that_are_not_transactions_are_skipped_with_a_note(run: Run) -> None:
    statement = [
        {"日付": "前月繰越", "摘要": None, "出金": None, "残高": 500000},
        {"日付": 45390, "摘要": "ﾌﾘｺﾐ ﾔﾏﾀﾞｼﾖｳﾃﾝ", "出金": "¥110,000", "残高": 390000},
        {"日付": None, "摘要": "合計", "出金": 110000, "残高": None},
        {"日付": "R6.4.30", "摘要": "ﾃｽｳﾘﾖｳ", "出金": "▲440", "残高": 389560},
    ]
    out = run(
        "table.reconcile",
        left=[{"amount": 110000, "date": "2024-04-01"}],
        right=statement,
        left_amount="amount",
        right_amount="出金",
        left_date="date",
        right_date="日付",
        date_window_days=10,
    )
    assert [(m["left_index"], m["right_index"]) for m in out["matched"]] == [(0, 1)]
    assert out["matched"][0]["date_diff_days"] == 7  # serial 45390 = 2024-04-08
    skipped = {x["index"]: x for x in out["summary"]["skipped_right"]}
    assert set(skipped) == {0, 2}
    assert skipped[0]["kind"] == skipped[2]["kind"] == "not_transaction"
    assert skipped[0]["reason"] == t("runtime.reconcile.not_transaction", label="前月繰越")
    assert skipped[2]["reason"] == t("runtime.reconcile.not_transaction", label="合計")
    assert out["summary"]["unmatched_right_count"] == 1  # the ▲440 fee, dated 2024-04-30


def test_empty_sides_give_empty_results(run: Run) -> None:
    out = run("table.reconcile", left=[], right=DEPOSITS, left_amount="amount", right_amount="入金")
    assert out["matched"] == [] and out["unmatched_left"] == []
    assert out["unmatched_right"] == [d for d in DEPOSITS if d["入金"] is not None]
    assert out["summary"]["left_total"] == 0
