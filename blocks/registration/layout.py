"""The layout of the registry's published data: the columns of the bulk CSV files and of the
Web-API's records, and what their codes mean.

The NTA publishes a full snapshot (全件データ, split into 法人 / 人格のない社団等 / 個人) and
daily difference files (差分データ) as CSV without a header, one record per line, its columns
in the order of `COLUMNS`; the Web-API returns the same items by their keys. `COLUMNS` is the
one table of that order (to our best knowledge of the published resource definition;
`docs/registry.md` shows it, and a test keeps the two equal), so a correction is one edit.
`store` names the column of the local database an item is kept in (None: not kept).
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = [
    "COLUMNS",
    "KEYS",
    "PROCESS_CODES",
    "STORED",
    "Column",
    "index_of",
]


class Column(NamedTuple):
    key: str  # the Web-API's key (and the docs' name of the CSV column)
    label: str  # the published item name (項目名)
    store: str | None  # the local database column, None when not kept


#: The published column order of the bulk CSV files (1-based in the docs).
COLUMNS: tuple[Column, ...] = (
    Column("sequenceNumber", "一連番号", None),
    Column("registratedNumber", "登録番号", "number"),
    Column("process", "事業者処理区分", "process"),
    Column("correct", "訂正区分", "correct"),
    Column("kind", "人格区分", "kind"),
    Column("country", "国内外区分", "country"),
    Column("latest", "最新履歴", None),
    Column("registrationDate", "登録年月日", "registration_date"),
    Column("updateDate", "更新年月日", "update_date"),
    Column("disposalDate", "取消年月日", "disposal_date"),
    Column("expireDate", "失効年月日", "expire_date"),
    Column("address", "本店又は主たる事務所の所在地", "address"),
    Column("addressPrefectureCode", "本店又は主たる事務所の所在地都道府県コード", None),
    Column("addressCityCode", "本店又は主たる事務所の所在地市区町村コード", None),
    Column("addressRequest", "本店又は主たる事務所の所在地（公表申出）", "address_request"),
    Column("addressRequestPrefectureCode", "本店又は主たる事務所の所在地都道府県コード（公表申出）", None),
    Column("addressRequestCityCode", "本店又は主たる事務所の所在地市区町村コード（公表申出）", None),
    Column("kana", "日本語（カナ）", "kana"),
    Column("name", "氏名又は名称", "name"),
    Column("addressInside", "国内において行う資産の譲渡等に係る事務所、事業所その他これらに準ずるものの所在地", "address_inside"),
    Column("addressInsidePrefectureCode", "国内において行う資産の譲渡等に係る事務所等の所在地都道府県コード", None),
    Column("addressInsideCityCode", "国内において行う資産の譲渡等に係る事務所等の所在地市区町村コード", None),
    Column("tradeName", "主たる屋号", "trade_name"),
    Column("popularName_previousName", "通称・旧姓", "other_name"),
)  # fmt: skip

KEYS: tuple[str, ...] = tuple(column.key for column in COLUMNS)
#: (database column, CSV index) of every kept item, in database order.
STORED: tuple[tuple[str, int], ...] = tuple(
    (column.store, index) for index, column in enumerate(COLUMNS) if column.store
)

#: 事業者処理区分 (process) → what happened to the registration.
PROCESS_CODES: dict[str, str] = {
    "01": "new",  # 新規
    "02": "change",  # 変更
    "03": "expiry",  # 失効
    "04": "cancellation",  # 取消
    "99": "deletion",  # 削除（公表の取りやめ）
}


def index_of(key: str) -> int:
    """The 0-based CSV index of the item `key`."""
    return KEYS.index(key)
