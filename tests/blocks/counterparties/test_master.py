"""The counterparty master in SQLite: records, the append-only change log, rules, CSV."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from blocks.counterparties.csvio import COLUMNS, read_csv, write_csv
from blocks.counterparties.models import Counterparty, Rule
from blocks.counterparties.rules import learned_rule, match_rule
from blocks.counterparties.store import SCHEMA_VERSION, CounterpartyStore, default_path
from blocks.sdk.errors import BlockError
from keiri.base.catalog import t

YAMADA = Counterparty(
    code="C001",
    name="株式会社山田商事",
    kana="ﾔﾏﾀﾞｼｮｳｼﾞ",
    registration_number="T7010001000000",
    default_account="消耗品費",
    payment_terms="月末締め翌月末払い",
    bank_name="サンプル銀行",
    bank_branch="本店",
    account_type="普通",
    account_number="1234567",
    account_holder="ｶ)ﾔﾏﾀﾞｼｮｳｼﾞ",
)


def test_the_master_lives_in_the_keiri_home_with_a_versioned_schema(keiri_home: Path) -> None:
    with CounterpartyStore() as store:
        assert store.save(YAMADA, "yamada") == "create"
        assert store.save(YAMADA, "yamada") == "same"
        assert store.get("C001") == YAMADA
    assert default_path() == keiri_home.resolve() / "counterparties.sqlite"
    db = sqlite3.connect(default_path())
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()


def test_every_change_is_logged_with_who_and_when_and_the_log_is_append_only() -> None:
    with CounterpartyStore() as store:
        store.save(YAMADA, "yamada")
        store.save(YAMADA.model_copy(update={"default_account": "通信費"}), "suzuki")
        changes = store.changes(target="counterparty", key="C001")
    assert [(c.action, c.who) for c in changes] == [("create", "yamada"), ("update", "suzuki")]
    assert changes[1].before is not None and changes[1].before["default_account"] == "消耗品費"
    assert changes[1].after is not None and changes[1].after["default_account"] == "通信費"
    assert changes[1].at.endswith("+00:00")
    db = sqlite3.connect(default_path())
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("UPDATE changes SET who = 'someone else'")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("DELETE FROM changes")
    db.close()


def test_a_registration_number_belongs_to_one_counterparty() -> None:
    with CounterpartyStore() as store:
        store.save(YAMADA, "yamada")
        with pytest.raises(BlockError) as caught:
            store.save(YAMADA.model_copy(update={"code": "C002"}), "yamada")
    assert caught.value.code == "COUNTERPARTY_INVALID" and "C001" in caught.value.message


def test_a_newer_schema_is_refused_untouched(keiri_home: Path) -> None:
    keiri_home.mkdir(parents=True)
    db = sqlite3.connect(keiri_home / "counterparties.sqlite")
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(BlockError) as caught:
        CounterpartyStore().open()
    assert caught.value.code == "STORAGE_ERROR"


def test_rules_most_specific_then_newest_and_a_replaced_rule_is_kept_in_the_log() -> None:
    with CounterpartyStore() as store:
        store.save(YAMADA, "yamada")
        keyword, _ = store.add_rule(Rule(keyword="コピー用紙", account="事務用品費"), "yamada")
        by_party, _ = store.add_rule(Rule(counterparty_code="C001", account="消耗品費"), "yamada")
        rules = store.rules()
        assert match_rule(rules, "C001", "コピー用紙 A4") == by_party
        assert match_rule(rules, "C999", "ｺﾋﾟｰ用紙 A4") == keyword  # NFKC: widths differ
        assert match_rule(rules, "C999", "お茶") is None
        newer, action = store.add_rule(Rule(counterparty_code="C001", account="通信費"), "suzuki")
        assert action == "create" and store.add_rule(newer, "suzuki")[1] == "same"
        assert match_rule(store.rules(), "C001", "") == newer
        log = store.changes(target="rule")
    assert [(c.action, c.who) for c in log][-2:] == [("deactivate", "suzuki"), ("create", "suzuki")]
    assert newer.created_by == "suzuki" and newer.created_at


def test_a_learned_rule_names_the_counterparty_or_else_the_issuer() -> None:
    rule = learned_rule("C001", "株式会社山田商事", "通信費", None)
    assert rule is not None and rule.counterparty_code == "C001" and rule.action == "suggest"
    by_name = learned_rule(None, "株式会社新規商会", "通信費", None)
    assert by_name is not None and by_name.keyword == "新規商会"
    assert learned_rule(None, None, "通信費", None) is None


def test_csv_round_trip_in_utf8_with_bom_and_in_cp932() -> None:
    other = Counterparty(code="C002", name="有限会社みどり商店", kana="ﾕ)ﾐﾄﾞﾘｼｮｳﾃﾝ")
    for encoding in ("utf-8-sig", "cp932"):
        data = write_csv([YAMADA, other], encoding)  # type: ignore[arg-type]
        assert data.startswith(b"\xef\xbb\xbf") == (encoding == "utf-8-sig")
        assert data.splitlines()[0].decode(encoding).split(",") == list(COLUMNS)
        assert b"\r\n" in data
        assert read_csv(data) == [YAMADA, other]


def test_csv_import_reports_every_problem_and_suggests_column_names() -> None:
    text = (
        "取引先コード,取引先名,登録番号,支払い条件\r\n"
        "C001,株式会社山田商事,T123,翌月末\r\n"
        "C001,重複,T7010001000000,\r\n"
    )
    with pytest.raises(BlockError) as caught:
        read_csv(text.encode("utf-8"), "master.csv")
    error = caught.value
    assert error.code == "COUNTERPARTY_INVALID"
    unknown = t(
        "counterparty.csv.unknown_column",
        column="支払い条件",
        close=t("issue.did_you_mean", names="'支払条件'"),
    )
    assert error.message == t(
        "counterparty.csv.invalid", source="master.csv", count=1, problems=unknown
    )
    fixed = text.replace("支払い条件", "支払条件").replace(",翌月末", ",来月")
    with pytest.raises(BlockError) as caught:
        read_csv(fixed.encode("cp932"), "master.csv")
    problems = caught.value.details["problems"]
    assert problems == [
        t(
            "counterparty.csv.bad_value",
            line=2,
            column="登録番号",
            message=t("counterparty.field.registration", value="T123"),
        ),
        t(
            "counterparty.csv.bad_value",
            line=2,
            column="支払条件",
            message=t("counterparty.terms.invalid", text="来月"),
        ),
        t("counterparty.csv.duplicate_code", line=3, code="C001", first=2),
    ]


def test_csv_without_required_columns_or_in_another_encoding_is_refused() -> None:
    missing = t("counterparty.csv.missing_column", column="取引先コード")
    with pytest.raises(BlockError, match=re.escape(missing)):
        read_csv("取引先名\r\nA社\r\n".encode())
    with pytest.raises(BlockError) as caught:
        read_csv("取引先コード,取引先名\r\nC1,山田\r\n".encode("utf-16"))
    assert caught.value.code == "COUNTERPARTY_INVALID"
