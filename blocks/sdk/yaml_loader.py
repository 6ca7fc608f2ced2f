"""Load YAML keeping the line of every key and item (Dagster/dlt style locations).

PyYAML's composer (the C one when libyaml is present) builds the node tree; we construct plain
values from it ourselves so that we can record `path -> line`, reject duplicate keys (PyYAML
silently keeps the last one) and share aliased nodes instead of expanding them.

Every later step (pydantic, JSON, the passes) walks the *expanded* tree, so the document is
bounded before anything is built: its size in characters, the size of its tree with every
alias expanded (a 2 KB alias bomb expands to 10⁹ nodes), its depth (aliases included) and
the digits of an integer. A document over a bound is one PLAN_TOO_LARGE issue.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from blocks.sdk.errors import Issue, IssueCode, IssuesFound
from keiri.base.catalog import t

__all__ = [
    "MAX_CHARS",
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "MAX_NODES",
    "LineMap",
    "LoadedYaml",
    "load_yaml",
    "load_yaml_file",
]

_Loader: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_CONSTRUCTOR = yaml.constructor.SafeConstructor()
#: Bounds of one document (see the module docstring).
MAX_CHARS = 2_000_000
MAX_NODES = 200_000
MAX_DEPTH = 64
MAX_INT_DIGITS = 1_000
_STR_TAG = "tag:yaml.org,2002:str"

Path_ = tuple[str | int, ...]


@dataclass
class LineMap:
    """Maps a key path (`("graph", 3, "in", "x")`) to its 1-based line in the source."""

    lines: dict[Path_, int] = field(default_factory=dict)
    file: str | None = None

    def line(self, path: Path_ | list[str | int]) -> int | None:
        key = tuple(path)
        while key:
            found = self.lines.get(key)
            if found is not None:
                return found
            key = key[:-1]
        return self.lines.get((), None)


@dataclass
class LoadedYaml:
    data: Any
    lines: LineMap


class _Builder:
    def __init__(self, lines: LineMap) -> None:
        self.lines = lines
        self.issues: list[Issue] = []
        self.cache: dict[int, Any] = {}

    def build(self, node: yaml.Node, path: Path_) -> Any:
        cached = self.cache.get(id(node))
        if cached is not None:
            return cached
        self.lines.lines.setdefault(path, node.start_mark.line + 1)
        if isinstance(node, yaml.MappingNode):
            out: dict[Any, Any] = {}
            self.cache[id(node)] = out
            explicit, merged = _merge_pairs(node)
            for key_node, value_node in explicit:
                key = _key(key_node)
                child: Path_ = (*path, key if isinstance(key, int) else str(key))
                if key in out:
                    self.issues.append(
                        Issue(
                            code=IssueCode.YAML_SYNTAX_ERROR,
                            message=t("issue.yaml.duplicate_key", name=repr(key)),
                            loc=tuple(child),
                            line=key_node.start_mark.line + 1,
                            file=self.lines.file,
                            hint=t("issue.yaml.duplicate_key_hint"),
                        )
                    )
                self.lines.lines[child] = key_node.start_mark.line + 1
                out[key] = self.build(value_node, child)
            # `<<` merges: the mapping's own keys win, then the earlier merged mappings.
            for key_node, value_node in merged:
                key = _key(key_node)
                if key in out:
                    continue
                child = (*path, key if isinstance(key, int) else str(key))
                self.lines.lines[child] = key_node.start_mark.line + 1
                out[key] = self.build(value_node, child)
            return out
        if isinstance(node, yaml.SequenceNode):
            items: list[Any] = []
            self.cache[id(node)] = items
            for index, item in enumerate(node.value):
                items.append(self.build(item, (*path, index)))
            return items
        if node.tag == _STR_TAG and isinstance(node.value, str):
            return node.value  # fast path: most scalars of a plan are strings
        value = _CONSTRUCTOR.construct_object(node, deep=True)
        if isinstance(value, float) and not math.isfinite(value):
            self.issues.append(
                Issue(
                    code=IssueCode.TYPE_MISMATCH,
                    message=t("issue.yaml.not_finite", value=repr(node.value), kind=value),
                    loc=path,
                    line=node.start_mark.line + 1,
                    file=self.lines.file,
                    hint=t("issue.yaml.not_finite_hint"),
                )
            )
        return value


def _key(key_node: yaml.Node) -> Any:
    key = _CONSTRUCTOR.construct_object(key_node, deep=True)
    if not isinstance(key, str | int | float | bool) and key is not None:
        key = str(key)
    return key


Pairs = list[tuple[yaml.Node, yaml.Node]]


def _merge_pairs(node: yaml.MappingNode) -> tuple[Pairs, Pairs]:
    """(the mapping's own pairs, the pairs its `<<` keys merge in, earlier sources first)."""
    explicit: Pairs = []
    merged: Pairs = []
    for key_node, value_node in node.value:
        if key_node.tag == "tag:yaml.org,2002:merge":
            sources = (
                value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
            )
            for source in sources:
                if isinstance(source, yaml.MappingNode):
                    own, inherited = _merge_pairs(source)
                    merged.extend(own + inherited)
            continue
        explicit.append((key_node, value_node))
    return explicit, merged


class _TooLarge(Exception):
    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


_INT_TAG = "tag:yaml.org,2002:int"


def _measure(node: yaml.Node) -> None:
    """Raise `_TooLarge` when the tree of `node` with every alias expanded has more than
    MAX_NODES nodes, is deeper than MAX_DEPTH, refers to itself or holds an integer of more
    than MAX_INT_DIGITS digits. Shared (aliased) nodes are measured once."""
    sizes: dict[int, tuple[int, int]] = {}
    open_: set[int] = set()

    def walk(current: yaml.Node, depth: int) -> tuple[int, int]:
        key = id(current)
        known = sizes.get(key)
        if known is not None:
            return known
        line = current.start_mark.line + 1
        if key in open_:
            raise _TooLarge(t("issue.yaml.self_alias"), line)
        if depth > MAX_DEPTH:
            raise _TooLarge(t("issue.yaml.too_deep", limit=MAX_DEPTH), line)
        size, height = 1, 0
        if isinstance(current, yaml.MappingNode | yaml.SequenceNode):
            open_.add(key)
            children: list[yaml.Node] = (
                [n for pair in current.value for n in pair]
                if isinstance(current, yaml.MappingNode)
                else list(current.value)
            )
            for child in children:
                child_size, child_height = walk(child, depth + 1)
                size += child_size
                height = max(height, child_height + 1)
                if size > MAX_NODES:
                    raise _TooLarge(t("issue.yaml.too_many_values", limit=f"{MAX_NODES:,}"), line)
            open_.discard(key)
        elif current.tag == _INT_TAG and isinstance(current.value, str):
            digits = sum(c.isdigit() for c in current.value)
            if digits > MAX_INT_DIGITS:
                raise _TooLarge(
                    t("issue.yaml.long_integer", digits=f"{digits:,}", limit=MAX_INT_DIGITS), line
                )
        sizes[key] = (size, height)
        return size, height

    walk(node, 0)


def _syntax_error(exc: yaml.YAMLError, file: str | None) -> IssuesFound:
    """A YAML error without a position keiri can point at, as one issue."""
    return IssuesFound(
        [
            Issue(
                code=IssueCode.YAML_SYNTAX_ERROR,
                message=t("issue.yaml.syntax_plain", detail=exc),
                file=file,
                hint=t("issue.yaml.syntax_hint"),
            )
        ]
    )


def _too_large(message: str, file: str | None, line: int | None = None) -> IssuesFound:
    return IssuesFound(
        [
            Issue(
                code=IssueCode.PLAN_TOO_LARGE,
                message=t("issue.yaml.too_large", detail=message),
                line=line,
                file=file,
                hint=t("issue.yaml.too_large_hint"),
            )
        ]
    )


def load_yaml(text: str, file: str | None = None) -> LoadedYaml:
    """Parse `text`; raise `IssuesFound` with YAML_SYNTAX_ERROR (line, column) on bad YAML."""
    lines = LineMap(file=file)
    if len(text) > MAX_CHARS:
        raise _too_large(
            t("issue.yaml.too_many_chars", count=f"{len(text):,}", limit=f"{MAX_CHARS:,}"), file
        )
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        if "nesting depth" in str(exc.problem):  # libyaml's own bound (1,000 levels)
            raise _too_large(
                t("issue.yaml.too_deep", limit=MAX_DEPTH), file, mark.line + 1 if mark else None
            ) from None
        line = mark.line + 1 if mark else None
        column = mark.column + 1 if mark else None
        raise IssuesFound(
            [
                Issue(
                    code=IssueCode.YAML_SYNTAX_ERROR,
                    message=t(
                        "issue.yaml.syntax", detail=exc.problem or exc.context, column=column
                    ),
                    line=line,
                    file=file,
                    hint=t("issue.yaml.syntax_hint"),
                )
            ]
        ) from exc
    except yaml.YAMLError as exc:
        raise _syntax_error(exc, file) from exc
    except RecursionError:
        raise _too_large(t("issue.yaml.too_deep", limit=MAX_DEPTH), file) from None
    if node is None:
        return LoadedYaml(None, lines)
    builder = _Builder(lines)
    try:
        _measure(node)
        data = builder.build(node, ())
    except _TooLarge as exc:
        raise _too_large(exc.message, file, exc.line) from None
    except yaml.YAMLError as exc:
        raise _syntax_error(exc, file) from exc
    if builder.issues:
        raise IssuesFound(builder.issues)
    return LoadedYaml(data, lines)


def load_yaml_file(path: Path) -> LoadedYaml:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise IssuesFound(
            [
                Issue(
                    code=IssueCode.FILE_NOT_FOUND,
                    message=t("issue.file.not_found", path=path),
                    file=str(path),
                    hint=t("issue.file.not_found_hint"),
                )
            ]
        ) from None
    except UnicodeDecodeError as exc:
        line = exc.object[: exc.start].count(b"\n") + 1
        raise IssuesFound(
            [
                Issue(
                    code=IssueCode.FILE_NOT_FOUND,
                    message=t("issue.file.not_utf8", path=path, byte=exc.start, line=line),
                    line=line,
                    file=str(path),
                    hint=t("issue.file.not_utf8_hint"),
                )
            ]
        ) from None
    except OSError as exc:
        raise IssuesFound(
            [
                Issue(
                    code=IssueCode.FILE_NOT_FOUND,
                    message=t("issue.file.unreadable", path=path, detail=exc.strerror or exc),
                    file=str(path),
                )
            ]
        ) from exc
    return load_yaml(text, file=str(path))
