"""The seed's LangGraph graph: `reason` → `code_exec` → `reason` ... → `report`.

Edges (seed 002 "エッジ（遷移）一覧"): `START → reason`; `reason → END` on `ask` (the question
is the turn's answer); `reason → code_exec` on `act`; `reason → report` on `finalize` or when
the loop cap is reached; `code_exec → reason`; `report → END`. The cap (`MAX_LOOPS` = 5
actions per request): a `reason` entered after five rounds decides nothing (no LLM call) and
the route sends the state to `report`, which then presents intermediate results.

No checkpointer: the caller keeps the state between turns (`turn.run_turn`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from blocks.analysis import prompts
from blocks.analysis.models import (
    AgentState,
    CodeGenOutput,
    ExecutionResult,
    ReasonOutput,
    ReportOutput,
)
from blocks.analysis.report import settle_report, write_report
from blocks.analysis.sandbox import Sandbox
from blocks.analysis.workspace import verify_outputs
from blocks.llm.client import LLMClient
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t

__all__ = ["MAX_LOOPS", "AnalysisGraph", "build_graph", "route"]

MAX_LOOPS = 5
_STATE_STDOUT = 20_000

Emit = Callable[..., None]


def route(state: AgentState) -> str:
    """The conditional edge out of `reason`."""
    if state.next_action == "ask":
        return END
    if state.next_action == "finalize" or state.loop_count > MAX_LOOPS:
        return "report"
    return "code_exec"


class AnalysisGraph:
    """The three nodes over an LLM client and a sandbox; `graph` is the compiled graph."""

    def __init__(
        self, llm: LLMClient, sandbox: Sandbox | None = None, *, emit: Emit | None = None
    ) -> None:
        self.llm = llm
        self.sandbox = sandbox or Sandbox()
        self.emit: Emit = emit or (lambda event, **fields: None)
        builder = StateGraph(AgentState)
        builder.add_node("reason", self.reason)
        builder.add_node("code_exec", self.code_exec)
        builder.add_node("report", self.report)
        builder.add_edge(START, "reason")
        builder.add_conditional_edges(
            "reason", route, {END: END, "code_exec": "code_exec", "report": "report"}
        )
        builder.add_edge("code_exec", "reason")
        builder.add_edge("report", END)
        self.graph: CompiledStateGraph[Any, Any, Any, Any] = builder.compile()

    # -- nodes --------------------------------------------------------------------------------

    def reason(self, state: AgentState) -> dict[str, Any]:
        loop = state.loop_count + 1
        if state.df is None:
            return {
                "next_action": "ask",
                "loop_count": loop,
                "messages": [AIMessage(t("analyze.no_data"))],
            }
        if state.loop_count >= MAX_LOOPS:
            self.emit("analysis_loop_cap", loop=state.loop_count, max_loops=MAX_LOOPS)
            return {"loop_count": loop}  # the route sends this to `report` (intermediate)
        system, user = prompts.reason_prompt(state, MAX_LOOPS)
        decision = self.llm.parse(system, user, ReasonOutput).value
        self.emit(
            "analysis_reason",
            loop=loop,
            next_action=decision.next_action,
            rationale=decision.rationale,
        )
        update: dict[str, Any] = {"next_action": decision.next_action, "loop_count": loop}
        if decision.assumption:
            update["assumptions"] = [*state.assumptions, decision.assumption]
        if decision.next_action == "ask":
            update["messages"] = [AIMessage(_required(decision.question, "question"))]
        elif decision.next_action == "act":
            update["instruction"] = _required(decision.instruction, "instruction")
        return update

    def code_exec(self, state: AgentState) -> dict[str, Any]:
        workspace = Path(_required(state.workspace_dir, "workspace_dir"))
        instruction = _required(state.instruction, "instruction")
        system, user = prompts.code_prompt(instruction, state.df_info, str(workspace))
        self.sandbox.prepare(workspace)  # the sandbox starts while the model writes the code
        generated = self.llm.parse(system, user, CodeGenOutput).value
        started = time.time()
        run = self.sandbox.run(generated.code, state.df, workspace)
        present, problems = verify_outputs(workspace, generated.expected_outputs, started)
        error = run.error
        if run.ok and problems:
            error = t("analyze.outputs_problem", problems="; ".join(problems))
        result = ExecutionResult(
            success=run.ok and not problems,
            code=generated.code,
            stdout=run.stdout[:_STATE_STDOUT] or None,
            error=error,
            outputs=present,
        )
        for violation in run.violations:
            self.emit("sandbox_violation", loop=state.loop_count, violation=violation)
        self.emit(
            "analysis_action",
            loop=state.loop_count,
            success=result.success,
            seconds=round(run.seconds, 3),
            layers=run.layers,
            error=result.error,
            outputs=[o.file_name for o in present],
        )
        return {"execution_results": [*state.execution_results, result]}

    def report(self, state: AgentState) -> dict[str, Any]:
        workspace = Path(_required(state.workspace_dir, "workspace_dir"))
        intermediate = state.next_action != "finalize"
        system, user = prompts.report_prompt(state, intermediate=intermediate)
        drafted = self.llm.parse(system, user, ReportOutput).value
        report = settle_report(
            drafted,
            workspace,
            state.execution_results,
            intermediate=intermediate,
            max_loops=MAX_LOOPS,
        )
        path = write_report(workspace, report)
        self.emit("analysis_report", title=report.title, intermediate=intermediate, path=str(path))
        note = t("analyze.report_written", title=report.title)
        if intermediate:
            note += t("analyze.report_intermediate")
        return {"final_report": report, "messages": [AIMessage(note)]}


def build_graph(
    llm: LLMClient, sandbox: Sandbox | None = None, *, emit: Emit | None = None
) -> CompiledStateGraph[Any, Any, Any, Any]:
    """The compiled graph (see `AnalysisGraph`)."""
    return AnalysisGraph(llm, sandbox, emit=emit).graph


def _required(value: str | None, name: str) -> str:
    if value:
        return value
    raise BlockError(
        ErrorCode.API_ERROR,
        t("analyze.missing_field", name=name),
        details={"reason": "schema_mismatch", "field": name},
        hint=t("analyze.missing_field_hint"),
        recoverable=True,
    )
