"""The seed's pydantic models (seed 002 "Pydanticモデル定義"), as written.

`ExpectedOutput`, `CodeGenOutput`, `ReasonOutput` and `ReportOutput` are the structured
outputs of the three LLM calls; `DataFrameInfo` is what the prompts see of the data;
`ExecutionResult` is one sandboxed action; `AgentState` is the LangGraph state (the caller
keeps it between turns: no checkpointer). The only change from the seed is pydantic 2's
`model_config` in place of the `class Config` of pydantic 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

import pandas as pd
from langchain_core.messages import BaseMessage
from langgraph.graph.message import add_messages
from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "AgentState",
    "CodeGenOutput",
    "DataFrameInfo",
    "ExecutionResult",
    "ExpectedOutput",
    "ReasonOutput",
    "ReportOutput",
    "ReportSection",
]

# --- Artifact types ---


class ExpectedOutput(BaseModel):
    """Metadata of one output the generated code promises to write."""

    file_name: str  # e.g. "region_sales.png"
    description: str  # e.g. "地域別売上の棒グラフ"
    output_type: Literal["figure", "table"]


class CodeGenOutput(BaseModel):
    """The code generation answer (structured output)."""

    code: str
    expected_outputs: list[ExpectedOutput]


class ReasonOutput(BaseModel):
    """The reason node's answer (structured output)."""

    next_action: Literal["ask", "act", "finalize"]
    instruction: str | None = None  # the analysis instruction when next_action == "act"
    question: str | None = None  # the question when next_action == "ask"
    assumption: str | None = None  # an assumption, if any
    rationale: str  # why (for debugging)


# --- Inputs and results ---


class DataFrameInfo(BaseModel):
    """What the prompts see of the DataFrame."""

    shape: tuple[int, int]
    columns: list[str]
    dtypes: dict[str, str]
    head: list[dict[str, Any]]  # the first 5 rows


class ExecutionResult(BaseModel):
    """The result of one sandboxed action."""

    success: bool
    code: str  # the code that ran
    stdout: str | None = None  # captured standard output
    error: str | None = None  # the error message
    outputs: list[ExpectedOutput] = Field(default_factory=list)  # the outputs it wrote


# --- Report types ---


class ReportSection(BaseModel):
    """One section of the report."""

    section_type: Literal["text", "image", "table"]
    content: str  # text: Markdown / image: file path / table: JSON
    description: str | None = None  # caption of an image or a table


class ReportOutput(BaseModel):
    """The report generation answer (structured output)."""

    title: str
    sections: list[ReportSection]
    suggestions: list[str] | None = None  # further analyses to suggest


# --- AgentState ---


class AgentState(BaseModel):
    """The LangGraph state."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    messages: Annotated[Sequence[BaseMessage], add_messages]

    # The DataFrame (never put into a prompt)
    df: pd.DataFrame | None = None
    df_info: DataFrameInfo | None = None  # its summary for the prompts

    # The ReAct loop
    next_action: Literal["ask", "act", "finalize"] | None = None
    loop_count: int = 0

    # reason -> code_exec
    instruction: str | None = None  # the analysis instruction

    # code_exec -> reason (accumulated results)
    execution_results: list[ExecutionResult] = Field(default_factory=list)

    # assumptions
    assumptions: list[str] = Field(default_factory=list)

    # the workspace folder
    workspace_dir: str | None = None

    # the final output
    final_report: ReportOutput | None = None
