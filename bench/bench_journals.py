"""Benchmark: a big month through the journal library (issue 27).

5,000 invoices (a third two-rate, a tenth from businesses that are not registered, around
2026-10-01 so both transitional rates occur) with a master of 500 counterparties and their
rules → `journal.from_invoices`'s library (`build_purchases`), 5,000 matched payments with fees
→ `build_payments`, then each export format (`prepare_export`: checks, mapping, rendering;
the export ledger in a temporary keiri home). Prints, per step: seconds, peak memory
of the process so far (the high-water mark of its resident set, `ru_maxrss`), and for exports the
rows and the file size. Times are wall-clock on whatever else the machine is doing.

Run: .venv/bin/python bench/bench_journals.py [--invoices 5000]
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

T = TypeVar("T")


def measure(label: str, step: Callable[[], T]) -> T:
    started = time.perf_counter()
    value = step()
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"{label:<24} {seconds:8.3f} s   peak RSS {peak:7.1f} MiB")
    return value


def invoices(count: int) -> list[dict[str, Any]]:
    rows = []
    for i in range(count):
        party = i % 500
        day = 21 + i % 30  # 2026-09-21 .. 2026-10-20
        date = f"2026-09-{day:02d}" if day <= 30 else f"2026-10-{day - 30:02d}"
        net10 = 1000 + (i * 37) % 90000
        totals, taxes = {"10": net10}, {"10": net10 // 10}
        if i % 3 == 0:
            net8 = 500 + (i * 11) % 20000
            totals["8"], taxes["8"] = net8, net8 * 8 // 100
        rows.append({
            "source": {"name": f"{i:05d}.pdf", "path": f"vendor{party:03d}/{i:05d}.pdf",
                       "file": {"uri": f"keiri://store/{i:064x}", "name": f"{i:05d}.pdf",
                                "size": 1, "sha256": f"{i:064x}"}},
            "document_type": "invoice", "issuer_name": f"株式会社取引先{party:03d}",
            "registration_number": None if party % 10 == 0 else f"T{party:013d}",
            "transaction_date": date,
            "lines": [{"description": f"品目 {i}", "amount": net10, "rate": 10}],
            "totals_by_rate": totals, "tax_by_rate": taxes, "amounts_include_tax": False,
            "total": sum(totals.values()) + sum(taxes.values()),
            "status": {"total": "確定", "transaction_date": "確定"},
        })  # fmt: skip
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--invoices", type=int, default=5000)
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="keiri-bench-journals-"))
    os.environ["KEIRI_HOME"] = str(home)

    from blocks.counterparties.models import Counterparty, Rule
    from blocks.counterparties.store import CounterpartyStore
    from blocks.journals.export import prepare_export
    from blocks.journals.formats import FORMATS
    from blocks.journals.ledger import ExportLedger
    from blocks.journals.model import JournalBatch, parse_period
    from blocks.journals.payments import PaymentOptions, build_payments
    from blocks.journals.purchases import PurchaseContext, PurchaseOptions, build_purchases

    data = invoices(args.invoices)
    master = [Counterparty(code=f"V{p:03d}", name=f"株式会社取引先{p:03d}",
                           default_account="消耗品費" if p % 2 else "通信費")
              for p in range(500)]  # fmt: skip
    with CounterpartyStore() as store:
        store.save_many(master, "bench")
        for p in range(0, 500, 5):
            store.add_rule(Rule(counterparty_code=f"V{p:03d}", account="荷造運賃"), "bench")
        rules = store.rules()
    links = {
        f"vendor{i % 500:03d}/{i:05d}.pdf": {"counterparty": {"code": f"V{i % 500:03d}"}}
        for i in range(args.invoices)
    }
    registry = {f"T{p:013d}": "registered" for p in range(500)}
    context = PurchaseContext(
        counterparties={c.code: c for c in master}, rules=rules, links=links, registry=registry
    )
    print(f"{args.invoices} invoices, 500 counterparties, {len(rules)} rules, home {home}")
    purchases, skipped = measure(
        "entries from invoices",
        lambda: build_purchases(data, context, PurchaseOptions(run_id="bench")),
    )
    matched = [
        {"left_index": i, "right_index": i, "left": inv,
         "right": {"日付": "2026-10-20", "摘要": f"ﾌﾘｺﾐ ﾄﾘﾋｷｻｷ{i % 500:03d}",
                   "出金": inv["total"] - (440 if i % 4 == 0 else 0)}}
        for i, inv in enumerate(data)
    ]  # fmt: skip
    payments, _ = measure(
        "entries from payments", lambda: build_payments(matched, PaymentOptions(run_id="bench"))
    )
    period = parse_period("2026-09-21..2026-10-20")
    batches = [
        JournalBatch(
            kind="purchases", run_id="bench", period=period, entries=purchases, skipped=skipped
        ),
        JournalBatch(kind="payments", run_id="bench", period=period, entries=payments),
    ]
    lines = sum(len(e.lines) for b in batches for e in b.entries)
    print(f"{len(purchases) + len(payments)} entries, {lines} lines, {len(skipped)} skipped")
    ledger = ExportLedger(home / "journals.sqlite")
    for fmt in FORMATS:
        result = measure(
            f"export {fmt}",
            lambda fmt=fmt: prepare_export(batches, fmt, ledger=ledger),  # type: ignore[misc]
        )
        print(
            f"{'':<28} {result.rows} rows, {len(result.data) / 2**20:.2f} MiB, {len(result.cut)} cut"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
