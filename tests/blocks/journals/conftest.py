"""The month's journal batches, built by the real blocks (counterparties.link,
journal.from_invoices, journal.from_payments) with the master in this test's keiri home."""

from __future__ import annotations

from typing import Any

import pytest

from blocks.counterparties.store import CounterpartyStore
from blocks.journals.model import JournalBatch
from blocks.sdk.context import BlockContext
from blocks.sdk.registry import BlockRegistry
from blocks.sdk.store import FileStore
from tests.blocks.journals import month


def execute(blocks: BlockRegistry, block_id: str, node_id: str, **inputs: Any) -> dict[str, Any]:
    ctx = BlockContext(run_id=month.RUN_ID, plan_id="monthly_close", node_id=node_id,
                       file_store=FileStore())  # fmt: skip
    return blocks.create(blocks.get(block_id)).execute(ctx, inputs)


@pytest.fixture
def master() -> None:
    with CounterpartyStore() as store:
        store.save_many(month.MASTER, "setup")


@pytest.fixture
def batches(registry: BlockRegistry, master: None) -> list[JournalBatch]:
    links = execute(registry, "counterparties.link", "link", invoices=month.INVOICES,
                    statement=month.STATEMENT, matched=month.MATCHED)  # fmt: skip
    purchases = execute(
        registry, "journal.from_invoices", "purchases",
        invoices=month.INVOICES, evidence=month.EVIDENCE, links=links["invoice_links"],
        registry=month.REGISTRY, period=month.PERIOD,
    )  # fmt: skip
    payments = execute(
        registry, "journal.from_payments", "payments",
        matched=month.MATCHED, links=links["statement_links"], statement_file=month.STATEMENT_FILE,
        evidence=month.EVIDENCE, period=month.PERIOD,
    )  # fmt: skip
    return [JournalBatch.model_validate(purchases["journal"]),
            JournalBatch.model_validate(payments["journal"])]  # fmt: skip
