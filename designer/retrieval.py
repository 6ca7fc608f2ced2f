"""Top-K block retrieval (seed 001 §3): BM25, embeddings, or a hybrid of both.

- BM25 (`bm25s`) over a weighted text of each block: id parts and tags (x3), input/output
  names (x2), description and port descriptions (x1), tokenised by `designer.vocabulary`
  (Japanese character bigrams, English stems); the query is expanded with the accounting
  glossary.
- Embeddings through the configured OpenAI/Azure embedding model (`LLMClient.embed`), cosine
  similarity; the catalog's vectors are cached by the catalog's content hash (provider, model,
  every block text) under `<keiri home>/designer/embeddings/`, so a catalog is embedded once.
- Hybrid: both score lists min-max normalised over the catalog, `alpha * bm25 + (1 - alpha) *
  embedding`.

The ranking is cut per category (`k_per_category`) and in total (`total`); pinned blocks
(e.g. `ui.interactive_input`, or blocks the user fixed in the UI) are always included.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, ClassVar, Literal

from blocks.llm.client import LLMClient
from blocks.sdk.atomic_write import write_text_atomic
from blocks.sdk.registry import BlockRegistry
from blocks.sdk.spec import BlockSpec
from designer.vocabulary import expand_query, tokenize
from keiri.base import settings

__all__ = [
    "BlockIndex",
    "Candidate",
    "EmbeddingIndex",
    "RetrievalMethod",
    "block_category",
    "block_text",
    "catalog_hash",
    "clear_memory_caches",
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

    _built: ClassVar[dict[str, BlockIndex]] = {}  # catalog content hash -> index

    def __init__(self, specs: Sequence[BlockSpec]) -> None:
        import bm25s  # with numpy: imported when an index is built, not with the design page

        self.specs = list(specs)
        self._bm25 = bm25s.BM25()
        corpus = [_weighted_tokens(s) or ["_"] for s in self.specs]
        self._bm25.index(corpus, show_progress=False)

    @classmethod
    def of(cls, specs: Sequence[BlockSpec]) -> BlockIndex:
        """The index of a catalog, built once per catalog content in this process."""
        key = catalog_hash([f"{s.id}\0{s.model_dump_json()}" for s in specs], "bm25", "")
        index = cls._built.get(key)
        if index is None:
            if len(cls._built) >= 8:
                cls._built.clear()
            index = cls._built[key] = cls(specs)
        return index

    def bm25_scores(self, query: str) -> list[float]:
        tokens = tokenize(f"{query} {expand_query(query)}")
        if not tokens or not self.specs:
            return [0.0] * len(self.specs)
        return [float(x) for x in self._bm25.get_scores(tokens)]


_MEMO: dict[Path, list[list[float]]] = {}  # cache file -> vectors, for this process


def catalog_hash(texts: Sequence[str], model: str, provider: str) -> str:
    """The content hash of a catalog as embedded: provider, model and every block's text."""
    digest = hashlib.sha256(f"{provider}\0{model}".encode())
    for text in texts:
        digest.update(b"\0" + text.encode("utf-8"))
    return digest.hexdigest()


class EmbeddingIndex:
    """Cosine similarity between a query and each block, through `LLMClient.embed`.

    The catalog's vectors are cached by the catalog's content hash (`catalog_hash`) in
    `<keiri home>/designer/embeddings/<hash>.json` and in memory: an unchanged catalog is
    embedded once; any change to a block's text, the model or the provider embeds it again.
    """

    def __init__(
        self, specs: Sequence[BlockSpec], llm: LLMClient, cache_dir: Path | None = None
    ) -> None:
        self.specs = list(specs)
        self.llm = llm
        self.cache_dir = cache_dir or settings.keiri_home() / "designer" / "embeddings"
        self._vectors: list[list[float]] | None = None
        texts = [block_text(s) for s in self.specs]
        self.texts = texts
        self.hash = catalog_hash(texts, self.llm.settings.embedding_model or "", llm.provider)

    @property
    def cache_file(self) -> Path:
        return self.cache_dir / f"{self.hash[:32]}.json"

    def _load_cache(self) -> list[list[float]] | None:
        if not self.cache_file.is_file():
            return None
        try:
            data = json.loads(self.cache_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None  # a broken cache is rebuilt, never trusted
        vectors = data.get("vectors") if isinstance(data, dict) else None
        if (
            data.get("catalog_hash") != self.hash
            or not isinstance(vectors, list)
            or len(vectors) != len(self.specs)
        ):
            return None
        return [[float(x) for x in v] for v in vectors]

    def _save_cache(self, vectors: list[list[float]]) -> None:
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        record = {
            "catalog_hash": self.hash,
            "model": self.llm.settings.embedding_model,
            "provider": self.llm.provider,
            "blocks": [s.id for s in self.specs],
            "vectors": vectors,
        }
        write_text_atomic(self.cache_file, json.dumps(record))

    def block_vectors(self) -> list[list[float]]:
        if self._vectors is None:
            vectors = _MEMO.get(self.cache_file) or self._load_cache()
            if vectors is None:
                vectors = self.llm.embed(self.texts)
                self._save_cache(vectors)
            _MEMO[self.cache_file] = vectors
            self._vectors = vectors
        return self._vectors

    def scores(self, query: str) -> list[float]:
        if not self.specs:
            return []
        blocks = self.block_vectors()
        [vector] = self.llm.embed([query])
        return [_cosine(vector, b) for b in blocks]


def clear_memory_caches() -> None:
    """Forget the in-process BM25 indexes and catalog vectors (the files stay)."""
    _MEMO.clear()
    BlockIndex._built.clear()


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
        bm25 = (index or BlockIndex.of(specs)).bm25_scores(query)
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
