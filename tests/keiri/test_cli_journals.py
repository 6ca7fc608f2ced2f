"""`keiri journals export` on a real run (the Prefect test server) and `keiri counterparties
ls|import|export`, through the CLI's entry point (`keiri.cli.main.main`, the command table)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import click
import pytest

from blocks.journals.formats import FORMATS
from keiri.base.catalog import CATALOG, t
from keiri.cli import journals
from keiri.cli.help_text import command_paths, help_key, param_help_key
from keiri.cli.main import COMMANDS, load_command, main
from tests.conftest import FIXTURES

PLAN = FIXTURES / "journals" / "close_month.yaml"
MASTER_CSV = (
    "取引先コード,取引先名,カナ名,登録番号,既定の勘定科目,支払条件\r\n"
    "C001,株式会社山田商事,ﾔﾏﾀﾞｼｮｳｼﾞ,T7010001000000,消耗品費,月末締め翌月末払い\r\n"
    "C003,有限会社みどり商店,ﾐﾄﾞﾘｼｮｳﾃﾝ,,会議費,\r\n"
)


@pytest.fixture(autouse=True)
def _japanese_user(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KEIRI_USER", "yamada")
    monkeypatch.delenv("KEIRI_LANG", raising=False)


def keiri(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """`keiri ARGS` through the entry point: exit code, stdout, stderr."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def as_json(capsys: pytest.CaptureFixture[str], *args: str, code: int = 0) -> dict[str, Any]:
    """The one JSON document of `keiri ARGS --json`, which ends with `code`."""
    ended, out, err = keiri(capsys, *args, "--json")
    assert ended == code, (out, err)
    return json.loads(out)  # type: ignore[no-any-return]


def test_the_formats_of_the_command_are_the_layouts() -> None:
    assert journals.FORMATS == FORMATS


def test_counterparties_import_ls_export(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "master.csv"
    source.write_bytes(MASTER_CSV.encode("cp932"))
    doc = as_json(capsys, "counterparties", "import", str(source))
    assert (doc["create"], doc["update"], doc["same"]) == (2, 0, 0)
    again = as_json(capsys, "counterparties", "import", str(source))
    assert again["same"] == 2
    listed = as_json(capsys, "counterparties", "ls")
    assert [c["code"] for c in listed["counterparties"]] == ["C001", "C003"]
    code, shown, _err = keiri(capsys, "counterparties", "ls")
    assert code == 0 and "ﾔﾏﾀﾞｼｮｳｼﾞ" in shown and "取引先 2 件" in shown
    out = tmp_path / "取引先.csv"
    exported = as_json(capsys, "counterparties", "export", "--out", str(out))
    assert exported["counterparties"] == 2 and out.read_bytes().startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(out.read_text("utf-8-sig"))))
    assert rows[1][:4] == ["C001", "株式会社山田商事", "ﾔﾏﾀﾞｼｮｳｼﾞ", "T7010001000000"]
    cp932 = tmp_path / "sjis.csv"
    code, _out, _err = keiri(capsys, "counterparties", "export", "--out", str(cp932),
                             "--encoding", "cp932")  # fmt: skip
    assert code == 0 and "有限会社みどり商店".encode("cp932") in cp932.read_bytes()


def test_a_bad_csv_is_refused_whole(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = tmp_path / "bad.csv"
    source.write_text("取引先コード,取引先名,銀行\r\nC1,A社,みずほ\r\n", encoding="utf-8")
    doc = as_json(capsys, "counterparties", "import", str(source), code=1)
    assert doc["ok"] is False and doc["error"]["code"] == "COUNTERPARTY_INVALID"
    assert "銀行名" in json.dumps(doc["error"], ensure_ascii=False)  # did you mean
    listed = as_json(capsys, "counterparties", "ls")
    assert listed["counterparties"] == []


@pytest.mark.prefect
def test_export_a_finished_run_and_a_second_run_exports_no_duplicate(
    prefect_server: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run_ids = []
    for _ in range(2):
        run_ids.append(as_json(capsys, "run", str(PLAN))["run_id"])
    first, second = run_ids

    out = tmp_path / "yayoi.csv"
    doc = as_json(capsys, "journals", "export", first, "--format", "yayoi", "--out", str(out))
    assert (doc["entries"], doc["rows"], doc["excluded"]) == (3, 5, [])
    assert doc["period"] == {"start": "2026-10-01", "end": "2026-10-31"}
    lines = out.read_bytes().decode("cp932").splitlines()
    assert len(lines) == 5 and all(len(row) == 25 for row in csv.reader(lines))
    # no master in this home: the fallback account, for a person to review
    assert lines[0].startswith("2110,1,,2026/10/05,雑費,,,課対仕入内10%,11613,1055,未払金")
    assert "課対仕入内10%区70%" in lines[2]  # みどり商店: not registered, 2026-10-08

    code, shown, _err = keiri(capsys, "journals", "export", first, "--format", "mf", "--out",
                              str(tmp_path / "mf.csv"))  # fmt: skip
    assert code == 0 and "仕訳 3 件" in shown  # the same run: again in full

    dup = as_json(capsys, "journals", "export", second, "--format", "yayoi", "--out",
                  str(tmp_path / "again.csv"))  # fmt: skip
    assert dup["entries"] == 0 and len(dup["excluded"]) == 3
    assert {item["run_id"] for item in dup["excluded"]} == {first}
    assert (tmp_path / "again.csv").read_bytes() == b""


@pytest.mark.prefect
def test_errors_render_once_through_the_entry_point(
    prefect_server: str, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = as_json(capsys, "journals", "export", "not-a-run", "--format", "yayoi", code=2)
    assert doc["ok"] is False and doc["error"]["code"] == "INVALID_RUN_ID"
    unknown = "00000000-0000-4000-8000-000000000000"
    doc = as_json(capsys, "journals", "export", unknown, "--format", "mf", code=1)
    assert doc["error"]["code"] == "RUN_NOT_FOUND"


def test_every_help_text_has_its_japanese_entry() -> None:
    loaded = [load_command(name, COMMANDS[name]) for name in ("journals", "counterparties")]
    group = click.Group("keiri", commands=loaded)
    missing = [p for p, c in command_paths(group) if help_key(p) not in CATALOG]
    missing += [
        f"{p} {param.name}"
        for p, c in command_paths(group)
        for param in c.params
        if isinstance(param, click.Option) and param_help_key(p, param.name or "") is None
    ]
    assert missing == []
    assert journals.command.commands["export"].help == t("cli.help.journals.export")
    assert loaded[1].help == t("cli.help.counterparties")
