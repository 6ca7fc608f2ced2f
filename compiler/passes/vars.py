"""Pass `vars`: malformed placeholder vars are errors; each placeholder is a VAR_PLACEHOLDER
warning naming the first node that reads it and how to give it (see `compiler.placeholders`)."""

from __future__ import annotations

from pydantic import ValidationError

from blocks.sdk.errors import IssueCode
from blocks.sdk.issue_text import pydantic_message
from compiler.models import VarPlaceholder
from compiler.passes.context import CompileContext
from compiler.placeholders import describe, how_to_give, is_placeholder, readers_of
from keiri.base.catalog import t

__all__ = ["pass_placeholders"]


def pass_placeholders(ctx: CompileContext) -> None:
    """Malformed placeholders are errors; each placeholder is a VAR_PLACEHOLDER warning."""
    if ctx.compiled is None:
        return
    readers = readers_of(ctx.compiled)
    source = str(ctx.source) if ctx.source is not None else "PLAN"
    for name, value in ctx.plan.vars.items():
        if not is_placeholder(value):
            continue
        try:
            ph = VarPlaceholder.model_validate(value)
        except ValidationError as exc:
            for err in exc.errors():
                path = ("vars", name, *(p for p in err["loc"] if isinstance(p, str | int)))
                ctx.issue(
                    IssueCode.PLAN_SCHEMA_INVALID,
                    t("issue.placeholder.invalid", name=name, detail=pydantic_message(err)),
                    path,
                    readers.get(name),
                    t("issue.placeholder.invalid_hint"),
                )
            continue
        ctx.issue(
            IssueCode.VAR_PLACEHOLDER,
            t("issue.placeholder.pending", name=name, what=describe(ph)),
            ("vars", name),
            readers.get(name),
            t("issue.placeholder.pending_hint", how=how_to_give(name, ph, source)),
            severity="warning",
        )
