"""Platform tools: `deployments.list`, `deployments.schedule`, `blocks.search` (the
designer's retrieval) and `errors.explain` (an error code → the catalog's text and hint)."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from pydantic import Field

from blocks.sdk.errors import Issue
from keiri.base import settings
from keiri.base.catalog import t
from keiri.base.errors import ErrorCode, IssueCode, suggest
from keiri.copilot.connection import require_server
from keiri.copilot.errors import BadArgs, CopilotNotFound
from keiri.copilot.registry import Tool, ToolArgs, ToolContext, ToolResult
from keiri.copilot.run_names import design_name

__all__ = ["TOOLS"]


class NoArgs(ToolArgs):
    pass


class ScheduleArgs(ToolArgs):
    name: str
    design: str
    cron: str
    timezone: str = "Asia/Tokyo"

    description_keys: ClassVar[dict[str, str]] = {
        "name": "copilot.arg.deployment_name",
        "design": "copilot.arg.design_name",
        "cron": "copilot.arg.cron",
    }


class SearchArgs(ToolArgs):
    query: str
    limit: int = Field(default=8, ge=1, le=30)

    description_keys: ClassVar[dict[str, str]] = {"query": "copilot.arg.block_query"}


class ExplainArgs(ToolArgs):
    code: str

    description_keys: ClassVar[dict[str, str]] = {"code": "copilot.arg.code"}


def _list(ctx: ToolContext, args: NoArgs) -> ToolResult:
    from flows.deploy.spec import load_deployments

    folder = settings.project_root() / "deployments"
    specs, _issues = load_deployments(folder) if folder.is_dir() else ([], [])
    lines = []
    for spec in specs:
        crons = t("copilot.separator").join(
            f"{s.cron} ({s.timezone})" for s in spec.model.schedules
        )
        lines.append(f"- {spec.name}: {spec.plan_id} {crons or '-'}")
    return ToolResult(
        text=t("copilot.deploy.list", count=len(specs))
        + ("\n" + "\n".join(lines) if lines else ""),
        data=[{"name": s.name, "design": s.model.design} for s in specs],
    )


def _schedule(ctx: ToolContext, args: ScheduleArgs) -> ToolResult:
    """Write `deployments/<name>.yaml` (atomically), validate it, then apply every deployment
    the way `keiri deploy` does; on any failure the new file and the previous prefect.yaml are
    put back, so nothing half-applied remains."""
    import os

    import yaml

    require_server()
    from flows.deploy.apply import deploy_all
    from flows.deploy.spec import load_deployment

    root = settings.project_root()
    folder = root / "deployments"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{args.name}.yaml"
    if path.exists():
        raise BadArgs(
            t("copilot.deploy.exists", name=args.name),
            hint=t("copilot.hint.deploy_exists"),
            details={"path": str(path)},
        )
    body = {
        "design": args.design,
        "schedules": [{"cron": args.cron, "timezone": args.timezone}],
    }
    tmp = path.with_name(f".{path.name}.tmp")  # not *.yaml: never loaded half-written
    tmp.write_text(yaml.safe_dump(body, allow_unicode=True, sort_keys=False), encoding="utf-8")
    os.replace(tmp, path)
    spec, issues = load_deployment(path)
    problems = [i for i in issues if i.severity == "error"]
    if spec is None or problems:
        path.unlink()
        return _invalid(args.name, problems)
    prefect_file = root / "prefect.yaml"
    before = prefect_file.read_text(encoding="utf-8") if prefect_file.is_file() else None
    try:
        report = deploy_all(folder, prefect_file, root)
    except BaseException:
        _undo(path, prefect_file, before)
        raise
    if not report.ok:  # another deployment file is invalid: nothing was applied
        _undo(path, prefect_file, before)
        return _invalid(args.name, report.errors)
    return ToolResult(
        text=t("copilot.deploy.scheduled", name=args.name, cron=args.cron, path=str(path)),
        data={
            "path": str(path),
            "name": spec.name,
            "id": report.deployment_ids.get(spec.name),
            "stale": report.stale,
        },
    )


def _invalid(name: str, problems: list[Issue]) -> ToolResult:
    text = (
        t("copilot.deploy.invalid", name=name)
        + "\n"
        + "\n".join(f"- {i.code}: {i.message}" for i in problems)
    )
    return ToolResult(text=text, ok=False, data={"issues": [i.model_dump() for i in problems]})


def _undo(path: Path, prefect_file: Path, before: str | None) -> None:
    """Remove the new deployment file and put the previous prefect.yaml back (atomically)."""
    import os

    path.unlink(missing_ok=True)
    if before is None:
        prefect_file.unlink(missing_ok=True)
        return
    tmp = prefect_file.with_name(prefect_file.name + ".tmp")
    tmp.write_text(before, encoding="utf-8")
    os.replace(tmp, prefect_file)


def _search(ctx: ToolContext, args: SearchArgs) -> ToolResult:
    from blocks.sdk.registry import BlockRegistry
    from designer import retrieve_blocks

    registry = BlockRegistry()
    found = retrieve_blocks(args.query, registry, method="bm25", total=args.limit)
    lines = []
    for cand in found:
        spec = registry.get(cand.block_id)
        first = (spec.description.strip().splitlines() or [""])[0]
        lines.append(f"- {cand.block_id}: {first}")
    return ToolResult(
        text=t("copilot.blocks.found", count=len(found))
        + ("\n" + "\n".join(lines) if lines else ""),
        data=[c.block_id for c in found],
    )


def _explain(ctx: ToolContext, args: ExplainArgs) -> ToolResult:
    code = args.code.strip().upper()
    known = sorted({*ErrorCode.__members__, *IssueCode.__members__})
    if code not in known:
        close = suggest(code, known)
        raise CopilotNotFound(
            t("copilot.error.unknown_code", code=code)
            + (
                t("copilot.did_you_mean", names=t("copilot.separator").join(close)) if close else ""
            ),
            hint=t("copilot.hint.unknown_code"),
            details={"code": code},
        )
    key = _EXPLAINED.get(code, "copilot.explain.generic")
    return ToolResult(text=f"{code}\n{t(key)}", data={"code": code})


#: The codes with an explanation of their own (others get the generic one).
_EXPLAINED = {
    "INPUT_VALIDATION_FAILED": "copilot.explain.INPUT_VALIDATION_FAILED",
    "API_ERROR": "copilot.explain.API_ERROR",
    "TIMEOUT_ERROR": "copilot.explain.TIMEOUT_ERROR",
    "FILE_ENCRYPTED": "copilot.explain.FILE_ENCRYPTED",
    "FILE_INVALID": "copilot.explain.FILE_INVALID",
    "PERMISSION_DENIED": "copilot.explain.PERMISSION_DENIED",
    "BLOCK_FAILED": "copilot.explain.BLOCK_FAILED",
    "SERVER_UNAVAILABLE": "copilot.explain.SERVER_UNAVAILABLE",
    "COPILOT_PERMISSION_DENIED": "copilot.explain.COPILOT_PERMISSION_DENIED",
    "COPILOT_UNKNOWN_TOOL": "copilot.explain.COPILOT_UNKNOWN_TOOL",
    "COPILOT_CONFIRMATION_STALE": "copilot.explain.COPILOT_CONFIRMATION_STALE",
}


TOOLS = [
    Tool("deployments.list", lambda: t("copilot.tool.deployments_list"), NoArgs, "view", _list),
    Tool(
        "deployments.schedule",
        lambda: t("copilot.tool.deployments_schedule"),
        ScheduleArgs,
        "schedule",
        _schedule,
        needs_confirmation=True,
        words=lambda a: t(
            "copilot.confirm.schedule",
            name=a.name,
            design=design_name(a.design),
            cron=a.cron,
            timezone=a.timezone,
        ),
    ),
    Tool("blocks.search", lambda: t("copilot.tool.blocks_search"), SearchArgs, "view", _search),
    Tool("errors.explain", lambda: t("copilot.tool.errors_explain"), ExplainArgs, "view", _explain),
]
