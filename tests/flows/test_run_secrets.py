"""Which run parameters are secret (`flows.backend.run_secrets.split`): vars named like a secret or
declared `secret: true`, answers to `secret` fields or fields named like a secret."""

from __future__ import annotations

from pathlib import Path

import pytest

from blocks.sdk.registry import BlockRegistry
from compiler.compile import compile_file
from flows.backend.run_secrets import split
from tests.conftest import TEST_BLOCK_SPECS

ROOT = Path(__file__).resolve().parents[2]


def test_split_masks_secret_vars_and_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    monkeypatch.setenv("KEIRI_VAR_BANK_TOKEN", "env-value")
    compiled, _ = compile_file(ROOT / "tests/ops/plans/secrets_everywhere.yaml", BlockRegistry())
    ref = {"uri": "keiri://store/ab", "name": "x.pem", "sha256": "ab", "size": 1}
    answers = {"ask": {"passcode": "p-1", "client_secret_file": ref, "_answered_by": "yamada"}}
    vars = {"api_token": "t-1", "bank_pin": "1234", "other": "shown"}
    shown_answers, shown_vars, secrets = split(compiled, answers, vars)
    assert shown_answers == {
        "ask": {"passcode": "***", "client_secret_file": "***", "_answered_by": "yamada"}
    }
    assert shown_vars == {"api_token": "***", "bank_pin": "***", "other": "shown"}
    assert secrets == {
        "answers": {"ask": {"passcode": "p-1", "client_secret_file": ref}},
        "vars": {"api_token": "t-1", "bank_pin": "1234"},
    }
    assert split(compiled, {"ask": {"memo": "m"}}, {"other": 1}) == (
        {"ask": {"memo": "m"}},
        {"other": 1},
        {},
    )
