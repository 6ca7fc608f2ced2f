"""`keiri analyze`: the data-analysis agent of seed 002 on the terminal.

    keiri analyze DATA --question TEXT [--answer TEXT]... [--sheet NAME] [--json]

DATA is a CSV (UTF-8 or cp932) or an Excel workbook. A new workspace
`<keiri home>/workspace/<yyyymmddhhmmss>/` receives a copy of the data, the charts and tables
of the analysis and `report.md`. When the agent asks a question, the next `--answer` is
given; without one it is asked on the terminal (when stdin is one), else the command fails.
Exit 0 when the report is written, 1 when the analysis failed (including an unanswered
question), 2 for usage errors. `--json` prints one document: `report` (the seed's
`ReportOutput`), `workspace`, `loops` (the reasoning rounds run: at most 5), `capped` (true
when the 5-loop cap stopped the analysis and the report holds intermediate results),
`executions` (the `ExecutionResult` list), and `question` / `error` (null unless the analysis
stopped there; `workspace` is null when the LLM is not configured, checked before anything
heavy is imported).
"""

from __future__ import annotations

import sys
from collections import deque
from pathlib import Path
from typing import Any

import click
from rich.markup import escape

from keiri.base.catalog import t
from keiri.base.errors import EXIT_FAILED, Reported
from keiri.cli.render import console, err_console, print_json, render_block_error

__all__ = ["analyze_cmd"]


def _progress(event: str, **fields: Any) -> None:
    if event == "analysis_reason":
        reason = t("cli.analyze.reason", loop=fields["loop"], action=fields["next_action"])
        err_console.print(f"[dim]{escape(reason)}[/]")
    elif event == "analysis_action":
        state = t("cli.analyze.success" if fields["success"] else "cli.analyze.failure")
        seconds = f"{fields['seconds']:.1f}"
        err_console.print(
            t("cli.analyze.action", loop=fields["loop"], state=state, seconds=seconds)
        )
    elif event == "sandbox_violation":
        err_console.print(f"[yellow]⚠ {escape(str(fields['violation']))}[/]")
    elif event == "analysis_loop_cap":
        err_console.print(t("cli.analyze.loop_cap"))


def _document(
    state: Any, workspace: Path | None, *, question: str | None = None, error: Any = None
) -> dict[str, Any]:
    report = state.final_report if state is not None else None
    loops, capped = 0, False
    if state is not None:
        from blocks.analysis.turn import loops_run

        loops, capped = loops_run(state)
    return {
        "report": report.model_dump(mode="json") if report is not None else None,
        "workspace": str(workspace) if workspace is not None else None,
        "loops": loops,
        "capped": capped,
        "executions": [r.model_dump(mode="json") for r in state.execution_results]
        if state is not None
        else [],
        "question": question,
        "error": error,
    }


@click.command("analyze")
@click.argument("data", type=click.Path(path_type=Path))
@click.option("--question", "-q", required=True)
@click.option(
    "--answer",
    "answers",
    multiple=True,
)
@click.option("--sheet")
@click.option("--json", "as_json", is_flag=True)
def analyze_cmd(
    data: Path, question: str, answers: tuple[str, ...], sheet: str | None, as_json: bool
) -> None:
    from blocks.llm.readiness import require
    from blocks.sdk.errors import BlockError

    if not data.is_file():
        raise click.UsageError(t("cli.analyze.no_data", path=data))
    if not question.strip():
        raise click.UsageError(t("cli.analyze.empty_question"))
    try:
        require()  # from the settings alone: before langgraph, pandas and openai are imported
    except BlockError as exc:
        if not as_json:
            raise
        print_json(_document(None, None, error=exc.to_dict()))
        render_block_error(exc)
        raise Reported(EXIT_FAILED) from None
    from blocks.analysis import build_graph, new_state, run_turn
    from blocks.analysis.workspace import create_workspace, read_data, save_upload
    from blocks.llm.client import LLMClient

    workspace = create_workspace()
    state = None
    try:
        copy = save_upload(workspace, data.name, data.read_bytes())
        df = read_data(copy, copy.name, sheet=sheet)
        state = new_state(df, workspace)
        with LLMClient.from_env() as llm:
            graph = build_graph(llm, emit=None if as_json else _progress)
            pending = deque(answers)
            turn = run_turn(graph, state, question)
            while turn.kind == "ask":
                state = turn.state
                asked = turn.question or ""
                if pending:
                    reply = pending.popleft()
                elif sys.stdin.isatty() and not as_json:
                    reply = click.prompt(t("cli.analyze.prompt", question=asked), err=True)
                else:
                    if as_json:
                        print_json(_document(state, workspace, question=asked))
                    err_console.print(t("cli.analyze.asking", question=escape(asked)))
                    err_console.print(t("cli.analyze.answer_hint"))
                    raise Reported(EXIT_FAILED)
                turn = run_turn(graph, state, reply)
            state = turn.state
    except BlockError as exc:
        if not as_json:
            raise
        print_json(_document(state, workspace, error=exc.to_dict()))
        render_block_error(exc)
        raise Reported(EXIT_FAILED) from None
    if as_json:
        print_json(_document(state, workspace))
        return

    from rich.markdown import Markdown

    console.print(Markdown(turn.report_path.read_text(encoding="utf-8")))  # type: ignore[union-attr]
    console.print(t("cli.analyze.written", path=escape(str(turn.report_path))))
