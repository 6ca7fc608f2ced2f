"""Design tools: `designs.list`, `designs.generate` (the designer, seed 001),
`designs.validate`, `designs.dry_run` (the compiler's checks, never touching real data)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from keiri.base import settings
from keiri.base.catalog import t
from keiri.base.errors import Issue
from keiri.copilot.registry import Tool, ToolContext, ToolResult

__all__ = ["TOOLS", "design_names"]


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ListArgs(_Args):
    query: str | None = Field(default=None, description="名前・説明で絞る語")


class DesignRef(_Args):
    design: str = Field(description="設計の名前（designs.list の name）またはパス")


class GenerateArgs(_Args):
    instruction: str = Field(description="作りたい業務手順の説明（日本語）")


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
        f"- {i.code} {i.location()}: {i.message}" + (f"（{i.hint}）" if i.hint else "")
        for i in issues[:limit]
    )


def _validate(ctx: ToolContext, args: DesignRef) -> ToolResult:
    from compiler.validate import validate_file
    from flows.run_plan import resolve_plan_path

    report = validate_file(resolve_plan_path(args.design))
    if report.ok:
        text = t("copilot.design.valid", design=args.design, warnings=len(report.warnings))
    else:
        text = t("copilot.design.invalid", design=args.design, count=len(report.errors))
        text += "\n" + _issues_text(report.errors)
    return ToolResult(text=text, ok=report.ok, data=report.to_json())


def _dry_run(ctx: ToolContext, args: DesignRef) -> ToolResult:
    from compiler.dryrun import dry_run_file
    from flows.run_plan import resolve_plan_path

    report = dry_run_file(resolve_plan_path(args.design))
    if report.ok:
        text = t("copilot.design.dry_run_ok", design=args.design, nodes=len(report.nodes))
    else:
        text = t("copilot.design.dry_run_failed", design=args.design, count=len(report.errors))
        text += "\n" + _issues_text(report.errors)
    return ToolResult(text=text, ok=report.ok, data=report.to_json())


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
    Tool("designs.list", "使える設計（designs）を一覧する。", ListArgs, "view", _list),
    Tool(
        "designs.generate",
        "指示から新しい設計を LLM で作り、検証して保存する。",
        GenerateArgs,
        "design",
        _generate,
    ),
    Tool(
        "designs.validate",
        "設計を検証する（エラーと警告）。",
        DesignRef,
        "view",
        _validate,
        in_tasks=True,
    ),
    Tool(
        "designs.dry_run",
        "設計をサンプル値でドライランする（実データに触れない）。",
        DesignRef,
        "view",
        _dry_run,
        in_tasks=True,
    ),
]
