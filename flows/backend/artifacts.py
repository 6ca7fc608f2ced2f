"""Prefect artifacts of a plan run: the run summary, the failure, tables and output files.

Everything published here is masked first (`keiri.base.masking`): the outputs by key and by known
secret value, the error as `BlockError.masked()`, and the final Markdown once more."""

from __future__ import annotations

import re
from typing import Any

from prefect.artifacts import create_markdown_artifact, create_table_artifact

from compiler.engine import RunResult
from keiri.base import masking
from keiri.base.errors import error_markdown

__all__ = ["publish_run_artifacts"]


def _key(*parts: str) -> str:
    return re.sub(r"[^a-z0-9-]+", "-", "-".join(parts).lower()).strip("-")[:100]


def _cell(value: Any, limit: int = 80) -> str:
    import json

    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    text = text.replace("|", "\\|").replace("\n", " ")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _files(value: Any, found: list[dict[str, Any]]) -> None:
    if isinstance(value, dict):
        if {"uri", "name", "sha256"} <= set(value):
            found.append(value)
            return
        for item in value.values():
            _files(item, found)
    elif isinstance(value, list):
        for item in value:
            _files(item, found)


def publish_run_artifacts(
    result: RunResult, form_url: str | None = None, version: str | None = None
) -> None:
    """The run summary (its heading names the plan's version the run executed: the pinned
    one, `flows.backend.plan_pin`), the failure, and one artifact per output file."""
    outputs: dict[str, Any] = masking.mask(result.outputs)
    rows = ["| node | block | state | duration | output |", "| --- | --- | --- | --- | --- |"]
    for key, status in result.statuses.items():
        rows.append(
            f"| `{key}` | {status.block} | {status.state} | {status.duration_ms} ms | "
            f"{_cell(masking.mask(status.output_summary if status.output_summary is not None else status.message))} |"
        )
    files: list[dict[str, Any]] = []
    _files(outputs, files)
    plan = f"{result.plan_id} {version}" if version else result.plan_id
    body = [f"# {plan} — {result.state}", "", *rows]
    if files:
        body += ["", "## Output files", ""] + [
            f"- {f['name']} ({f['size']} bytes, `{f['uri']}`)" for f in files
        ]
    if form_url:
        body += ["", f"[Open the form app]({form_url})"]
    create_markdown_artifact(
        key=_key("run-summary", result.plan_id),
        markdown=masking.mask_text("\n".join(body)),
        description=f"Run summary of {result.plan_id}",
    )
    if result.error is not None:
        error = result.error.masked()
        create_markdown_artifact(
            key=_key("failure", result.plan_id),
            markdown=error_markdown(error),
            description=f"{error.code}: {error.message}"[:500],
        )
    for node_id, node_outputs in outputs.items():
        for name, value in (node_outputs or {}).items():
            if isinstance(value, list) and value and all(isinstance(r, dict) for r in value[:50]):
                create_table_artifact(
                    key=_key(node_id, name),
                    table=[{k: _cell(v, 60) for k, v in r.items()} for r in value[:200]],
                    description=f"{node_id}.{name} ({len(value)} rows)",
                )
