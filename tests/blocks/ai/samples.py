"""Shared by the ai tests: the seed's output schema, three invoices, a scripted answerer."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from blocks.llm.client import LLMClient
from blocks.llm.process_llm import ProcessLLMBlock
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError
from tests.support.openai_server import RecordedRequest, ScriptedResponse

__all__ = [
    "INVOICES",
    "SEED_SCHEMA",
    "MakeCtx",
    "MakeEvidence",
    "MakeLLM",
    "answer_per_group",
    "expect_error",
]

SEED_SCHEMA: dict[str, Any] = {
    "results": {
        "type": "object",
        "properties": {
            "items": {
                "type": "array",
                "items": {"type": "object", "properties": {"file": "string", "count": "integer"}},
            }
        },
    },
    "summary": {"type": "object", "properties": {"total_files": "integer"}},
}
INVOICES = {
    "サンプル商事/請求書_0401.txt": "請求書 No. INV-0401 ご請求金額 ¥110,000 支払期限 2024/05/31",
    "サンプル商事/請求書_0402.txt": "請求書 No. INV-0402 ご請求金額 ¥55,000 支払期限 2024/05/31",
    "テスト物産/請求書_A12.txt": "請求書 No. A-12 ご請求金額 ¥33,000 支払期限 2024/06/30",
}


def answer_per_group(request: RecordedRequest) -> ScriptedResponse:
    """A scripted LLM that answers from the prompt: it lists the documents it was shown."""
    user = request.user_prompt
    group = re.search(r"Group: folder = (.+)", user)
    files = re.findall(r'<document index="\d+" path="([^"]+)"', user)
    return ScriptedResponse.chat(
        {
            "results": {"items": [{"file": f, "count": 1} for f in files]},
            "summary": {"total_files": len(files)},
        },
        model=f"model-for-{group.group(1) if group else 'all'}",
    )


MakeLLM = Callable[..., LLMClient]
MakeCtx = Callable[..., BlockContext]
MakeEvidence = Callable[[BlockContext, dict[str, str]], dict[str, Any]]


def expect_error(block: ProcessLLMBlock, ctx: BlockContext, inputs: dict[str, Any]) -> BlockError:
    """Execute the block and return the BlockError it must raise."""
    with pytest.raises(BlockError) as caught:
        block.execute(ctx, inputs)
    return caught.value
