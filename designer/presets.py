"""Answer presets of the design chat: choices that stand for a whole value.

`ai.process_llm.output_schema` is asked as a select of these schemas (seed 001 §7: "スキーマ選択
テンプレ（enum）"); each puts the records under `results.items`, the convention downstream nodes
read (`${node.results_alias.items}`).
"""

from __future__ import annotations

from typing import Any

__all__ = ["OUTPUT_SCHEMA_PRESETS", "PORT_PRESETS"]


def _records(fields: dict[str, str], **beside: str) -> dict[str, Any]:
    """An output schema with records of `fields` under `results.items` (`beside`: more keys
    of `results`, before `items`)."""
    items = {"type": "array", "items": {"type": "object", "properties": fields}}
    return {"results": {"type": "object", "properties": {**beside, "items": items}}}


#: Output-schema presets offered when `ai.process_llm.output_schema` is missing.
OUTPUT_SCHEMA_PRESETS: dict[str, dict[str, Any]] = {
    "請求書の項目抽出": _records(
        {
            "file": "string",
            "請求書番号": "string",
            "取引先": "string",
            "請求日": "string",
            "請求金額": "integer",
            "消費税額": "integer",
            "登録番号": "string",
        }
    ),
    "文書ごとの要約": _records({"file": "string", "summary": "string"}),
    "分類（区分と理由）": _records({"file": "string", "category": "string", "reason": "string"}),
    "判定（可否と指摘）": _records({"file": "string", "issue": "string"}, ok="boolean"),
}
#: Inputs answered by choosing a preset, by port name.
PORT_PRESETS: dict[str, dict[str, dict[str, Any]]] = {"output_schema": OUTPUT_SCHEMA_PRESETS}
