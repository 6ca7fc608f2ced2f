"""`--help` speaks the reader's language (issue 12 item 6): the `keiri` process shows its help
texts and click's framing in Japanese when `KEIRI_LANG` is unset and in English with
`KEIRI_LANG=en`; command names, option names, metavars and the exit code stay as they are."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from keiri.base.catalog import t
from keiri.cli.help_text import HelpFormatter, _columns, _short
from tests.conftest import ROOT, TEST_BLOCK_SPECS


def ja_(key: str, **fields: object) -> str:
    """The Japanese of `key`: the `keiri` processes below read Japanese by default."""
    return t(key, "ja", **fields)


def en_(key: str, **fields: object) -> str:
    """The English of `key`: what the `keiri` processes below show with `KEIRI_LANG=en`."""
    return t(key, "en", **fields)


def _help(args: list[str], language: str | None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "KEIRI_BLOCK_SPECS": str(TEST_BLOCK_SPECS), "COLUMNS": "200"}
    env.pop("KEIRI_LANG", None)
    if language is not None:
        env["KEIRI_LANG"] = language
    return subprocess.run(
        [sys.executable, "-m", "keiri.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
        check=False,
    )


def test_keiri_help_is_japanese_by_default_and_english_with_keiri_lang_en() -> None:
    ja = _help(["--help"], None)
    assert ja.returncode == 0, ja.stderr[-2000:]
    assert ja.stdout.startswith("使い方: keiri [OPTIONS] COMMAND [ARGS]...")
    options, commands = ja_("cli.help.section.options"), ja_("cli.help.section.commands")
    assert f"{options}:" in ja.stdout and f"{commands}:" in ja.stdout
    assert f"-h, --help  {ja_('cli.help.option.help')}" in ja.stdout
    assert f"--version   {ja_('cli.help.keiri.version')}" in ja.stdout
    # Command names padded to the longest (`counterparties`), their short help after.
    for name in ("run", "validate", "journals"):
        short = re.escape(_short(ja_(f"cli.help.{name}")))
        assert re.search(rf"\n  {name} +{short}\n", ja.stdout), ja.stdout
    english = (
        en_("cli.help.usage"),
        f"{en_('cli.help.section.options')}:",
        f"{en_('cli.help.section.commands')}:",
        en_("cli.help.option.help"),
        _short(en_("cli.help.run")),
    )
    for text in english:
        assert text not in ja.stdout

    en = _help(["--help"], "en")
    assert en.returncode == 0, en.stderr[-2000:]
    assert en.stdout.startswith(f"{en_('cli.help.usage')} keiri [OPTIONS] COMMAND [ARGS]...")
    options, commands = en_("cli.help.section.options"), en_("cli.help.section.commands")
    assert f"{options}:" in en.stdout and f"{commands}:" in en.stdout
    assert f"-h, --help  {en_('cli.help.option.help')}" in en.stdout
    short = re.escape(_short(en_("cli.help.run")))
    assert re.search(rf"\n  run +{short}\n", en.stdout), en.stdout
    assert ja_("cli.help.usage") not in en.stdout


def test_keiri_run_help_is_japanese_by_default_and_english_with_keiri_lang_en() -> None:
    ja = _help(["run", "--help"], None)
    assert ja.returncode == 0, ja.stderr[-2000:]
    lines = ja.stdout.splitlines()
    assert lines[0] == f"{ja_('cli.help.usage')} keiri run [OPTIONS] PLAN"
    # Wrapped by terminal columns (a full-width character takes two), within click's 80.
    assert all(line.startswith("  ") and line[2] != " " for line in lines[2:4])  # two lines
    assert lines[2].strip() + lines[3].strip() == ja_("cli.help.run")
    option, text = lines[8].split(None, 1)
    assert option == "--detach" and lines[8].index(text) == 34
    assert lines[9].startswith(" " * 34) and text + lines[9].strip() == ja_("cli.help.run.detach")
    assert max(_columns(line) for line in lines) <= 80
    assert f"--input NODE.FIELD=VALUE|@PATH  {ja_('cli.help.run.answers')}" in ja.stdout
    assert f"--var KEY=VALUE                 {ja_('cli.help.run.variables')}" in ja.stdout
    assert f"--json                          {ja_('cli.help.option.as_json')}" in ja.stdout

    en = _help(["run", "--help"], "en")
    assert en.returncode == 0, en.stderr[-2000:]
    assert en.stdout.splitlines()[0] == f"{en_('cli.help.usage')} keiri run [OPTIONS] PLAN"
    assert en_("cli.help.run") in en.stdout
    assert f"--input NODE.FIELD=VALUE|@PATH  {en_('cli.help.run.answers')}" in en.stdout
    assert f"--json                          {en_('cli.help.option.as_json')}" in en.stdout


def test_click_extras_and_group_help_are_translated() -> None:
    runs = _help(["runs", "--help"], None)
    default = ja_("cli.help.extra.default", default=30)
    assert f"--limit INTEGER  {ja_('cli.help.runs.limit')} [{default}]" in runs.stdout
    server = _help(["server", "--help"], None)
    usage = f"{ja_('cli.help.usage')} keiri server [OPTIONS] COMMAND [ARGS]..."
    assert server.stdout.splitlines()[0] == usage
    assert f"  start   {_short(ja_('cli.help.server.start'))}\n" in server.stdout
    server_en = _help(["server", "--help"], "en")
    assert f"  start   {_short(en_('cli.help.server.start'))}\n" in server_en.stdout


def test_a_usage_error_after_localizing_still_exits_2() -> None:
    done = _help(["run", "--no-such-option"], None)
    assert done.returncode == 2
    assert ja_("cli.label.usage_error") in done.stderr


@pytest.mark.parametrize(
    ("text", "short"),
    [
        ("PLAN を検証します。終了コード 0: 正常", "PLAN を検証します"),
        ("Validate PLAN: exit 0 valid", "Validate PLAN"),
        (
            "検証します（終了コード 1: 不正。または古い）。以上",
            "検証します（終了コード 1: 不正。または古い）",
        ),
        (
            "List the block catalog (block_specs/**/*.yaml).",
            "List the block catalog (block_specs/**/*.yaml)",
        ),
        ("Recent plan runs", "Recent plan runs"),
    ],
)
def test_the_short_help_is_the_first_clause_outside_brackets(text: str, short: str) -> None:
    assert _short(text) == short


def test_the_formatter_keeps_other_headings_and_texts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KEIRI_LANG", "ja")
    formatter = HelpFormatter(width=100)
    formatter.write_heading("Examples")
    formatter.write_dl([("--limit", "Most runs.  [default: 5; required]")])
    extras = f"{ja_('cli.help.extra.default', default=5)}; {ja_('cli.help.extra.required')}"
    assert formatter.getvalue() == f"Examples:\n--limit  Most runs. [{extras}]\n"


def test_japanese_is_wrapped_by_columns_and_closing_punctuation_stays_on_its_line() -> None:
    from keiri.cli.help_text import _wrap

    assert _wrap("ああああ。いい", 10) == ["ああああ。", "いい"]
    assert _wrap("ああああ。いい", 8) == ["あああ", "あ。いい"]
    assert _wrap("PLAN を Prefect で実行", 14) == ["PLAN を", "Prefect で実行"]
    assert _wrap("一\n\n二", 10) == ["一", "", "二"]
    assert _wrap("回数。 [既定値: 2; 1<=x<=10]", 14) == ["回数。 [既定", "値: 2;", "1<=x<=10]"]
