"""The CLI contract for blocks / validate / dry-run / migrate: exit codes and --json shapes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from keiri.base.catalog import t
from keiri.cli import main
from tests.conftest import FIXTURES, ROOT

VALID = FIXTURES / "plans" / "valid"
INVALID = FIXTURES / "plans" / "invalid"
ISSUE_FIELDS = {"code", "message", "node_id", "path", "line", "hint", "severity"}


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_validate_valid_exit_0_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "validate", str(VALID / "warn_unused_output.yaml"), "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["ok"] is True and doc["errors"] == []
    assert set(doc["warnings"][0]) >= ISSUE_FIELDS


def test_validate_invalid_exit_1_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(
        capsys, "validate", str(INVALID / "UNKNOWN_BLOCK__typo_in_block.yaml"), "--json"
    )
    assert code == 1
    doc = json.loads(out)
    assert doc["ok"] is False
    assert doc["errors"][0]["code"] == "UNKNOWN_BLOCK"
    assert doc["errors"][0]["line"] == 6
    assert set(doc["errors"][0]) >= ISSUE_FIELDS


def test_validate_missing_file_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "validate", "does/not/exist.yaml")
    assert code == 2
    assert "'keiri validate --help'" in err


def test_unknown_option_is_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "validate", "--jsn", str(VALID / "linear_chain.yaml"))
    assert code == 2 and "--json" in err


def test_validate_human_output_has_location_and_hint(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "validate", str(INVALID / "UNKNOWN_INPUT__typo_in_input.yaml"))
    assert code == 1
    assert "UNKNOWN_INPUT [total]" in out and "UNKNOWN_INPUT__typo_in_input.yaml:7" in out
    assert t("cli.label.hint") in out and "sum_fields" in out


def test_dry_run_ok_and_failed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "dry-run", str(VALID / "foreach_one_node.yaml"), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["ok"] is True and doc["errors"] == []
    assert {n["node_id"] for n in doc["nodes"]} >= {"month_total[0]", "summary"}
    code, out, _ = run_cli(
        capsys, "dry-run", str(INVALID / "CYCLE_DETECTED__two_node_cycle.yaml"), "--json"
    )
    assert code == 1 and json.loads(out)["errors"][0]["code"] == "CYCLE_DETECTED"


def test_dry_run_fails_without_samples(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    specs = tmp_path / "specs"
    (specs / "x").mkdir(parents=True)
    (specs / "x" / "x.nosample.yaml").write_text(
        "id: x.nosample\nversion: 1.0.0\nentrypoint: blocks/x/nosample.py:NoSample\n"
        "outputs:\n  value: {type: string}\n",
        encoding="utf-8",
    )
    plan = tmp_path / "p.yaml"
    plan.write_text(
        "apiVersion: v1\nid: p\ngraph:\n  - id: n\n    block: x.nosample\n", encoding="utf-8"
    )
    from blocks.sdk.registry import BlockRegistry
    from compiler.dryrun import dry_run_file

    report = dry_run_file(plan, BlockRegistry(roots=[specs]))
    assert not report.ok
    assert report.errors[0].code == "DRY_RUN_FAILED" and report.errors[0].node_id == "n"
    assert "dry_run.samples" in report.errors[0].hint


def test_blocks_json_lists_catalog(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "blocks", "--json")
    assert code == 0
    ids = {b["id"] for b in json.loads(out)["blocks"]}
    assert {"ui.interactive_input", "data.check_rules", "data.aggregate"} <= ids


def test_migrate_writes_new_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    legacy = tmp_path / "legacy.yaml"
    legacy.write_text(
        "apiVersion: v1\nid: legacy\ngraph:\n"
        "  - id: upload\n    block: ui.file_uploader.zip\n    in: {label: 証跡ZIP}\n    out: {file: evidence_zip}\n"
        "  - id: ok\n    block: ui.confirmation.approve\n    in: {message: 続行しますか}\n    out: {approved: approved}\n"
        "  - id: parse\n    block: file.parse_zip_2tier\n    in: {zip_bytes: '${upload.evidence_zip}'}\n",
        encoding="utf-8",
    )
    before = legacy.read_bytes()
    code, out, _ = run_cli(capsys, "migrate", str(legacy), "--json")
    assert code == 0
    assert legacy.read_bytes() == before
    migrated = tmp_path / "legacy.migrated.yaml"
    text = migrated.read_text(encoding="utf-8")
    assert "ui.file_uploader" not in text and "ui.confirmation" not in text
    assert "${upload.collected.file}" in text
    assert len(json.loads(out)["changes"]) == 3
    code, out, _ = run_cli(capsys, "validate", str(migrated), "--json")
    assert json.loads(out)["ok"] is True, out


def test_validate_does_not_import_heavy_libraries() -> None:
    code = (
        "import sys\nfrom keiri.cli import main\n"
        f"rc = main(['validate', {str(VALID / 'linear_chain.yaml')!r}])\n"
        "heavy = [m for m in ('prefect', 'pandas', 'openai', 'streamlit') if m in sys.modules]\n"
        "print(rc, heavy)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.strip().splitlines()[-1] == "0 []"
