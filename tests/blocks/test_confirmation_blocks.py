"""The catalog's questions (issue 14 item 2), block by block: each asks only with
`confirm_ambiguous` (`ctx.confirm_ambiguous`), uses the answer when it has one, and otherwise
keeps today's result and records the ambiguity as a finding."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook

from blocks.sdk.confirmation import Confirmation, NeedsConfirmation
from blocks.sdk.context import BlockContext
from blocks.sdk.registry import BlockRegistry
from blocks.sdk.store import FileStore
from keiri.base.catalog import t

INVOICE = {"請求書番号": "INV-1", "請求日": "2024-04-01", "請求金額": 110000}
PAYMENTS = [
    {"日付": "2024-04-20", "摘要": "ﾔﾏﾀﾞ", "入金": 110000},
    {"日付": "2024-04-26", "摘要": "ﾔﾏﾀﾞ 4ｶﾞﾂ", "入金": 110000},
    {"日付": "2024-04-22", "摘要": "ﾍﾞﾂ", "入金": 5000},
]
RECONCILE = {
    "left": [INVOICE],
    "right": PAYMENTS,
    "left_amount": "請求金額",
    "right_amount": "入金",
    "left_date": "請求日",
    "right_date": "日付",
    "date_window_days": 40,
}


def execute(
    registry: BlockRegistry,
    store: FileStore,
    block_id: str,
    inputs: dict[str, Any],
    *,
    ask: bool = False,
    answers: dict[str, Confirmation] | None = None,
) -> dict[str, Any]:
    ctx = BlockContext(
        run_id="t",
        plan_id="t",
        node_id="n",
        file_store=store,
        confirm_ambiguous=ask,
        confirmations=dict(answers or {}),
    )
    return registry.create(registry.get(block_id)).execute(ctx, inputs)


def test_reconcile_asks_between_payments_of_the_same_amount(
    registry: BlockRegistry, store: FileStore
) -> None:
    with pytest.raises(NeedsConfirmation) as raised:
        execute(registry, store, "table.reconcile", RECONCILE, ask=True)
    need = raised.value
    assert need.key == "left[0]" and need.node_id == "n" and need.block_id == "table.reconcile"
    assert [o.id for o in need.options] == ["right-0", "right-1", "none"]  # not the 5,000
    assert need.options[1].details == {"right_index": 1, **PAYMENTS[1]}
    answer = Confirmation(key="left[0]", option="right-1", answered_by="sato")
    out = execute(
        registry, store, "table.reconcile", RECONCILE, ask=True, answers={"left[0]": answer}
    )
    assert [m["right_index"] for m in out["matched"]] == [1]
    assert out["unmatched_right"] == [PAYMENTS[0], PAYMENTS[2]]
    assert out["ambiguities"][0]["decided_by"] == "sato"


def test_reconcile_without_asking_matches_as_before_and_records_it(
    registry: BlockRegistry, store: FileStore
) -> None:
    out = execute(registry, store, "table.reconcile", RECONCILE)
    assert [m["right_index"] for m in out["matched"]] == [0]  # the nearest date, as before
    [finding] = out["ambiguities"]
    assert finding["decided_by"] == "automatic" and finding["chosen_right_index"] == 0


def test_reconcile_with_one_candidate_asks_nothing(
    registry: BlockRegistry, store: FileStore
) -> None:
    inputs = RECONCILE | {"right": [PAYMENTS[0], PAYMENTS[2]]}
    out = execute(registry, store, "table.reconcile", inputs, ask=True)
    assert [m["right_index"] for m in out["matched"]] == [0] and out["ambiguities"] == []


def _titled_sheet(path: Path) -> Path:
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(["2024年4月 入出金明細"])
    sheet.append([])
    sheet.append(["日付", "摘要", "入金"])
    sheet.append(["2024-04-05", "ｶ)ｻﾝﾌﾟﾙ", 109560])
    workbook.save(path)
    return path


def test_read_data_asks_which_row_is_the_header(
    registry: BlockRegistry, store: FileStore, tmp_path: Path
) -> None:
    ref = store.put_file(_titled_sheet(tmp_path / "titled.xlsx")).model_dump(mode="json")
    with pytest.raises(NeedsConfirmation) as raised:
        execute(registry, store, "excel.read_data", {"workbook": ref}, ask=True)
    assert [o.id for o in raised.value.options] == ["row-1", "row-3"]
    assert raised.value.options[1].details == {
        t("runtime.excel.header_detail_row"): 3,
        t("runtime.excel.header_detail_cells"): ["日付", "摘要", "入金"],
    }
    answer = Confirmation(key="header_row", option="row-3", answered_by="sato")
    out = execute(
        registry,
        store,
        "excel.read_data",
        {"workbook": ref},
        ask=True,
        answers={"header_row": answer},
    )
    assert out["columns"] == ["日付", "摘要", "入金"]
    assert out["records"] == [{"日付": "2024-04-05", "摘要": "ｶ)ｻﾝﾌﾟﾙ", "入金": 109560}]
    assert out["findings"][0]["header_row"] == 3


def test_read_data_without_asking_keeps_row_one_and_records_it(
    registry: BlockRegistry, store: FileStore, tmp_path: Path
) -> None:
    ref = store.put_file(_titled_sheet(tmp_path / "titled.xlsx")).model_dump(mode="json")
    out = execute(registry, store, "excel.read_data", {"workbook": ref})
    assert out["columns"][0] == "2024年4月 入出金明細"  # as before
    [finding] = out["findings"]
    assert finding["kind"] == "ambiguous_header" and finding["candidate_rows"] == [3]


def test_read_data_with_a_plain_header_asks_nothing(
    registry: BlockRegistry, store: FileStore, tmp_path: Path
) -> None:
    workbook = Workbook()
    workbook.active.append(["コード", "名称"])
    workbook.active.append(["A1", "りんご"])
    workbook.save(tmp_path / "plain.xlsx")
    ref = store.put_file(tmp_path / "plain.xlsx").model_dump(mode="json")
    out = execute(registry, store, "excel.read_data", {"workbook": ref}, ask=True)
    assert out["columns"] == ["コード", "名称"] and out["findings"] == []


TWO_TOTALS = """請求書
株式会社みどり商店 御中
発行者: 山田商事株式会社
請求日 2024年4月1日
合計 110,000円
合計 121,000円
"""


def test_extract_fields_asks_which_total_when_it_is_to_be_checked(
    registry: BlockRegistry, store: FileStore
) -> None:
    inputs = {"text": TWO_TOTALS, "source_name": "inv.txt"}
    with pytest.raises(NeedsConfirmation) as raised:
        execute(registry, store, "invoice.extract_fields", inputs, ask=True)
    need = raised.value
    assert need.key == "total[0]"
    reason = t("invoice.review.total_rivals")
    assert need.question == t("invoice.ask.total", name="inv.txt", reason=reason)
    assert [o.details[t("invoice.ask.amount")] for o in need.options] == [110000, 121000]
    answer = Confirmation(key="total[0]", option="total-1", answered_by="sato")
    out = execute(
        registry, store, "invoice.extract_fields", inputs, ask=True, answers={"total[0]": answer}
    )
    fields = out["fields"]
    assert fields["total"] == 121000 and fields["status"]["total"] == "確定"
    assert "total" not in fields["review_reasons"] and fields["confirmed_by"] == {"total": "sato"}


def test_extract_fields_without_asking_leaves_it_to_be_checked(
    registry: BlockRegistry, store: FileStore
) -> None:
    out = execute(registry, store, "invoice.extract_fields", {"text": TWO_TOTALS})
    fields = out["fields"]
    assert fields["status"]["total"] == "要確認"  # the finding, with its candidates
    assert [c["value"] for c in fields["candidates"]["total"]] == [110000, 121000]
