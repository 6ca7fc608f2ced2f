"""The 取引先 page in AppTest against the real master of a test keiri home: the list and its
search (name, kana, registration number), editing one counterparty (the change log names who
and when, below the form and on its own tab), a refused value named by its column, the rules
learned from the 仕訳確認 form, and CSV import (all or nothing) and export."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from blocks.counterparties.models import Counterparty, Rule
from blocks.counterparties.store import CounterpartyStore
from keiri.base.catalog import t
from tests.blocks.journals import month
from tests.support.catalog_text import shown
from tests.support.timing import scaled
from tests.ui_app.conftest import APP


@pytest.fixture
def page(loopback: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[AppTest]:
    monkeypatch.delenv("KEIRI_UI_SECRET", raising=False)
    monkeypatch.setenv("KEIRI_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("KEIRI_USER", "yamada")
    with CounterpartyStore() as store:
        store.save_many(month.MASTER, "setup")
        store.add_rule(
            Rule(counterparty_code="C001", account="通信費", origin="learned", note="P-0002"),
            "suzuki",
        )
    at = AppTest.from_file(str(APP), default_timeout=scaled(60))
    at.switch_page("views/counterparties.py")
    yield at.run()


def _frame_column(at: AppTest, index: int, column: str) -> list[str]:
    return [str(value) for value in at.dataframe[index].value[column]]


def test_the_list_and_its_search(page: AppTest) -> None:
    at = page
    assert not at.exception
    assert at.title[0].value == t("parties.title")
    assert [tab.label for tab in at.tabs] == [
        t(f"parties.tab.{tab}") for tab in ("list", "edit", "rules", "log", "csv")
    ]
    assert t("parties.count", shown=4, total=4) in [c.value for c in at.caption]
    assert _frame_column(at, 0, "取引先名")[0] == "株式会社山田商事"

    for text, code in [("ヤマダ", "C001"), ("(株)ひかり通信", "C004"), ("T6010001", "C002")]:
        at.text_input(key="parties::search").set_value(text).run()
        assert t("parties.count", shown=1, total=4) in [c.value for c in at.caption], text
        assert _frame_column(at, 0, "取引先コード") == [code]


def test_the_learned_rule_is_shown_with_who_and_when(page: AppTest) -> None:
    rules = page.tabs[2].dataframe[0].value
    assert list(rules[t("parties.col.counterparty")]) == ["C001 株式会社山田商事"]
    assert list(rules[t("parties.col.account")]) == ["通信費"]
    assert list(rules[t("parties.col.origin")]) == [t("parties.origin.learned")]
    assert list(rules[t("parties.col.by")]) == ["suzuki"] and rules[t("parties.col.at")].iloc[0]


def test_an_edit_is_saved_and_logged_with_who(page: AppTest) -> None:
    at = page
    at.selectbox(key="parties::choice").set_value("C003").run()
    form = at.tabs[1]
    terms = next(w for w in form.text_input if w.label == "支払条件")
    terms.set_value("月末締め翌月末払い")
    next(w for w in form.selectbox if w.label == "既定の勘定科目").set_value("消耗品費")
    form.button[0].click().run()  # 保存

    assert not at.exception
    assert at.success[0].value == t(
        "parties.saved.update", code="C003", name="有限会社みどり商店", by="yamada"
    )
    with CounterpartyStore() as store:
        saved = store.get("C003")
        assert saved is not None and saved.payment_terms == "月末締め翌月末払い"
    history = at.tabs[1].dataframe[0].value
    by, change, what = t("parties.col.by"), t("parties.col.change"), t("parties.col.what")
    assert history[by].iloc[0] == "yamada"
    assert history[change].iloc[0] == t("parties.action.update")
    assert "既定の勘定科目: 会議費 → 消耗品費" in history[what].iloc[0]  # the field's label: data
    assert any(shown("parties.last_change", c.value, by="yamada") for c in at.caption)
    log = at.tabs[3].dataframe[0].value
    assert log[t("parties.col.key")].iloc[0] == "C003" and log[by].iloc[0] == "yamada"


def test_a_new_counterparty_and_a_refused_value(page: AppTest) -> None:
    at = page
    form = at.tabs[1]
    fields = {w.label: w for w in form.text_input}
    fields["取引先コード"].set_value("C005")
    fields["取引先名"].set_value("株式会社あおば文具")
    fields["登録番号"].set_value("T123")
    form.button[0].click().run()
    problems = [e.value for e in at.error]
    assert any(shown("parties.field_problem", e, field="登録番号") for e in problems), problems
    with CounterpartyStore() as store:
        assert store.get("C005") is None

    fields = {w.label: w for w in at.tabs[1].text_input}
    fields["登録番号"].set_value("")
    at.tabs[1].button[0].click().run()
    assert at.success[0].value == t(
        "parties.saved.create", code="C005", name="株式会社あおば文具", by="yamada"
    )
    assert t("parties.count", shown=5, total=5) in [c.value for c in at.caption]


CSV_GOOD = "取引先コード,取引先名,カナ名\r\nC006,合同会社そら企画,ｿﾗｷｶｸ\r\nC001,株式会社山田商事,ﾔﾏﾀﾞｼｮｳｼﾞ\r\n"
CSV_BAD = "取引先コード,取引先名\r\nC007,\r\n"


def test_csv_import_all_or_nothing_and_export(page: AppTest) -> None:
    at = page
    tab = at.tabs[4]
    assert tab.get("file_uploader")
    at.file_uploader(key="parties::upload").set_value(
        ("取引先.csv", CSV_BAD.encode("cp932"), "text/csv")
    ).run()
    at.button(key="parties::import").click().run()
    assert not at.success and at.error  # the problem named, nothing saved
    with CounterpartyStore() as store:
        assert store.get("C007") is None and len(store.counterparties()) == 4

    at.file_uploader(key="parties::upload").set_value(
        ("取引先.csv", CSV_GOOD.encode("cp932"), "text/csv")
    ).run()
    at.button(key="parties::import").click().run()
    assert shown("parties.imported", at.success[0].value, create=1, update=1, same=0)
    with CounterpartyStore() as store:
        assert store.get("C006") == Counterparty(code="C006", name="合同会社そら企画",
                                                 kana="ｿﾗｷｶｸ")  # fmt: skip

    # the export offers the whole master (its bytes are csvio's, tested in blocks/counterparties)
    labels = [b.proto.label for b in at.tabs[4].get("download_button")]
    assert labels == [t("parties.export_button", count=5)]
