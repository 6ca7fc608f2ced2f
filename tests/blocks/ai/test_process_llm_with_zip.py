"""A real evidence ZIP through file.parse_zip_2tier into ai.process_llm (scripted LLM only)."""

from __future__ import annotations

import io
import zipfile
from typing import Any

from blocks.sdk.registry import BlockRegistry
from tests.blocks.ai.samples import SEED_SCHEMA, MakeCtx, MakeLLM, answer_per_group
from tests.support.openai_server import ScriptedOpenAI

ZIP_FILES = {
    "株式会社サンプル商事/請求書_0401.txt": "請求書 No. INV-0401 ご請求金額 ¥110,000",
    "株式会社サンプル商事/請求書_0402.md": "# 請求書 INV-0402\n\nご請求金額 ¥55,000",
    "有限会社テスト物産/請求書_A12.csv": "請求書番号,金額\nA-12,33000\n",
    "readme.txt": "2024年4月分の証跡",
}


def _zip() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, text in ZIP_FILES.items():
            archive.writestr(path, text)
    return buffer.getvalue()


def test_zip_evidence_grouped_by_folder(
    registry: BlockRegistry, script: ScriptedOpenAI, make_llm: MakeLLM, make_ctx: MakeCtx
) -> None:
    script.handler = answer_per_group
    ctx = make_ctx(make_llm())
    zip_ref = ctx.store(_zip(), "証跡_2024-04.zip", "application/zip")

    def block(block_id: str) -> Any:
        entry = registry.resolve(block_id).entry
        assert entry is not None
        return registry.create(entry.spec)

    evidence = block("file.parse_zip_2tier").execute(
        ctx, {"zip_bytes": zip_ref.model_dump(mode="json")}
    )["evidence_data"]
    out = block("ai.process_llm").execute(
        ctx,
        {
            "evidence_data": evidence,
            "prompt": "フォルダごとに請求書を数えてください",
            "output_schema": SEED_SCHEMA,
            "group_key": "folder",
        },
    )

    assert sorted(out["results"]) == ["", "有限会社テスト物産", "株式会社サンプル商事"]
    assert out["summary"]["株式会社サンプル商事"] == {"total_files": 2}
    assert out["results"][""] == {"items": [{"file": "readme.txt", "count": 1}]}
    assert out["metadata"]["calls"] == 3
    assert out["metadata"]["total_files"] == 4
    prompts = {r.user_prompt for r in script.requests}
    assert any("ご請求金額 ¥55,000" in p and "¥110,000" in p for p in prompts)
    assert any("A-12,33000" in p and "¥110,000" not in p for p in prompts)
