"""The final report: checked against the workspace, rendered as Markdown, written atomically.

`settle_report` turns the model's `ReportOutput` into one whose image sections name files
that exist in the workspace and whose table sections hold JSON records (a table may name
a CSV the code wrote; it is read here, so numbers come from the file, not the model). A
section that names a missing file becomes a visible warning, never a silent gap. An
intermediate report (the loop cap) opens with a notice.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pandas as pd

from blocks.analysis.models import ExecutionResult, ReportOutput, ReportSection
from blocks.analysis.workspace import read_data, resolve_output
from keiri.base.catalog import t

__all__ = [
    "REPORT_FILE",
    "render_markdown",
    "section_table",
    "settle_report",
    "write_report",
]

REPORT_FILE = "report.md"
_TABLE_ROWS = 200
_CANNOT_SHOW = {"image": "analyze.report.no_figure", "table": "analyze.report.no_table"}


def settle_report(
    report: ReportOutput,
    workspace: Path,
    results: list[ExecutionResult],
    *,
    intermediate: bool,
    max_loops: int,
) -> ReportOutput:
    produced = {o.file_name for r in results if r.success for o in r.outputs}
    sections: list[ReportSection] = []
    if intermediate:
        notice = t("analyze.report.intermediate", max_loops=max_loops)
        sections.append(ReportSection(section_type="text", content=notice))
    for section in report.sections:
        sections.append(_settle(section, workspace, produced))
    return report.model_copy(update={"sections": sections})


def _settle(section: ReportSection, workspace: Path, produced: set[str]) -> ReportSection:
    if section.section_type == "text":
        return section
    content = section.content.strip()
    if section.section_type == "table" and content[:1] in "[{":
        try:
            records = _records(json.loads(content))
        except (ValueError, TypeError):
            return _missing(section, t("analyze.report.bad_json"))
        return section.model_copy(update={"content": json.dumps(records, ensure_ascii=False)})
    path = resolve_output(workspace, content)
    if path is None or not path.is_file():
        return _missing(section, t("analyze.report.not_in_workspace", file=content))
    relative = path.relative_to(workspace.resolve()).as_posix()
    if relative not in produced:
        return _missing(section, t("analyze.report.not_produced", file=relative))
    if section.section_type == "image":
        return section.model_copy(update={"content": relative})
    try:
        frame = read_data(path, path.name)
    except Exception as exc:
        return _missing(section, t("analyze.report.unreadable_table", file=relative, error=exc))
    records = _records(
        json.loads(
            frame.head(_TABLE_ROWS).to_json(orient="records", force_ascii=False, date_format="iso")
        )
    )
    description = section.description or relative
    if len(frame) > _TABLE_ROWS:
        description += t("analyze.report.first_rows", shown=_TABLE_ROWS, total=len(frame))
    return section.model_copy(
        update={"content": json.dumps(records, ensure_ascii=False), "description": description}
    )


def _records(value: Any) -> list[dict[str, Any]]:
    """JSON records from a list of objects or pandas' `split`/`columns` shapes."""
    if isinstance(value, list) and all(isinstance(v, dict) for v in value):
        return value
    if isinstance(value, dict) and "columns" in value and "data" in value:
        return [dict(zip(value["columns"], row, strict=False)) for row in value["data"]]
    if isinstance(value, dict):
        frame = pd.DataFrame(value)
        return [{str(k): v for k, v in row.items()} for row in frame.to_dict(orient="records")]
    raise TypeError("not a table")


def _missing(section: ReportSection, why: str) -> ReportSection:
    key = _CANNOT_SHOW["image" if section.section_type == "image" else "table"]
    text = t(key, why=why)
    if section.description:
        text += t("analyze.report.described", description=section.description)
    return ReportSection(section_type="text", content=text)


def section_table(section: ReportSection) -> pd.DataFrame:
    """A table section's rows as a DataFrame (for the UI)."""
    return pd.DataFrame(json.loads(section.content))


def render_markdown(report: ReportOutput) -> str:
    """The report as Markdown; images are linked relative to the workspace."""
    lines = [f"# {report.title}", ""]
    for section in report.sections:
        if section.section_type == "text":
            lines += [section.content.strip(), ""]
        elif section.section_type == "image":
            alt = (section.description or section.content).replace("]", "）")
            lines += [f"![{alt}]({section.content})", ""]
            if section.description:
                lines += [f"*{section.description}*", ""]
        else:
            if section.description:
                lines += [f"**{section.description}**", ""]
            lines += [_markdown_table(json.loads(section.content)), ""]
    if report.suggestions:
        lines += [t("analyze.report.suggestions"), ""]
        lines += [f"- {s}" for s in report.suggestions]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _markdown_table(records: list[dict[str, Any]]) -> str:
    if not records:
        return t("analyze.report.no_rows")
    columns = list(dict.fromkeys(k for row in records for k in row))

    def cell(value: Any) -> str:
        text = "" if value is None else f"{value:,}" if isinstance(value, int) else str(value)
        return text.replace("|", "\\|").replace("\n", " ")

    head = "| " + " | ".join(cell(c) for c in columns) + " |"
    rule = "| " + " | ".join("---" for _ in columns) + " |"
    body = ["| " + " | ".join(cell(row.get(c)) for c in columns) + " |" for row in records]
    return "\n".join([head, rule, *body])


def write_report(workspace: Path, report: ReportOutput) -> Path:
    """Write `report.md` (and `report.json`) into the workspace atomically."""
    target = workspace / REPORT_FILE
    for path, text in (
        (target, render_markdown(report)),
        (workspace / "report.json", report.model_dump_json(indent=2)),
    ):
        tmp = path.with_name(f".{path.name}.part")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    return target
