#!/usr/bin/env bash
# The main job on a fresh machine: set up, then check and run the demo plans end to end.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export KEIRI_HOME="${KEIRI_HOME:-$PWD/.keiri}"
.venv/bin/keiri blocks --check
for plan in $(find designs -name "*.yaml" -not -path "designs/templates/*" | sort); do
  .venv/bin/keiri validate "$plan"
  .venv/bin/keiri dry-run "$plan"
done
