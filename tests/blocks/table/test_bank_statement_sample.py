"""The committed bank statement sample: in sync with its generator and the evidence manifest,
read by excel.read_data and reconciled against the sample invoices by table.reconcile."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from blocks.sdk.store import FileStore

Run = Callable[..., dict[str, Any]]
SAMPLES = Path(__file__).resolve().parents[3] / "samples"
STATEMENT = SAMPLES / "bank" / "bank_statement.xlsx"


@pytest.fixture(scope="module")
def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_bank_statement", SAMPLES / "make_bank_statement.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


def test_committed_statement_matches_its_generator(generator: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "statement.xlsx"
    generator.main(["--out", str(out)])
    assert out.read_bytes() == STATEMENT.read_bytes(), (
        "samples/bank/bank_statement.xlsx is stale: run python samples/make_bank_statement.py"
    )


def test_payments_reconcile_with_the_sample_invoices(
    generator: ModuleType, run: Run, store: FileStore
) -> None:
    invoices = generator.load_invoices(SAMPLES / "evidence" / "manifest.json")
    entries = generator.build_entries(invoices)
    statement = run(
        "excel.read_data",
        workbook=store.put_file(STATEMENT).model_dump(mode="json"),
        header_row=5,
    )
    assert statement["columns"] == ["日付", "摘要", "入金", "出金", "残高"]
    assert statement["row_count"] == len(entries)
    out = run(
        "table.reconcile",
        left=invoices,
        right=statement["records"],
        left_amount="total",
        right_amount="出金",
        amount_tolerance=660,
        left_date="date",
        right_date="日付",
        date_window_days=10,
    )
    planned = {e.invoice_id: e for e in entries if e.invoice_id}
    paid = {m["left"]["id"]: m for m in out["matched"]}
    assert set(paid) == set(planned)
    for invoice_id, match in paid.items():
        entry = planned[invoice_id]
        assert match["right"]["摘要"] == entry.description
        assert match["amount_diff"] == -entry.fee
        assert match["date_diff_days"] > 0
    never_paid = [i for i in invoices if i["id"] not in planned]
    assert out["unmatched_left"] == never_paid and len(never_paid) == 1
    strangers = [e for e in entries if e.withdrawal and not e.invoice_id]
    assert [r["摘要"] for r in out["unmatched_right"]] == [e.description for e in strangers]
    assert sorted(-m["amount_diff"] for m in out["differences"] if m["amount_diff"]) == sorted(
        e.fee for e in planned.values() if e.fee
    )
    deposits = sum(1 for e in entries if e.withdrawal is None)
    assert len(out["summary"]["skipped_right"]) == deposits == 1
    assert out["summary"]["amount_difference_total"] == -sum(e.fee for e in planned.values())
