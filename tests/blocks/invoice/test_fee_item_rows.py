"""A transfer fee billed as a row of the item table (「振込手数料（立替）」, non-taxable) is an item;
振込 elsewhere (振込先, a note about the fee after the totals) still ends the table."""

from __future__ import annotations

import pytest

from blocks.invoice.lines import item_lines


@pytest.mark.parametrize(
    ("row", "amount"),
    [
        ("振込手数料(立替)\t1\t440\t440\t非課税", 440),
        ("振込手数料 立替分\t1\t660\t660\t非課税", 660),
    ],
)
def test_a_fee_row_in_the_item_table_is_an_item(row: str, amount: int) -> None:
    tokens = [
        "項目", "数量", "単価", "金額", "区分",
        "定期清掃", "1", "30000", "30000", "課税10%",
        *row.split("\t"),
        "小計(税抜)", "30000",
        "振込先", "みどり銀行 本店 普通 1234567",
    ]  # fmt: skip
    lines, source = item_lines(tokens)
    assert source == "table"
    assert [(line["description"], line["amount"]) for line in lines][-1][1] == amount
    assert len(lines) == 2
    assert lines[-1]["non_taxable"] is True


def test_bank_details_after_the_items_still_end_the_table() -> None:
    tokens = [
        "品名", "数量", "単価", "金額",
        "保守点検", "1", "50000", "50000",
        "振込先 みどり銀行 普通 7654321", "1", "2", "3",
    ]  # fmt: skip
    lines, _ = item_lines(tokens)
    assert [line["description"] for line in lines] == ["保守点検"]
