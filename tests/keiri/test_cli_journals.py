"""`keiri journals export` on a real run (the Prefect test server) and `keiri counterparties
ls|import|export`, through CliRunner on the standalone click groups; errors through the
CLI's entry point with the group added to the command table."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from blocks.journals.formats import FORMATS
from keiri.base.catalog import CATALOG
from keiri.cli import counterparties, journals
from keiri.cli.help_text import command_paths, help_key, localize, param_help_key
from tests.conftest import FIXTURES

PLAN = FIXTURES / "journals" / "close_month.yaml"
MASTER_CSV = (
    "取引先コード,取引先名,カナ名,登録番号,既定の勘定科目,支払条件\r\n"
    "C001,株式会社山田商事,ﾔﾏﾀﾞｼｮｳｼﾞ,T7010001000000,消耗品費,月末締め翌月末払い\r\n"
    "C003,有限会社みどり商店,ﾐﾄﾞﾘｼｮｳﾃﾝ,,会議費,\r\n"
)


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv("KEIRI_USER", "yamada")
    return CliRunner()


def _json(result: Any) -> dict[str, Any]:
    assert result.exit_code == 0, (result.output, result.exception)
    return json.loads(result.output)  # type: ignore[no-any-return]


def test_the_formats_of_the_command_are_the_layouts() -> None:
    assert journals.FORMATS == FORMATS


def test_counterparties_import_ls_export(runner: CliRunner, tmp_path: Path) -> None:
    source = tmp_path / "master.csv"
    source.write_bytes(MASTER_CSV.encode("cp932"))
    doc = _json(runner.invoke(counterparties.command, ["import", str(source), "--json"]))
    assert (doc["create"], doc["update"], doc["same"]) == (2, 0, 0)
    again = _json(runner.invoke(counterparties.command, ["import", str(source), "--json"]))
    assert again["same"] == 2
    listed = _json(runner.invoke(counterparties.command, ["ls", "--json"]))
    assert [c["code"] for c in listed["counterparties"]] == ["C001", "C003"]
    shown = runner.invoke(counterparties.command, ["ls"])
    assert "ﾔﾏﾀﾞｼｮｳｼﾞ" in shown.output and "取引先 2 件" in shown.output  # folded at 80 columns
    out = tmp_path / "取引先.csv"
    exported = _json(runner.invoke(counterparties.command, ["export", "--out", str(out), "--json"]))
    assert exported["counterparties"] == 2 and out.read_bytes().startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(out.read_text("utf-8-sig"))))
    assert rows[1][:4] == ["C001", "株式会社山田商事", "ﾔﾏﾀﾞｼｮｳｼﾞ", "T7010001000000"]
    cp932 = tmp_path / "sjis.csv"
    runner.invoke(counterparties.command, ["export", "--out", str(cp932), "--encoding", "cp932"])
    assert "有限会社みどり商店".encode("cp932") in cp932.read_bytes()


def test_a_bad_csv_is_refused_whole(runner: CliRunner, tmp_path: Path) -> None:
    source = tmp_path / "bad.csv"
    source.write_text("取引先コード,取引先名,銀行\r\nC1,A社,みずほ\r\n", encoding="utf-8")
    result = runner.invoke(counterparties.command, ["import", str(source)])
    error = result.exception
    assert getattr(error, "code", None) == "COUNTERPARTY_INVALID"
    assert "銀行名" in str(error)  # did you mean
    listed = _json(runner.invoke(counterparties.command, ["ls", "--json"]))
    assert listed["counterparties"] == []


@pytest.mark.prefect
def test_export_a_finished_run_and_a_second_run_exports_no_duplicate(
    prefect_server: str, runner: CliRunner, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from keiri.cli.main import main

    run_ids = []
    for _ in range(2):
        assert main(["run", str(PLAN), "--json"]) == 0
        run_ids.append(json.loads(capsys.readouterr().out)["run_id"])
    first, second = run_ids

    out = tmp_path / "yayoi.csv"
    doc = _json(runner.invoke(journals.command, ["export", first, "--format", "yayoi",
                                                 "--out", str(out), "--json"]))  # fmt: skip
    assert (doc["entries"], doc["rows"], doc["excluded"]) == (3, 5, [])
    assert doc["period"] == {"start": "2026-10-01", "end": "2026-10-31"}
    lines = out.read_bytes().decode("cp932").splitlines()
    assert len(lines) == 5 and all(len(row) == 25 for row in csv.reader(lines))
    # no master in this home: the fallback account, for a person to review
    assert lines[0].startswith("2110,1,,2026/10/05,雑費,,,課対仕入内10%,11613,1055,未払金")
    assert "課対仕入内10%区70%" in lines[2]  # みどり商店: not registered, 2026-10-08

    shown = runner.invoke(journals.command, ["export", first, "--format", "mf", "--out",
                                             str(tmp_path / "mf.csv")])  # fmt: skip
    assert shown.exit_code == 0 and "仕訳 3 件" in shown.output  # the same run: again in full

    dup = _json(runner.invoke(journals.command, ["export", second, "--format", "yayoi",
                                                 "--out", str(tmp_path / "again.csv"), "--json"]))  # fmt: skip
    assert dup["entries"] == 0 and len(dup["excluded"]) == 3
    assert {item["run_id"] for item in dup["excluded"]} == {first}
    assert (tmp_path / "again.csv").read_bytes() == b""


@pytest.mark.prefect
def test_errors_render_once_through_the_entry_point(
    prefect_server: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from keiri.cli.main import cli, main

    monkeypatch.setitem(cli.commands, "journals", journals.command)
    code = main(["journals", "export", "not-a-run", "--format", "yayoi", "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 2 and doc["ok"] is False and doc["error"]["code"] == "INVALID_RUN_ID"
    unknown = "00000000-0000-4000-8000-000000000000"
    code = main(["journals", "export", unknown, "--format", "mf", "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 1 and doc["error"]["code"] == "RUN_NOT_FOUND"


def test_every_help_text_has_its_japanese_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    group = click.Group("keiri", commands=[journals.command, counterparties.command])
    missing = [p for p, c in command_paths(group) if c.help and help_key(p) not in CATALOG]
    missing += [
        f"{p} {param.name}"
        for p, c in command_paths(group)
        for param in c.params
        if isinstance(param, click.Option)
        and param.help
        and param_help_key(p, param.name or "") is None
    ]
    assert missing == []
    localize(group)
    assert "会計ソフト" in (journals.command.commands["export"].help or "")
    assert "取引先" in (counterparties.command.help or "")
