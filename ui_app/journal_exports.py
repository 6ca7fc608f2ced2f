"""The journal export on the runs page: the same export as `keiri journals export RUN --format F`, from a
completed run's journal entries (`blocks.journals.export`: the checks, the product's names,
entries another run already exported left out), recorded with who made the file.

The file is made on a button press (making it records the export) and then offered for
download; what was left out and why is listed. A check that fails is shown by the error widget.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from blocks.journals.export import collect_batches, prepare_export, record_export
from blocks.journals.formats import FORMATS, layout
from blocks.journals.ledger import ExportLedger
from keiri.base.catalog import t
from keiri.base.errors import KeiriError
from ui_app.errors import kept_result, render_error

__all__ = ["MADE", "make_file", "render"]

#: `MADE + run_id` -> the file made in this session ({"name", "data", "mime", "summary"}).
MADE = "keiri::journal-export::"
_MIME = {
    "csv": "text/csv",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def make_file(run_id: str, outputs: dict[str, Any], fmt: str, who: str) -> None:
    """The make-the-file button: the export of the run's entries, recorded, kept for the download."""
    state = st.session_state
    try:
        ledger = ExportLedger()
        result = prepare_export(collect_batches(outputs), fmt, ledger=ledger)
        record_export(result, who, ledger)
    except KeiriError as exc:
        state[MADE + run_id] = {"error": exc.to_dict()}
        return
    target = result.layout
    state[MADE + run_id] = {
        "name": t(
            "exports.file_name", format=target.name, run=run_id[:8], extension=target.extension
        ),
        "data": result.data,
        "mime": _MIME.get(target.extension, "application/octet-stream"),
        "label": target.label,
        "entries": len(result.entries) - len(result.left_out),
        "rows": result.rows,
        "excluded": result.excluded,
        "left_out": result.left_out,
        "by": who,
    }


def _plan_format(outputs: dict[str, Any]) -> str | None:
    """The format the run's own `journal.export` wrote (the plan's choice), if any."""
    for value in outputs.values():
        summary = value.get("summary") if isinstance(value, dict) else None
        if isinstance(summary, dict) and "file_name" in summary and summary.get("format"):
            return str(summary["format"])
    return None


def render(run_id: str, outputs: dict[str, Any], who: str) -> None:
    """The section, when the run's outputs hold journal entries."""
    try:
        batches = collect_batches(outputs)
    except KeiriError as exc:
        render_error(exc, key=f"exports::{run_id}")
        return
    if not batches:
        return
    st.markdown(f"**{t('exports.title')}**")
    count = sum(len(batch.entries) for batch in batches)
    st.caption(t("exports.entries", count=count))
    left, right = st.columns([2, 1], vertical_alignment="bottom")
    formats = list(FORMATS)
    default = _plan_format(outputs)
    fmt = left.selectbox(
        t("exports.format"),
        formats,
        index=formats.index(default) if default in formats else 0,
        format_func=lambda name: layout(name).label,
        key=f"exports::format::{run_id}",
    )
    right.button(
        t("exports.make"),
        key=f"exports::make::{run_id}",
        on_click=make_file,
        args=(run_id, outputs, fmt, who),
        icon=":material/receipt_long:",
    )
    made = kept_result(MADE + run_id, error_key=f"exports::error::{run_id}")
    if made is None:
        return
    st.download_button(
        t("exports.download", name=made["name"]),
        data=made["data"],
        file_name=made["name"],
        mime=made["mime"],
        key=f"exports::download::{run_id}",
        on_click="ignore",
        icon=":material/download:",
        type="primary",
    )
    st.caption(
        t(
            "exports.made",
            label=made["label"],
            entries=made["entries"],
            rows=made["rows"],
            by=made["by"],
        )
    )
    if made["excluded"]:
        runs = sorted({str(item["run_id"])[:8] for item in made["excluded"]})
        st.info(
            t("exports.excluded", count=len(made["excluded"]), runs=", ".join(runs)),
            icon=":material/content_copy:",
        )
    for item in made["left_out"]:
        st.caption(t("exports.left_out", entry=item["entry"], reason=item["reason"]))
