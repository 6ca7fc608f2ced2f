"""What the runs page shows of one run's outputs: the summary the plan declares (`ui.summary`),
its reports first (`ui.reports`), the input files apart from the outputs, and who answered or
approved each human-input node, and when (in the configured zone).

`summarize` is pure (outputs + plan -> `RunSummary`); `render` draws it. Download names keep
the vendor folder (`株式会社山田商店/請求書.pdf` downloads as `株式会社山田商店_請求書.pdf`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any

import streamlit as st

from blocks.forms.display import format_value, lookup
from blocks.sdk.fileref import FileRef
from blocks.sdk.store import FileStore
from keiri.base.catalog import t
from keiri.base.times import local_time
from ui_app.backend import output_files
from ui_app.plans import PlanInfo

__all__ = ["Answer", "RunSummary", "download_name", "render", "summarize"]


@dataclass(frozen=True)
class Answer:
    """A human-input node's answer: who, when, and (confirm) the decision."""

    node_id: str  # the step's name for people (`PlanInfo.step`)
    by: str
    at: str
    approved: bool | None
    source: str = ""


@dataclass
class RunSummary:
    figures: list[tuple[str, str]] = field(default_factory=list)
    reports: list[FileRef] = field(default_factory=list)
    inputs: list[FileRef] = field(default_factory=list)
    outputs: list[FileRef] = field(default_factory=list)
    answers: list[Answer] = field(default_factory=list)


def download_name(ref: FileRef) -> str:
    """The file's name with its folders kept (a browser download cannot hold `/`)."""
    return ref.name.strip("/").replace("/", "_") or "download"


def _key(ref: FileRef) -> str:
    return f"{ref.sha256}:{ref.name}"


def _is_answer(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and "collected_data" in value
        and isinstance(value.get("metadata"), dict)
    )


def summarize(outputs: dict[str, Any], plan: PlanInfo | None) -> RunSummary:
    summary = RunSummary()
    if plan is not None:
        for item in plan.summary:
            value = lookup(outputs, item.value)
            if value is not None:
                summary.figures.append((item.label, format_value(value, item.format)))
        for path in plan.reports:
            summary.reports += output_files(lookup(outputs, path))
    for node_id, value in outputs.items():
        if not _is_answer(value):
            continue
        summary.inputs += output_files(value["collected_data"])
        meta = value["metadata"]
        summary.answers.append(
            Answer(
                node_id=plan.step(str(node_id)) if plan is not None else str(node_id),
                by=str(meta.get("answered_by") or "?"),
                at=local_time(meta.get("answered_at"), "%Y-%m-%d %H:%M"),
                approved=value.get("approved"),
                source=str(meta.get("source") or ""),
            )
        )
    taken = {_key(r) for r in [*summary.reports, *summary.inputs]}
    summary.outputs = [r for r in output_files(outputs) if _key(r) not in taken]
    return summary


def _buttons(run_id: str, files: list[FileRef], group: str, primary: bool = False) -> None:
    store = FileStore()
    for index, ref in enumerate(files):
        st.download_button(
            ref.name,
            data=partial(store.read_bytes, ref),
            file_name=download_name(ref),
            mime=ref.media_type,
            key=f"runs::{group}::{run_id}::{index}",
            on_click="ignore",
            icon=":material/download:",
            type="primary" if primary else "secondary",
        )


def _answer_text(answer: Answer) -> str:
    by = answer.by + (t("runs.outside_keiri") if answer.source == "outside_keiri" else "")
    if answer.approved is True:
        return t("runs.approved", node=answer.node_id, by=by, at=answer.at)
    if answer.approved is False:
        return t("runs.not_approved", node=answer.node_id, by=by, at=answer.at)
    return t("runs.answered", node=answer.node_id, by=by, at=answer.at)


def render(run_id: str, summary: RunSummary) -> None:
    """Summary figures, reports, answers, then input and other output files."""
    if summary.figures:
        st.markdown(f"**{t('runs.summary')}**")
        cells = st.columns(min(len(summary.figures), 4))
        for index, (label, value) in enumerate(summary.figures):
            cells[index % len(cells)].metric(label, value)
    if summary.reports:
        st.markdown(f"**{t('runs.reports')}**")
        _buttons(run_id, summary.reports, "report", primary=True)
    for answer in summary.answers:
        icon = (
            ":material/person:"
            if answer.approved is None
            else ":material/verified:"
            if answer.approved
            else ":material/undo:"
        )
        st.caption(f"{icon} {_answer_text(answer)}")
    if summary.inputs:
        with st.expander(t("display.paren", text=t("runs.inputs"), note=len(summary.inputs))):
            _buttons(run_id, summary.inputs, "input")
    if summary.outputs:
        with st.expander(t("runs.outputs", count=len(summary.outputs))):
            _buttons(run_id, summary.outputs, "output")
