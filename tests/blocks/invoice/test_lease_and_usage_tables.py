"""Table shapes of leases and usage bills (issue 25, from heldout8's misses): a lease's
「物件・回数 数量 単位 月額 金額」 (the leased item, its 1 式, the monthly price); a cloud or utility
bill's 「Service / サービス  Usage / 使用量  Rate / 単価  Charge / 料金」 with the invoice's header
row over its value row above it, whose 「Due date / お支払期限」 stands over an English date with
its Japanese form (or alone); the two forms disagreeing give no date."""

from __future__ import annotations

from typing import Any

import pytest

from blocks.invoice.extract import extract_invoice_fields

Rows = list[list[tuple[float, float, str]]]


def _read(rows: Rows) -> dict[str, Any]:
    layout = [
        {"page": 1, "top": 20.0 + 14 * i, "cells": [list(cell) for cell in row]}
        for i, row in enumerate(rows)
    ]
    text = "\n".join(" ".join(c[2] for c in r) for r in rows)
    return extract_invoice_fields(text, layout=layout)


def _items(fields: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [
        (i["description"], i["quantity"], i["unit_price"], i["amount"]) for i in fields["lines"]
    ]


@pytest.mark.parametrize("head", ["物件・回数", "物件"])
def test_a_lease_table_reads_the_item_its_count_and_monthly_price(head: str) -> None:
    rows: Rows = [
        [(40.0, 160.0, "ひのきシステム株式会社 御中")],
        [(420.0, 566.0, "あさぎリース株式会社")],
        [(420.0, 566.0, "登録番号:T4-1234-5678-9012")],
        [(40.0, 120.0, "ご請求金額(税込)"), (130.0, 200.0, "¥124,520")],
        [(40.0, 120.0, head), (300.0, 330.0, "数量"), (340.0, 370.0, "単位"),
         (420.0, 450.0, "月額"), (500.0, 530.0, "金額")],
        [(40.0, 280.0, "リース料 物件No.A11-2040 複合機 第7回/60回"), (310.0, 318.0, "1"),
         (345.0, 360.0, "式"), (410.0, 460.0, "88,200"), (500.0, 552.0, "88,200")],
        [(40.0, 280.0, "リース料 物件No.A12-0311 サーバー一式 第2回/48回"), (310.0, 318.0, "2"),
         (345.0, 360.0, "台"), (410.0, 460.0, "12,500"), (500.0, 552.0, "25,000")],
        [(40.0, 200.0, "10%対象 ¥113,200(消費税 ¥11,320)")],
    ]  # fmt: skip
    fields = _read(rows)
    assert _items(fields) == [
        ("リース料 物件No.A11-2040 複合機 第7回/60回", 1, 88200, 88200),
        ("リース料 物件No.A12-0311 サーバー一式 第2回/48回", 2, 12500, 25000),
    ]
    assert fields["total"] == 124520
    assert fields["tax_by_rate"] == {"10": 11320}


def _cloud(due: str) -> Rows:
    return [
        [(40.0, 200.0, "Invoice / ご請求書"), (420.0, 566.0, "Sep 1, 2031(2031年9月1日)")],
        [(40.0, 200.0, "あおば物流株式会社 御中")],
        [(300.0, 566.0, "株式会社みなづきクラウド(Minazuki Cloud K.K.)")],
        [(300.0, 566.0, "Registration No. T3456789012345")],
        [(41.0, 149.0, "Invoice No. / 請求書番号"), (169.0, 290.0, "Billing period / ご利用期間"),
         (329.0, 423.0, "Due date / お支払期限"), (461.0, 555.0, "Amount due / ご請求額")],
        [(38.0, 87.0, "M2031090412"), (165.0, 282.0, "Aug 1, 2031 – Aug 31, 2031"),
         (306.0, 437.0, due), (511.0, 559.0, "¥46,860")],
        [(134.0, 215.0, "Service / サービス"), (330.0, 393.0, "Usage / 使用量"),
         (419.0, 468.0, "Rate / 単価"), (493.0, 552.0, "Charge / 料金")],
        [(38.0, 240.0, "Compute (vCPU-hours) / 仮想サーバー"), (379.0, 401.0, "4,200"),
         (466.0, 474.0, "¥7"), (527.0, 559.0, "¥29,400")],
        [(38.0, 240.0, "Storage (GB-month) / ストレージ"), (379.0, 401.0, "1,200"),
         (466.0, 474.0, "¥11"), (527.0, 559.0, "¥13,200")],
        [(300.0, 420.0, "Subtotal / 小計"), (500.0, 559.0, "¥42,600")],
        [(300.0, 420.0, "Tax 10% / 消費税(10%)"), (500.0, 559.0, "¥4,260")],
        [(300.0, 420.0, "Total (JPY) / 合計"), (500.0, 559.0, "¥46,860")],
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("due", "expected"),
    [
        ("Sep 27, 2031(2031年9月27日)", "2031-09-27"),
        ("27 Sep 2031", "2031-09-27"),
        ("September 27, 2031", "2031-09-27"),
        ("Sep 27, 2031(2031年9月28日)", None),  # the two forms disagree
    ],
)
def test_a_usage_bill_reads_its_items_and_the_due_date_under_its_label(
    due: str, expected: str | None
) -> None:
    fields = _read(_cloud(due))
    assert _items(fields) == [
        ("Compute (vCPU-hours) / 仮想サーバー", 4200, 7, 29400),
        ("Storage (GB-month) / ストレージ", 1200, 11, 13200),
    ]  # the header row's values (請求書番号, period, due, amount) are no item
    assert fields["total"] == 46860
    assert fields["due_date"] == expected


def _guard(adjustment: str, net: str) -> Rows:
    return [
        [(40.0, 160.0, "株式会社たかせ鋳造 様")],
        [(400.0, 566.0, "発行日 2031年2月15日")],
        [(400.0, 566.0, "株式会社みはりセキュリティ")],
        [(400.0, 566.0, "登録番号:T5172702588002")],
        [(141.0, 217.0, "ご契約・作業内容"), (337.0, 356.0, "数量"), (386.0, 405.0, "単位"),
         (446.0, 465.0, "単価"), (517.0, 536.0, "金額")],
        [(40.0, 145.0, "機械警備料(本社工場)"), (360.0, 366.0, "1"), (377.0, 394.0, "ヶ月"),
         (453.0, 485.0, "38,500"), (523.0, 556.0, "38,500")],
        [(41.0, 137.0, "入退室カード 追加発行"), (360.0, 366.0, "9"), (377.0, 386.0, "式"),
         (459.0, 485.0, "1,650"), (523.0, 556.0, "14,850")],
        [(408.0, 493.0, "ご利用料金(税抜)"), (508.0, 556.0, "53,350円")],
        [(417.0, 484.0, "消費税(10%)"), (514.0, 556.0, "5,335円")],
        [(441.0, 460.0, "合計"), (508.0, 556.0, "58,685円")],
        [(416.0, 485.0, adjustment), (504.0, 556.0, "▲20,000円")],
        [(416.0, 485.0, "差引ご請求額"), (508.0, 556.0, net)],
    ]  # fmt: skip


def test_an_overpayment_taken_off_gives_the_amount_to_pay() -> None:
    fields = _read(_guard("前回過入金 調整", "38,685円"))
    assert [i["amount"] for i in fields["lines"]] == [38500, 14850]  # no subtotal as an item
    assert (fields["total"], fields["status"]["total"]) == (38685, "確定")
