"""The runs page's journal download (`ui_app.journal_exports`) in AppTest, over the month's
batches built by the real blocks: the format the run chose preselected, the file made on the
button (cp932, 25 fields a line for 弥生), recorded with who made it; the same entries from a
second run are left out and said so."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from blocks.counterparties.store import CounterpartyStore
from blocks.journals.ledger import ExportLedger
from blocks.journals.model import JournalBatch
from blocks.sdk.registry import BlockRegistry
from keiri.base.catalog import t
from tests.blocks.journals import month
from tests.blocks.journals.conftest import execute
from tests.support.catalog_text import shown
from tests.support.timing import scaled


def _section(outputs_file: str, run_id: str) -> None:
    import json as json_module
    from pathlib import Path as PathType

    from ui_app import journal_exports

    outputs = json_module.loads(PathType(outputs_file).read_text(encoding="utf-8"))
    journal_exports.render(run_id, outputs, "yamada")


@pytest.fixture
def outputs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, Any]:
    monkeypatch.setenv("KEIRI_HOME", str(tmp_path / "home"))
    with CounterpartyStore() as store:
        store.save_many(month.MASTER, "setup")
    blocks = BlockRegistry()
    links = execute(blocks, "counterparties.link", "link", invoices=month.INVOICES,
                    statement=month.STATEMENT, matched=month.MATCHED)  # fmt: skip
    purchases = execute(
        blocks, "journal.from_invoices", "purchases",
        invoices=month.INVOICES, evidence=month.EVIDENCE, links=links["invoice_links"],
        registry=month.REGISTRY, period=month.PERIOD,
    )  # fmt: skip
    return {
        "purchases": purchases,
        "export_journal": {"summary": {"format": "yayoi", "file_name": "x.csv"}},
    }


@pytest.fixture
def section(tmp_path: Path) -> Callable[[dict[str, Any], str], AppTest]:
    def open_section(outputs: dict[str, Any], run_id: str) -> AppTest:
        path = tmp_path / f"outputs-{run_id}.json"
        path.write_text(json.dumps(outputs, ensure_ascii=False), encoding="utf-8")
        at = AppTest.from_function(_section, args=(str(path), run_id), default_timeout=scaled(60))
        return at.run()

    return open_section


def _rerun_as(outputs: dict[str, Any], run_id: str) -> dict[str, Any]:
    """The same purchases as another run made them (a second run of the period)."""
    batch = JournalBatch.model_validate(outputs["purchases"]["journal"])
    other = batch.model_copy(
        update={
            "run_id": run_id,
            "entries": [e.model_copy(update={"run_id": run_id}) for e in batch.entries],
        }
    )
    return {"purchases": {"journal": other.model_dump(mode="json")}}


def test_the_yayoi_file_is_made_recorded_and_not_made_twice(
    outputs: dict[str, Any], section: Callable[[dict[str, Any], str], AppTest]
) -> None:
    at = section(outputs, month.RUN_ID)
    assert not at.exception
    entries = len(outputs["purchases"]["journal"]["entries"])
    assert at.markdown[0].value == f"**{t('exports.title')}**"
    assert at.caption[0].value == t("exports.entries", count=entries)
    assert at.selectbox[0].value == "yayoi"  # the plan's choice, preselected
    assert not at.get("download_button")

    at.button[0].click().run()
    assert not at.exception
    buttons = at.get("download_button")
    name = t("exports.file_name", format="yayoi", run=month.RUN_ID[:8], extension="csv")
    assert [b.proto.label for b in buttons] == [t("exports.download", name=name)]
    made = at.session_state["keiri::journal-export::" + month.RUN_ID]
    lines = list(csv.reader(io.StringIO(made["data"].decode("cp932"), newline="")))
    assert lines and all(len(line) == 25 for line in lines)
    assert any(shown("exports.made", c.value, entries=entries, by="yamada") for c in at.caption)
    done = ExportLedger().exported(
        e["dedup_key"] for e in outputs["purchases"]["journal"]["entries"]
    )
    assert len(done) == entries and {r.exported_by for r in done.values()} == {"yamada"}

    again = section(_rerun_as(outputs, "second-run"), "second-run")
    again.button[0].click().run()
    assert not again.exception
    info = [i.value for i in again.info]
    assert info == [t("exports.excluded", count=entries, runs=month.RUN_ID[:8])]


def test_outputs_without_journal_entries_show_nothing(
    section: Callable[[dict[str, Any], str], AppTest],
) -> None:
    at = section({"check": {"summary": {"errors": 0}}}, "plain-run")
    assert not at.exception
    assert not at.markdown and not at.button
