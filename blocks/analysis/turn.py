"""One conversation turn: the caller's state in, one `graph.invoke()`, the new state out.

The seed's operating rule: the UI (or the CLI, or the `ai.analyze` block) invokes the graph
once per user message and keeps the state itself (no LangGraph checkpointer). A turn ends
either with a question (`ask`) or with a report.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import pandas as pd
from langchain_core.messages import HumanMessage

from blocks.analysis.graph import MAX_LOOPS
from blocks.analysis.models import AgentState, ExecutionResult, ReportOutput
from blocks.analysis.report import REPORT_FILE
from blocks.analysis.workspace import dataframe_info

__all__ = ["TurnResult", "loops_run", "new_state", "run_turn"]

# A recursion limit comfortably above the 2 * MAX_LOOPS + 3 steps of one turn.
_RECURSION_LIMIT = 4 * MAX_LOOPS + 10


@dataclass(frozen=True)
class TurnResult:
    """What one turn produced: a question or a report, and the state to keep."""

    kind: Literal["ask", "report"]
    state: AgentState
    question: str | None = None
    report: ReportOutput | None = None
    report_path: Path | None = None
    executions: tuple[ExecutionResult, ...] = ()

    @property
    def loops(self) -> int:
        return loops_run(self.state)[0]


def loops_run(state: AgentState) -> tuple[int, bool]:
    """(the loops actually run, whether the cap stopped the turn): `reason` entered after
    `MAX_LOOPS` rounds counts itself but decides nothing, so it is not a loop run."""
    capped = state.loop_count > MAX_LOOPS
    return min(state.loop_count, MAX_LOOPS), capped


def new_state(df: pd.DataFrame | None, workspace: Path) -> AgentState:
    """The state of a new session over `df` in `workspace`."""
    return AgentState(
        messages=[],
        df=df,
        df_info=dataframe_info(df) if df is not None else None,
        workspace_dir=str(workspace),
    )


def run_turn(graph: Any, state: AgentState, user_text: str) -> TurnResult:
    """Add the user's message, run the graph once, return the question or the report."""
    before = len(state.execution_results)
    start = state.model_copy(
        update={
            "next_action": None,
            "loop_count": 0,
            "instruction": None,
            "final_report": None,
        }
    )
    start.messages = [*state.messages, HumanMessage(user_text)]
    raw = graph.invoke(start, {"recursion_limit": _RECURSION_LIMIT})
    values: dict[str, Any] = dict(raw) if isinstance(raw, dict) else raw.model_dump()
    # The graph returns only the channels with values; the rest keep the input state's.
    merged = {**{name: getattr(start, name) for name in AgentState.model_fields}, **values}
    after = AgentState.model_validate(merged)
    executions = tuple(after.execution_results[before:])
    if after.next_action == "ask":
        return TurnResult(
            kind="ask",
            state=after,
            question=after.messages[-1].text if after.messages else None,
            executions=executions,
        )
    workspace = Path(after.workspace_dir or ".")
    return TurnResult(
        kind="report",
        state=after,
        report=after.final_report,
        report_path=workspace / REPORT_FILE,
        executions=executions,
    )
