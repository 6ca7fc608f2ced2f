"""Design tools: `designs.list`, `designs.generate` (the designer, seed 001),
`designs.validate`, `designs.dry_run` (the compiler's checks, never touching real data)."""

from __future__ import annotations

from typing import ClassVar

from keiri.base import settings
from keiri.base.catalog import t
from keiri.base.errors import Issue
from keiri.base.errors.report import IssueReport
from keiri.copilot.registry import Tool, ToolArgs, ToolContext, ToolResult
from keiri.copilot.run_names import design_name

__all__ = ["TOOLS", "design_names"]


class ListArgs(ToolArgs):
    query: str | None = None

    description_keys: ClassVar[dict[str, str]] = {"query": "copilot.arg.query"}


class DesignRef(ToolArgs):
    design: str

    description_keys: ClassVar[dict[str, str]] = {"design": "copilot.arg.design"}


class GenerateArgs(ToolArgs):
    instruction: str

    description_keys: ClassVar[dict[str, str]] = {"instruction": "copilot.arg.instruction"}


def design_names() -> list[str]:
    root = settings.designs_dir()
    if not root.is_dir():
        return []
    return sorted(p.stem for p in root.glob("*.yaml"))


def _description(name: str) -> str:
    import yaml

    try:
        data = yaml.safe_load((settings.designs_dir() / f"{name}.yaml").read_text("utf-8"))
    except (OSError, yaml.YAMLError):
        return ""
    return str(data.get("description") or "") if isinstance(data, dict) else ""


def _list(ctx: ToolContext, args: ListArgs) -> ToolResult:
    rows = [(n, _description(n)) for n in design_names()]
    if args.query:
        words = args.query.lower().split()
        rows = [r for r in rows if any(w in f"{r[0]} {r[1]}".lower() for w in words)] or rows
    lines = [f"- {name}: {desc or '-'}" for name, desc in rows]
    return ToolResult(
        text=t("copilot.design.list", count=len(rows)) + ("\n" + "\n".join(lines) if lines else ""),
        data=[{"name": n, "description": d} for n, d in rows],
    )


def _issues_text(issues: list[Issue], limit: int = 8) -> str:
    return "\n".join(
        t("copilot.design.issue", code=i.code, location=i.location(), message=i.message)
        + (t("copilot.design.issue_hint", hint=i.hint) if i.hint else "")
        for i in issues[:limit]
    )


def _checked(report: IssueReport, passed: str, failed: str) -> ToolResult:
    """A check's result: `passed`, or `failed` and the issues found."""
    text = passed if report.ok else failed + "\n" + _issues_text(report.errors)
    return ToolResult(text=text, ok=report.ok, data=report.to_json())


def _validate(ctx: ToolContext, args: DesignRef) -> ToolResult:
    from compiler.validate import validate_file
    from flows.run_plan import resolve_plan_path

    report = validate_file(resolve_plan_path(args.design))
    name = design_name(args.design)
    passed = t("copilot.design.valid", design=name, warnings=len(report.warnings))
    failed = t("copilot.design.invalid", design=name, count=len(report.errors))
    return _checked(report, passed, failed)


def _dry_run(ctx: ToolContext, args: DesignRef) -> ToolResult:
    from compiler.dryrun import dry_run_file
    from flows.run_plan import resolve_plan_path

    report = dry_run_file(resolve_plan_path(args.design))
    name = design_name(args.design)
    passed = t("copilot.design.dry_run_ok", design=name, nodes=len(report.nodes))
    failed = t("copilot.design.dry_run_failed", design=name, count=len(report.errors))
    return _checked(report, passed, failed)


def _generate(ctx: ToolContext, args: GenerateArgs) -> ToolResult:
    from designer import DesignEngineOptions, generate_plan

    result = generate_plan(args.instruction, options=DesignEngineOptions(save=True))
    if not result.ok:
        text = t("copilot.design.generate_failed", count=len(result.errors))
        return ToolResult(
            text=text + "\n" + _issues_text(result.errors),
            ok=False,
            data={"errors": [i.model_dump() for i in result.errors], "yaml": result.yaml},
        )
    saved = str(result.saved_path) if result.saved_path else "-"
    return ToolResult(
        text=t("copilot.design.generated", path=saved, reasoning=result.reasoning[:300]),
        data={"path": saved, "plan_id": result.plan.id if result.plan else None},
    )


TOOLS = [
    Tool("designs.list", lambda: t("copilot.tool.designs_list"), ListArgs, "view", _list),
    Tool(
        "designs.generate",
        lambda: t("copilot.tool.designs_generate"),
        GenerateArgs,
        "design",
        _generate,
        words=lambda a: t("copilot.confirm.design_generate", instruction=a.instruction),
    ),
    Tool(
        "designs.validate",
        lambda: t("copilot.tool.designs_validate"),
        DesignRef,
        "view",
        _validate,
        in_tasks=True,
        words=lambda a: t("copilot.confirm.design_validate", design=design_name(a.design)),
    ),
    Tool(
        "designs.dry_run",
        lambda: t("copilot.tool.designs_dry_run"),
        DesignRef,
        "view",
        _dry_run,
        in_tasks=True,
        words=lambda a: t("copilot.confirm.design_dry_run", design=design_name(a.design)),
    ),
]
