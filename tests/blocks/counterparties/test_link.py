"""`counterparties.link` through the registry: registration number first, then the kana
statement names (「ｶ)ﾔﾏﾀﾞｼｮｳｼﾞ」 ↔ 株式会社山田商事), then an unknown issuer proposed —
never created."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from blocks.counterparties.models import Counterparty
from blocks.counterparties.store import CounterpartyStore

MASTER = [
    Counterparty(code="C001", name="株式会社山田商事", kana="ﾔﾏﾀﾞｼｮｳｼﾞ",
                 registration_number="T7010001000000"),
    Counterparty(code="C002", name="有限会社みどり商店", kana="ﾐﾄﾞﾘｼｮｳﾃﾝ"),
    Counterparty(code="C003", name="さくら運輸株式会社", kana="ｻｸﾗｳﾝﾕ",
                 registration_number="T6010001000001"),
]  # fmt: skip


def _invoice(path: str, issuer: str, number: str | None) -> dict[str, Any]:
    return {"source": {"path": path, "name": path.rsplit("/", maxsplit=1)[-1]}, "issuer_name": issuer,
            "registration_number": number, "total": 11000, "transaction_date": "2026-09-05"}  # fmt: skip


def test_link_by_number_then_kana_then_propose(run: Callable[..., dict[str, Any]]) -> None:
    with CounterpartyStore() as store:
        store.save_many(MASTER, "yamada")
    invoices = [
        # the number decides even when the printed name differs (a trade name)
        _invoice("山田/1.pdf", "山田商事 本店", "T7010001000000"),
        _invoice("みどり/2.pdf", "(有)みどり商店", None),  # no number: by name
        _invoice("新規/3.pdf", "株式会社新規商会", "T3010001000004"),  # not in the master
        _invoice("新規/4.pdf", "株式会社新規商会", "T3010001000004"),  # the same one again
    ]
    statement = [
        {"日付": "2026-09-30", "摘要": "ﾌﾘｺﾐ ｶ)ﾔﾏﾀﾞｼｮｳｼﾞ", "出金": 10560},
        {"日付": "2026-09-30", "摘要": "ﾌﾘｺﾐ ｻｸﾗｳﾝﾕ(ｶ", "出金": 3300},
        {"日付": "2026-09-30", "摘要": "ﾌﾘｺﾐ ｶ)ｼﾝｷｼﾖｳｶｲ", "出金": 21560},
        {"日付": "2026-09-30", "摘要": "ｳﾘｱｹﾞ ﾆﾕｳｷﾝ", "入金": 50000},  # a deposit: not linked
        {"日付": "2026-09-30", "摘要": "ﾌﾘｺﾐﾃｽｳﾘﾖｳ", "出金": 660},  # a bank fee: nobody's
    ]
    matched = [{"left_index": 2, "right_index": 2, "left": invoices[2], "right": statement[2],
                "amount_diff": -440}]  # fmt: skip
    out = run("counterparties.link", invoices=invoices, statement=statement, matched=matched)

    links = out["invoice_links"]
    assert (links[0]["counterparty"]["code"], links[0]["method"], links[0]["confidence"]) == (
        "C001", "registration_number", 1.0)  # fmt: skip
    assert (links[1]["counterparty"]["code"], links[1]["method"]) == ("C002", "name")
    assert 0.8 <= links[1]["confidence"] < 1.0
    assert links[2]["counterparty"] is None and links[2]["proposal"] == 0
    assert links[3]["proposal"] == 0  # one proposal per issuer

    lines = {link["index"]: link for link in out["statement_links"]}
    assert sorted(lines) == [0, 1, 2, 4]
    assert (lines[0]["counterparty"]["code"], lines[0]["method"]) == ("C001", "kana")
    assert lines[0]["confidence"] == 0.95
    assert lines[1]["counterparty"]["code"] == "C003"  # ｻｸﾗｳﾝﾕ(ｶ: the form after the name
    assert lines[2]["counterparty"] is None and lines[2]["proposal"] == 0
    assert lines[4]["counterparty"] is None and lines[4]["method"] == "none"

    assert out["proposals"] == [{
        "name": "株式会社新規商会", "kana": "ｶ)ｼﾝｷｼﾖｳｶｲ", "registration_number": "T3010001000004",
        "files": ["新規/3.pdf", "新規/4.pdf"], "statement_lines": [2],
    }]  # fmt: skip
    assert out["summary"]["proposals"] == 1 and out["summary"]["linked_invoices"] == 2
    with CounterpartyStore() as store:  # proposed, never created
        assert [c.code for c in store.counterparties()] == ["C001", "C002", "C003"]


def test_a_statement_line_known_only_through_its_invoice(
    run: Callable[..., dict[str, Any]],
) -> None:
    with CounterpartyStore() as store:
        store.save(Counterparty(code="C010", name="東京電力エナジーパートナー株式会社"), "yamada")
    invoices = [_invoice("電気/9.pdf", "東京電力エナジーパートナー株式会社", None)]
    statement = [{"摘要": "ﾄｳｷﾖｳﾃﾞﾝﾘﾖｸｴﾅｼﾞ-", "出金": 8800}]  # no kana in the master
    matched = [{"left_index": 0, "right_index": 0, "left": invoices[0], "right": statement[0]}]
    out = run("counterparties.link", invoices=invoices, statement=statement, matched=matched)
    line = out["statement_links"][0]
    assert (line["counterparty"]["code"], line["method"], line["confidence"]) == (
        "C010", "payment", 0.9)  # fmt: skip
