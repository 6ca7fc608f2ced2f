"""Builders of scripted model answers in the designer's wire format (strict JSON shapes)."""

from __future__ import annotations

import json
from typing import Any

__all__ = ["design", "loop", "node", "question", "skeleton", "step", "var"]


def _binding(key: str, value: Any) -> dict[str, str]:
    if isinstance(value, str):
        return {"key": key, "value": value, "format": "text"}
    return {"key": key, "value": json.dumps(value, ensure_ascii=False), "format": "json"}


def node(
    node_id: str,
    block: str,
    inputs: dict[str, Any] | None = None,
    out: dict[str, str] | None = None,
    when: str | None = None,
) -> dict[str, Any]:
    return {
        "id": node_id,
        "type": "task",
        "block": block,
        "description": "",
        "when": when,
        "in": [_binding(k, v) for k, v in (inputs or {}).items()],
        "out": [{"key": k, "alias": a} for k, a in (out or {}).items()],
    }


def loop(
    node_id: str,
    items: str,
    body: list[dict[str, Any]],
    exports: list[dict[str, str]],
    collect: str,
) -> dict[str, Any]:
    return {
        "id": node_id,
        "type": "loop",
        "description": "",
        "when": None,
        "foreach": {"input": items, "item_var": "item", "index_var": None, "max_concurrency": None},
        "while": None,
        "body": body,
        "exports": exports,
        "collect": collect,
    }


def var(name: str, value: Any, description: str = "", type_: str = "string") -> dict[str, str]:
    return {
        "name": name,
        "value": json.dumps(value, ensure_ascii=False),
        "format": "json",
        "type": type_,
        "description": description,
    }


def question(
    qid: str, label: str, qtype: str = "text", options: list[str] | None = None
) -> dict[str, Any]:
    return {"id": qid, "type": qtype, "label": label, "description": "", "options": options or []}


def design(
    plan_id: str,
    graph: list[dict[str, Any]],
    *,
    vars_: list[dict[str, str]] | None = None,
    layout: list[str] | None = None,
    questions: list[dict[str, Any]] | None = None,
    bindings: list[dict[str, str]] | None = None,
    reasoning: str = "structured",
) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "id": plan_id,
        "version": "0.1.0",
        "description": "",
        "reasoning": reasoning,
        "vars": vars_ or [],
        "on_error": "halt",
        "retries": 0,
        "ui_layout": layout or [],
        "graph": graph,
        "questions": questions or [],
    }
    if bindings is not None:
        answer["bindings"] = bindings
    return answer


def step(
    step_id: str, block: str, purpose: str = "", inputs_from: list[str] | None = None
) -> dict[str, Any]:
    return {"id": step_id, "block": block, "purpose": purpose, "inputs_from": inputs_from or []}


def skeleton(
    steps: list[dict[str, Any]],
    *,
    summary: str = "",
    questions: list[dict[str, Any]] | None = None,
    vars_: list[dict[str, str]] | None = None,
) -> dict[str, Any]:
    return {
        "summary": summary,
        "steps": steps,
        "human_inputs": [],
        "uses_loop": False,
        "uses_subflow": False,
        "vars": vars_ or [],
        "questions": questions or [],
    }
