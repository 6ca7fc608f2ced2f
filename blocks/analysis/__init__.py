"""The data-analysis agent of seed 002: a LangGraph ReAct loop over a sandboxed Python.

Modules, one concept each: `models` (the seed's pydantic models), `prompts` (the Japanese
prompts), `workspace` (the session folder, reading CSV/XLSX, checking outputs), `sandbox`
(one limited child process per action; `_sandbox_child` is its child side), `graph` (the
seed's StateGraph), `report` (settling and rendering the report), `turn` (one user message
→ one `graph.invoke()`). Users: the `ai.analyze` block, `keiri analyze`, the 分析 page.

Never imports the compiler, flows, the UI or the CLI (it sits in the `blocks` layer).
"""

from __future__ import annotations

from blocks.analysis.graph import MAX_LOOPS, AnalysisGraph, build_graph
from blocks.analysis.models import (
    AgentState,
    CodeGenOutput,
    DataFrameInfo,
    ExecutionResult,
    ExpectedOutput,
    ReasonOutput,
    ReportOutput,
    ReportSection,
)
from blocks.analysis.sandbox import Sandbox, SandboxLimits, SandboxRun
from blocks.analysis.turn import TurnResult, new_state, run_turn

__all__ = [
    "MAX_LOOPS",
    "AgentState",
    "AnalysisGraph",
    "CodeGenOutput",
    "DataFrameInfo",
    "ExecutionResult",
    "ExpectedOutput",
    "ReasonOutput",
    "ReportOutput",
    "ReportSection",
    "Sandbox",
    "SandboxLimits",
    "SandboxRun",
    "TurnResult",
    "build_graph",
    "new_state",
    "run_turn",
]
