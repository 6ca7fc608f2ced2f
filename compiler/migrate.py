"""`keiri migrate`: rewrite legacy UI nodes into `ui.interactive_input` (seed 000 §13).

- `ui.file_uploader.*` (`single`, `multiple`, `zip`, `folder`; inputs `label`, `accept`,
  `required`, `description`, `message`; output `file` or `files`) becomes a `collect` form with
  one file requirement; references `${node.<alias>}` become `${node.collected.<requirement>}`.
- `ui.confirmation.*` (inputs `message`, `context`; outputs `approved`, `response`) becomes a
  `confirm` form; its aliases keep working. The legacy block's "not approved" was an answer
  (`approved: false`, downstream `when` skips), never a failure: the form says so with
  `on_reject: continue`, so a legacy "skip when not approved" still completes the run.

The result is written to a new file; the source is only overwritten with `--in-place`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from blocks.sdk.atomic_write import write_text_atomic
from blocks.sdk.yaml_loader import load_yaml_file
from keiri.base.catalog import t

__all__ = ["migrate_data", "migrate_file"]

_FILE_KINDS = {"single": "file", "multiple": "files", "zip": "file", "folder": "folder"}


def _iter_nodes(graph: list[Any]) -> list[dict[str, Any]]:
    nodes: list[dict[str, Any]] = []
    for node in graph:
        if not isinstance(node, dict):
            continue
        nodes.append(node)
        body = node.get("body", {})
        if isinstance(body, dict) and isinstance(body.get("plan"), dict):
            nodes.extend(_iter_nodes(body["plan"].get("graph", []) or []))
    return nodes


def _rewrite_refs(value: Any, renames: dict[tuple[str, str], str]) -> Any:
    if isinstance(value, str):

        def sub(match: re.Match[str]) -> str:
            node, name = match.group(1), match.group(2)
            target = renames.get((node, name))
            return f"${{{node}.{target}" if target else match.group(0)

        return re.sub(r"\$\{([A-Za-z_][\w\-]*)\.([A-Za-z_][\w\-]*)", sub, value)
    if isinstance(value, dict):
        return {k: _rewrite_refs(v, renames) for k, v in value.items()}
    if isinstance(value, list):
        return [_rewrite_refs(v, renames) for v in value]
    return value


def migrate_data(data: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    changes: list[str] = []
    renames: dict[tuple[str, str], str] = {}
    for node in _iter_nodes(data.get("graph", []) or []):
        block = str(node.get("block", ""))
        old_in = dict(node.get("in") or {})
        old_out = dict(node.get("out") or {})
        if block.startswith("ui.file_uploader."):
            kind = _FILE_KINDS.get(block.rsplit(".", 1)[-1], "file")
            req_id = "files" if kind in ("files", "folder") else "file"
            requirement: dict[str, Any] = {
                "id": req_id,
                "type": kind,
                "label": old_in.get("label", t("runtime.migrate.file_label")),
            }
            for key in ("accept", "description", "required"):
                if key in old_in:
                    requirement[key] = old_in[key]
            if block.endswith(".zip") and "accept" not in requirement:
                requirement["accept"] = ".zip"
            node["block"] = "ui.interactive_input"
            node["in"] = {
                "mode": "collect",
                "message": old_in.get("message", requirement["label"]),
                "requirements": [requirement],
            }
            for alias in old_out.values():
                renames[(node["id"], alias)] = f"collected.{req_id}"
            if not old_out:
                for local in ("file", "files"):
                    renames[(node["id"], local)] = f"collected.{req_id}"
            node["out"] = {"collected_data": "collected"}
            changes.append(
                f"{node['id']}: {block} -> ui.interactive_input (collect, {kind} '{req_id}')"
            )
        elif block.startswith("ui.confirmation."):
            node["block"] = "ui.interactive_input"
            new_in: dict[str, Any] = {
                "mode": "confirm",
                "message": old_in.get("message", t("runtime.migrate.confirm_message")),
            }
            if "context" in old_in:
                new_in["context"] = old_in["context"]
            new_in["on_reject"] = "continue"
            node["in"] = new_in
            node["out"] = {k: v for k, v in old_out.items() if k in ("approved", "response")}
            if not node["out"]:
                node.pop("out")
            changes.append(
                f"{node['id']}: {block} -> ui.interactive_input (confirm, on_reject: continue)"
            )
    if renames:
        data = _rewrite_refs(data, renames)
        for (node_id, alias), target in sorted(renames.items()):
            changes.append(f"references ${{{node_id}.{alias}}} -> ${{{node_id}.{target}}}")
    return data, changes


def migrate_file(source: Path, target: Path) -> dict[str, Any]:
    loaded = load_yaml_file(source)
    if not isinstance(loaded.data, dict):
        from blocks.sdk.errors import Issue, IssueCode, IssuesFound

        raise IssuesFound(
            [
                Issue(
                    code=IssueCode.PLAN_SCHEMA_INVALID,
                    message=t("issue.plan.not_mapping"),
                    file=str(source),
                )
            ]
        )
    migrated, changes = migrate_data(loaded.data)
    text = yaml.safe_dump(migrated, allow_unicode=True, sort_keys=False, width=100)
    header = "# yaml-language-server: $schema=https://keiri.dev/schemas/plan.schema.json\n"
    original = source.read_text(encoding="utf-8")
    first = original.splitlines()[0] if original else ""
    if first.startswith("# yaml-language-server:"):
        header = first + "\n"
    write_text_atomic(target, header + text, prefix=".migrate-")
    return {"source": str(source), "target": str(target), "changes": changes}
