"""Top-K retrieval over the real block catalog: BM25, embeddings (scripted), hybrid, caps, pins."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from blocks.llm.client import LLMClient
from blocks.sdk.errors import BlockError
from blocks.sdk.registry import BlockRegistry
from designer.retrieval import EmbeddingIndex, rank_blocks, retrieve_blocks
from designer.vocabulary import expand_query, stem, tokenize
from keiri.base.catalog import t
from tests.support.catalog_text import shown
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
    cache = tmp_path / "embeddings"
    specs = registry.specs()
    emb = EmbeddingIndex(specs, llm, cache)
    ranked = rank_blocks("請求書と入金を照合する", specs, method="hybrid", embeddings=emb)
    assert ranked[0].block_id == "table.reconcile"
    assert ranked[0].bm25 is not None and ranked[0].embedding is not None
    assert 0.0 <= ranked[-1].score <= ranked[0].score <= 1.0
    first = [r.json for r in script.requests]
    assert len(first) == 2 and len(first[0]["input"]) == len(specs) and len(first[1]["input"]) == 1
    # Cached by the catalog's content hash (provider, model, every block text).
    [stored_file] = cache.glob("*.json")
    stored = json.loads(stored_file.read_text())
    assert stored["catalog_hash"] == emb.hash and stored_file.name == f"{emb.hash[:32]}.json"
    assert stored["blocks"] == [s.id for s in specs] and len(stored["vectors"]) == len(specs)
    # A second index reads the catalog vectors from the cache: only the query is embedded.
    again = EmbeddingIndex(specs, llm, cache)
    only_embedding = rank_blocks(
        "Sum invoice amounts per vendor", specs, method="embedding", embeddings=again
    )
    assert only_embedding[0].bm25 is None and only_embedding[0].embedding is not None
    assert len(script.requests) == 3
    # A changed catalog (one block's description) has another hash: embedded again.
    changed = [*specs[:-1], specs[-1].model_copy(update={"description": "changed"})]
    other = EmbeddingIndex(changed, llm, cache)
    assert other.hash != emb.hash
    other.block_vectors()
    assert len(script.requests) == 4 and len(list(cache.glob("*.json"))) == 2


def test_generation_uses_hybrid_when_an_embedding_model_is_configured(
    script: ScriptedOpenAI, llm: LLMClient, registry: BlockRegistry
) -> None:
    from designer import DesignEngineOptions, generate_plan
    from tests.designer.answers import design, node, skeleton, step

    script.handler = embedding_handler
    script.enqueue_chat(skeleton([step("x", "excel.write")]))
    script.enqueue_chat(design("p", [node("x", "excel.write", {"data": [{"a": 1}]})]))
    result = generate_plan(
        "請求書の一覧をExcelに出力する", None, registry, DesignEngineOptions(), llm=llm
    )
    assert result.ok and result.metrics.retrieval == "hybrid"
    assert result.retrieval is not None and result.retrieval.requested == "auto"
    assert all(c.embedding is not None for c in result.candidates)
    assert [r.endpoint for r in script.requests] == ["embeddings", "embeddings", "chat", "chat"]


def test_auto_retrieval_follows_the_configured_provider(monkeypatch: pytest.MonkeyPatch) -> None:
    from blocks.llm.client import LLMSettings
    from blocks.sdk.errors import BlockError
    from designer.retrieval_mode import choose_retrieval

    openai = choose_retrieval("auto", LLMSettings(api_key="sk-test-0123456789"))
    assert (openai.method, openai.embedding_model) == ("hybrid", "text-embedding-3-small")
    assert "text-embedding-3-small" in openai.describe() and openai.label == t(
        "design.retrieval.hybrid"
    )
    assert choose_retrieval("auto", LLMSettings()).method == "bm25"  # no key: no embeddings
    azure = LLMSettings(provider="azure", api_key="k", embedding_model=None)
    assert "AZURE_OPENAI_EMBEDDING_DEPLOYMENT" in choose_retrieval("auto", azure).reason
    assert choose_retrieval("bm25", LLMSettings(api_key="k")).method == "bm25"
    monkeypatch.setenv("KEIRI_DESIGN_RETRIEVAL", "bm25")
    assert choose_retrieval("auto", LLMSettings(api_key="k")).method == "bm25"
    monkeypatch.delenv("KEIRI_DESIGN_RETRIEVAL")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-0123456789")
    assert choose_retrieval("auto").method == "hybrid"  # from the environment
    failed = openai.failed(
        BlockError("API_ERROR", "404 model not found", details={"reason": "bad_request"})
    )
    assert (failed.method, failed.fallback_from) == (
        "bm25",
        "hybrid",
    ) and "bad_request" in failed.reason


def test_auto_continues_on_bm25_when_the_endpoint_cannot_embed(
    script: ScriptedOpenAI, llm: LLMClient, registry: BlockRegistry
) -> None:
    from designer import DesignEngineOptions, generate_plan
    from tests.designer.answers import design, node, skeleton, step

    script.enqueue(ScriptedResponse.error(404, "no embeddings here", type_="not_found"))
    script.enqueue_chat(skeleton([step("x", "excel.write")]))
    script.enqueue_chat(design("p", [node("x", "excel.write", {"data": [{"a": 1}]})]))
    result = generate_plan(
        "請求書の一覧をExcelに出力する", None, registry, DesignEngineOptions(), llm=llm
    )
    assert result.ok and result.retrieval is not None
    assert (result.retrieval.requested, result.retrieval.method) == ("auto", "bm25")
    assert result.retrieval.fallback_from == "hybrid" and shown(
        "design.retrieval.embedding_failed", result.retrieval.reason
    )
    assert result.to_json()["retrieval"]["method"] == "bm25"
    with pytest.raises(BlockError):  # an explicit choice is not replaced
        script.enqueue(ScriptedResponse.error(404, "no embeddings here", type_="not_found"))
        generate_plan("請求書", None, registry, DesignEngineOptions(retrieval="hybrid"), llm=llm)
