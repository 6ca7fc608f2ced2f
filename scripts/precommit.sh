#!/usr/bin/env bash
# Checks on the tracked files, as CI runs them: lint, format, types, import layers.
set -euo pipefail
cd "$(dirname "$0")/.."
files=$(git ls-files "*.py")
.venv/bin/ruff check $files
.venv/bin/ruff format --check $files
.venv/bin/mypy
.venv/bin/lint-imports
