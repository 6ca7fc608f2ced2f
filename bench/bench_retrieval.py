"""Retrieval evaluation of the designer's Top-K block search (seed 001 §3).

For every case of `bench/retrieval_cases.yaml` (an instruction in Japanese or English and the
blocks a correct plan needs), the candidates the designer would show the model
(`retrieve_blocks`, default caps: 6 per category, 30 in total, no pinned blocks) are compared
with the expected blocks. Prints, per method, Recall@5 and Recall@10 (mean over cases of
|expected ∩ top-K| / |expected|), the share of cases fully covered at 10, MRR of the first
expected block, and the median time per query — next to a baseline measured in the same run
(the catalog in alphabetical order, i.e. no retrieval). Embeddings and hybrid run only when an
embedding model is configured (OPENAI_API_KEY or the Azure variables, see
blocks/core/llm_client.py); otherwise they are reported as not configured.

Run: .venv/bin/python bench/bench_retrieval.py [--cases PATH] [--methods bm25,embedding,hybrid]
     [--verbose]     (target: BM25 Recall@10 >= 0.9)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from blocks.core.llm_client import LLMClient  # noqa: E402
from blocks.errors import BlockError  # noqa: E402
from blocks.registry import BlockRegistry  # noqa: E402
from designer.retrieval import retrieve_blocks  # noqa: E402

Ranker = Callable[[str], list[str]]


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=Path, default=ROOT / "bench" / "retrieval_cases.yaml")
    parser.add_argument("--methods", default="bm25,embedding,hybrid")
    parser.add_argument("--verbose", "-v", action="store_true")
    args = parser.parse_args()

    registry = BlockRegistry()
    known = set(registry.ids())
    cases = yaml.safe_load(args.cases.read_text(encoding="utf-8"))["cases"]
    unknown = sorted({b for c in cases for b in c["blocks"]} - known)
    if unknown:
        print(f"warning: expected blocks not in the catalog (counted as misses): {unknown}")
    by_lang: dict[str, int] = {}
    for case in cases:
        by_lang[case["lang"]] = by_lang.get(case["lang"], 0) + 1
    print(
        f"{len(cases)} cases ({', '.join(f'{k}: {v}' for k, v in sorted(by_lang.items()))}), {len(known)} blocks in the catalog"
    )

    alphabetical = sorted(known)
    rows = [evaluate("baseline (alphabetical)", lambda _q: alphabetical, cases, False)]
    llm: LLMClient | None = None
    for method in [m.strip() for m in args.methods.split(",") if m.strip()]:
        if method != "bm25" and llm is None:
            try:
                llm = LLMClient.from_env()
            except BlockError as exc:
                print(
                    f"{method}: not configured ({exc.details.get('reason', exc.code)}): {exc.hint}"
                )
                continue

        def rank(query: str, method: Any = method, llm: LLMClient | None = llm) -> list[str]:
            return [c.block_id for c in retrieve_blocks(query, registry, method=method, llm=llm)]

        try:
            rows.append(evaluate(method, rank, cases, args.verbose))
            if args.verbose:
                print(f"  ({method} done)")
        except BlockError as exc:
            print(f"{method}: failed: {exc}")
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
