"""The `keiri` command table (`keiri.cli.main.COMMANDS`, issue 29): every entry loads the
Click command it names, a misspelt entry fails loudly instead of dropping a command, a command
is imported only when used, and help is written once (the catalog): no command carries a
`help=` text or a docstring of its own."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import click
import pytest

from keiri.base.catalog import t
from keiri.cli.main import COMMANDS, LazyGroup, load_command, main
from tests.conftest import ROOT
from tests.support.source_text import callee

CLI_FILES = sorted((ROOT / "keiri" / "cli").glob("*.py"))


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_entry_of_the_table_loads_its_command(name: str) -> None:
    command = load_command(name, COMMANDS[name])
    assert isinstance(command, click.Command) and command.name == name
    assert command.help == t(f"cli.help.{name}")  # from the catalog, in the reader's language


@pytest.mark.parametrize(
    "target",
    ["keiri.cli.runtme:run_cmd", "keiri.cli.runtime:run_command", "keiri.cli.runtime:runs_cmd"],
    ids=["module", "attribute", "another-command"],
)
def test_a_misspelt_entry_fails_instead_of_dropping_the_command(target: str) -> None:
    group = LazyGroup(name="keiri", table={"run": target})
    with pytest.raises((ModuleNotFoundError, AttributeError, TypeError)):
        group.get_command(click.Context(group), "run")


def test_an_unknown_command_is_a_usage_error_with_the_closest_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rn"]) == 2
    err = capsys.readouterr().err
    assert t("cli.error.no_command", name="rn", close="").strip() in err
    assert "'run', 'runs'" in err


def test_help_lists_every_command_without_importing_one() -> None:
    code = (
        "import sys\n"
        "from keiri.cli.main import main\n"
        "main(['--help'])\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('keiri.cli.') and "
        "m not in ('keiri.cli.main', 'keiri.cli.render', 'keiri.cli.help_text'))\n"
        "print('LOADED=' + ','.join(loaded))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert done.stdout.splitlines()[-1] == "LOADED="
    listed = done.stdout[done.stdout.index(t("cli.help.section.commands")) :]
    assert all(f"  {name} " in listed for name in COMMANDS), listed


def _own_help_texts(source: str) -> list[tuple[int, str]]:
    """(line, what) of each help text written in a command's code rather than the catalog."""
    found: list[tuple[int, str]] = []
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and callee(node) in {"option", "argument", "command"}:
            found += [(node.lineno, "help=") for kw in node.keywords if kw.arg == "help"]
        if not isinstance(node, ast.FunctionDef) or ast.get_docstring(node) is None:
            continue
        if any(
            isinstance(d, ast.Call) and callee(d) in {"command", "group"}
            for d in node.decorator_list
        ):
            found.append((node.lineno, f"docstring of {node.name}"))
    return found


@pytest.mark.parametrize("path", CLI_FILES, ids=lambda p: p.name)
def test_help_is_written_once_in_the_catalog(path: Path) -> None:
    assert _own_help_texts(path.read_text(encoding="utf-8")) == []


def test_the_scan_finds_help_written_in_code() -> None:
    source = (
        "@click.command('x')\n@click.option('--y', help='Why.')\ndef x_cmd(y):\n    '''Do x.'''\n"
    )
    assert sorted(_own_help_texts(source)) == [(2, "help="), (3, "docstring of x_cmd")]
