"""Subflow nodes: the called plan runs as a nested plan run (Prefect: a subflow run)."""

from __future__ import annotations

from typing import Any

from blocks.sdk.errors import BlockError
from compiler.references import render
from compiler.runstate import Frame, RunState, ScopeRunner
from compiler.scope import CompiledSubflow
from keiri.base.catalog import t

__all__ = ["run_subflow"]


def run_subflow(
    runner: ScopeRunner, state: RunState, cnode: CompiledSubflow, frame: Frame
) -> dict[str, Any]:
    node = cnode.node
    sub_run_id = state.next_subflow_id()
    inputs = render(node.call.inputs, frame.lookup)
    scope = f"{state.scope}/{cnode.id}" + (
        f"[{frame.iteration}]" if frame.iteration is not None else ""
    )

    def execute() -> Any:
        return runner.run_plan(cnode.subplan, state, sub_run_id, inputs, scope)

    result = state.backend.run_subflow(state, cnode, sub_run_id, execute)
    if result.error is not None:
        raise BlockError(
            result.error.code,
            t("runtime.subflow.failed", plan=node.call.plan_id, detail=result.error.message),
            details={
                **result.error.details,
                "node_id": cnode.id,
                "subflow_run_id": sub_run_id,
                "subflow_node_id": result.error.node_id,
            },
            hint=result.error.hint,
            recoverable=result.error.recoverable,
        )
    return {export.as_: result.exports.get(export.from_) for export in node.out.exports}
