"""Benchmark: validate a generated 500-node plan.

Prints (medians of several runs, measured in the same process/run):
- the time PyYAML (`yaml.safe_load`) takes just to parse the file (the baseline),
- the time `compile_file` (load with lines + every validation pass) takes,
- their ratio (target <= 3),
- the cold-start wall time of `keiri validate` on it in a fresh process (target <= 1.0 s).

Run: .venv/bin/python bench/bench_validate.py [--nodes 500] [--repeat 7]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from blocks.sdk.registry import BlockRegistry  # noqa: E402
from compiler.compile import compile_file  # noqa: E402


def make_plan(nodes: int) -> str:
    """A realistic mix: chains, fan-in, when conditions, loops with bodies, literals."""
    lines = [
        "apiVersion: v1",
        "id: bench_plan",
        "version: 1.0.0",
        "vars:",
        "  invoices: [{vendor: A社, amount: 1100}, {vendor: B社, amount: 2200}]",
        "  months: [[{amount: 1}], [{amount: 2}]]",
        "graph:",
    ]
    last_agg = "agg_0"
    for i in range(nodes):
        if i % 10 == 9:
            lines += [
                f"  - id: loop_{i}",
                "    type: loop",
                '    foreach: {input: "${vars.months}", itemVar: month, indexVar: idx, max_concurrency: 4}',
                "    body:",
                "      plan:",
                "        graph:",
                f"          - id: body_{i}",
                "            block: data.aggregate",
                '            in: {records: "${month}", sum_fields: [amount]}',
                "        exports:",
                f"          - {{from: body_{i}.totals, as: totals}}",
                "    out: {collect: totals}",
            ]
        elif i % 3 == 0 or i == 0:
            last_agg = f"agg_{i}"
            lines += [
                f"  - id: agg_{i}",
                "    block: data.aggregate",
                '    in: {records: "${vars.invoices}", sum_fields: [amount], group_by: vendor}',
            ]
        else:
            prev = last_agg
            lines += [
                f"  - id: check_{i}",
                "    block: data.check_rules",
                f'    when: {{expr: "${{{prev}.count}} > 0 && ${{vars.invoices.length}} >= 1"}}',
                "    in:",
                f'      data: {{amount: "${{{prev}.totals.amount}}", n: "${{{prev}.groups.length}}"}}',
                "      rules: [{field: amount, type: number, min: 0}, {field: n, min: 1}]",
            ]
    return "\n".join(lines) + "\n"


def median_time(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--nodes", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "plan500.yaml"
        path.write_text(make_plan(args.nodes), encoding="utf-8")
        text = path.read_text(encoding="utf-8")
        registry = BlockRegistry()
        compile_file(path, registry)  # warm imports and caches, as a long-lived process would
        parse = median_time(lambda: yaml.safe_load(text), args.repeat)
        validate = median_time(lambda: compile_file(path, registry), args.repeat)
        colds = []
        for _ in range(max(3, args.repeat // 2)):
            start = time.perf_counter()
            subprocess.run(
                [str(Path(sys.executable).parent / "keiri"), "validate", str(path)],
                check=True,
                capture_output=True,
                cwd=ROOT,
            )
            colds.append(time.perf_counter() - start)
        cold = statistics.median(colds)
    print(f"plan: {args.nodes} nodes, {len(text.splitlines())} lines")
    print(f"PyYAML safe_load (baseline): {parse * 1000:8.1f} ms (median of {args.repeat})")
    print(f"keiri validate (in-process): {validate * 1000:8.1f} ms (median of {args.repeat})")
    print(f"ratio validate / parse:      {validate / parse:8.2f}   (target <= 3)")
    print(
        f"cold start `keiri validate`: {cold * 1000:8.1f} ms (median of {len(colds)}; target <= 1000)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
