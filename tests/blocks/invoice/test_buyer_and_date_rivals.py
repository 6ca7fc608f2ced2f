"""heldout7's wrong-at-確定 causes: the buyer is the company before its department
(「○○株式会社 経理部 御中」), a label before the name (「お客様」) is never the name, and a
利用日 / 納品日 beside a different 請求日 is never the transaction date at 確定: both are
candidates."""

from __future__ import annotations

from typing import Any

import pytest

from blocks.invoice.extract import extract_invoice_fields
from blocks.invoice.parties import buyer_of

_BODY = (
    "品名 数量 単価 金額\n会議室利用料 1 10,000 10,000\n小計 10,000\n消費税(10%) 1,000\n"
    "合計 ¥11,000\n株式会社そよかぜスペース\n登録番号 T4717649986665\n"
)


def _read(head: str) -> dict[str, Any]:
    return extract_invoice_fields("請求書\n" + head + "\n" + _BODY)


@pytest.mark.parametrize(
    ("cells", "name"),
    [
        (["株式会社すずらん技研 経理部 御中"], "株式会社すずらん技研"),
        (["みなも電子株式会社 物流部 御中"], "みなも電子株式会社"),
        (["かざぐるま工業株式会社 経理部", "御中"], "かざぐるま工業株式会社"),
        (["株式会社ひばり商事 管理本部 経理課 御中"], "株式会社ひばり商事"),
        (["株式会社ひばり商事 大阪支店 御中"], "株式会社ひばり商事 大阪支店"),
        (["総務部 御中"], "総務部"),  # no company before it: all there is
    ],
)
def test_the_buyer_is_the_company_before_its_department(cells: list[str], name: str) -> None:
    assert buyer_of(cells)[0] == name


@pytest.mark.parametrize(
    "cells",
    [["お客様　株式会社さざなみ化成　御中"], ["お客様", "株式会社さざなみ化成", "御中"]],
)
def test_a_label_before_the_buyer_is_never_the_buyer(cells: list[str]) -> None:
    assert buyer_of(cells)[0] == "株式会社さざなみ化成"


def test_a_department_buyer_is_confirmed_as_its_company() -> None:
    fields = _read("株式会社すずらん技研 経理部 御中\n請求日 2029年5月31日")
    assert fields["buyer_name"] == "株式会社すずらん技研"
    assert fields["status"]["buyer_name"] == "確定"


def test_a_date_of_use_beside_another_invoice_date_is_asked() -> None:
    fields = _read("株式会社いろどり商会 御中\n請求日 R11.5.31 ご利用日 R11.5.22")
    assert fields["transaction_date"] == "2029-05-22"  # 利用日 first, as 取引日 is
    assert fields["status"]["transaction_date"] == "要確認"
    values = {c["value"] for c in fields["candidates"]["transaction_date"]}
    assert values == {"2029-05-31", "2029-05-22"}


@pytest.mark.parametrize(
    "head", ["ご利用日 2029年5月22日", "請求日 2029年5月22日 納品日 2029年5月22日"]
)
def test_one_date_or_the_same_day_twice_stays_confirmed(head: str) -> None:
    fields = _read("株式会社いろどり商会 御中\n" + head)
    assert fields["transaction_date"] == "2029-05-22"
    assert fields["status"]["transaction_date"] == "確定"
