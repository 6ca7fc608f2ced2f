"""`ai.analyze`: the data-analysis agent of seed 002 as a plan block.

The block reads the data (a CSV/XLSX FileRef or records), creates a workspace, and runs the
agent's turns (`blocks.analysis`). When the agent asks a question, the question becomes
a human-input form — the same port `ui.interactive_input` uses — so on Prefect the run pauses
and the inbox shows the question; the answer is the next turn's message. That is why the
block runs in the flow (`runs_in_flow`), like the human-input block: a pause cannot happen
inside a task. Consequence: its result is not a cached task result; a retried run repeats
the analysis (the answers already given are reused from their pause keys).

Answers given up front (`--input <node>.answer=TEXT`, or a list for several questions) are
used in order before anyone is asked.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from pathlib import Path
from typing import Any, ClassVar

import pandas as pd

from blocks.analysis import build_graph, new_state, run_turn
from blocks.analysis.report import render_markdown, section_table
from blocks.analysis.turn import TurnResult
from blocks.analysis.workspace import create_workspace, read_data, save_upload
from blocks.forms.form import Requirement, form_schema
from blocks.llm.client import client_for
from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError, ErrorCode
from blocks.sdk.fileref import FileRef
from keiri.base.catalog import t

__all__ = ["AnalyzeBlock", "question_form"]

ANSWER_FIELD = "answer"


def question_form(question: str, node_id: str, number: int) -> dict[str, Any]:
    """The human-input form of one question of the agent: one required text field."""
    requirement = Requirement(
        id=ANSWER_FIELD,
        type="text",
        label=t("analyze.answer_label"),
        description=question,
        hint=t("analyze.answer_hint"),
    )
    return {
        "mode": "collect",
        "message": t("analyze.question", number=number, question=question),
        "assignee": None,
        "requirements": [requirement.model_dump(mode="json")],
        "schema": form_schema("collect", [requirement]),
        "context": {"source": "ai.analyze", "node_id": node_id, "question": question},
    }


class AnalyzeBlock(Block):
    runs_in_flow: ClassVar[bool] = True

    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        workspace = create_workspace()
        df = self._frame(ctx, inputs, workspace)
        llm, owned = client_for(ctx.services)
        try:
            graph = build_graph(
                llm, emit=lambda event, **f: ctx.emit(event, node_id=ctx.node_id, **f)
            )
            turn = run_turn(graph, new_state(df, workspace), inputs["question"])
            given = deque(_given_answers(ctx.answers))
            asked = 0
            while turn.kind == "ask":
                asked += 1
                if asked > int(inputs.get("max_questions", 3)):
                    raise BlockError(
                        ErrorCode.INPUT_VALIDATION_FAILED,
                        t(
                            "runtime.analyze.too_many_questions",
                            limit=inputs.get("max_questions", 3),
                            question=turn.question,
                        ),
                        details={"node_id": ctx.node_id, "field": "max_questions"},
                        hint=t("runtime.analyze.too_many_questions_hint"),
                    )
                answer = given.popleft() if given else self._ask(ctx, turn, asked)
                turn = run_turn(graph, turn.state, answer)
        finally:
            if owned:
                llm.close()
        return self._outputs(ctx, turn, workspace)

    # -- steps --------------------------------------------------------------------------------

    def _frame(self, ctx: BlockContext, inputs: dict[str, Any], workspace: Path) -> pd.DataFrame:
        data, records = inputs.get("data"), inputs.get("records")
        if (data is None) == (records is None):
            raise BlockError(
                ErrorCode.INPUT_VALIDATION_FAILED,
                t("runtime.analyze.one_source"),
                details={"node_id": ctx.node_id, "field": "data"},
                hint=t("runtime.analyze.one_source_hint"),
            )
        if data is not None:
            ref = FileRef.model_validate(data)
            path = save_upload(workspace, ref.name, ctx.read_bytes(ref))
            return read_data(path, ref.name, sheet=inputs.get("sheet"))
        if not records:
            raise BlockError(
                ErrorCode.INPUT_VALIDATION_FAILED,
                t("runtime.analyze.no_records"),
                details={"node_id": ctx.node_id, "field": "records"},
                hint=t("runtime.analyze.no_records_hint"),
            )
        frame = pd.DataFrame.from_records(records)
        frame.to_csv(workspace / "records.csv", index=False)
        return frame

    def _ask(self, ctx: BlockContext, turn: TurnResult, number: int) -> str:
        if ctx.human_input is None:
            raise BlockError(
                ErrorCode.DEPENDENCY_NOT_FOUND,
                t("runtime.analyze.asking", question=turn.question),
                details={"node_id": ctx.node_id, "question": turn.question},
                hint=t("runtime.analyze.asking_hint", node=ctx.node_id),
            )
        # Each question pauses under its own key: the first under the node's, then `<node>_q<n>`.
        asking = (
            ctx if number == 1 else dataclasses.replace(ctx, node_id=f"{ctx.node_id}_q{number}")
        )
        values = ctx.human_input.request(
            asking, question_form(turn.question or "", ctx.node_id, number)
        )
        answer = values.get(ANSWER_FIELD)
        if not isinstance(answer, str) or not answer.strip():
            raise BlockError(
                ErrorCode.INPUT_VALIDATION_FAILED,
                t("runtime.analyze.empty_answer"),
                details={"node_id": ctx.node_id, "field": ANSWER_FIELD},
                hint=t("runtime.analyze.empty_answer_hint"),
                recoverable=True,
            )
        return answer

    def _outputs(self, ctx: BlockContext, turn: TurnResult, workspace: Path) -> dict[str, Any]:
        report = turn.report
        if report is None:  # pragma: no cover - a report turn always has one
            raise BlockError(
                ErrorCode.BLOCK_FAILED,
                t("runtime.analyze.no_report"),
                details={"node_id": ctx.node_id},
            )
        markdown = render_markdown(report)
        images = [
            ctx.store((workspace / s.content).read_bytes(), Path(s.content).name, "image/png")
            for s in report.sections
            if s.section_type == "image"
        ]
        tables = [
            {"description": s.description, "rows": section_table(s).to_dict(orient="records")}
            for s in report.sections
            if s.section_type == "table"
        ]
        report_file = ctx.store(markdown.encode("utf-8"), "report.md", "text/markdown")
        return {
            "report": report.model_dump(mode="json"),
            "markdown": markdown,
            "report_file": report_file.model_dump(mode="json"),
            "images": [ref.model_dump(mode="json") for ref in images],
            "tables": tables,
            "loops": turn.loops,
            "workspace": str(workspace),
            "executions": [r.model_dump(mode="json") for r in turn.state.execution_results],
        }


def _given_answers(answers: dict[str, Any]) -> list[str]:
    value = answers.get(ANSWER_FIELD)
    if value is None:
        return []
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]
