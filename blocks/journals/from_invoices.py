"""`journal.from_invoices`: purchase entries from checked invoices (`purchases`), with the
counterparty master's rules and defaults, and the registry's answers when given."""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from typing import TYPE_CHECKING, Any, TypeVar

from blocks.counterparties.store import CounterpartyStore
from blocks.journals.model import parse_period
from blocks.journals.purchases import (
    PurchaseContext,
    PurchaseOptions,
    build_purchases,
    evidence_index,
)
from blocks.journals.summary import batch_output
from blocks.journals.tax import normalise_registry
from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = ["FromInvoicesBlock", "options_input", "period_input"]

_Options = TypeVar("_Options", bound="DataclassInstance")


def period_input(ctx: BlockContext, value: Any) -> Any:
    try:
        return parse_period(value)
    except ValueError:
        raise BlockError(
            ErrorCode.INPUT_VALIDATION_FAILED,
            t("journal.period.invalid", value=value),
            details={"node_id": ctx.node_id, "field": "period"},
            hint=t("journal.period.hint"),
        ) from None


def options_input(ctx: BlockContext, inputs: dict[str, Any], cls: type[_Options]) -> _Options:
    """A journal block's options (`PurchaseOptions`, `PaymentOptions`): each the block's input
    of the same name, `run_id` the run's."""
    names = [f.name for f in dataclasses.fields(cls)]
    return cls(**{name: ctx.run_id if name == "run_id" else inputs[name] for name in names})


class FromInvoicesBlock(Block):
    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        period = period_input(ctx, inputs.get("period"))
        with CounterpartyStore() as store:
            master = {item.code: item for item in store.counterparties()}
            rules = store.rules()
        findings: dict[str, list[str]] = defaultdict(list)
        reasons: dict[tuple[str, str], str] = {}
        for finding in inputs.get("findings") or []:
            if finding.get("severity") == "error":
                where, rule = str(finding.get("file")), str(finding.get("rule"))
                findings[where].append(rule)
                if finding.get("reason"):
                    reasons.setdefault((where, rule), str(finding["reason"]))
        context = PurchaseContext(
            counterparties=master,
            rules=rules,
            links={str(link.get("file")): link for link in inputs.get("links") or []},
            evidence=evidence_index(inputs.get("evidence") or []),
            findings=findings,
            reasons=reasons,
            registry=normalise_registry(inputs.get("registry")),
        )
        options = options_input(ctx, inputs, PurchaseOptions)
        entries, skipped = build_purchases(inputs["invoices"], context, options)
        return batch_output(ctx, "purchases", period, entries, skipped)
