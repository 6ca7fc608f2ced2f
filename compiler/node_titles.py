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

#: A block id (its domain and name) -> the words for what it does.
_BLOCKS: dict[tuple[str, str], str] = {
    ("ai", "analyze"): "step.block.ai.analyze",
    ("ai", "process_llm"): "step.block.ai.process_llm",
    ("archive", "add"): "step.block.archive.add",
    ("counterparties", "link"): "step.block.counterparties.link",
    ("counterparties", "register"): "step.block.counterparties.register",
    ("data", "aggregate"): "step.block.data.aggregate",
    ("data", "check_rules"): "step.block.data.check_rules",
    ("excel", "read_data"): "step.block.excel.read_data",
    ("excel", "write"): "step.block.excel.write",
    ("file", "extract_text"): "step.block.file.extract_text",
    ("file", "parse_zip_2tier"): "step.block.file.parse_zip_2tier",
    ("intake", "collect"): "step.block.intake.collect",
    ("invoice", "account_files"): "step.block.invoice.account_files",
    ("invoice", "check"): "step.block.invoice.check",
    ("invoice", "extract_fields"): "step.block.invoice.extract_fields",
    ("invoice", "triage"): "step.block.invoice.triage",
    ("journal", "apply_corrections"): "step.block.journal.apply_corrections",
    ("journal", "export"): "step.block.journal.export",
    ("journal", "from_invoices"): "step.block.journal.from_invoices",
    ("journal", "from_payments"): "step.block.journal.from_payments",
    ("journal", "review"): "step.block.journal.review",
    ("registry", "check"): "step.block.registry.check",
    ("table", "read_statement"): "step.block.table.read_statement",
    ("table", "reconcile"): "step.block.table.reconcile",
    ("table", "settle_proposals"): "step.block.table.settle_proposals",
}
#: A human-input node's mode -> the words for what the person does.
_FORMS = {
    "collect": "step.form.collect",
    "confirm": "step.form.confirm",
    "mixed": "step.form.mixed",
    "inquire": "step.form.inquire",
}


def block_title(block_id: str, inputs: dict[str, Any] | None = None) -> str | None:
    """The words for what a block does (None: it has none)."""
    if block_id == "ui.interactive_input":
        mode = str((inputs or {}).get("mode") or "collect")
        return t(_FORMS.get(mode, "step.form.collect"))
    domain, _, name = block_id.partition(".")
    key = _BLOCKS.get((domain, name))
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
        return t("step.subflow", plan=node.call.plan_id)
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
