#!/usr/bin/env bash
# Set up and pass the tests: system packages, .venv, lint, types, import layers, test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh
bash scripts/setup.sh
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy
.venv/bin/lint-imports
.venv/bin/pytest -q -n 2 --durations=25 "$@"
