"""`--help` in the reader's language (issue 12 item 6), written once: the help texts of the
commands and their options, and click's own framing ("Usage:", "Options:", "Show this message
and exit."), come from the message catalog like every other line the command line prints. The
commands carry no help text of their own (no `help=`, no docstring on a command's function;
`tests/keiri/test_cli_commands.py` checks it).

`localize(command, path)` runs when a command is loaded (`keiri.cli.main.load_command`, after
`.env` is loaded, so `KEIRI_LANG` chosen at process start applies). It sets, for the command at
path `P` (`keiri` for the group, `run`, `server.start`, ...) and each command under it, `help`
from the key `cli.help.P` (and a short help, its first clause, for the command lists), and for
each parameter named `N` (the Python name, `as_json` for `--json`) `help` from
`cli.help.P.N`, else from `cli.help.option.N`. `short_help(name)` is the line of a command in
`keiri --help`, read without importing the command. Option names, metavars and command names
are never touched.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator

import click

from keiri.base.catalog import CATALOG, t

__all__ = [
    "HelpFormatter",
    "command_paths",
    "help_key",
    "localize",
    "param_help_key",
    "short_help",
]

#: click's section headings -> their catalog keys.
_SECTIONS = {
    "Options": "cli.help.section.options",
    "Commands": "cli.help.section.commands",
    "Positional arguments": "cli.help.section.arguments",
}
#: click's own option help texts -> their catalog keys.
_CLICK_HELP = {"Show this message and exit.": "cli.help.option.help"}
#: The extras click appends to an option's help: `[default: 30; required]`.
_EXTRAS = re.compile(r"\[(?P<items>[^\[\]]*)\]$")
#: Where a command's first clause ends (its short help in a command list), outside brackets.
_CLAUSE_END = re.compile(r"[。：]|: |\.(?:\s|$)")
_OPEN, _CLOSE = "(（", ")）"


class HelpFormatter(click.HelpFormatter):
    """click's formatter with its fixed words taken from the catalog."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None:
            prefix = t("cli.help.usage") + " "
        super().write_usage(prog, args, prefix)

    def write_heading(self, heading: str) -> None:
        key = _SECTIONS.get(heading)
        super().write_heading(t(key) if key else heading)

    def write_text(self, text: str) -> None:
        if not _has_wide(text):
            super().write_text(text)
            return
        indent = " " * self.current_indent
        for line in _wrap(text, max(self.width - self.current_indent, 10)):
            self.write(f"{indent}{line}\n" if line else "\n")

    def write_dl(
        self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        """click's definition list, wrapping Japanese text by its width on the terminal (a
        full-width character takes two columns; click counts characters)."""
        rows = [(term, _translate_row(text)) for term, text in rows]
        if not any(_has_wide(text) for _, text in rows):
            super().write_dl(rows, col_max, col_spacing)
            return
        first_col = min(max(len(term) for term, _ in rows), col_max) + col_spacing
        for term, text in rows:
            self.write(f"{'':>{self.current_indent}}{term}")
            if not text:
                self.write("\n")
                continue
            if len(term) <= first_col - col_spacing:
                self.write(" " * (first_col - len(term)))
            else:
                self.write("\n" + " " * (first_col + self.current_indent))
            lines = _wrap(text, max(self.width - first_col - 2, 10)) or [""]
            self.write(f"{lines[0]}\n")
            for line in lines[1:]:
                self.write(f"{'':>{first_col + self.current_indent}}{line}\n")


#: Punctuation kept on the line before it (never starts a line).
_NO_LINE_START = "。、）」』，．：！？"
_NARROW_NO_LINE_START = ":;,.)]"


def _columns(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def _has_wide(text: str) -> bool:
    return any(unicodedata.east_asian_width(char) in "WF" for char in text)


def _tokens(paragraph: str) -> list[str]:
    """Words of `paragraph`: runs of narrow characters, each wide character alone (closing
    punctuation joined to the token before it), and `" "` where the text has spaces."""
    tokens: list[str] = []
    word = ""
    for char in paragraph:
        wide = unicodedata.east_asian_width(char) in "WF"
        if char.isspace() or wide:
            _flush(tokens, word)
            word = ""
            if char.isspace():
                if tokens and tokens[-1] != " ":
                    tokens.append(" ")
            elif char in _NO_LINE_START and tokens and tokens[-1] != " ":
                tokens[-1] += char
            else:
                tokens.append(char)
        else:
            word += char
    _flush(tokens, word)
    return tokens


def _flush(tokens: list[str], word: str) -> None:
    """Add `word`; one that begins with closing punctuation (`: 6;`) stays on the token
    before it."""
    if not word:
        return
    if word[0] in _NARROW_NO_LINE_START and tokens and tokens[-1] != " ":
        tokens[-1] += word
    else:
        tokens.append(word)


def _wrap(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` terminal columns (a longer word stays whole);
    paragraphs (split by an empty line) are separated by an empty line."""
    lines: list[str] = []
    for number, paragraph in enumerate(re.split(r"\n\s*\n", text.strip())):
        if number:
            lines.append("")
        line, space = "", False
        for token in _tokens(paragraph):
            if token == " ":
                space = True
                continue
            candidate = line + (" " if space and line else "") + token
            if not line or _columns(candidate) <= width:
                line = candidate
            else:
                lines.append(line)
                line = token
            space = False
        lines.append(line)
    return lines


def _translate_row(text: str) -> str:
    for english, key in _CLICK_HELP.items():
        if text.startswith(english):
            text = t(key) + text[len(english) :]
    return _EXTRAS.sub(_extras, text)


def _extras(match: re.Match[str]) -> str:
    items = []
    for item in match.group("items").split("; "):
        if item == "required":
            items.append(t("cli.help.extra.required"))
        elif item.startswith("default: "):
            items.append(t("cli.help.extra.default", default=item.removeprefix("default: ")))
        else:
            items.append(item)
    return "[" + "; ".join(items) + "]"


class _Context(click.Context):
    formatter_class = HelpFormatter


def help_key(path: str) -> str:
    """The catalog key of the help text of the command at `path` (`keiri`, `run`, `server.start`)."""
    return f"cli.help.{path}"


def param_help_key(path: str, name: str) -> str | None:
    """The catalog key of the help of parameter `name` of the command at `path`, if any."""
    for key in (f"{help_key(path)}.{name}", f"cli.help.option.{name}"):
        if key in CATALOG:
            return key
    return None


def command_paths(group: click.Command, path: str = "keiri") -> Iterator[tuple[str, click.Command]]:
    """(path, command) of `group` and every command loaded under it."""
    yield path, group
    if isinstance(group, click.Group):
        for name, command in group.commands.items():
            yield from command_paths(command, name if path == "keiri" else f"{path}.{name}")


def _short(text: str) -> str:
    """The first clause of `text` (up to `。`, `：`, `: ` or `. ` outside brackets)."""
    depth = 0
    for index, char in enumerate(text):
        if char in _OPEN:
            depth += 1
        elif char in _CLOSE:
            depth = max(depth - 1, 0)
        elif depth == 0 and _CLAUSE_END.match(text, index):
            return text[:index]
    return text


def short_help(path: str) -> str:
    """The first clause of the help of the command at `path` (its line in a command list)."""
    key = help_key(path)
    return _short(t(key)) if key in CATALOG else ""


def localize(group: click.Command, path: str) -> None:
    """Set the help texts of `group` (the command at `path`) and of the commands loaded under
    it from the catalog, in the current language."""
    for where, command in command_paths(group, path):
        command.context_class = _Context
        key = help_key(where)
        if key in CATALOG:
            command.help = t(key)
            command.short_help = _short(command.help)
        for param in command.params:
            param_key = param_help_key(where, param.name or "")
            if param_key is not None and isinstance(param, click.Option | click.Argument):
                param.help = t(param_key)
