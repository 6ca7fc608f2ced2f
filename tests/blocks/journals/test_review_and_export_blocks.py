"""The closing blocks of the month through the real block runner (spec validation included):
`journal.review` makes the 仕訳確認 form's rows and choices, the form's answer goes back
through `journal.apply_corrections` (rows) and `counterparties.register`, and `journal.export`
writes the product's file, the report's lines and the evidence → entries map; an export of the
corrected batch beside the original takes the correction, and a second run exports nothing."""

from __future__ import annotations

import csv
import re
from typing import Any

import pytest

from blocks.counterparties.store import CounterpartyStore
from blocks.forms.form import FormSpec, Requirement
from blocks.journals.export import collect_batches
from blocks.journals.model import JournalBatch
from blocks.sdk.errors import BlockError
from blocks.sdk.registry import BlockRegistry
from blocks.sdk.store import FileStore
from keiri.base.catalog import t
from tests.blocks.journals import month
from tests.blocks.journals.conftest import execute

PROPOSALS = [
    {"name": "株式会社新規商会", "kana": "ｶ)ｼﾝｷｼｮｳｶｲ", "registration_number": "T3010001000004",
     "files": ["新規商会/請求書.pdf"], "statement_lines": [3]},
    {"name": "合同会社あおば", "kana": None, "registration_number": None,
     "files": ["あおば/領収書.pdf"], "statement_lines": []},
]  # fmt: skip


def _review(registry: BlockRegistry, batches: list[JournalBatch]) -> dict[str, Any]:
    purchases, payments = batches
    return execute(
        registry,
        "journal.review",
        "review_rows",
        journal=purchases.model_dump(mode="json"),
        payments=payments.model_dump(mode="json"),
        proposals=PROPOSALS,
        format="yayoi",
    )


def test_review_rows_and_choices(registry: BlockRegistry, batches: list[JournalBatch]) -> None:
    out = _review(registry, batches)
    first = out["rows"][0]
    assert first["line_id"] == "P-0001-1" and first["account"] == "消耗品費"
    assert first["tax_category"] == "課税仕入10%" and first["invoice"] == t("journal.row.qualified")
    assert "通信費" in out["accounts"] and "研修費" not in out["accounts"]  # 弥生's chart
    assert "課税仕入10%（経過措置70%控除）" in out["tax_categories"]
    two_rates = [r for r in out["rows"] if r["entry"] == "P-0002"]
    assert [r["line_id"] for r in two_rates] == ["P-0002-1", "P-0002-2"]
    midori = next(r for r in out["rows"] if r["counterparty"] == "有限会社みどり商店")
    assert midori["invoice"] == t("journal.row.deduction", deduction=80)
    # the master holds C001..C004: the proposals get the next free codes, not ticked
    assert [(p["code"], p["register"]) for p in out["proposals"]] == [
        ("C005", False),
        ("C006", False),
    ]
    assert out["summary"]["payments"] == 3 and out["payments"][0]["debit"].startswith("未払金")
    assert {s["code"] for s in out["skipped"]} == {"unconfirmed", "not_invoice"}


def _table(rows: list[dict[str, Any]], accounts: list[str], taxes: list[str]) -> Requirement:
    return Requirement.model_validate(
        {
            "id": "entries",
            "type": "table",
            "label": "仕訳",
            "required": False,
            "default": rows,
            "key": "line_id",
            "columns": [
                {"id": "line_id", "label": "仕訳"},
                {"id": "amount", "label": "金額", "format": "yen"},
                {"id": "account", "label": "勘定科目", "editable": True, "options": accounts},
                {"id": "tax_category", "label": "税区分", "editable": True, "options": taxes},
            ],
        }
    )


def test_the_answer_corrects_learns_registers_and_exports(
    registry: BlockRegistry, batches: list[JournalBatch]
) -> None:
    review = _review(registry, batches)
    table = _table(review["rows"], review["accounts"], review["tax_categories"])
    answer = [
        {"line_id": "P-0002-1", "account": "通信費"},  # only the changed rows
        {"line_id": "P-0002-2", "account": "通信費"},
        {"line_id": "P-0001-1", "tax_category": "課税仕入10%（経過措置80%控除）"},
    ]
    form = FormSpec.build("confirm", [table])
    assert form.problems({"entries": answer, "approved": True}) == []
    given = form.complete({"entries": answer, "approved": True})["entries"]
    applied = execute(
        registry,
        "journal.apply_corrections",
        "apply_review",
        journal=batches[0].model_dump(mode="json"),
        rows=given,
        answered={"answered_by": "suzuki"},
    )
    corrected = JournalBatch.model_validate(applied["journal"])
    assert corrected.revision == 1 and corrected.node_id == batches[0].node_id
    lines = {e.id: e.lines for e in corrected.entries}
    assert [line.account for line in lines["P-0002"][:2]] == ["通信費", "通信費"]
    assert lines["P-0001"][0].tax_category == "purchase_10_d80"
    assert lines["P-0001"][0].account == "消耗品費"  # only its tax category changed
    assert [c["to"] for c in applied["changes"]] == ["通信費", "通信費", "消耗品費"]
    assert [r["saved"] for r in applied["rules"]] == ["create", "same"]  # one rule, learned once
    assert applied["rules"][0]["created_by"] == "suzuki"

    rows = [dict(p, register=i == 0, default_account="消耗品費" if i == 0 else None)
            for i, p in enumerate(review["proposals"])]  # fmt: skip
    registered = execute(registry, "counterparties.register", "register", rows=rows,
                         answered={"answered_by": "suzuki"})  # fmt: skip
    assert [c["code"] for c in registered["created"]] == ["C005"]
    with CounterpartyStore() as store:
        assert store.get("C005") is not None and store.get("C006") is None  # skipped: not created
        change = store.changes(target="counterparty", key="C005")[-1]
    assert (change.who, change.action) == ("suzuki", "create")

    out = execute(
        registry,
        "journal.export",
        "export_journal",
        journals=[batches[0].model_dump(mode="json"), applied["journal"],
                  batches[1].model_dump(mode="json"), None],
        format="yayoi",
        period=month.PERIOD,
        answered={"answered_by": "suzuki"},
    )  # fmt: skip
    text = FileStore().read_bytes(out["file"]).decode("cp932")
    assert out["file"]["name"] == t(
        "journal.export_block.file_name",
        "ja",  # the product names the file in Japanese
        label="yayoi",
        period="20260921-20261020",
        extension="csv",
    )
    records = list(csv.reader(text.splitlines()))
    assert records and all(len(r) == 25 for r in records)
    assert "通信費" in text and out["summary"]["entries"] == 9 and out["summary"]["excluded"] == 0
    # the original batch beside its correction: the correction only (no entry twice)
    assert out["by_document"]["山田商事/請求書_1005.pdf"] == ["P-0002"]
    sheet = out["lines"]
    assert {line["出力"] for line in sheet} == {t("journal.export_block.this_file", "ja")}
    assert next(line for line in sheet if line["仕訳ID"] == "P-0002")["勘定科目"] == "通信費"

    again = execute(registry, "journal.export", "export_journal",
                    journals=[applied["journal"], batches[1].model_dump(mode="json")],
                    format="yayoi", period=month.PERIOD)  # fmt: skip
    # the same run again: the same entries (exporting a run twice is allowed)
    assert again["summary"]["entries"] == 9


def test_the_latest_revision_of_a_node_is_what_a_run_exports(
    batches: list[JournalBatch],
) -> None:
    corrected = batches[0].model_copy(update={"revision": 1})
    outputs = {"purchases": {"journal": batches[0].model_dump(mode="json")},
               "apply": {"journal": corrected.model_dump(mode="json")},
               "payments": {"journal": batches[1].model_dump(mode="json")}}  # fmt: skip
    found = collect_batches(outputs)
    assert [(b.node_id, b.revision) for b in found] == [("purchases", 1), ("payments", 0)]


def test_an_unknown_row_or_tax_name_is_named(
    registry: BlockRegistry, batches: list[JournalBatch]
) -> None:
    journal = batches[0].model_dump(mode="json")
    with pytest.raises(BlockError, match="P-0099-1"):
        execute(registry, "journal.apply_corrections", "a", journal=journal,
                rows=[{"line_id": "P-0099-1", "account": "通信費"}])  # fmt: skip
    unknown_tax = t("journal.form.unknown_tax", row="P-0001-1", name="課税仕入11%", close="")
    with pytest.raises(BlockError, match=re.escape(unknown_tax.rstrip())):
        execute(registry, "journal.apply_corrections", "a", journal=journal,
                rows=[{"line_id": "P-0001-1", "tax_category": "課税仕入11%"}])  # fmt: skip
    unknown_format = t("journal.form.unknown_format", format="yayo", close="")
    with pytest.raises(BlockError, match=re.escape(unknown_format.rstrip())):
        execute(registry, "journal.review", "r", journal=journal, format="yayo")
