"""The checks before an export, each refusing with every problem listed (nothing written), the
account map per product and its override, and no entry exported twice across runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from blocks.journals.export import collect_batches, prepare_export, record_export
from blocks.journals.ledger import ExportLedger
from blocks.journals.model import JournalBatch, Line
from blocks.sdk.errors import BlockError
from keiri.base import settings


def _purchases(batches: list[JournalBatch]) -> JournalBatch:
    return batches[0]


def _refused(batches: list[JournalBatch], fmt: str = "yayoi", **kw: object) -> BlockError:
    with pytest.raises(BlockError) as caught:
        prepare_export(batches, fmt, **kw)  # type: ignore[arg-type]
    return caught.value


def test_an_unbalanced_entry_and_a_date_outside_the_period_are_refused_together(
    batches: list[JournalBatch],
) -> None:
    purchases = _purchases(batches)
    first = purchases.entries[0]
    broken = first.model_copy(update={"lines": [*first.lines[:-1], first.lines[-1].model_copy(
        update={"amount": first.lines[-1].amount - 1})]})  # fmt: skip
    moved = purchases.entries[1].model_copy(update={"date": "2026-10-21"})
    bad = purchases.model_copy(update={"entries": [broken, moved, *purchases.entries[2:]]})
    error = _refused([bad, batches[1]])
    assert error.code == "JOURNAL_CHECK_FAILED"
    checks = {(p["entry"], p["check"]) for p in error.details["problems"]}
    assert checks == {(broken.id, "unbalanced"), (moved.id, "outside_period")}
    assert "22000" in error.message and "21999" in error.message


def test_the_same_evidence_twice_in_one_export_is_refused(batches: list[JournalBatch]) -> None:
    purchases = _purchases(batches)
    twin = purchases.entries[0].model_copy(update={"id": "P-0099"})
    error = _refused([purchases.model_copy(update={"entries": [*purchases.entries, twin]})])
    assert {p["check"] for p in error.details["problems"]} == {"duplicate"}


def test_a_long_summary_is_cut_visibly_or_refused_as_configured(
    batches: list[JournalBatch], monkeypatch: pytest.MonkeyPatch
) -> None:
    result = prepare_export(batches, "yayoi")
    assert [c["entry"] for c in result.cut] == ["P-0005"]
    assert result.cut[0]["after"].endswith("…")
    monkeypatch.setenv("KEIRI_JOURNAL_SUMMARY_OVERFLOW", "refuse")
    error = _refused(batches)
    (problem,) = error.details["problems"]
    assert problem["check"] == "summary_too_long" and "64" in problem["message"]
    assert prepare_export(batches, "mf").cut == []  # MF's limit is longer


def test_an_account_the_product_lacks_is_refused_with_close_names(
    batches: list[JournalBatch], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    purchases = _purchases(batches)
    entry = purchases.entries[0]
    renamed = entry.model_copy(update={"lines": [entry.lines[0].model_copy(
        update={"account": "消耗品"}), *entry.lines[1:]]})  # fmt: skip
    bad = [purchases.model_copy(update={"entries": [renamed]})]
    error = _refused(bad, period="2026-09")
    assert error.code == "ACCOUNT_NOT_MAPPED"
    assert "消耗品" in error.message and "消耗品費" in error.message  # did you mean
    assert prepare_export(bad, "csv", period="2026-09").entries  # the generic CSV takes any name
    mapping = tmp_path / "accounts.yaml"
    mapping.write_text("yayoi:\n  accounts:\n    消耗品: 消耗品費\n", encoding="utf-8")
    monkeypatch.setenv("KEIRI_JOURNAL_ACCOUNT_MAP", str(mapping))
    settings.reset()
    assert (
        b"\x8f\xc1\x96\xd5\x95\x69\x94\xef" in prepare_export(bad, "yayoi", period="2026-09").data
    )


def test_a_character_shift_jis_lacks_is_refused(batches: list[JournalBatch]) -> None:
    purchases = _purchases(batches)
    entry = purchases.entries[0].model_copy(update={"description": "𠮷野家 弁当"})
    error = _refused([purchases.model_copy(update={"entries": [entry]})], period="2026-09")
    assert error.details["problems"][0]["check"] == "unencodable" and "𠮷" in error.message
    utf8 = prepare_export(
        [purchases.model_copy(update={"entries": [entry]})], "csv", period="2026-09"
    )
    assert "𠮷野家".encode() in utf8.data


def test_a_period_is_needed_and_taken_from_the_batches(batches: list[JournalBatch]) -> None:
    bare = [b.model_copy(update={"period": None}) for b in batches]
    assert _refused(bare).code == "USAGE_ERROR"
    assert prepare_export(bare, "yayoi", period="2026-09-21..2026-10-20").rows == 13
    assert _refused(bare, period="2026-13").code == "USAGE_ERROR"


def test_no_entry_is_exported_twice_across_runs(batches: list[JournalBatch]) -> None:
    ledger = ExportLedger()
    first = prepare_export(batches, "yayoi", ledger=ledger)
    record_export(first, "yamada", ledger)
    again = prepare_export(batches, "mf", ledger=ledger)  # the same run: the same entries
    assert len(again.entries) == 9 and again.excluded == []
    rerun = [b.model_copy(update={"run_id": "second-run", "entries": [
        e.model_copy(update={"run_id": "second-run"}) for e in b.entries]}) for b in batches]  # fmt: skip
    extra = (
        rerun[0]
        .entries[0]
        .model_copy(update={"id": "P-0100", "dedup_key": "new", "date": "2026-10-19"})
    )
    rerun[0] = rerun[0].model_copy(update={"entries": [*rerun[0].entries, extra]})
    second = prepare_export(rerun, "yayoi", ledger=ledger)
    assert [e.id for e in second.entries] == ["P-0100"]
    assert len(second.excluded) == 9 and {x["run_id"] for x in second.excluded} == {"golden-run"}
    assert (settings.keiri_home() / "journals.sqlite").is_file()


def test_batches_are_found_anywhere_in_a_runs_outputs(batches: list[JournalBatch]) -> None:
    outputs = {
        "purchases": {"journal": batches[0].model_dump(mode="json"), "summary": {}},
        "confirm": {"approved": True},
        "fixed": {"corrected": [batches[1].model_dump(mode="json")]},
    }
    assert [b.kind for b in collect_batches(outputs)] == ["purchases", "payments"]
    broken = batches[0].model_dump(mode="json")
    broken["entries"][0]["lines"][0]["amount"] = 100.5
    with pytest.raises(BlockError) as caught:
        collect_batches({"x": broken})
    assert caught.value.code == "JOURNAL_CHECK_FAILED"


def test_an_amount_line_model_is_whole_yen() -> None:
    with pytest.raises(ValueError):
        Line(side="debit", account="雑費", tax_category="purchase_10", amount=1.5)  # type: ignore[arg-type]
