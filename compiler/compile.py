"""The compile driver: named, ordered passes (one module each under `compiler.passes`); every
pass collects all its issues, then the driver reports once.

    parse -> structure (ids, blocks, ports, subflows) -> references -> graph (cycles, order)
          -> types (every edge) -> ui -> usage (warnings)

`compile_plan()` returns a `CompiledPlan` and the warnings, or raises `IssuesFound`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from blocks.sdk.errors import Issue, IssuesFound
from blocks.sdk.registry import BlockRegistry
from blocks.sdk.yaml_loader import LineMap, LoadedYaml, load_yaml, load_yaml_file
from compiler.config import load_config
from compiler.models import Plan
from compiler.passes.context import CompileContext
from compiler.passes.graph import pass_graph
from compiler.passes.parse import parse_partial
from compiler.passes.references import pass_references
from compiler.passes.structure import pass_structure
from compiler.passes.types import pass_types
from compiler.passes.ui import pass_ui
from compiler.passes.usage import pass_usage
from compiler.passes.vars import pass_placeholders
from compiler.scope import CompiledPlan
from keiri.base.errors.report import IssueReport

__all__ = [
    "PASSES",
    "SubflowCache",
    "compile_checked",
    "compile_file",
    "compile_loaded",
    "compile_plan",
    "compile_text",
]

Pass = Callable[[CompileContext], None]
#: Called plans compiled so far in one compilation, by resolved file: the plan or its issues.
SubflowCache = dict[Path, "CompiledPlan | IssuesFound"]

_PASSES: tuple[tuple[str, Pass], ...] = (
    ("structure", pass_structure),
    ("vars", pass_placeholders),
    ("references", pass_references),
    ("graph", pass_graph),
    ("types", pass_types),
    ("ui", pass_ui),
    ("usage", pass_usage),
)
PASSES = ("parse", *(name for name, _ in _PASSES))


def compile_loaded(
    loaded: LoadedYaml,
    registry: BlockRegistry,
    source: Path | None = None,
    call_stack: tuple[str, ...] = (),
    subflows: SubflowCache | None = None,
) -> tuple[CompiledPlan, list[Issue]]:
    parsed = parse_partial(loaded)
    if parsed.plan is None:
        raise IssuesFound(parsed.issues)
    plan = parsed.plan
    # Each called plan is compiled once per compilation, however often it is called (12
    # calls of a plan that makes 12 calls, five levels deep, compile 5 plans, not 12⁵). A
    # plan that compiled once has no cycle below it, so reusing it under another call stack
    # is sound; one that failed fails under any stack.
    cache: SubflowCache = {} if subflows is None else subflows

    def load_subflow(path: Path, stack: tuple[str, ...]) -> CompiledPlan:
        key = path.resolve()
        if key not in cache:
            try:
                cache[key] = compile_file(path, registry, call_stack=stack, subflows=cache)[0]
            except IssuesFound as exc:
                cache[key] = exc
        found = cache[key]
        if isinstance(found, IssuesFound):
            raise IssuesFound(found.issues)
        return found

    ctx = CompileContext(
        plan=plan,
        lines=loaded.lines,
        registry=registry,
        source=source,
        config=load_config(),
        load_subflow=load_subflow,
        call_stack=call_stack or (plan.id,),
        issues=list(parsed.issues),
        broken=parsed.broken,
    )
    for _name, run_pass in _PASSES:
        run_pass(ctx)
    if ctx.errors or ctx.compiled is None:
        raise IssuesFound(ctx.issues)
    warnings = sorted((i for i in ctx.issues if i.severity == "warning"), key=Issue.sort_key)
    return ctx.compiled, warnings


def compile_text(
    text: str, registry: BlockRegistry, file: str | None = None
) -> tuple[CompiledPlan, list[Issue]]:
    return compile_loaded(load_yaml(text, file=file), registry, Path(file) if file else None)


def compile_file(
    path: Path,
    registry: BlockRegistry,
    call_stack: tuple[str, ...] = (),
    subflows: SubflowCache | None = None,
) -> tuple[CompiledPlan, list[Issue]]:
    return compile_loaded(load_yaml_file(path), registry, path, call_stack, subflows)


def compile_checked(
    path: Path, registry: BlockRegistry | None = None
) -> tuple[CompiledPlan | None, list[Issue], list[Issue]]:
    """`compile_file` with the issues that stop it returned, not raised: (the plan or None,
    the errors, the warnings)."""
    try:
        compiled, warnings = compile_file(path, registry or BlockRegistry())
    except IssuesFound as exc:
        errors, warnings = IssueReport.split(exc.issues)
        return None, errors, warnings
    return compiled, [], warnings


def compile_plan(plan: Plan, registry: BlockRegistry) -> tuple[CompiledPlan, list[Issue]]:
    """Compile an in-memory plan (e.g. from the designer); no line numbers."""
    data = plan.model_dump(by_alias=True, exclude_unset=True)
    return compile_loaded(LoadedYaml(data, LineMap()), registry)
