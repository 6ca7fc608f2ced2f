"""Benchmark: excel.write of 100,000 x 10 records into a new workbook vs a raw openpyxl
write-only loop writing the same rows, in the same run. Prints medians and the ratio.

Run: .venv/bin/python bench/bench_excel_write.py [--rows 100000] [--repeat 3]
Target: ratio <= 1.15.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font

from blocks.excel.write import WriteBlock
from blocks.sdk.context import BlockContext
from blocks.sdk.spec import BlockSpec
from blocks.sdk.store import FileStore

ROOT = Path(__file__).resolve().parent.parent

TARGET = 1.15
COLUMNS = ["請求書番号", "請求日", "取引先", "品目", "数量", "単価", "金額", "税率", "税額", "備考"]


def make_records(n: int) -> list[dict[str, Any]]:
    return [
        {
            "請求書番号": f"INV-{i:07d}",
            "請求日": f"2024-04-{i % 28 + 1:02d}",
            "取引先": f"株式会社サンプル{i % 97}",
            "品目": "コピー用紙 A4",
            "数量": i % 13 + 1,
            "単価": 480.0 + i % 7,
            "金額": (i % 13 + 1) * 480,
            "税率": 10,
            "税額": (i % 13 + 1) * 48,
            "備考": "" if i % 5 else "軽減税率対象",
        }
        for i in range(n)
    ]


def raw_openpyxl(records: list[dict[str, Any]], path: Path) -> None:
    """The baseline: what a hand-written write-only export does (bold header, same rows)."""
    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet("Sheet1")
    header = []
    for name in COLUMNS:
        cell = WriteOnlyCell(sheet, name)
        cell.font = Font(bold=True)
        header.append(cell)
    sheet.append(header)
    for record in records:
        sheet.append([record[k] for k in COLUMNS])
    workbook.save(path)


def block_execute(block: WriteBlock, ctx: BlockContext, records: list[dict[str, Any]]) -> None:
    """The block as a plan runs it: SDK input/output validation around `run`."""
    block.execute(ctx, {"data": records, "output_config": {"file_name": "bench.xlsx"}})


def block_run(block: WriteBlock, ctx: BlockContext, records: list[dict[str, Any]]) -> None:
    """The block's own work only (no SDK validation), to separate the two costs."""
    block.run(ctx, {"data": records, "output_config": {"file_name": "bench.xlsx"}})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    records = make_records(args.rows)
    spec_path = ROOT / "block_specs" / "excel" / "excel.write.yaml"
    block = WriteBlock(BlockSpec.model_validate(yaml.safe_load(spec_path.read_text("utf-8"))))
    names = ["raw openpyxl write-only", "excel.write (execute)", "excel.write (run only)"]
    wall: dict[str, list[float]] = {n: [] for n in names}
    cpu: dict[str, list[float]] = {n: [] for n in names}
    with tempfile.TemporaryDirectory(prefix="keiri-bench-") as tmp:
        ctx = BlockContext(
            run_id="bench", plan_id="bench", node_id="write", file_store=FileStore(Path(tmp))
        )
        jobs = {
            names[0]: lambda: raw_openpyxl(records, Path(tmp) / "raw.xlsx"),
            names[1]: lambda: block_execute(block, ctx, records),
            names[2]: lambda: block_run(block, ctx, records),
        }
        for i in range(args.repeat):
            # Rotate the order so drift on a noisy machine hits every side alike.
            for name in names[i % 3 :] + names[: i % 3]:
                start, start_cpu = time.perf_counter(), time.process_time()
                jobs[name]()
                wall[name].append(time.perf_counter() - start)
                cpu[name].append(time.process_time() - start_cpu)
    print(f"rows: {args.rows} x {len(COLUMNS)} columns, repeat: {args.repeat}")
    for name in names:
        runs = ", ".join(f"{v:.2f}" for v in wall[name])
        print(
            f"{name:26s} wall median {statistics.median(wall[name]):6.2f} s"
            f"  cpu median {statistics.median(cpu[name]):6.2f} s  (wall runs: {runs})"
        )
    for label, table in (("wall", wall), ("cpu", cpu)):
        base = statistics.median(table[names[0]])
        for name in names[1:]:
            ratio = statistics.median(table[name]) / base
            verdict = "ok" if ratio <= TARGET else "MISSED"
            print(f"ratio {label:4s} {name} / raw: {ratio:.3f}  (target <= {TARGET}: {verdict})")


if __name__ == "__main__":
    main()
