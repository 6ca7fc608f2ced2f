"""`keiri registry`: import the published files, say how current the data is, check numbers
on a transaction date — text in Japanese with the NTA's attribution, one JSON document with
`--json`, exit codes (0 all registered, 1 otherwise, 2 usage) — through the real entry point."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from keiri.base.catalog import CATALOG, t
from keiri.cli.help_text import command_paths, help_key, param_help_key
from keiri.cli.main import COMMANDS, load_command, main
from samples.make_registry import CASES, row, write
from tests.blocks.registration.fake_api import APP_ID, FakeRegistryApi
from tests.support.catalog_text import shown

N = {key: case.number for key, case in CASES.items()}
LOCAL = "出典：国税庁適格請求書発行事業者公表サイト（国税庁）の公表情報を加工して作成"


@pytest.fixture(autouse=True)
def _japanese(monkeypatch: pytest.MonkeyPatch) -> None:
    """Messages in Japanese; `keiri registry` runs through the entry point and its table."""
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    monkeypatch.delenv("KEIRI_REGISTRY_APP_ID", raising=False)


def keiri(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def as_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    code, out, _err = keiri(capsys, *args, "--json")
    return code, json.loads(out)


@pytest.fixture
def files(tmp_path: Path) -> list[Path]:
    return write(tmp_path / "published", count=300)


def test_import_then_status_then_import_again(
    files: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, doc = as_json(capsys, "registry", "import", *map(str, files))
    assert code == 0 and doc["ok"] is True
    assert [(f["kind"], f["data_date"], f["skipped"]) for f in doc["files"]] == [
        ("snapshot", "2026-03-31", False),
        ("snapshot", "2026-03-31", False),
        ("snapshot", "2026-03-31", False),
        ("diff", "2026-04-02", False),
        ("diff", "2026-04-03", False),
    ]
    assert doc["status"]["as_of"] == "2026-04-03"
    code, out, _err = keiri(capsys, "registry", "import", *map(str, files))
    assert code == 0 and out.count(t("registry.cli.skipped")) == 5
    assert shown("registry.cli.as_of", out, as_of="2026-04-03")
    assert shown("registry.notice.snapshot_older", out, last="2026-04-03")
    code, doc = as_json(capsys, "registry", "status")
    assert code == 0 and doc["status"]["snapshot"] == "2026-03-31"
    assert doc["status"]["diff_last"] == "2026-04-03"


def test_check_answers_with_the_attribution_and_exit_codes(
    files: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["registry", "import", *map(str, files)]) == 0
    capsys.readouterr()
    code, doc = as_json(
        capsys,
        "registry",
        "check",
        N["registered"],
        "--date",
        "2026-03-15",
        "--name",
        "(株)山田商事",
    )
    assert code == 0 and doc["ok"] is True and doc["attribution"] == LOCAL
    [answer] = doc["answers"]
    assert (answer["status"], answer["name_matches"]) == ("registered", True)
    code, doc = as_json(
        capsys, "registry", "check", N["registered"], N["cancelled"], "--date", "令和8年3月15日"
    )
    assert code == 1 and doc["ok"] is False
    assert [a["status"] for a in doc["answers"]] == ["registered", "cancelled"]
    code, out, _err = keiri(
        capsys,
        "registry",
        "check",
        N["renamed"],
        "--date",
        "2026-04-03",
        "--name",
        "株式会社旧名商事",
    )
    assert code == 1  # registered, but the name is not the one of that day nor the latest
    assert t("registry.status.registered") in out and "株式会社新名商事" in out and "×" in out
    assert LOCAL in out and shown("registry.reason.registered", out, date="2026-04-03")


def test_a_date_after_the_data_is_said(
    files: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    main(["registry", "import", *map(str, files)])
    capsys.readouterr()
    code, out, _err = keiri(capsys, "registry", "check", N["registered"], "--date", "2026-06-01")
    assert code == 0 and t("registry.cli.stale", as_of="2026-04-03") in out


def test_usage_and_data_errors(
    files: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, doc = as_json(capsys, "registry", "check", N["registered"])
    assert code == 1 and doc["error"]["code"] == "REGISTRY_EMPTY"
    assert "keiri registry import" in doc["error"]["hint"]
    code, doc = as_json(capsys, "registry", "check", N["registered"], "--date", "someday")
    assert (
        code == 2 and doc["error"]["code"] == "USAGE_ERROR" and "--date" in doc["error"]["message"]
    )
    bad = tmp_path / "sabun_20260405.csv"
    bad.write_text(",".join(row(1, "T1", "x")) + "\r\n", encoding="utf-8")
    code, doc = as_json(capsys, "registry", "import", str(bad))
    assert code == 1 and doc["error"]["code"] == "FILE_INVALID"
    assert shown("registry.file.bad_row", doc["error"]["message"], line=1)
    code, _out, err = keiri(capsys, "registry", "import", str(tmp_path / "registry.csv"))
    assert code == 1 and shown("registry.file.missing", err)
    code, doc = as_json(capsys, "registry", "status")
    assert code == 0 and doc["status"]["notices"][0]["code"] == "empty"


def test_numbers_the_local_data_lacks_are_asked_online_when_configured(
    files: list[Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    main(["registry", "import", *map(str, files)])
    capsys.readouterr()
    online_only = "T1000800000000"
    with FakeRegistryApi([row(1, online_only, "株式会社オンライン商事")]) as fake:
        monkeypatch.setenv("KEIRI_REGISTRY_API_URL", fake.url)
        monkeypatch.setenv("KEIRI_REGISTRY_APP_ID", APP_ID)
        code, out, _err = keiri(
            capsys, "registry", "check", online_only, N["registered"], "--date", "2026-03-01"
        )
        assert code == 0 and "Web-API" in out and t("registry.attribution.api") in out
        assert APP_ID not in out
        code, doc = as_json(capsys, "registry", "check", online_only, "--offline")
        assert code == 1 and doc["answers"][0]["status"] == "unknown_number"
    assert [path for _at, path, _q, _s in fake.requests] == ["/1/valid"]


def test_every_help_text_has_its_catalog_entry_and_reads_japanese() -> None:
    import re

    texts = []
    for path, cmd in command_paths(load_command("registry", COMMANDS["registry"]), "registry"):
        assert cmd.help and help_key(path) in CATALOG, path
        texts.append(cmd.help)
        for param in cmd.params:
            if getattr(param, "help", None):
                assert param_help_key(path, param.name or "") is not None, (path, param.name)
                texts.append(param.help)  # type: ignore[attr-defined]
    assert len(texts) > 8 and all(
        re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", t or "") for t in texts
    )
