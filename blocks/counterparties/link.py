"""`counterparties.link`: invoices and statement lines linked to the counterparty master, with
a confidence, and the issuers the master lacks proposed for creation (`linking`)."""

from __future__ import annotations

from typing import Any

from blocks.counterparties.linking import link_evidence
from blocks.counterparties.store import CounterpartyStore
from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext

__all__ = ["LinkBlock"]


class LinkBlock(Block):
    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        with CounterpartyStore() as store:
            master = store.counterparties()
        result = link_evidence(
            master,
            inputs["invoices"],
            inputs.get("statement") or [],
            inputs.get("matched") or [],
            description_field=inputs["description_field"],
            amount_field=inputs.get("amount_field"),
            min_confidence=inputs["min_confidence"],
        )
        ctx.emit("counterparties_linked", node_id=ctx.node_id, **result["summary"])
        return result
