"""`counterparties.register`: the counterparties a person accepted in the 仕訳確認 form
(`register: true` on a row of `journal.review`'s proposals) saved in the master, recorded in
its change log with who did it. Rows left unticked are skipped: nothing is created silently.
A code another counterparty took in the meantime moves to the next free one (C001, C002, ...),
never overwriting it."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from blocks.counterparties.models import Counterparty
from blocks.counterparties.store import CounterpartyStore
from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t
from keiri.base.errors.pydantic_text import pydantic_message

__all__ = ["RegisterBlock"]

_FIELDS = ("name", "kana", "registration_number", "default_account")


def _free(code: str, taken: set[str]) -> str:
    if code and code not in taken:
        return code
    number = 1
    while f"C{number:03d}" in taken:
        number += 1
    return f"C{number:03d}"


class RegisterBlock(Block):
    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        answered = inputs.get("answered") or {}
        who = str(inputs.get("who") or answered.get("answered_by") or "unknown")
        rows = [row for row in inputs.get("rows") or [] if isinstance(row, dict)]
        chosen = [row for row in rows if row.get("register") is True]
        created: list[dict[str, Any]] = []
        with CounterpartyStore() as store:
            taken = {item.code for item in store.counterparties()}
            items = []
            for row in chosen:
                code = _free(str(row.get("code") or ""), taken)
                taken.add(code)
                data = {"code": code, **{f: row.get(f) or None for f in _FIELDS}}
                try:
                    items.append(Counterparty.model_validate(data))
                except ValidationError as exc:
                    raise BlockError(
                        ErrorCode.COUNTERPARTY_INVALID,
                        t(
                            "counterparty.register.invalid",
                            name=row.get("name") or code,
                            detail=pydantic_message(exc.errors()[0]),
                        ),
                        details={"node_id": ctx.node_id, "row": row.get("proposal")},
                        hint=t("counterparty.register.invalid_hint"),
                    ) from exc
            store.save_many(items, who)
        for item in items:
            created.append(item.model_dump())
            ctx.emit("counterparty_created", node_id=ctx.node_id, code=item.code, by=who)
        return {
            "created": created,
            "summary": {"proposals": len(rows), "created": len(created), "by": who},
        }
