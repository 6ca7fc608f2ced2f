"""The internet-banking CSV of each major Japanese bank reads as transactions with its bank
named (synthetic files in each bank's layout, `statement_profiles.yaml`); labels are tolerant of
送り仮名 and width; a header without an amount column is an error naming the columns it has;
the running balance is checked (a CSV whose balance breaks, a 全銀 file with a wrong 取引後残高)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from blocks.sdk.errors import BlockError
from blocks.statements.profiles import label_key
from blocks.statements.statements import read_statement
from keiri.base.catalog import t

Run = Callable[..., dict[str, Any]]
Put = Callable[[Path], dict[str, Any]]

#: (bank id, the file as the bank writes it): every file pays 35,698 (a transfer) on
#: 2024-04-05 and receives 110,000 on 2024-04-10, from a balance of 1,000,000.
BANK_FILES: dict[str, str] = {
    "mufg": (
        '"日付","摘要","摘要内容","支払い金額","預かり金額","差引残高","メモ","未資金化区分","入払区分"\r\n'
        '"2024/4/5","振込ＩＢ","ﾔﾏﾀﾞｼﾖｳﾃﾝ","35,698","","964,302","","","振替支払い"\r\n'
        '"2024/4/10","振込","ｶ)ｻﾝﾌﾟﾙｺｳｷﾞﾖｳ","","110,000","1,074,302","","","振替入金"\r\n'
    ),
    "smbc": (
        "年月日,お引出し,お預入れ,お取り扱い内容,残高,メモ,ラベル\r\n"
        "2024/4/5,35698,,ﾌﾘｺﾐ ﾔﾏﾀﾞｼﾖｳﾃﾝ,964302,,\r\n"
        "2024/4/10,,110000,ﾌﾘｺﾐ ｶ)ｻﾝﾌﾟﾙｺｳｷﾞﾖｳ,1074302,,\r\n"
    ),
    "mizuho": (
        "口座情報,普通 1234567\r\n"
        "照会期間,2024/04/01～2024/04/30\r\n"
        "日付,お引出金額,お預入金額,お取引内容,残高,メモ\r\n"
        '2024/04/05,"35,698",,ﾌﾘｺﾐ ﾔﾏﾀﾞｼﾖｳﾃﾝ,"964,302",\r\n'
        '2024/04/10,,"110,000",ﾌﾘｺﾐ ｶ)ｻﾝﾌﾟﾙｺｳｷﾞﾖｳ,"1,074,302",\r\n'
    ),
    "resona": (
        "取引日,取引区分,摘要,お支払金額,お預り金額,残高\r\n"
        "2024/04/05,振込,ﾔﾏﾀﾞｼﾖｳﾃﾝ,35698,,964302\r\n"
        "2024/04/10,振込入金,ｶ)ｻﾝﾌﾟﾙｺｳｷﾞﾖｳ,,110000,1074302\r\n"
    ),
    "yucho": (
        "お客さま口座情報,,,,,,\r\n"
        "現在高：,1074302,円,,,,\r\n"
        "出力日時：令和 06 年 04 月 30 日,,,,,,\r\n"
        "お客さま口座番号：10110-12345671,,,,,,\r\n"
        "照会対象：期間指定,,,,,,\r\n"
        "明細件数：2,,,,,,\r\n"
        "取引日,入出金明細ＩＤ,受入金額（円）,払出金額（円）,詳細１,詳細２,現在（貸付）高,\r\n"
        "20240405,0001,,35698,振込,ﾔﾏﾀﾞｼﾖｳﾃﾝ,964302,\r\n"
        "20240410,0002,110000,,振込,ｶ)ｻﾝﾌﾟﾙｺｳｷﾞﾖｳ,1074302,\r\n"
    ),
    "rakuten": (
        "取引日,入出金(円),取引後残高(円),入出金内容\r\n"
        "20240405,-35698,964302,ﾌﾘｺﾐ ﾔﾏﾀﾞｼﾖｳﾃﾝ\r\n"
        "20240410,110000,1074302,ﾌﾘｺﾐ ｶ)ｻﾝﾌﾟﾙｺｳｷﾞﾖｳ\r\n"
    ),
    "sbi": (
        '"日付","内容","出金金額(円)","入金金額(円)","残高(円)","メモ"\r\n'
        '"2024/04/05","振込＊ﾔﾏﾀﾞｼﾖｳﾃﾝ","35,698","","964,302","-"\r\n'
        '"2024/04/10","振込＊ｶ)ｻﾝﾌﾟﾙｺｳｷﾞﾖｳ","","110,000","1,074,302","-"\r\n'
    ),
    "paypay": (
        '"操作日(年)","操作日(月)","操作日(日)","操作時刻(時)","操作時刻(分)","操作時刻(秒)",'
        '"取引順番号","摘要","お支払金額","お預り金額","残高","メモ"\r\n'
        '"2024","04","05","10","15","00","1","ﾌﾘｺﾐ ﾔﾏﾀﾞｼﾖｳﾃﾝ","35698","","964302",""\r\n'
        '"2024","04","10","09","01","30","2","ﾌﾘｺﾐ ｶ)ｻﾝﾌﾟﾙｺｳｷﾞﾖｳ","","110000","1074302",""\r\n'
    ),
    "sony": (
        "お取引日,摘要,お預け入れ額,お引き出し額,差し引き残高\r\n"
        "2024年04月05日,振込 ﾔﾏﾀﾞｼﾖｳﾃﾝ,,35698,964302\r\n"
        "2024年04月10日,振込 ｶ)ｻﾝﾌﾟﾙｺｳｷﾞﾖｳ,110000,,1074302\r\n"
    ),
    "anser": (
        '"照会口座","番号","勘定日","(起算日)","出金金額(円)","入金金額(円)","小切手区分",'
        '"残高(円)","取引区分","明細区分","金融機関名","支店名","摘要"\r\n'
        '"本店 普通 1234567","00001","2024年04月05日","","35,698","","","964,302","振込",'
        '"","","","ﾔﾏﾀﾞｼﾖｳﾃﾝ"\r\n'
        '"本店 普通 1234567","00002","2024年04月10日","","","110,000","","1,074,302","振込",'
        '"","ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ","ﾎﾝﾃﾝ","ｶ)ｻﾝﾌﾟﾙｺｳｷﾞﾖｳ"\r\n'
    ),
}


@pytest.mark.parametrize("bank", sorted(BANK_FILES))
def test_each_bank_export_reads_as_transactions_with_its_bank_named(
    bank: str, run: Run, put: Put, tmp_path: Path
) -> None:
    path = tmp_path / f"{bank}.csv"
    path.write_bytes(BANK_FILES[bank].encode("cp932"))
    out = run("table.read_statement", statement=put(path))
    assert out["summary"]["bank"]["id"] == bank
    assert out["summary"]["encoding"] == "cp932"
    rows = [(r["日付"], r["出金"], r["入金"], r["残高"]) for r in out["records"]]
    assert rows == [
        ("2024-04-05", 35698, None, 964302),
        ("2024-04-10", None, 110000, 1074302),
    ]
    assert "ﾔﾏﾀﾞｼﾖｳﾃﾝ" in out["records"][0]["摘要"]
    assert out["findings"] == []  # the running balance holds


def test_descriptions_in_two_columns_are_joined() -> None:
    statement = read_statement(BANK_FILES["mufg"].encode("cp932"), "mufg.csv")
    assert statement.records[0]["摘要"] == "振込ＩＢ ﾔﾏﾀﾞｼﾖｳﾃﾝ"
    yucho = read_statement(BANK_FILES["yucho"].encode("cp932"), "yucho.csv")
    assert yucho.header_row == 7 and yucho.records[1]["摘要"] == "振込 ｶ)ｻﾝﾌﾟﾙｺｳｷﾞﾖｳ"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("支払い金額", "支払金額"),
        ("預かり金額", "お預り金額"),
        ("お引き出し", "お引出し"),
        ("お預け入れ", "預入れ"),
        ("差し引き残高", "差引残高"),
        ("出金金額（円）", "出金金額(円)"),
        ("ｵ引出し", "オ引出し"),  # half-width katakana
        ("残　高", "残高"),
    ],
)
def test_labels_are_compared_without_okurigana_width_or_units(a: str, b: str) -> None:
    assert label_key(a) == label_key(b)


def test_an_unknown_export_with_okurigana_variants_reads_by_the_generic_labels() -> None:
    data = "取引日,摘要,お支払い金額,お預かり金額,差し引き残高\r\n2024/4/5,ﾃｽﾄ,1000,,9000\r\n"
    statement = read_statement(data.encode("utf-8"), "other.csv")
    assert statement.bank is None
    assert statement.records[0]["出金"] == 1000 and statement.records[0]["残高"] == 9000


NO_AMOUNT = "日付,摘要,お支払済額,お受取済額,残高\r\n2024/4/5,ﾃｽﾄ,1000,,9000\r\n"


def test_a_header_without_an_amount_column_names_the_columns_it_has(
    run: Run, put: Put, tmp_path: Path
) -> None:
    path = tmp_path / "no_amount.csv"
    path.write_bytes(NO_AMOUNT.encode("cp932"))
    for given in ({}, {"header_row": 1}):  # found by its labels, or given
        with pytest.raises(BlockError) as info:
            run("table.read_statement", statement=put(path), **given)
        error = info.value
        assert error.code == "FILE_INVALID"
        columns = t("statement.columns_sep").join(
            ["日付", "摘要", "お支払済額", "お受取済額", "残高"]
        )
        no_amount = t("statement.no_amount_column", row=1, columns=columns)
        assert error.message == f"no_amount.csv: {no_amount}"
        assert error.hint == t("statement.no_amount_column_hint")
        assert error.details["columns"] == ["日付", "摘要", "お支払済額", "お受取済額", "残高"]


def test_a_header_row_without_a_date_column_is_an_error_too() -> None:
    data = "摘要,出金,入金\r\nﾃｽﾄ,1000,\r\n"
    with pytest.raises(BlockError) as info:
        read_statement(data.encode("utf-8"), "no_date.csv", header_row=1)
    columns = t("statement.columns_sep").join(["摘要", "出金", "入金"])
    no_date = t("statement.no_date_column", row=1, columns=columns)
    assert info.value.message == f"no_date.csv: {no_date}"
    assert info.value.hint == t("statement.no_date_column_hint")


def test_a_running_balance_that_breaks_is_a_finding_naming_the_row() -> None:
    data = (
        "日付,摘要,お引出し,お預入れ,差引残高\r\n"
        "2024/04/01,前月繰越,,,1000000\r\n"
        "2024/04/05,ﾌﾘｺﾐ A,35698,,964302\r\n"
        "2024/04/06,ﾌﾘｺﾐ B,10000,,944302\r\n"  # 954,302 expected: a row is missing before
        "2024/04/10,ﾌﾘｺﾐ C,,110000,1054302\r\n"
    )
    statement = read_statement(data.encode("cp932"), "bank.csv")
    assert statement.opening_balance == 1000000
    assert len(statement.records) == 3
    [finding] = statement.findings
    assert (finding["code"], finding["行"], finding["expected"], finding["found"]) == (
        "BALANCE_BREAK",
        4,
        954302,
        944302,
    )
    assert finding["message"] == t(
        "statement.balance_break",
        row=4,
        previous="964,302",
        deposit="0",
        withdrawal="10,000",
        expected="954,302",
        found="944,302",
    )


def test_the_first_row_is_checked_against_the_balance_brought_forward() -> None:
    data = (
        "日付,摘要,お引出し,お預入れ,差引残高\r\n"
        "2024/04/01,前月繰越,,,1000000\r\n"
        "2024/04/05,ﾌﾘｺﾐ A,35698,,964000\r\n"
    )
    [finding] = read_statement(data.encode("cp932"), "bank.csv").findings
    assert finding["行"] == 3 and finding["expected"] == 964302


def test_an_export_listing_the_newest_row_first_is_checked_from_the_bottom() -> None:
    data = (
        "日付,摘要,お引出し,お預入れ,差引残高\r\n"
        "2024/04/10,ﾌﾘｺﾐ C,,110000,1074302\r\n"
        "2024/04/05,ﾌﾘｺﾐ A,35698,,964302\r\n"
        "2024/04/03,ﾌﾘｺﾐ B,1000,,1000000\r\n"
    )
    assert read_statement(data.encode("cp932"), "bank.csv").findings == []


def _zengin(opening: bytes, closing: bytes) -> bytes:
    """A 全銀 file: 取引前残高 `opening` in the header, 109,560 in and 440 out, `closing` as the
    trailer's 取引後残高."""

    def record(kind: str, fields: dict[int, bytes]) -> bytes:
        data = bytearray(kind.encode() + b" " * 199)
        for position, value in fields.items():
            data[position - 1 : position - 1 + len(value)] = value
        return bytes(data)

    header = record("1", {2: b"03", 4: b"0", 5: b"060430", 11: b"060401", 17: b"060430",
                          114: b"0", 116: opening})  # fmt: skip
    deposit = record(
        "2", {10: b"060405", 22: b"1", 25: b"000000109560", 82: "ｻﾝﾌﾟﾙ".encode("cp932")}
    )
    fee = record("2", {10: b"060410", 22: b"2", 25: b"000000000440"})
    trailer = record("8", {2: b"000001", 8: b"0000000109560", 21: b"000001", 27: b"0000000000440",
                           40: b"0", 41: closing, 55: b"0000002"})  # fmt: skip
    return b"\r\n".join([header, deposit, fee, trailer, record("9", {})])


def test_a_zengin_file_carries_its_opening_balance_into_a_running_balance() -> None:
    statement = read_statement(_zengin(b"00000001000000", b"00000001109120"), "zengin.txt")
    assert statement.opening_balance == 1000000 and statement.closing_balance == 1109120
    assert [r["残高"] for r in statement.records] == [1109560, 1109120]
    assert statement.findings == []


def test_a_zengin_file_with_a_wrong_closing_balance_is_a_finding_naming_the_trailer(
    run: Run, put: Put, tmp_path: Path
) -> None:
    path = tmp_path / "zengin.txt"
    path.write_bytes(_zengin(b"00000001000000", b"00000001119120"))
    out = run("table.read_statement", statement=put(path))
    assert len(out["records"]) == 2  # the transactions are read: the trailer's sums agree
    [finding] = out["findings"]
    assert (finding["code"], finding["行"], finding["expected"], finding["found"]) == (
        "BALANCE_BREAK",
        4,
        1109120,
        1119120,
    )
    assert finding["message"] == t(
        "statement.zengin_balance",
        row=4,
        found="1,119,120",
        opening="1,000,000",
        header=1,
        deposits="109,560",
        withdrawals="440",
        expected="1,109,120",
    )
    assert out["summary"]["opening_balance"] == 1000000


def test_a_zengin_header_without_a_balance_is_read_without_one() -> None:
    statement = read_statement(_zengin(b" " * 14, b"0" * 14), "zengin.txt")
    assert statement.opening_balance is None and statement.findings == []
    assert [r["残高"] for r in statement.records] == [None, None]
