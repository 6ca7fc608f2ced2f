"""Every line the command line prints comes from the message catalog (issue 12 item 6).

An AST scan of `keiri/cli/*.py`: the string literals handed to the printing and error calls
(`console.print`, `err_console.print`, `click.echo`, `click.prompt`, `click.confirm`,
`click.UsageError`, `usage_error`, `UsageError`, rich `Text` and `Table`, `ComposedAnswer`) may
hold markup, symbols, identifiers and placeholders, never an English sentence (the keys
themselves are checked over all the product code by `tests/keiri/test_catalog_source.py`).
The `--help` texts too: every command and every option of the complete `keiri` group has its
`cli.help.*` entry, and once localized in Japanese each of them is Japanese.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import click
import pytest

from keiri.base.catalog import CATALOG
from keiri.cli.help_text import command_paths, help_key, localize, param_help_key
from keiri.cli.main import COMMANDS, cli, load_command
from tests.conftest import ROOT
from tests.support.source_text import callee, literals

CLI_FILES = sorted((ROOT / "keiri" / "cli").glob("*.py"))
#: Calls whose text arguments a person reads.
_PRINTERS = {
    *("print", "echo", "prompt", "confirm", "UsageError", "usage_error"),
    *("Text", "Table", "ComposedAnswer"),
}
#: Two English words in a row (a sentence or a phrase), once markup tags are removed.
_WORDS = re.compile(r"[A-Za-z]{2,}[ ,;:'-]+[A-Za-z]{2,}")
_MARKUP = re.compile(r"\[/?[a-z ]*\]")


def englishliterals(source: str) -> list[tuple[int, str]]:
    """(line, text) of each English phrase handed to a printing or error call."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or callee(node) not in _PRINTERS:
            continue
        for arg in node.args:
            for text in literals(arg):
                if _WORDS.search(_MARKUP.sub("", text)):
                    found.append((node.lineno, text))
    return found


def test_the_scan_finds_english_and_lets_markup_and_identifiers_pass() -> None:
    source = "\n".join(
        [
            'console.print(f"[green]✓[/] {plan} is valid")',
            'err_console.print("no keiri server was running")',
            'raise click.UsageError(f"--var {raw}: expected KEY=VALUE")',
            'console.print("  • " + escape(f"{name} [{kind}]"))',
            "console.print(f\"[green]✓[/] {t('cli.validate.ok', plan=plan)}\")",
            'console.print(f"  Prefect UI: {url}")',
            "err_console.print(f\"  [dim]{t('cli.label.hint')}[/] {escape(hint)}\")",
        ]
    )
    assert [line for line, _ in englishliterals(source)] == [1, 2, 3, 6]


@pytest.mark.parametrize("path", CLI_FILES, ids=lambda p: p.name)
def test_no_english_sentence_is_printed_by_the_cli(path: Path) -> None:
    assert englishliterals(path.read_text(encoding="utf-8")) == []


def _load_all() -> None:
    for name, target in COMMANDS.items():
        cli.add_command(load_command(name, target), name)


def _help_texts() -> list[tuple[str, str | None]]:
    """(where, help text) of every command and parameter of the complete `keiri` group."""
    _load_all()
    found: list[tuple[str, str | None]] = []
    for path, command in command_paths(cli):
        found.append((path, command.help))
        for param in command.params:
            if isinstance(param, click.Option | click.Argument) and param.help:
                found.append((f"{path} {param.name}", param.help))
    return found


def test_every_command_and_option_has_its_help_in_the_catalog() -> None:
    _load_all()
    missing = [path for path, command in command_paths(cli) if help_key(path) not in CATALOG]
    missing += [
        f"{path} {param.name}"
        for path, command in command_paths(cli)
        for param in command.params
        if isinstance(param, click.Option)
        and not param.hidden
        and param_help_key(path, param.name or "") is None
    ]
    assert missing == []


def test_every_help_text_is_japanese_once_localized(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    _load_all()
    localize(cli, "keiri")
    try:
        texts = _help_texts()
        assert len(texts) > 40
        assert [(where, text) for where, text in texts if not _JAPANESE.search(text or "")] == []
    finally:
        monkeypatch.setenv("KEIRI_LANG", "en")
        localize(cli, "keiri")


_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
