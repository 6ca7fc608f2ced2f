"""A step's name for people: the node's `title`, else its `description`, else words for what
its block does (「請求書を読み取る」 for `invoice.extract_fields`, not `extract_each`).

Used wherever people read a step: the live progress and the summary of a run, the inbox and
the names of Prefect task runs. A block without words of its own is named by its node id.
"""

from __future__ import annotations

from typing import Any

from compiler.models import LoopNode, SubflowNode, TaskNode
from keiri.base.catalog import t

__all__ = ["block_title", "node_title", "titles"]

#: A block id -> the words for what it does.
_BLOCKS = {
    "ai.analyze": "node.block.ai.analyze",
    "ai.process_llm": "node.block.ai.process_llm",
    "archive.add": "node.block.archive.add",
    "counterparties.link": "node.block.counterparties.link",
    "counterparties.register": "node.block.counterparties.register",
    "data.aggregate": "node.block.data.aggregate",
    "data.check_rules": "node.block.data.check_rules",
    "excel.read_data": "node.block.excel.read_data",
    "excel.write": "node.block.excel.write",
    "file.extract_text": "node.block.file.extract_text",
    "file.parse_zip_2tier": "node.block.file.parse_zip_2tier",
    "intake.collect": "node.block.intake.collect",
    "invoice.account_files": "node.block.invoice.account_files",
    "invoice.check": "node.block.invoice.check",
    "invoice.extract_fields": "node.block.invoice.extract_fields",
    "invoice.triage": "node.block.invoice.triage",
    "journal.apply_corrections": "node.block.journal.apply_corrections",
    "journal.export": "node.block.journal.export",
    "journal.from_invoices": "node.block.journal.from_invoices",
    "journal.from_payments": "node.block.journal.from_payments",
    "journal.review": "node.block.journal.review",
    "registry.check": "node.block.registry.check",
    "table.read_statement": "node.block.table.read_statement",
    "table.reconcile": "node.block.table.reconcile",
    "table.settle_proposals": "node.block.table.settle_proposals",
}
#: A human-input node's mode -> the words for what the person does.
_FORMS = {
    "collect": "node.form.collect",
    "confirm": "node.form.confirm",
    "mixed": "node.form.mixed",
    "inquire": "node.form.inquire",
}


def block_title(block_id: str, inputs: dict[str, Any] | None = None) -> str | None:
    """The words for what a block does (None: it has none)."""
    if block_id == "ui.interactive_input":
        mode = str((inputs or {}).get("mode") or "collect")
        return t(_FORMS.get(mode, "node.form.collect"))
    key = _BLOCKS.get(block_id)
    return t(key) if key else None


def node_title(node: Any) -> str:
    """The step's name for people (see the module docstring); `node` is a plan node."""
    own = str(getattr(node, "title", "") or getattr(node, "description", "") or "").strip()
    if own:
        return own
    if isinstance(node, TaskNode):
        return block_title(node.block_id, node.in_) or node.id
    if isinstance(node, LoopNode):
        for child in node.body.plan.graph:  # a loop is named by what it does to each item
            found = node_title(child)
            if found != child.id:
                return found
        return node.id
    if isinstance(node, SubflowNode):
        return t("node.subflow", plan=node.call.plan_id)
    return str(getattr(node, "id", ""))


def titles(graph: list[Any]) -> dict[str, str]:
    """{node id: its name for people} of a plan's graph, loop bodies included (a loop item's
    form is asked by a node of its loop's body)."""
    found: dict[str, str] = {}
    for node in graph:
        if isinstance(node, LoopNode):
            for key, value in titles(list(node.body.plan.graph)).items():
                found.setdefault(key, value)
        found[str(node.id)] = node_title(node)
    return found
