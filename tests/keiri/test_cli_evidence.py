"""`keiri evidence`: search by every filter (Japanese table and `--json`), show with its log,
correct, delete (hidden), purge (refused inside retention), verify (exit 1 on a problem),
export (ZIP + index CSV) — through the real entry point; and a plan on the real Prefect test
server that archives a month's evidence after its confirm step, every invoice then found by
its date, amount and counterparty."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest

from keiri.base.catalog import CATALOG, t
from keiri.cli.help_text import command_paths, help_key, param_help_key
from keiri.cli.main import COMMANDS, load_command, main
from tests.conftest import ROOT
from tests.support.catalog_text import shown

PLAN = ROOT / "tests" / "blocks" / "archive" / "plans" / "archive_after_confirm.yaml"


@pytest.fixture(autouse=True)
def _japanese(monkeypatch: pytest.MonkeyPatch) -> None:
    """Messages in Japanese; `keiri evidence` runs through the entry point and its table."""
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    monkeypatch.setenv("KEIRI_USER", "経理 太郎")


def keiri(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def as_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    code, out, _err = keiri(capsys, *args, "--json")
    return code, json.loads(out)


@pytest.fixture
def added(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, int]:
    """Three invoices added by hand; file name -> id."""
    ids = {}
    for name, date, amount, party, number in (
        ("山田商事_0305.pdf", "2026-03-05", "110,000", "株式会社山田商事", "T5582318564206"),
        ("山田運輸_0320.pdf", "2026/3/20", "¥98,000", "山田運輸(株)", "T7000012050002"),
        ("みどり_0402.pdf", "令和8年4月2日", "11万", "有限会社みどり印刷", ""),
    ):
        path = tmp_path / name
        path.write_bytes(f"%PDF {name}".encode())
        options = ["--date", date, "--amount", amount, "--party", party, "--kind", "invoice"]
        options += ["--number", number] if number else []
        code, doc = as_json(capsys, "evidence", "add", str(path), *options)
        assert code == 0, doc
        ids[name] = doc["records"][0]["id"]
    return ids


def found(capsys: pytest.CaptureFixture[str], *filters: str) -> list[str]:
    code, doc = as_json(capsys, "evidence", "search", *filters)
    assert code == 0 and doc["ok"] is True and doc["count"] == len(doc["records"])
    return [r["file_name"] for r in doc["records"]]


def test_search_by_any_combination(
    added: dict[str, int], capsys: pytest.CaptureFixture[str]
) -> None:
    assert found(capsys) == ["山田商事_0305.pdf", "山田運輸_0320.pdf", "みどり_0402.pdf"]
    assert found(capsys, "--from", "2026-03-01", "--to", "2026-03-31") == [
        "山田商事_0305.pdf",
        "山田運輸_0320.pdf",
    ]
    assert found(capsys, "--min", "100000", "--max", "120000") == [
        "山田商事_0305.pdf",
        "みどり_0402.pdf",
    ]
    assert found(capsys, "--party", "山田") == ["山田商事_0305.pdf", "山田運輸_0320.pdf"]
    assert found(capsys, "--party", "Ｔ７０００") == ["山田運輸_0320.pdf"]
    assert found(
        capsys,
        "--from",
        "2026-03-01",
        "--to",
        "2026-03-31",
        "--min",
        "100000",
        "--max",
        "120000",
        "--party",
        "山田",
    ) == ["山田商事_0305.pdf"]  # the example
    code, out, _err = keiri(capsys, "evidence", "search", "--party", "(株)山田商事")
    assert code == 0 and t("archive.col.date") in out and "110,000" in out
    assert t("archive.cli.found", count=1) in out


def test_show_correct_delete_and_purge(
    added: dict[str, int], capsys: pytest.CaptureFixture[str]
) -> None:
    record_id = str(added["山田運輸_0320.pdf"])
    code, doc = as_json(
        capsys, "evidence", "correct", record_id, "--amount", "89,000", "--reason", "読み違い"
    )
    assert code == 0 and doc["record"]["amount"] == 89000
    code, _out, err = keiri(capsys, "evidence", "correct", record_id, "--amount", "89,000")
    assert code == 2 and "--reason" in err
    code, doc = as_json(capsys, "evidence", "purge", record_id, "--reason", "不要")
    assert code == 1 and doc["error"]["code"] == "RETENTION_ACTIVE"
    assert "2034-05-20" in doc["error"]["message"]
    code, out, _err = keiri(capsys, "evidence", "delete", record_id, "--reason", "二重登録")
    assert code == 0 and shown("archive.cli.deleted_one", out, id=record_id)
    assert "山田運輸_0320.pdf" not in found(capsys)
    assert "山田運輸_0320.pdf" in found(capsys, "--deleted")
    code, out, _err = keiri(capsys, "evidence", "show", record_id)
    correct, delete = t("archive.action.correct"), t("archive.action.delete")
    assert code == 0 and "経理 太郎" in out and f"{correct} — 読み違い" in out
    assert "98000 → 89000" in out and f"{delete} — 二重登録" in out and "2034-05-20" in out
    code, doc = as_json(capsys, "evidence", "show", record_id)
    assert [e["action"] for e in doc["log"]] == ["add", "correct", "delete"]
    code, doc = as_json(capsys, "evidence", "delete", "999", "--reason", "x")
    assert code == 1 and doc["error"]["code"] == "EVIDENCE_NOT_FOUND"


def test_verify_and_export(
    added: dict[str, int], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, doc = as_json(capsys, "evidence", "verify")
    assert code == 0 and doc == {"ok": True, "files": 3, "entries": 3, "records": 3, "problems": []}
    out_zip = tmp_path / "提出" / "2026年3月.zip"
    code, doc = as_json(
        capsys, "evidence", "export", str(out_zip), "--from", "2026-03-01", "--to", "2026-03-31"
    )
    assert code == 0 and doc["files"] == 2
    with zipfile.ZipFile(out_zip) as archive:
        rows = list(csv.reader(io.StringIO(archive.read("index.csv").decode("utf-8-sig"))))
        assert rows[0][:4] == ["連番", "取引年月日", "取引金額", "取引先"]
        assert [r[1:4] for r in rows[1:]] == [
            ["2026-03-05", "110000", "株式会社山田商事"],
            ["2026-03-20", "98000", "山田運輸(株)"],
        ]
        assert all(archive.read(r[6]).startswith(b"%PDF") for r in rows[1:])
    from blocks.archive.archive import EvidenceArchive

    archive_ = EvidenceArchive()
    path = archive_.file_path(archive_.get(added["みどり_0402.pdf"]))
    path.chmod(0o644)
    path.write_bytes(b"changed")
    code, out, _err = keiri(capsys, "evidence", "verify")
    assert code == 1 and shown("archive.verify.changed", out)
    assert shown("archive.cli.verify_failed", out, problems=1)


def test_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = as_json(capsys, "evidence", "search", "--min", "たくさん")
    assert (
        code == 2 and doc["error"]["code"] == "USAGE_ERROR" and "--min" in doc["error"]["message"]
    )
    code, doc = as_json(capsys, "evidence", "search", "--from", "3月")
    assert code == 2 and "--from" in doc["error"]["message"]
    code, doc = as_json(capsys, "evidence", "add", "no/such.pdf")
    assert code == 2 and doc["error"]["code"] == "USAGE_ERROR"


def test_every_help_text_has_its_catalog_entry_and_reads_japanese() -> None:
    import re

    texts = []
    for path, cmd in command_paths(load_command("evidence", COMMANDS["evidence"]), "evidence"):
        assert cmd.help and help_key(path) in CATALOG, path
        texts.append(cmd.help)
        for param in cmd.params:
            if getattr(param, "help", None):
                assert param_help_key(path, param.name or "") is not None, (path, param.name)
                texts.append(param.help)  # type: ignore[attr-defined]
    assert len(texts) > 30 and all(
        re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", t or "") for t in texts
    )


@pytest.mark.prefect
def test_a_plan_archives_the_month_after_its_confirm_step_and_search_finds_each_invoice(
    prefect_server: str, capsys: pytest.CaptureFixture[str]
) -> None:
    manifest = json.loads(
        (ROOT / "samples" / "evidence" / "manifest.json").read_text(encoding="utf-8")
    )
    code = main(
        [
            "run",
            str(PLAN),
            "--input",
            f"collect_inputs.evidence_zip=@{ROOT / 'samples' / 'evidence' / 'evidence.zip'}",
            "--input",
            "confirm_results.approved=true",
            "--json",
        ]
    )
    run = json.loads(capsys.readouterr().out)
    assert code == 0, run["error"]
    summary = run["outputs"]["archive_evidence"]["summary"]
    assert summary["added"] == len(manifest["zip"]["members"]) == summary["documents"]
    for invoice in manifest["invoices"]:
        filters = ["--from", invoice["date"], "--to", invoice["date"]]
        filters += ["--min", str(invoice["total"]), "--max", str(invoice["total"])]
        party = invoice["registration_number"] or invoice["issuer"].replace("株式会社", "(株)")
        records = as_json(capsys, "evidence", "search", *filters, "--party", party)[1]["records"]
        assert [r["file_name"] for r in records] == [invoice["zip_path"].rsplit("/", 1)[-1]], (
            invoice
        )
        assert records[0]["runs"] == [run["run_id"]] and records[0]["added_by"]
    code, doc = as_json(capsys, "evidence", "verify")
    assert code == 0 and doc["files"] == summary["added"]
