"""The import graph of keiri's product code: no edge up a layer, no cycle anywhere.

`python scripts/check_imports.py` (run by the test suite, `tests/test_import_graph.py`).

import-linter (`lint-imports`) checks the layer contracts of `pyproject.toml` on the static
imports. This check reads the same contracts and adds what import-linter cannot see:

- imports by name in strings — `importlib.import_module("pkg.mod")` with a literal, and
  `"pkg.mod:attr"` tables (the CLI's command table, entrypoints) — as edges of the graph;
- cycles between modules, which a layers contract allows inside one layer. `if TYPE_CHECKING:`
  imports count: they never run, but a loop through type-only imports is still a loop a reader
  must untangle.

Exit status 0 when the graph is clean, 1 with every problem listed otherwise.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
_MODULE_ATTR = re.compile(r"^([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+):[A-Za-z_][A-Za-z0-9_]*$")


def _config() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return dict(tomllib.load(handle)["tool"]["importlinter"])


def _files(packages: Iterable[str]) -> Iterator[tuple[str, Path]]:
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            yield name, path


def _string_imports(path: Path, known: set[str]) -> set[str]:
    """Modules a file imports by name: `importlib.import_module("x")`, `"x.y:attr"` strings."""
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            first = node.args[0]
            if (
                name in {"import_module", "__import__"}
                and isinstance(first, ast.Constant)
                and isinstance(first.value, str)
                and first.value in known
            ):
                found.add(first.value)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            match = _MODULE_ATTR.match(node.value)
            if match and match.group(1) in known:
                found.add(match.group(1))
    return found


def _graph(packages: list[str]) -> tuple[dict[str, set[str]], dict[tuple[str, str], str]]:
    """module -> the product modules it imports (type-only imports included), and where each
    string edge is."""
    graph = grimp.build_graph(*packages, exclude_type_checking_imports=False)
    modules = {m for m in graph.modules if m.split(".")[0] in packages}
    edges = {
        m: {i for i in graph.find_modules_directly_imported_by(m) if i in modules} for m in modules
    }
    where: dict[tuple[str, str], str] = {}
    for name, path in _files(packages):
        for target in _string_imports(path, modules):
            if target != name:
                edges.setdefault(name, set()).add(target)
                where[(name, target)] = f"{path.relative_to(ROOT)} (by name)"
    return edges, where


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _layer_problems(
    edges: dict[str, set[str]],
    where: dict[tuple[str, str], str],
    contracts: list[dict[str, object]],
) -> list[str]:
    problems: list[str] = []
    for contract in contracts:
        if contract.get("type") != "layers":
            continue
        containers = [str(c) for c in contract.get("containers", [""])]  # type: ignore[attr-defined]
        layers = [[p.strip() for p in str(layer).split("|")] for layer in contract["layers"]]  # type: ignore[attr-defined]
        for container in containers:

            def full(name: str, container: str = container) -> str:
                return f"{container}.{name}" if container else name

            rank: list[tuple[str, int]] = [
                (full(name), level) for level, names in enumerate(layers) for name in names
            ]

            def level_of(module: str, rank: list[tuple[str, int]] = rank) -> int | None:
                best = [(len(p), lvl) for p, lvl in rank if _within(module, p)]
                return max(best)[1] if best else None

            for source, targets in edges.items():
                low = level_of(source)
                if low is None:
                    continue
                for target in targets:
                    high = level_of(target)
                    if high is not None and high < low:
                        how = where.get((source, target), "")
                        problems.append(
                            f"up a layer ({contract['name']}): {source} -> {target} {how}".rstrip()
                        )
    return sorted(set(problems))


def main() -> int:
    config = _config()
    packages = [str(p) for p in config["root_packages"]]  # type: ignore[attr-defined]
    edges, where = _graph(packages)
    problems = _layer_problems(edges, where, list(config.get("contracts", [])))  # type: ignore[arg-type]
    for cycle in _cycles(edges):
        problems.append("cycle: " + " -> ".join(cycle))
    for line in problems:
        print(line)  # noqa: T201
    if not problems:
        print(f"import graph clean: {len(edges)} modules, {sum(map(len, edges.values()))} imports")  # noqa: T201
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
