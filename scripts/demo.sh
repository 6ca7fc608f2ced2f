#!/usr/bin/env bash
# The main job on a fresh machine: set up, start the embedded Prefect server (SQLite), and run
# the monthly invoice check end to end on the committed samples. No API key needed.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export KEIRI_HOME="${KEIRI_HOME:-$PWD/.keiri}"
keiri=.venv/bin/keiri
plan=designs/monthly_invoice_check.yaml
$keiri blocks --check
$keiri validate "$plan"
$keiri dry-run "$plan" > /dev/null
$keiri server start
$keiri run "$plan" \
  --input collect_inputs.evidence_zip=@samples/evidence/evidence.zip \
  --input collect_inputs.bank_statement=@samples/bank/bank_statement.xlsx \
  --input confirm_results.approved=true \
  --json > "$KEIRI_HOME/demo-run.json"
mkdir -p out
.venv/bin/python - "$KEIRI_HOME/demo-run.json" <<'PY'
import json, shutil, sys
from pathlib import Path
from blocks.sdk.store import FileStore
from keiri.base.catalog import state_label, t

doc = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
outputs = doc["outputs"]
report = outputs["write_report"]["report"]
target = Path("out") / report["name"]
shutil.copyfile(FileStore().path(report), target)
summary = outputs["reconcile"]["summary"]
checks = outputs["check_invoices"]["summary"]
print(t("cli.demo.run", run=doc["run_id"], state=state_label(doc["state"]), url=doc["ui_url"]))
print(t("cli.demo.invoices", invoices=checks["invoices"], passed=checks["passed"],
        errors=checks["errors"], warnings=checks["warnings"]))
print(t("cli.demo.reconciliation", matched=summary["matched_count"],
        unmatched_invoices=summary["unmatched_left_count"],
        unmatched_payments=summary["unmatched_right_count"]))
print(t("cli.demo.report", report=target, log=doc["log"]))
PY
