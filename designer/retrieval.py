"""Top-K block retrieval (seed 001 §3): BM25, embeddings, or a hybrid of both.

- BM25 (`bm25s`) over a weighted text of each block: id parts and tags (x3), input/output
  names (x2), description and port descriptions (x1), tokenised by `designer.vocabulary`
  (Japanese character bigrams, English stems); the query is expanded with the accounting
  glossary.
- Embeddings through the configured OpenAI/Azure embedding model (`LLMClient.embed`), cosine
  similarity; block vectors are cached on disk (`<keiri home>/designer/embeddings.json`, keyed
  by model and text hash), so the catalog is embedded once.
- Hybrid: both score lists min-max normalised over the catalog, `alpha * bm25 + (1 - alpha) *
  embedding`.

The ranking is cut per category (`k_per_category`) and in total (`total`); pinned blocks
(e.g. `ui.interactive_input`, or blocks the user fixed in the UI) are always included.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import tempfile
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

import bm25s

from blocks.core.llm_client import LLMClient
from blocks.registry import BlockRegistry
from blocks.spec import BlockSpec
from designer.vocabulary import expand_query, tokenize
from keiri import settings

__all__ = [
    "BlockIndex",
    "Candidate",
    "EmbeddingIndex",
    "RetrievalMethod",
    "block_category",
    "block_text",
    "rank_blocks",
    "retrieve_blocks",
]

RetrievalMethod = Literal["bm25", "embedding", "hybrid"]


@dataclass(frozen=True)
class Candidate:
    """One retrieved block with its scores (`bm25`/`embedding` are None when not computed)."""

    block_id: str
    category: str
    score: float
    rank: int
    bm25: float | None = None
    embedding: float | None = None
    pinned: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def block_category(spec: BlockSpec) -> str:
    return spec.category or spec.id.split(".", 1)[0]


def _id_words(block_id: str) -> str:
    return block_id.replace(".", " ").replace("_", " ")


def block_text(spec: BlockSpec) -> str:
    """A plain description of a block: what is embedded and what BM25 indexes (weighted)."""
    inputs = "; ".join(f"{k}: {p.description}".strip(": ") for k, p in spec.inputs.items())
    outputs = "; ".join(f"{k}: {p.description}".strip(": ") for k, p in spec.outputs.items())
    return (
        f"{spec.id} ({_id_words(spec.id)}). tags: {', '.join(spec.tags)}. "
        f"{spec.description.strip()} inputs: {inputs}. outputs: {outputs}"
    )


def _weighted_tokens(spec: BlockSpec) -> list[str]:
    strong = f"{_id_words(spec.id)} {' '.join(spec.tags)}"
    names = " ".join(_id_words(k) for k in (*spec.inputs, *spec.outputs))
    ports = " ".join(p.description for p in (*spec.inputs.values(), *spec.outputs.values()))
    return (
        tokenize(strong) * 3
        + tokenize(names) * 2
        + tokenize(spec.description)
        + tokenize(block_category(spec))
        + tokenize(ports)
    )


class BlockIndex:
    """A BM25 index of block specs."""

    def __init__(self, specs: Sequence[BlockSpec]) -> None:
        self.specs = list(specs)
        self._bm25 = bm25s.BM25()
        corpus = [_weighted_tokens(s) or ["_"] for s in self.specs]
        self._bm25.index(corpus, show_progress=False)

    def bm25_scores(self, query: str) -> list[float]:
        tokens = tokenize(f"{query} {expand_query(query)}")
        if not tokens or not self.specs:
            return [0.0] * len(self.specs)
        return [float(x) for x in self._bm25.get_scores(tokens)]


class EmbeddingIndex:
    """Cosine similarity between a query and each block, through `LLMClient.embed`."""

    def __init__(
        self, specs: Sequence[BlockSpec], llm: LLMClient, cache_file: Path | None = None
    ) -> None:
        self.specs = list(specs)
        self.llm = llm
        self.cache_file = cache_file or settings.keiri_home() / "designer" / "embeddings.json"
        self._vectors: list[list[float]] | None = None

    def _model(self) -> str:
        return self.llm.settings.embedding_model or ""

    def _load_cache(self) -> dict[str, dict[str, list[float]]]:
        if not self.cache_file.is_file():
            return {}
        try:
            data = json.loads(self.cache_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}  # a broken cache is rebuilt, never trusted
        return data if isinstance(data, dict) else {}

    def _save_cache(self, cache: dict[str, dict[str, list[float]]]) -> None:
        self.cache_file.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.cache_file.parent, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(cache, handle)
        os.replace(tmp, self.cache_file)

    def block_vectors(self) -> list[list[float]]:
        if self._vectors is not None:
            return self._vectors
        cache = self._load_cache()
        by_hash = cache.setdefault(self._model(), {})
        texts = [block_text(s) for s in self.specs]
        keys = [hashlib.sha256(t.encode("utf-8")).hexdigest() for t in texts]
        missing = [i for i, key in enumerate(keys) if key not in by_hash]
        if missing:
            vectors = self.llm.embed([texts[i] for i in missing])
            for i, vector in zip(missing, vectors, strict=True):
                by_hash[keys[i]] = vector
            self._save_cache(cache)
        self._vectors = [by_hash[key] for key in keys]
        return self._vectors

    def scores(self, query: str) -> list[float]:
        if not self.specs:
            return []
        blocks = self.block_vectors()
        [vector] = self.llm.embed([query])
        return [_cosine(vector, b) for b in blocks]


def _cosine(a: Sequence[float], b: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=False))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 0.0


def _minmax(values: list[float]) -> list[float]:
    if not values:
        return []
    low, high = min(values), max(values)
    return [0.0] * len(values) if high == low else [(v - low) / (high - low) for v in values]


def rank_blocks(
    query: str,
    specs: Sequence[BlockSpec],
    *,
    method: RetrievalMethod = "bm25",
    llm: LLMClient | None = None,
    alpha: float = 0.5,
    index: BlockIndex | None = None,
    embeddings: EmbeddingIndex | None = None,
) -> list[Candidate]:
    """Every block, best first (ties by id), with its scores; no cut."""
    specs = list(specs)
    bm25: list[float] | None = None
    emb: list[float] | None = None
    if method in ("bm25", "hybrid"):
        bm25 = (index or BlockIndex(specs)).bm25_scores(query)
    if method in ("embedding", "hybrid"):
        if embeddings is None:
            if llm is None:
                raise ValueError(f"retrieval method {method!r} needs an LLM client for embeddings")
            embeddings = EmbeddingIndex(specs, llm)
        emb = embeddings.scores(query)
    if bm25 is not None and emb is not None:
        scores = [
            alpha * b + (1 - alpha) * e for b, e in zip(_minmax(bm25), _minmax(emb), strict=True)
        ]
    else:
        scores = bm25 if bm25 is not None else (emb or [0.0] * len(specs))
    order = sorted(range(len(specs)), key=lambda i: (-scores[i], specs[i].id))
    return [
        Candidate(
            block_id=specs[i].id,
            category=block_category(specs[i]),
            score=round(scores[i], 6),
            rank=rank + 1,
            bm25=None if bm25 is None else round(bm25[i], 6),
            embedding=None if emb is None else round(emb[i], 6),
        )
        for rank, i in enumerate(order)
    ]


def retrieve_blocks(
    query: str,
    registry: BlockRegistry | Sequence[BlockSpec],
    *,
    method: RetrievalMethod = "bm25",
    llm: LLMClient | None = None,
    k_per_category: int = 6,
    total: int = 30,
    alpha: float = 0.5,
    pinned: Sequence[str] = (),
) -> list[Candidate]:
    """The Top-K candidates: at most `k_per_category` per category and `total` in all.

    Deprecated blocks are left out. Pinned ids that exist are always included (flagged).
    """
    if k_per_category < 1 or total < 1:
        raise ValueError("k_per_category and total must be >= 1")
    specs = registry.specs() if isinstance(registry, BlockRegistry) else list(registry)
    specs = [s for s in specs if not s.deprecated]
    ranked = rank_blocks(query, specs, method=method, llm=llm, alpha=alpha)
    wanted = set(pinned)
    per_category: dict[str, int] = {}
    chosen: list[Candidate] = []
    for cand in ranked:
        if len(chosen) >= total:
            break
        if per_category.get(cand.category, 0) >= k_per_category:
            continue
        per_category[cand.category] = per_category.get(cand.category, 0) + 1
        chosen.append(_pin(cand) if cand.block_id in wanted else cand)
    have = {c.block_id for c in chosen}
    chosen.extend(_pin(c) for c in ranked if c.block_id in wanted and c.block_id not in have)
    return chosen


def _pin(cand: Candidate) -> Candidate:
    return Candidate(**{**asdict(cand), "pinned": True})
