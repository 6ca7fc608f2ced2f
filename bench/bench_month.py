"""A month at scale (issue 25): the demo plan on a generated month, whole process, beside the same
blocks called in a plain Python loop, in the same run.

The month: a ZIP of `--docs` documents (default 1,000: invoices in six layouts, receipts,
quotations, payment notices and delivery notes as PDF, DOCX and XLSX, and 10% scans as
image-only PDFs and PNGs read by OCR; `samples/make_corpus.py` with one seed per 48
documents, each document its own) and a bank CSV of `--lines` rows (default 3,000: the
payments of the invoices and receipts, some with the transfer fee deducted, then rent,
utilities, fees and customers' deposits; a consistent running balance). Both are generated
once into `--out` and reused.

Measured, each as its own process (interpreter start and imports included):
- keiri: `keiri run designs/monthly_invoice_check.yaml --input collect_inputs...
  --input confirm_results.approved=true --json` on a warm local Prefect server;
- plain: this file with `--plain ZIP CSV`: the demo's blocks (`file.parse_zip_2tier`,
  `invoice.extract_fields` per file, `invoice.triage`, `invoice.check`,
  `table.read_statement`, `counterparties.link`, `table.reconcile`,
  `table.settle_proposals`, `invoice.account_files`, `excel.write` with the plan's report
  layout) called one after the other with the same inputs.
Printed: seconds, keiri/plain (target <= 1.15), the peak memory (max RSS) of each process, the
OCR pages read, and with `--scale` the same at twice the documents and lines (target: keiri at
2N <= 2.1 x keiri at N). The OCR run budget is raised (`KEIRI_OCR_RUN_BUDGET_S`) so that every
scan is read in both. The machine is shared: the load average is printed before and after.

Run: .venv/bin/python bench/bench_month.py [--docs 1000] [--lines 3000] [--scale]
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PLAN = ROOT / "designs" / "monthly_invoice_check.yaml"
KEIRI = Path(sys.executable).with_name("keiri")
SCAN_SHARE = 0.10
PAID_KINDS = ("invoice", "simplified_invoice")


# -- the month ------------------------------------------------------------------------------------


def _documents(count: int) -> list[tuple[str, bytes, Any]]:
    """`count` distinct documents (path in the ZIP, bytes, the corpus `Doc`), 10% scans."""
    from samples.make_corpus import build_docs, render

    scans_wanted = round(count * SCAN_SHARE)
    picked: dict[bool, list[tuple[int, Any]]] = {True: [], False: []}
    seed = 0
    while len(picked[True]) < scans_wanted or len(picked[False]) < count - scans_wanted:
        for doc in build_docs(20240501 + seed):
            scan = doc.fmt.startswith("scan")
            if len(picked[scan]) < (scans_wanted if scan else count - scans_wanted):
                picked[scan].append((seed, doc))
        seed += 1
    chosen = sorted(picked[True] + picked[False], key=lambda p: (p[1].date, p[0], p[1].id))
    out = []
    for number, (seed, doc) in enumerate(chosen):
        data, ext = render(doc, number)
        out.append((f"{doc.issuer[0]}/{doc.id}_{seed:02d}_{doc.kind}.{ext}", data, doc))
    return out


def _kana(name: str) -> str:
    return "ﾌﾘｺﾐ " + name.replace("株式会社", "ｶ)").replace("有限会社", "ﾕ)")[:16]


def _statement(docs: list[tuple[str, bytes, Any]], lines: int, seed: int) -> str:
    """A generic bank CSV: the documents' payments, then other lines up to `lines` rows."""
    rng = random.Random(seed)
    rows: list[tuple[dt.date, str, int | None, int | None]] = []
    for _path, _data, doc in docs:
        if doc.kind in PAID_KINDS and len(rows) < lines:
            fee = rng.choice((0, 0, 0, 440, 660))
            paid = doc.date + dt.timedelta(days=rng.randint(2, 9))
            rows.append((paid, _kana(doc.issuer[0]), doc.total() - fee, None))
    start = min(r[0] for r in rows) if rows else dt.date(2024, 4, 1)
    span = max(((max(r[0] for r in rows) - start).days if rows else 30), 30)
    others = (("ﾔﾁﾝ ｼﾞﾑｼﾖ", 275000), ("ﾃﾞﾝｷﾀﾞｲ", 18452), ("ﾃｽｳﾘﾖｳ", 440), ("ｶｰﾄﾞ ｼﾖｳﾋﾝ", 3980))
    while len(rows) < lines:
        day = start + dt.timedelta(days=rng.randint(0, span))
        if rng.random() < 0.3:
            rows.append((day, "ﾌﾘｺﾐ ｶ)ｻﾝﾌﾟﾙｺｳｷﾞﾖｳ", None, rng.randint(10, 500) * 1100))
        else:
            text, amount = rng.choice(others)
            rows.append((day, text, amount, None))
    rows.sort(key=lambda r: r[0])
    balance = 500_000_000
    out = ["日付,摘要,お引出し,お預入れ,差引残高", f"{start:%Y/%m/%d},前月繰越,,,{balance}"]
    for day, text, withdrawal, deposit in rows:
        balance += (deposit or 0) - (withdrawal or 0)
        out.append(f"{day:%Y/%m/%d},{text},{withdrawal or ''},{deposit or ''},{balance}")
    return "\r\n".join(out) + "\r\n"


def month(out: Path, docs: int, lines: int) -> tuple[Path, Path, dict[str, int]]:
    """The month's ZIP and statement (generated once into `out`), and what they hold."""
    folder = out / f"{docs}docs_{lines}lines"
    zip_path, csv_path = folder / "evidence.zip", folder / "statement.csv"
    facts_path = folder / "facts.json"
    if not facts_path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        documents = _documents(docs)
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for path, data, _doc in documents:
                archive.writestr(path, data)
        zip_path.write_bytes(buffer.getvalue())
        csv_path.write_bytes(_statement(documents, lines, docs).encode("cp932"))
        facts = {
            "documents": len(documents),
            "scans": sum(1 for _p, _d, doc in documents if doc.fmt.startswith("scan")),
            "statement_lines": lines,
            "zip_bytes": zip_path.stat().st_size,
        }
        facts_path.write_text(json.dumps(facts), encoding="utf-8")
    return zip_path, csv_path, json.loads(facts_path.read_text(encoding="utf-8"))


# -- the plain loop (run as its own process: --plain) ---------------------------------------------


def plain(zip_path: Path, csv_path: Path) -> dict[str, Any]:
    """The demo's blocks in a plain loop, with the plan's inputs."""
    import yaml

    from blocks.sdk.context import BlockContext
    from blocks.sdk.registry import BlockRegistry
    from blocks.sdk.store import FileStore

    nodes = {n["id"]: n for n in yaml.safe_load(PLAN.read_text(encoding="utf-8"))["graph"]}
    plan_vars = yaml.safe_load(PLAN.read_text(encoding="utf-8"))["vars"]
    registry, store = BlockRegistry(), FileStore()
    run_id = f"plain-{os.getpid()}"

    def call(block_id: str, node: str, **inputs: Any) -> dict[str, Any]:
        ctx = BlockContext(run_id=run_id, plan_id="monthly_invoice_check", node_id=node,
                           file_store=store)  # fmt: skip
        return registry.create(registry.get(block_id)).execute(ctx, inputs)

    evidence_ref = store.put_file(zip_path).model_dump(mode="json")
    statement_ref = store.put_file(csv_path).model_dump(mode="json")
    evidence = call("file.parse_zip_2tier", "parse_evidence", zip_bytes=evidence_ref)
    files = evidence["evidence_data"]["files"]
    fields = [call("invoice.extract_fields", "extract_fields", document=f)["fields"] for f in files]
    triage = call("invoice.triage", "triage", fields=fields)
    check = call("invoice.check", "check_invoices", fields=fields, rounding="detect")
    statement = call("table.read_statement", "read_statement", statement=statement_ref)
    links = call("counterparties.link", "link_counterparties", invoices=fields)
    reconcile = call(
        "table.reconcile",
        "reconcile",
        left=triage["payables"],
        review=triage["review"],
        right=statement["records"],
        left_amount="total",
        right_amount="出金",
        left_date="transaction_date",
        right_date="日付",
        left_due_date="due_date",
        payment_terms=plan_vars["payment_terms"],
        counterparty_links=links["invoice_links"],
        amount_tolerance=plan_vars["fee_tolerance_yen"],
        date_window_days=plan_vars["payment_window_days"],
    )
    decisions = {p["id"]: "reject" for p in reconcile["proposals"]}  # the form's defaults
    settled = call(
        "table.settle_proposals",
        "settle_proposals",
        matched=reconcile["matched"],
        unmatched_right=reconcile["unmatched_right"],
        proposals=reconcile["proposals"],
        decisions=decisions,
        decided_by="bench",
        approved=True,
        comment="",
    )
    accounted = call(
        "invoice.account_files",
        "account_files",
        fields=fields,
        matched=settled["matched"],
        rejected=settled["rejected"],
        skipped_left=reconcile["summary"]["skipped_left"],
        archive=evidence_ref,
    )
    sheets = {
        "ファイル一覧": accounted["rows"],
        "照合済": settled["matched"],
        "照合しなかった提案": settled["rejected"],
        "未照合_請求書": reconcile["unmatched_left"],
        "未照合_出金": settled["unmatched_right"],
        "指摘事項": check["findings"],
        "明細_除外行": statement["skipped"],
        "明細_照合対象外": reconcile["summary"]["skipped_right"],
        "明細_指摘": statement["findings"],
    }
    config = nodes["write_report"]["in"]["output_config"]
    call("excel.write", "write_report", data={"sheets": sheets}, output_config=config)
    return {
        "files": len(files),
        "ocr_pages": sum(int(f.get("ocr_pages") or 0) for f in files),
        "matched": len(settled["matched"]),
        "proposals": len(reconcile["proposals"]),
    }


# -- measuring ------------------------------------------------------------------------------------


def _measure(argv: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """(seconds, peak RSS in MB of the process and the children it waited for, stdout)."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=out, stderr=err)
        _pid, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        text, problems = out.read().decode(), err.read().decode(errors="replace")
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv[:3])} failed:\n{problems[-3000:]}\n{text[-2000:]}")
    return seconds, usage.ru_maxrss / 1024, text


def _keiri(zip_path: Path, csv_path: Path, env: dict[str, str]) -> dict[str, Any]:
    seconds, rss, text = _measure(
        [
            str(KEIRI),
            "run",
            str(PLAN),
            "--input",
            f"collect_inputs.evidence_zip=@{zip_path}",
            "--input",
            f"collect_inputs.bank_statement=@{csv_path}",
            "--input",
            "confirm_results.approved=true",
            "--json",
        ],
        env,
    )
    doc = json.loads(text)
    if doc["state"] != "completed":
        raise SystemExit(f"keiri run ended {doc['state']}: {doc.get('error')}")
    files = doc["outputs"]["parse_evidence"]["evidence"]["files"]
    return {
        "seconds": seconds,
        "rss_mb": rss,
        "files": len(files),
        "ocr_pages": sum(int(f.get("ocr_pages") or 0) for f in files),
        "matched": doc["outputs"]["settle_proposals"]["summary"]["matched_count"],
    }


def _plain(zip_path: Path, csv_path: Path, env: dict[str, str]) -> dict[str, Any]:
    argv = [sys.executable, str(Path(__file__)), "--plain", str(zip_path), str(csv_path)]
    seconds, rss, text = _measure(argv, env)
    return {"seconds": seconds, "rss_mb": rss, **json.loads(text.strip().splitlines()[-1])}


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def _line(label: str, r: dict[str, Any]) -> str:
    return (
        f"  {label:<6} {r['seconds']:8.1f} s  peak {r['rss_mb']:7.0f} MB  files {r['files']}"
        f"  OCR pages {r['ocr_pages']}  matched {r['matched']}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--docs", type=int, default=1000)
    parser.add_argument("--lines", type=int, default=3000)
    parser.add_argument("--scale", action="store_true", help="also twice the docs and lines")
    parser.add_argument("--out", type=Path, default=ROOT / "out" / "bench_month")
    parser.add_argument(
        "--plain", nargs=2, type=Path, metavar=("ZIP", "CSV"), help=argparse.SUPPRESS
    )
    args = parser.parse_args(argv)
    if args.plain:
        print(json.dumps(plain(*args.plain)))
        return 0
    home = Path(tempfile.mkdtemp(prefix="keiri-bench-month-"))
    env = {
        **os.environ,
        "KEIRI_HOME": str(home / "home"),
        "KEIRI_RUNS_DIR": str(home / "runs"),
        "KEIRI_SERVER_PORT": os.environ.get("KEIRI_BENCH_PORT", "4393"),
        "KEIRI_OCR_RUN_BUDGET_S": "86400",
        "KEIRI_USER": "bench",
        "PYTHONPATH": str(ROOT),
    }
    env.pop("PREFECT_API_URL", None)
    os.environ.update(env)
    from keiri.server import client_env
    from keiri.server import supervisor as server

    client_env.connect(timeout=300)
    try:
        return _compare(args, env)
    finally:
        server.stop()  # the bench's own server (its own keiri home and port)


def _compare(args: argparse.Namespace, env: dict[str, str]) -> int:
    sizes = [(args.docs, args.lines)] + ([(2 * args.docs, 2 * args.lines)] if args.scale else [])
    months = [month(args.out, docs, lines) for docs, lines in sizes]
    print(f"load average before: {_load()} ({os.cpu_count()} cores)")
    results = []
    for (zip_path, csv_path, facts), (docs, lines) in zip(months, sizes, strict=True):
        keiri = _keiri(zip_path, csv_path, env)
        plain_run = _plain(zip_path, csv_path, env)
        results.append((keiri, plain_run))
        ratio = keiri["seconds"] / plain_run["seconds"]
        print(
            f"{docs} documents ({facts['scans']} scans), {lines} statement lines"
            f" [load {_load()}]\n{_line('keiri', keiri)}\n{_line('plain', plain_run)}\n"
            f"  keiri/plain {ratio:.3f} (target <= 1.15)"
        )
    if len(results) == 2:
        (k1, p1), (k2, p2) = results
        print(
            f"scale: keiri 2N/N {k2['seconds'] / k1['seconds']:.2f} (target <= 2.1),"
            f" plain 2N/N {p2['seconds'] / p1['seconds']:.2f}"
        )
    print(f"load average after: {_load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
