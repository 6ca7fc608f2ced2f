"""The error tree: every `ErrorCode` has a fixture (the table is checked against the enum), and
every fixture renders on each surface — the CLI (text and the one `--json` document), the
Prefect failure artifact, the form app's stored form — and survives pickling (Prefect persists
task exceptions). Where a code is cheap to reach, the fixture raises it through the real code
path; the rest (server states, engine limits, provider failures) are built as their raise sites
build them and are reached end to end in tests/flows, tests/keiri/test_cli_runtime.py and
tests/blocks.
"""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import pytest

from blocks import BlockContext, FileStore
from blocks.sdk.base import check_outputs
from blocks.sdk.errors import BlockError
from blocks.sdk.registry import BlockRegistry
from compiler.validate import validate_file
from keiri.base import settings
from keiri.base.catalog import t
from keiri.base.errors import (
    AlreadyResumed,
    ErrorCode,
    Issue,
    KeiriError,
    PlanInvalid,
    RunNotFound,
    RunNotPaused,
    RunNotRetryable,
    RunStartMismatch,
    error_markdown,
    from_validation_error,
)
from keiri.cli import main
from keiri.cli.render import as_keiri_error, begin_output, internal_error, render_error
from keiri.server.supervisor import ServerError
from tests.conftest import FIXTURES
from tests.support.catalog_text import shown

ERROR_CONTRACT = {"code", "message", "node_id", "hint", "recoverable"}


def _raised(action: Callable[[], object]) -> KeiriError:
    try:
        action()
    except KeiriError as exc:
        return exc
    raise AssertionError("expected a KeiriError")


def _input_validation(tmp_path: Path) -> KeiriError:
    registry = BlockRegistry()
    block = registry.create(registry.get("data.aggregate"))
    ctx = BlockContext(run_id="r", plan_id="p", node_id="total", file_store=FileStore(tmp_path))
    return _raised(lambda: block.execute(ctx, {"records": "x", "sum_fields": ["amount"]}))


def _output_mismatch(_tmp: Path) -> KeiriError:
    spec = BlockRegistry().get("data.aggregate")
    return _raised(lambda: check_outputs(spec, "total", {"totals": {}, "count": "three"}))


def _dependency_not_found(tmp_path: Path) -> KeiriError:
    ref = FileStore(tmp_path / "a").put_bytes(b"x", "x.txt")
    return _raised(lambda: FileStore(tmp_path / "b").path(ref))


def _file_invalid(tmp_path: Path) -> KeiriError:
    return _raised(lambda: FileStore(tmp_path).put_file(tmp_path / "請求書.pdf"))


def _storage_error(tmp_path: Path) -> KeiriError:
    (tmp_path / "tmp").write_text("a file where the store keeps its temporary folder")
    return _raised(lambda: FileStore(tmp_path).put_bytes(b"x", "x.txt"))


def _plan_invalid(_tmp: Path) -> KeiriError:
    report = validate_file(FIXTURES / "plans" / "invalid" / "UNKNOWN_BLOCK__typo_in_block.yaml")
    return PlanInvalid(report.errors, hint="run `keiri validate`")


def _plan_not_found(_tmp: Path) -> KeiriError:
    from flows.run_plan import resolve_plan_path

    return _raised(lambda: resolve_plan_path("no_such_design"))


def _invalid_run_id(_tmp: Path) -> KeiriError:
    from flows.lifecycle.control import find_run

    return _raised(lambda: find_run("not-a-run"))


def _config_invalid(_tmp: Path) -> KeiriError:
    return _raised(lambda: settings.load({"KEIRI_UI_PORT": "80800", "KEIRI_TIMEZONE": "Mars/Base"}))


def _registry_empty(tmp: Path) -> KeiriError:
    from blocks.registration.lookup import Registry

    return _raised(lambda: Registry(tmp / "registry.sqlite"))


def _evidence_archive(tmp: Path) -> Any:
    from blocks.archive.archive import EvidenceArchive

    return EvidenceArchive(tmp / "archive")


def _block(code: ErrorCode, message: str, **kw: object) -> Callable[[Path], KeiriError]:
    return lambda _tmp: BlockError(code, message, **kw)  # type: ignore[arg-type]


def _copilot_fixtures() -> dict[ErrorCode, Callable[[Path], KeiriError]]:
    """The copilot's named errors (reached end to end in tests/keiri/copilot)."""
    from keiri.copilot import errors as copilot

    return {
        ErrorCode.COPILOT_LLM_NOT_CONFIGURED: lambda _tmp: copilot.LLMNotConfigured(
            "no LLM is configured", hint="set OPENAI_API_KEY"
        ),
        ErrorCode.COPILOT_LLM_FAILED: lambda _tmp: copilot.LLMFailed(
            "the LLM call failed: HTTP 401", recoverable=True
        ),
        ErrorCode.COPILOT_UNKNOWN_TOOL: lambda _tmp: copilot.UnknownTool(
            "unknown tool design.lists", details={"did_you_mean": ["designs.list"]}
        ),
        ErrorCode.COPILOT_BAD_ARGS: lambda _tmp: copilot.BadArgs("errors.explain: code missing"),
        ErrorCode.COPILOT_PERMISSION_DENIED: lambda _tmp: copilot.CopilotPermissionDenied(
            "sato (viewer) may not run runs.start"
        ),
        ErrorCode.COPILOT_NOT_FOUND: lambda _tmp: copilot.CopilotNotFound("no goal goal_0a0b"),
        ErrorCode.COPILOT_ALREADY_DECIDED: lambda _tmp: copilot.AlreadyDecided(
            "confirm_0a0b was already answered"
        ),
        ErrorCode.COPILOT_CONFIRMATION_STALE: lambda _tmp: copilot.ConfirmationStale(
            "the task list changed after it was shown", hint="ask again"
        ),
    }


def _operations_fixtures() -> dict[ErrorCode, Callable[[Path], KeiriError]]:
    from flows.deploy.operations import DeploymentNotFound, PeriodOpen

    return {
        ErrorCode.DEPLOYMENT_NOT_FOUND: lambda _tmp: DeploymentNotFound(
            "デプロイメント 'monthly_invoce_check' はありません",
            hint="もしかして: 'monthly_invoice_check'",
            details={"deployment": "monthly_invoce_check"},
        ),
        ErrorCode.PERIOD_OPEN: lambda _tmp: PeriodOpen(
            "期間 2026-04 には未完了の実行 0a1b があるため、この実行は開始しませんでした",
            hint="実行 0a1b を完了させるか取り消してから、もう一度実行してください",
            details={"deployment": "monthly_invoice_check", "period": "2026-04", "run_id": "0a1b"},
        ),
    }


#: One fixture per ErrorCode. `test_every_error_code_has_a_fixture` compares it to the enum.
ERROR_FIXTURES: dict[ErrorCode, Callable[[Path], KeiriError]] = {
    ErrorCode.INPUT_VALIDATION_FAILED: _input_validation,
    ErrorCode.OUTPUT_SCHEMA_MISMATCH: _output_mismatch,
    ErrorCode.DEPENDENCY_NOT_FOUND: _dependency_not_found,
    ErrorCode.API_ERROR: _block(
        ErrorCode.API_ERROR,
        "LLM の呼び出しに失敗しました（429）",
        details={"node_id": "extract", "reason": "rate_limit"},
        hint="しばらく待ってから再実行してください",
        recoverable=True,
    ),
    ErrorCode.TIMEOUT_ERROR: _block(
        ErrorCode.TIMEOUT_ERROR, "no answer within 100 ms", node_id="slow", recoverable=True
    ),
    ErrorCode.PERMISSION_DENIED: _block(
        ErrorCode.PERMISSION_DENIED,
        "${env.OPENAI_API_KEY} is not allowed",
        hint="only allow-listed names (KEIRI_ENV_ALLOW) are readable",
    ),
    ErrorCode.FILE_INVALID: _file_invalid,
    ErrorCode.STORAGE_ERROR: _storage_error,
    ErrorCode.FILE_ENCRYPTED: _block(
        ErrorCode.FILE_ENCRYPTED,
        "請求書.pdf is encrypted",
        details={"node_id": "extract_fields", "item": "work[2] vendorA/請求書.pdf"},
        hint="ask the vendor for an unprotected copy",
    ),
    ErrorCode.FILE_TOO_LARGE: _block(ErrorCode.FILE_TOO_LARGE, "scan.pdf is 80 MB (limit 50 MB)"),
    ErrorCode.UNSAFE_ARCHIVE: _block(ErrorCode.UNSAFE_ARCHIVE, "member ../../etc/passwd escapes"),
    ErrorCode.BLOCK_NOT_IMPLEMENTED: _block(
        ErrorCode.BLOCK_NOT_IMPLEMENTED, "blocks/x.py:Missing cannot be imported"
    ),
    ErrorCode.BLOCK_SPEC_INVALID: _block(ErrorCode.BLOCK_SPEC_INVALID, "version is not SemVer"),
    ErrorCode.BLOCK_FAILED: _block(ErrorCode.BLOCK_FAILED, "ZeroDivisionError: division by zero"),
    ErrorCode.PLAN_INVALID: _plan_invalid,
    ErrorCode.LOOP_LIMIT_REACHED: _block(
        ErrorCode.LOOP_LIMIT_REACHED, "while loop ran 3 times", node_id="approve"
    ),
    ErrorCode.REJECTED: _block(ErrorCode.REJECTED, "却下されました", node_id="confirm"),
    ErrorCode.PLAN_NOT_FOUND: _plan_not_found,
    ErrorCode.INVALID_RUN_ID: _invalid_run_id,
    ErrorCode.RUN_NOT_FOUND: lambda _tmp: RunNotFound(
        "no run 0a1b2c3d-0000-4000-8000-000000000000"
    ),
    ErrorCode.RUN_NOT_PAUSED: lambda _tmp: RunNotPaused(
        "run 0a1b is not paused (state: Completed)", details={"state": "Completed"}
    ),
    ErrorCode.ALREADY_RESUMED: lambda _tmp: AlreadyResumed(
        "already resumed by yamada at 2026-11-23T09:00:00+00:00",
        details={"resumed_by": "yamada", "node_id": "confirm"},
    ),
    ErrorCode.RUN_NOT_RETRYABLE: lambda _tmp: RunNotRetryable("run 0a1b is Running"),
    ErrorCode.RUN_START_MISMATCH: lambda _tmp: RunStartMismatch(
        t("cli.error.start_mismatch", run="0a1b", what="tags", plan="keiri-demo"),
        details={"run_id": "0a1b", "differences": ["tags"]},
    ),
    ErrorCode.CONFIG_INVALID: _config_invalid,
    ErrorCode.SERVER_UNAVAILABLE: lambda _tmp: ServerError(
        "PREFECT_API_URL=http://127.0.0.1:1/api does not answer", hint="unset PREFECT_API_URL"
    ),
    ErrorCode.USAGE_ERROR: lambda _tmp: as_keiri_error(click.UsageError("no such option: --jsn")),
    ErrorCode.ABORTED: lambda _tmp: as_keiri_error(click.exceptions.Abort()),
    ErrorCode.INTERNAL_ERROR: lambda _tmp: internal_error(ZeroDivisionError("division by zero")),
    **_copilot_fixtures(),
    ErrorCode.JOURNAL_CHECK_FAILED: _block(
        ErrorCode.JOURNAL_CHECK_FAILED,
        "伝票 3 の借方 110,000 円と貸方 100,000 円が一致しません",
        details={"node_id": "journal", "problems": 1},
    ),
    ErrorCode.JOURNAL_NOT_FOUND: _block(
        ErrorCode.JOURNAL_NOT_FOUND, "run 0a1b has no journal entries", details={"run_id": "0a1b"}
    ),
    ErrorCode.ACCOUNT_NOT_MAPPED: _block(
        ErrorCode.ACCOUNT_NOT_MAPPED,
        "勘定科目「通信費用」は弥生の科目表にありません（もしかして: 通信費）",
        details={"format": "yayoi", "missing": ["通信費用"]},
    ),
    ErrorCode.COUNTERPARTY_INVALID: _block(
        ErrorCode.COUNTERPARTY_INVALID, "取引先.csv: 3 行目の登録番号が T＋13 桁ではありません"
    ),
    ErrorCode.PAYMENT_TERMS_INVALID: _block(
        ErrorCode.PAYMENT_TERMS_INVALID, "支払条件「来月のどこか」を読み取れません"
    ),
    **_operations_fixtures(),
    ErrorCode.REGISTRY_EMPTY: _registry_empty,
    ErrorCode.EVIDENCE_NOT_FOUND: lambda tmp: _raised(
        lambda: _evidence_archive(tmp).delete(404, who="yamada", why="重複")
    ),
    ErrorCode.RETENTION_ACTIVE: lambda tmp: _raised(
        lambda: _evidence_archive(tmp).purge(
            _evidence_archive(tmp).add(b"%PDF", file_name="a.pdf", fields={}, who="y").record.id,
            who="yamada",
            why="不要",
        )
    ),
}


def test_every_error_code_has_a_fixture() -> None:
    # REPORTED ends a command that has shown its result itself: nothing of it is rendered.
    assert set(ErrorCode) - {ErrorCode.REPORTED} == set(ERROR_FIXTURES)


@pytest.fixture(params=sorted(ERROR_FIXTURES), ids=str)
def error(request: pytest.FixtureRequest, tmp_path: Path) -> KeiriError:
    made = ERROR_FIXTURES[request.param](tmp_path)
    assert made.code == request.param
    return made


def test_cli_text_shows_code_message_and_hint(
    error: KeiriError, capsys: pytest.CaptureFixture[str]
) -> None:
    render_error(error)
    out, err = capsys.readouterr()
    shown = out + err
    assert error.message.splitlines()[0][:40] in shown
    if error.hint:
        assert error.hint in shown
    assert error.exit_code in (1, 2)


def test_cli_json_is_one_document_with_the_contract(
    error: KeiriError, capsys: pytest.CaptureFixture[str]
) -> None:
    begin_output()  # what the entry point does per invocation
    render_error(error, as_json=True)
    doc = json.loads(capsys.readouterr().out)  # exactly one document
    assert doc["ok"] is False and set(doc["error"]) >= ERROR_CONTRACT
    assert doc["error"]["code"] == error.code
    assert doc["errors"] and all(set(i) >= {"code", "message", "path"} for i in doc["errors"])


def test_artifact_and_form_app_forms(error: KeiriError) -> None:
    from ui_app.errors import as_error

    markdown = error_markdown(error)
    assert f"`{error.code}`" in markdown and t("cli.artifact.recoverable") in markdown
    stored = as_error(json.loads(json.dumps(error.to_dict(), default=str)))
    assert (stored.code, stored.message, stored.hint, stored.recoverable) == (
        error.code,
        error.message,
        error.hint,
        error.recoverable,
    )


def test_pickles_with_every_field(error: KeiriError) -> None:
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error)
    assert (again.code, again.message, again.hint, again.details, again.exit_code) == (
        error.code,
        error.message,
        error.hint,
        error.details,
        error.exit_code,
    )


def test_json_failure_is_one_document_with_exit_code(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["validate", "does/not/exist.yaml", "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 2 and doc["ok"] is False and doc["error"]["code"] == "USAGE_ERROR"
    assert doc["errors"][0]["code"] == "USAGE_ERROR" and doc["warnings"] == []
    code = main(["dry-run", "--json", "--no-such-option"])
    assert code == 2 and json.loads(capsys.readouterr().out)["error"]["code"] == "USAGE_ERROR"


def test_config_error_lists_every_problem_once(capsys: pytest.CaptureFixture[str]) -> None:
    error = _config_invalid(Path("."))
    assert error.exit_code == 2
    assert error.fields == ["KEIRI_UI_PORT", "KEIRI_TIMEZONE"]  # type: ignore[attr-defined]
    port = t("issue.pydantic.less_than_equal", limit=65535, actual="'80800'")
    assert shown("cli.error.config_many", error.message, count=2)
    assert t("runtime.settings.problem", name="KEIRI_UI_PORT", message=port) in error.message


def test_converter_keeps_paths_as_tuples_and_suggests(monkeypatch: pytest.MonkeyPatch) -> None:
    from pydantic import BaseModel, ConfigDict, ValidationError

    class Inner(BaseModel):
        model_config = ConfigDict(extra="forbid")
        amount: int

    class Outer(BaseModel):
        model_config = ConfigDict(extra="forbid")
        rows: list[Inner]

    with pytest.raises(ValidationError) as caught:
        Outer.model_validate({"rows": [{"amount": 1}, {"amout": 2}]})
    issues = from_validation_error(
        caught.value, file="x.yaml", known_keys=lambda parent: ["amount"]
    )
    by_loc = {i.loc: i for i in issues}
    assert set(by_loc) == {("rows", 1, "amount"), ("rows", 1, "amout")}
    unknown = by_loc[("rows", 1, "amout")]
    assert (
        unknown.path == "rows[1].amout"
        and t("issue.did_you_mean", names="'amount'") in unknown.hint
    )
    assert by_loc[("rows", 1, "amount")].message == t("issue.pydantic.missing", name="amount")
    monkeypatch.setenv("KEIRI_LANG", "en")  # the same converter, in the reader's language
    english = {i.loc: i for i in from_validation_error(caught.value)}
    assert english[("rows", 1, "amount")].message == "missing required key 'amount'"
    dumped = unknown.model_dump()
    assert dumped["path"] == "rows[1].amout" and "loc" not in dumped
    assert Issue.model_validate(dumped).loc == ("rows", 1, "amout")  # a --json document read back
    moved = unknown.model_copy(update={"path": "table[1].amout"})
    assert moved.loc == ("table", 1, "amout") and moved.path == "table[1].amout"
