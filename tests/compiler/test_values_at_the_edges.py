"""NaN/Infinity never enter plan values; a comparison with a non-number names its node; a full
file store is a coded error. Each closed where the value enters (loader, --var, block ports,
expressions, the store), not where it is shown."""

from __future__ import annotations

import json
import math
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import click
import pytest

from blocks.sdk.base import check_outputs, prepare_inputs
from blocks.sdk.errors import BlockError, ErrorCode, IssueCode, IssuesFound
from blocks.sdk.registry import BlockRegistry
from blocks.sdk.yaml_loader import load_yaml
from compiler.backend import Backend
from compiler.compile import compile_text
from compiler.engine import run_compiled
from compiler.events import EventLog
from keiri.base.catalog import t
from keiri.cli.inputs import parse_vars

_WHEN = """apiVersion: v1
id: approval_routes
vars:
  invoice: {{ amount: null }}
graph:
  - id: approve
    block: data.check_rules
    when: {when}
    in: {{ data: {{ x: 1 }}, rules: [{{ field: x, min: 0 }}] }}
"""


@pytest.mark.parametrize("text", [".nan", ".NaN", ".inf", "-.Inf", "1.0e+999", "[1, .nan]"])
def test_yaml_non_finite_numbers_are_refused_at_their_line(text: str) -> None:
    with pytest.raises(IssuesFound) as caught:
        load_yaml(f"apiVersion: v1\nvars:\n  amount: {text}\n", file="p.yaml")
    (issue,) = caught.value.issues
    assert issue.code == IssueCode.TYPE_MISMATCH and issue.line == 3
    assert issue.path.startswith("vars.amount") and "NaN" in issue.hint


@pytest.mark.parametrize("raw", ["amount=.nan", "amount=.inf", "amount=[1, -.inf]"])
def test_var_with_nan_is_a_usage_error(raw: str) -> None:
    with pytest.raises(click.UsageError) as caught:
        parse_vars((raw,))
    assert t("cli.var.not_finite") in str(caught.value)
    assert parse_vars(("amount=nan",)) == {"amount": "nan"}  # text, not a number


@pytest.mark.parametrize(
    ("raw", "code"),
    [("x=" + "[" * 700 + "]" * 700, "PLAN_TOO_LARGE"), ("x=" + "9" * 5000, "PLAN_TOO_LARGE")],
)
def test_var_values_go_through_the_bounded_loader(raw: str, code: str) -> None:
    """600+ levels (RecursionError) and 4,300+ digits (ValueError) were tracebacks."""
    with pytest.raises(click.UsageError, match=code):
        parse_vars((raw,))


def test_block_ports_refuse_nan_in_and_out(registry: BlockRegistry) -> None:
    spec = registry.get("data.aggregate")
    with pytest.raises(BlockError) as caught:
        prepare_inputs(spec, "total", {"records": [{"amount": math.nan}], "sum_fields": ["amount"]})
    assert caught.value.code == ErrorCode.INPUT_VALIDATION_FAILED
    assert caught.value.details["field"] == "records[0].amount"
    with pytest.raises(BlockError) as caught:
        check_outputs(spec, "total", {"totals": {"amount": math.inf}, "count": 1})
    assert caught.value.code == ErrorCode.OUTPUT_SCHEMA_MISMATCH
    assert "inf" in caught.value.message  # the value named, in either language
    assert caught.value.details["field"] == "totals.amount"


@pytest.mark.parametrize(
    "when",
    [
        '{ expr: "${vars.invoice.amount} > 100" }',
        '{ expr: "${vars.invoice.amount} <= 100" }',
        '{ left: "${vars.invoice.amount}", op: gt, right: 100 }',
    ],
)
def test_ordering_a_null_fails_the_node_never_skips_it(when: str, registry: BlockRegistry) -> None:
    """`amount > 100` and `amount <= 100` with a null amount: both were false, so an approval
    node and its alternative were both skipped. Now the node fails, named."""
    compiled, _ = compile_text(_WHEN.format(when=when), registry)
    result = run_compiled(compiled, Backend(), run_id="r1", events=EventLog(None))
    assert result.state == "failed" and result.error is not None
    assert result.error.node_id == "approve"
    assert "nullと数値は '" in result.error.message  # in Japanese, the default


def test_json_output_refuses_nan(capsys: pytest.CaptureFixture[str]) -> None:
    from keiri.cli.main import main
    from keiri.cli.render import print_json

    with pytest.raises(ValueError, match="not JSON compliant"):
        print_json({"amount": math.nan})
    assert capsys.readouterr().out == ""
    assert main(["validate", "no/such/plan.yaml", "--json"]) == 2
    json.loads(capsys.readouterr().out)


_FULL_STORE = """
import sys
from pathlib import Path
from blocks.sdk.store import FileStore
from blocks.sdk.errors import BlockError
from blocks.forms.field_types import FIELD_TYPES, FieldValueError
from blocks.forms.form import Requirement
source = Path(sys.argv[1])
store = FileStore(Path(sys.argv[2]))
try:
    store.put_file(source)
except BlockError as exc:
    print(exc.code, exc.recoverable, exc.message)
req = Requirement.model_validate({"id": "evidence", "type": "file", "label": "証憑"})
try:
    FIELD_TYPES["file"].parse(req, "@" + str(source), store)
except FieldValueError as exc:
    print("FIELD", exc.message)
"""


def test_a_full_store_is_a_storage_error(tmp_path: Path) -> None:
    """A real full disk, made with RLIMIT_FSIZE in a child (writes past 64 KiB fail, EFBIG)."""
    source = tmp_path / "scan.pdf"
    source.write_bytes(os.urandom(1 << 20))
    limit = 64 * 1024

    def small_disk() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    done = subprocess.run(
        [sys.executable, "-c", _FULL_STORE, str(source), str(tmp_path / "store")],
        capture_output=True,
        text=True,
        env={**os.environ, "KEIRI_LANG": "en"},  # the English wording is matched
        preexec_fn=small_disk,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    first, second = done.stdout.splitlines()
    assert first.startswith("STORAGE_ERROR True cannot store 'scan.pdf' in the file store")
    assert second.startswith("FIELD cannot store 'scan.pdf'")
    assert not list((tmp_path / "store" / "tmp").iterdir())  # no partial object left
