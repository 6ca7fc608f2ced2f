"""Retrieval evaluation of the designer's Top-K block search (seed 001 §3).

For every case of `bench/retrieval_cases.yaml` (an instruction in Japanese or English and the
blocks a correct plan needs), the candidates the designer would show the model
(`retrieve_blocks`, default caps: 6 per category, 30 in total, no pinned blocks) are compared
with the expected blocks. Prints, per method (BM25, embeddings, hybrid, and what `auto`
resolves to), Recall@5 and Recall@10 (mean over cases of |expected ∩ top-K| / |expected|), the
share of cases fully covered at 10, MRR of the first expected block and the median time per
query — next to a baseline measured in the same run (the catalog in alphabetical order, i.e. no
retrieval) — then shows that `auto` picks hybrid when an embedding endpoint is configured and
BM25 when none is, and the catalog embedding cache (cold vs warm index build).

The embedding endpoint (default `--endpoint scripted`) is a local OpenAI-compatible server
(tests/support/openai_server.py) answering /embeddings deterministically with hashed
character 2-/3-gram vectors of each input (tests/support/embeddings.py): a small real
embedding of the text, not the expected answers. `--endpoint env` uses the configured
provider instead (OPENAI_API_KEY or the Azure variables, see blocks/llm/client.py).

Run: .venv/bin/python bench/bench_retrieval.py [--endpoint scripted|env] [--cases PATH]
     [--methods bm25,embedding,hybrid,auto] [--verbose]     (target: BM25 Recall@10 >= 0.9)
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from blocks.llm.client import LLMClient, LLMSettings  # noqa: E402
from blocks.sdk.errors import BlockError  # noqa: E402
from blocks.sdk.registry import BlockRegistry  # noqa: E402
from designer.result import DesignEngineOptions  # noqa: E402
from designer.retrieval import (  # noqa: E402
    EmbeddingIndex,
    RetrievalMethod,
    clear_memory_caches,
    retrieve_blocks,
)
from designer.retrieval_mode import choose_retrieval  # noqa: E402

Ranker = Callable[[str], list[str]]
LLM_VARS = ("OPENAI_API_KEY", "OPENAI_BASE_URL", "KEIRI_LLM_PROVIDER", "AZURE_OPENAI_API_KEY")


def recall(expected: list[str], ranked: list[str], k: int) -> float:
    return len(set(expected) & set(ranked[:k])) / len(expected)


def reciprocal_rank(expected: list[str], ranked: list[str]) -> float:
    ranks = [ranked.index(b) + 1 for b in expected if b in ranked]
    return 1 / min(ranks) if ranks else 0.0


def evaluate(name: str, rank: Ranker, cases: list[dict[str, Any]], verbose: bool) -> dict[str, Any]:
    r5, r10, full, mrr, times = [], [], [], [], []
    for case in cases:
        started = time.perf_counter()
        ranked = rank(case["instruction"])
        times.append((time.perf_counter() - started) * 1000)
        expected = case["blocks"]
        r5.append(recall(expected, ranked, 5))
        r10.append(recall(expected, ranked, 10))
        full.append(1.0 if r10[-1] == 1.0 else 0.0)
        mrr.append(reciprocal_rank(expected, ranked))
        if verbose and r5[-1] < 1.0:
            missed = [b for b in expected if b not in ranked[:5]]
            print(f"  [{name}] @5 missed {missed} for: {case['instruction']}")
    langs = sorted({c["lang"] for c in cases})
    per_lang = {
        lang: statistics.fmean(r for r, c in zip(r5, cases, strict=True) if c["lang"] == lang)
        for lang in langs
    }
    return {
        "per_lang_r5": per_lang,
        "method": name,
        "recall@5": statistics.fmean(r5),
        "recall@10": statistics.fmean(r10),
        "full@10": statistics.fmean(full),
        "mrr": statistics.fmean(mrr),
        "median_ms": statistics.median(times),
    }


@contextmanager
def scripted_endpoint() -> Iterator[str]:
    """The local OpenAI-compatible embedding server, configured in this process's env."""
    from tests.support.embeddings import embedding_handler
    from tests.support.openai_server import ScriptedOpenAI

    saved = {k: os.environ.get(k) for k in LLM_VARS}
    with ScriptedOpenAI(embedding_handler) as server:
        for name in LLM_VARS:
            os.environ.pop(name, None)
        os.environ.update(server.env())
        try:
            yield server.base_url
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


def show_auto() -> str:
    """What `auto` resolves to with the endpoint configured, and with no provider at all."""
    with_endpoint = choose_retrieval("auto")
    without = choose_retrieval("auto", LLMSettings())
    print(f"auto with the endpoint configured : {with_endpoint.method}  ({with_endpoint.reason})")
    print(f"auto with no provider configured  : {without.method}  ({without.reason})")
    return with_endpoint.method


def cache_timing(registry: BlockRegistry, llm: LLMClient) -> None:
    """Catalog vectors: embedded (cold), read from the content-hash cache file (a new
    process), from memory (the same process). Medians of 5."""
    specs = [s for s in registry.specs() if not s.deprecated]
    times: dict[str, list[float]] = {"embedded": [], "cache file": [], "memory": []}
    for _ in range(5):
        with tempfile.TemporaryDirectory() as folder:
            clear_memory_caches()
            for kind, samples in times.items():
                if kind == "cache file":
                    clear_memory_caches()
                index = EmbeddingIndex(specs, llm, Path(folder))
                started = time.perf_counter()
                index.block_vectors()
                samples.append((time.perf_counter() - started) * 1000)
    med = {k: statistics.median(v) for k, v in times.items()}
    print(
        f"catalog embeddings ({len(specs)} blocks, content hash {index.hash[:12]}): "
        + ", ".join(f"{k} {v:.2f} ms" for k, v in med.items())
        + f"  (cache file x{med['embedded'] / max(med['cache file'], 1e-6):.0f} faster)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--cases", type=Path, default=ROOT / "bench" / "retrieval_cases.yaml")
    parser.add_argument("--methods", default="bm25,embedding,hybrid,auto")
    parser.add_argument("--endpoint", choices=["scripted", "env"], default="scripted")
    parser.add_argument(
        "--alphas",
        default=str(DesignEngineOptions.hybrid_alpha),
        help="hybrid weights of BM25, comma-separated (auto uses the designer's default)",
    )
    parser.add_argument("--verbose", "-v", action="store_true")
    args = parser.parse_args()

    os.environ.setdefault("KEIRI_HOME", tempfile.mkdtemp(prefix="keiri-bench-retrieval-"))
    registry = BlockRegistry()
    known = set(registry.ids())
    cases = yaml.safe_load(args.cases.read_text(encoding="utf-8"))["cases"]
    unknown = sorted({b for c in cases for b in c["blocks"]} - known)
    if unknown:
        print(f"warning: expected blocks not in the catalog (counted as misses): {unknown}")
    by_lang: dict[str, int] = {}
    for case in cases:
        by_lang[case["lang"]] = by_lang.get(case["lang"], 0) + 1
    langs = ", ".join(f"{k}: {v}" for k, v in sorted(by_lang.items()))
    print(f"{len(cases)} cases ({langs}), {len(known)} blocks in the catalog")

    with scripted_endpoint() if args.endpoint == "scripted" else _env_endpoint() as endpoint:
        print(f"embedding endpoint: {endpoint}")
        auto_method = show_auto()
        llm: LLMClient | None = None
        try:
            llm = LLMClient.from_env()
        except BlockError as exc:
            print(f"embeddings: not configured ({exc.details.get('reason', exc.code)}): {exc.hint}")
        if llm is not None:
            cache_timing(registry, llm)
        alphabetical = sorted(known)
        rows = [evaluate("baseline (alphabetical)", lambda _q: alphabetical, cases, False)]
        alphas = [float(a) for a in args.alphas.split(",") if a.strip()]
        runs: list[tuple[str, RetrievalMethod, float]] = []
        for name in [m.strip() for m in args.methods.split(",") if m.strip()]:
            method: RetrievalMethod = auto_method if name == "auto" else name  # type: ignore[assignment]
            if name == "hybrid" and len(alphas) > 1:
                runs += [(f"hybrid α={a}", method, a) for a in alphas]
            else:
                label = f"auto → {method}" if name == "auto" else name
                alpha = alphas[0] if alphas and name != "auto" else DesignEngineOptions.hybrid_alpha
                runs.append((label, method, alpha))
        for label, method, alpha in runs:
            if method != "bm25" and llm is None:
                continue

            def rank(
                query: str, method: RetrievalMethod = method, alpha: float = alpha
            ) -> list[str]:
                client = llm if method != "bm25" else None
                found = retrieve_blocks(query, registry, method=method, llm=client, alpha=alpha)
                return [c.block_id for c in found]

            try:
                rows.append(evaluate(label, rank, cases, args.verbose))
            except BlockError as exc:
                print(f"{label}: failed: {exc}")
    base = rows[0]
    print(
        f"{'method':<24} {'R@5':>6} {'R@10':>6} {'full@10':>8} {'MRR':>6} {'ms/query':>9}  R@5 vs baseline"
    )
    for row in rows:
        ratio = row["recall@5"] / base["recall@5"] if base["recall@5"] else float("inf")
        print(
            f"{row['method']:<24} {row['recall@5']:>6.3f} {row['recall@10']:>6.3f} "
            f"{row['full@10']:>8.3f} {row['mrr']:>6.3f} {row['median_ms']:>9.2f}  x{ratio:.2f}"
            + "   R@5 by language: "
            + ", ".join(f"{k} {v:.3f}" for k, v in row["per_lang_r5"].items())
        )
    bm25 = next((r for r in rows if r["method"] == "bm25"), None)
    if bm25 is not None:
        verdict = "met" if bm25["recall@10"] >= 0.9 else "NOT met"
        print(f"target BM25 Recall@10 >= 0.9: {verdict} ({bm25['recall@10']:.3f})")
    print(
        f"auto picks hybrid with an embedding endpoint: {'yes' if auto_method == 'hybrid' else 'NO'}"
    )
    return 0


@contextmanager
def _env_endpoint() -> Iterator[str]:
    yield (
        os.environ.get("OPENAI_BASE_URL") or os.environ.get("AZURE_OPENAI_ENDPOINT") or "(default)"
    )


if __name__ == "__main__":
    raise SystemExit(main())
