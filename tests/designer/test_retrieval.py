"""Top-K retrieval over the real block catalog: BM25, embeddings (scripted), hybrid, caps, pins."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from blocks.core.llm_client import LLMClient
from blocks.registry import BlockRegistry
from designer.retrieval import EmbeddingIndex, rank_blocks, retrieve_blocks
from designer.vocabulary import expand_query, stem, tokenize
from tests.support.openai_server import (
    RecordedRequest,
    ScriptedOpenAI,
    ScriptedResponse,
    embeddings_response,
)

CONCEPTS = (
    ("請求", "invoice"),
    ("照合", "消込", "reconcil"),
    ("excel", "xlsx", "エクセル"),
    ("集計", "合計", "sum", "aggregat"),
    ("zip", "証跡", "archive"),
    ("検証", "チェック", "rule", "check"),
    ("llm", "抽出", "extract"),
    ("入力", "upload", "アップロード", "承認"),
)


def concept_vector(text: str) -> list[float]:
    """A tiny deterministic 'embedding': counts of concept words (the scripted model)."""
    lower = text.lower()
    return [float(sum(lower.count(word) for word in group)) + 0.01 for group in CONCEPTS]


def embedding_handler(request: RecordedRequest) -> ScriptedResponse | None:
    if request.endpoint != "embeddings":
        return None
    texts = request.json["input"]
    return ScriptedResponse(200, embeddings_response([concept_vector(t) for t in texts]))


def top(candidates: list[object], n: int) -> list[str]:
    return [c.block_id for c in candidates[:n]]  # type: ignore[attr-defined]


def test_tokenizer_bigrams_stems_and_glossary() -> None:
    assert tokenize("請求書を照合") == ["請求", "求書", "照合"]
    assert tokenize("excel.read_data") == ["excel", "read", "data"]
    assert stem("reconciliation") == stem("reconciled") == stem("reconcile")
    assert "invoice" in expand_query("請求書の一覧") and "照合" in expand_query(
        "reconcile payments"
    )


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("請求書と入金明細を照合して差異を出す", "table.reconcile"),
        ("Reconcile bank deposits against open invoices", "table.reconcile"),
        ("証跡ZIPを解凍して各ファイルのテキストを読む", "file.parse_zip_2tier"),
        ("取引先別に請求金額を合計する", "data.aggregate"),
        ("Check that every expense line has the mandatory fields", "data.check_rules"),
        ("結果をExcelの帳票テンプレートに書き込む", "excel.write"),
    ],
)
def test_bm25_ranks_the_needed_block_first(
    query: str, expected: str, registry: BlockRegistry
) -> None:
    assert expected in top(retrieve_blocks(query, registry), 2)


def test_category_and_total_caps_and_pins(registry: BlockRegistry) -> None:
    query = "Excelの入金明細を読み込み請求書と照合しExcelに書き出す"
    capped = retrieve_blocks(
        query, registry, k_per_category=1, total=4, pinned=["ui.interactive_input"]
    )
    categories = Counter(c.category for c in capped if not c.pinned)
    assert max(categories.values()) == 1
    assert len([c for c in capped if c.rank]) <= 5
    pin = [c for c in capped if c.block_id == "ui.interactive_input"]
    assert pin and pin[0].pinned
    assert [c.rank for c in capped[:-1]] == sorted(c.rank for c in capped[:-1])
    with pytest.raises(ValueError):
        retrieve_blocks(query, registry, k_per_category=0)


def test_embedding_needs_a_client(registry: BlockRegistry) -> None:
    with pytest.raises(ValueError, match="needs an LLM client"):
        rank_blocks("x", registry.specs(), method="embedding")


def test_hybrid_with_scripted_embeddings_and_catalog_cache(
    script: ScriptedOpenAI, llm: LLMClient, registry: BlockRegistry, tmp_path: Path
) -> None:
    script.handler = embedding_handler
    cache = tmp_path / "embeddings.json"
    specs = registry.specs()
    emb = EmbeddingIndex(specs, llm, cache)
    ranked = rank_blocks("請求書と入金を照合する", specs, method="hybrid", embeddings=emb)
    assert ranked[0].block_id == "table.reconcile"
    assert ranked[0].bm25 is not None and ranked[0].embedding is not None
    assert 0.0 <= ranked[-1].score <= ranked[0].score <= 1.0
    first = [r.json for r in script.requests]
    assert len(first) == 2 and len(first[0]["input"]) == len(specs) and len(first[1]["input"]) == 1
    stored = json.loads(cache.read_text())
    assert len(stored["text-embedding-3-small"]) == len(specs)
    # A second index reads the catalog vectors from the cache: only the query is embedded.
    again = EmbeddingIndex(specs, llm, cache)
    only_embedding = rank_blocks(
        "Sum invoice amounts per vendor", specs, method="embedding", embeddings=again
    )
    assert only_embedding[0].bm25 is None and only_embedding[0].embedding is not None
    assert len(script.requests) == 3


def test_generation_uses_hybrid_when_an_embedding_model_is_configured(
    script: ScriptedOpenAI, llm: LLMClient, registry: BlockRegistry, monkeypatch: pytest.MonkeyPatch
) -> None:
    from designer import DesignEngineOptions, generate_plan
    from tests.designer.answers import design, node, skeleton, step

    monkeypatch.setenv("KEIRI_EMBEDDING_MODEL", "text-embedding-3-small")
    script.handler = embedding_handler
    script.enqueue_chat(skeleton([step("x", "excel.write")]))
    script.enqueue_chat(design("p", [node("x", "excel.write", {"data": [{"a": 1}]})]))
    result = generate_plan(
        "請求書の一覧をExcelに出力する", None, registry, DesignEngineOptions(), llm=llm
    )
    assert result.ok and result.metrics.retrieval == "hybrid"
    assert all(c.embedding is not None for c in result.candidates)
    assert [r.endpoint for r in script.requests] == ["embeddings", "embeddings", "chat", "chat"]
