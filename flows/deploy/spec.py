"""Deployment files: `deployments/<name>.yaml`, one per recurring run of a design.

A file names the design, its cron schedule(s) (timezone Asia/Tokyo unless given), plan var
overrides and pre-supplied human-input answers (the run's parameters), the work pool and the
concurrency limit (1 by default, collision strategy explicit). Files are validated like plans:
every problem is an `Issue` with the key path and the line, collected before anything is
reported; the design itself is validated too. `load_deployments(folder)` is the entry point.

Imports prefect (its schedule model is the authority on cron strings and timezones): call it
after the Prefect environment is set.

Over 400 lines: the file model and its checks (schedules, design, options, vars, inputs) are
one validation that reports every issue of a file at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from blocks.sdk.errors import BlockError, Issue, IssuesFound, KeyPath, from_validation_error
from blocks.sdk.registry import BlockRegistry, did_you_mean
from blocks.sdk.yaml_loader import LineMap, load_yaml_file
from compiler.scope import CompiledPlan
from compiler.validate import validate_file
from flows.backend.deployment_options import DeploymentOptions, PeriodRule, RetryRule
from flows.backend.run_names import plan_tags
from flows.deploy.schedules import DEFAULT_TIMEZONE, DayOfMonth, Schedule
from flows.run_plan import resolve_plan_path
from keiri.base import settings
from keiri.base.catalog import t
from keiri.base.errors import PlanNotFound

__all__ = [
    "DEFAULT_TIMEZONE",
    "DEFAULT_WORK_POOL",
    "Concurrency",
    "DayOfMonth",
    "DeployIssue",
    "DeploymentFile",
    "DeploymentSpec",
    "Schedule",
    "load_deployment",
    "load_deployments",
]

DEFAULT_WORK_POOL = "keiri"
NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$"


class DeployIssue(StrEnum):
    """Issue codes of deployment files (plan issues keep their own codes)."""

    DEPLOYMENT_SCHEMA_INVALID = "DEPLOYMENT_SCHEMA_INVALID"
    UNKNOWN_DESIGN = "UNKNOWN_DESIGN"
    DESIGN_INVALID = "DESIGN_INVALID"
    INVALID_SCHEDULE = "INVALID_SCHEDULE"
    UNKNOWN_VAR = "UNKNOWN_VAR"
    UNKNOWN_INPUT = "UNKNOWN_INPUT"
    INVALID_INPUT = "INVALID_INPUT"
    DUPLICATE_DEPLOYMENT = "DUPLICATE_DEPLOYMENT"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Concurrency(_Strict):
    """At most `limit` runs of the deployment execute at once; a run that would exceed it is
    queued (`enqueue`) or cancelled (`cancel_new`)."""

    limit: int = Field(default=1, ge=1)
    collision_strategy: Literal["enqueue", "cancel_new"] = "enqueue"


class DeploymentFile(_Strict):
    """The content of `deployments/<name>.yaml`."""

    design: str = Field(
        min_length=1,
        description="A design name under designs/ (e.g. invoice_reconciliation) or a plan path",
    )
    name: str | None = Field(
        default=None, pattern=NAME_PATTERN, description="Deployment name (default: file stem)"
    )
    description: str | None = Field(default=None, description="Default: the plan's description")
    schedules: list[Schedule] = Field(default_factory=list)
    vars: dict[str, Any] = Field(default_factory=dict, description="Plan var overrides")
    inputs: dict[str, dict[str, Any]] = Field(
        default_factory=dict, description="Pre-supplied human-input answers: {node: {field: v}}"
    )
    work_pool: str = Field(default=DEFAULT_WORK_POOL, pattern=NAME_PATTERN)
    work_queue: str | None = Field(default=None, pattern=NAME_PATTERN)
    concurrency: Concurrency | None = Field(
        default_factory=Concurrency, description="null: no limit"
    )
    tags: list[str] = Field(default_factory=list)
    paused: bool = Field(default=False, description="Create with its schedules paused")
    period: Literal["month"] | PeriodRule | None = Field(
        default=None,
        description="One open run per period: 'month' (of the scheduled time), or "
        "{unit, offset, var} / {from_var}",
    )
    catch_up: Literal["all", "latest", "skip"] = Field(
        default="latest",
        description="Scheduled runs missed while the server or workers were down: run all, "
        "only the latest, or skip them",
    )
    late_after: str | None = Field(
        default=None,
        description="A scheduled run not started this long after its time is late (default: "
        "KEIRI_LATE_AFTER, 10m)",
    )
    retries: RetryRule | None = Field(
        default=None, description="Retry a failed or crashed run: {count, delay}"
    )


@dataclass(frozen=True)
class DeploymentSpec:
    """A validated deployment file, resolved against its design."""

    file: Path
    name: str
    model: DeploymentFile
    plan_path: Path
    plan_id: str
    plan_version: str
    plan_description: str

    @property
    def description(self) -> str:
        return self.model.description or self.plan_description or f"{self.plan_id} ({self.name})"

    @property
    def tags(self) -> list[str]:
        own = [*plan_tags(self.plan_id, self.plan_version), f"deployment:{self.name}"]
        return own + [t for t in self.model.tags if t not in own]

    @property
    def queue(self) -> str | None:
        """The work queue: its own (`keiri-<name>`) when runs queue behind a limit."""
        concurrency = self.model.concurrency
        if self.model.work_queue or concurrency is None:
            return self.model.work_queue
        return f"keiri-{self.name}" if concurrency.collision_strategy == "enqueue" else None

    def options(self) -> DeploymentOptions:
        """What runs of this deployment follow at their start and the watcher applies."""
        from keiri.base.settings import parse_duration

        period = self.model.period
        rule = PeriodRule() if period == "month" else period
        late = (
            parse_duration(self.model.late_after, name="late_after")
            if self.model.late_after
            else None
        )
        return DeploymentOptions(
            deployment=self.name,
            period=rule if isinstance(rule, PeriodRule) else None,
            catch_up=self.model.catch_up,
            late_after_s=late.total_seconds() if late else None,
            retries=self.model.retries,
            timezone=self.model.schedules[0].timezone if self.model.schedules else DEFAULT_TIMEZONE,
        )

    @property
    def parameters(self) -> dict[str, Any]:
        """The `run_plan` parameters: the design as written, so every worker resolves it
        against its own project folder."""
        params: dict[str, Any] = {"plan": self.model.design}
        if self.model.vars:
            params["vars"] = self.model.vars
        if self.model.inputs:  # the file's `inputs:` are the run's answers
            params["answers"] = self.model.inputs
        return params


def load_deployments(
    folder: Path, registry: BlockRegistry | None = None
) -> tuple[list[DeploymentSpec], list[Issue]]:
    """Every `*.yaml` in `folder` (sorted), validated. Returns the specs and every issue
    (errors and the designs' warnings); a caller must not apply anything when an error is
    among them."""
    registry = registry or BlockRegistry()
    specs: list[DeploymentSpec] = []
    issues: list[Issue] = []
    for path in sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.yml")):
        spec, found = load_deployment(path, registry)
        issues += found
        if spec is not None:
            specs.append(spec)
    seen: dict[str, DeploymentSpec] = {}
    for spec in specs:
        other = seen.get(spec.name)
        if other is not None:
            issues.append(
                Issue(
                    code=DeployIssue.DUPLICATE_DEPLOYMENT,
                    message=t("cli.deploy_issue.duplicate", name=repr(spec.name), other=other.file),
                    loc=("name",),
                    file=str(spec.file),
                    hint=t("cli.hint.deploy_duplicate"),
                )
            )
        seen[spec.name] = spec
    return specs, sorted(issues, key=Issue.sort_key)


def load_deployment(
    path: Path, registry: BlockRegistry | None = None
) -> tuple[DeploymentSpec | None, list[Issue]]:
    """One deployment file: (spec or None when it has errors, issues)."""
    try:
        loaded = load_yaml_file(path)
    except IssuesFound as exc:
        return None, list(exc.issues)
    lines, file = loaded.lines, str(path)
    if not isinstance(loaded.data, dict):
        return None, [
            Issue(
                code=DeployIssue.DEPLOYMENT_SCHEMA_INVALID,
                message=t("cli.deploy_issue.not_mapping"),
                line=1,
                file=file,
                hint=t("cli.hint.deploy_example"),
            )
        ]
    try:
        model = DeploymentFile.model_validate(loaded.data)
    except ValidationError as exc:
        return None, from_validation_error(
            exc,
            lines,
            file,
            code=DeployIssue.DEPLOYMENT_SCHEMA_INVALID,
            known_keys=_fields_at,
        )
    name = model.name or path.stem
    issues = _check_schedules(model, lines, file)
    if not re.match(NAME_PATTERN, name):
        issues.append(
            _issue(
                DeployIssue.DEPLOYMENT_SCHEMA_INVALID,
                t("cli.deploy_issue.bad_name", name=repr(path.stem)),
                ("name",),
                lines,
                file,
                t("cli.hint.deploy_name"),
            )
        )
    plan_path, compiled, design_issues = _design(model, lines, file, registry or BlockRegistry())
    issues += design_issues
    issues += _check_options(model, lines, file)
    if compiled is not None:
        issues += _check_vars(model, compiled, lines, file)
        issues += _check_inputs(model, compiled, lines, file)
    if compiled is None or plan_path is None or any(i.severity == "error" for i in issues):
        return None, issues
    spec = DeploymentSpec(
        file=path,
        name=name,
        model=model,
        plan_path=plan_path,
        plan_id=compiled.plan.id,
        plan_version=compiled.plan.version,
        plan_description=compiled.plan.description.strip(),
    )
    return spec, issues


# --- checks ---------------------------------------------------------------------------------


def _issue(
    code: str, message: str, loc: tuple[str | int, ...], lines: LineMap, file: str, hint: str
) -> Issue:
    return Issue(
        code=code,
        message=message,
        loc=tuple(loc),
        line=lines.line(loc),
        file=file,
        hint=hint,
    )


def _fields_at(loc: KeyPath) -> set[str]:
    model: type[BaseModel] = DeploymentFile
    for part in loc:
        if part == "schedules":
            model = Schedule
        elif part == "concurrency":
            model = Concurrency
        elif part == "period":
            model = PeriodRule
        elif part == "retries":
            model = RetryRule
        elif part == "business_day":
            model = DayOfMonth
    return set(model.model_fields)


def _check_schedules(model: DeploymentFile, lines: LineMap, file: str) -> list[Issue]:
    from prefect.client.schemas.schedules import CronSchedule

    issues: list[Issue] = []
    for index, schedule in enumerate(model.schedules):
        try:
            # A business-day schedule has its timezone checked with a placeholder cron.
            CronSchedule(cron=schedule.cron or "0 9 * * *", timezone=schedule.timezone)
        except ValidationError as exc:
            err = exc.errors()[0]
            field = "timezone" if err["loc"][:1] == ("timezone",) else "cron"
            message = (
                t("cli.deploy_issue.bad_cron", cron=repr(schedule.cron))
                if field == "cron"
                else t("cli.deploy_issue.bad_timezone", timezone=repr(schedule.timezone))
            )
            issues.append(
                _issue(
                    DeployIssue.INVALID_SCHEDULE,
                    message,
                    ("schedules", index, field),
                    lines,
                    file,
                    t("cli.hint.deploy_cron" if field == "cron" else "cli.hint.deploy_timezone"),
                )
            )
    return issues


def _known_designs() -> list[str]:
    root = settings.designs_dir()
    return sorted(str(p.relative_to(root).with_suffix("")) for p in root.rglob("*.yaml"))


def _design(
    model: DeploymentFile, lines: LineMap, file: str, registry: BlockRegistry
) -> tuple[Path | None, CompiledPlan | None, list[Issue]]:
    try:
        plan_path = resolve_plan_path(model.design)
    except PlanNotFound:
        hint = did_you_mean(model.design, _known_designs()) or t(
            "cli.hint.deploy_designs", folder=settings.designs_dir()
        )
        return (
            None,
            None,
            [
                _issue(
                    DeployIssue.UNKNOWN_DESIGN,
                    t("cli.deploy_issue.no_design", design=repr(model.design)),
                    ("design",),
                    lines,
                    file,
                    hint,
                )
            ],
        )
    report = validate_file(plan_path, registry)
    if report.ok and report.compiled is not None:
        return plan_path, report.compiled, list(report.warnings)
    first = report.errors[0]
    summary = _issue(
        DeployIssue.DESIGN_INVALID,
        t(
            "cli.deploy_issue.design_invalid",
            design=repr(model.design),
            count=len(report.errors),
            code=first.code,
            location=first.location(),
            message=first.message,
        ),
        ("design",),
        lines,
        file,
        t("cli.hint.validate_plan", plan=plan_path),
    )
    return plan_path, None, [summary, *report.errors]


def _check_options(model: DeploymentFile, lines: LineMap, file: str) -> list[Issue]:
    """Durations (`late_after`, `retries.delay`) are well-formed."""
    from keiri.base.settings import parse_duration

    found: list[Issue] = []
    durations: list[tuple[tuple[str | int, ...], str | None]] = [
        (("late_after",), model.late_after),
        (("retries", "delay"), model.retries.delay if model.retries else None),
    ]
    for loc, text in durations:
        if text is None:
            continue
        try:
            parse_duration(text, name=".".join(str(p) for p in loc))
        except ValueError as exc:
            found.append(
                _issue(
                    DeployIssue.DEPLOYMENT_SCHEMA_INVALID,
                    str(exc),
                    loc,
                    lines,
                    file,
                    t("ops.hint.duration"),
                )
            )
    return found


def _check_vars(
    model: DeploymentFile, compiled: CompiledPlan, lines: LineMap, file: str
) -> list[Issue]:
    known = sorted(compiled.plan.vars)
    period = model.period if isinstance(model.period, PeriodRule) else None
    period_vars = [
        (("period", key), name)
        for key, name in (
            ("var", period.var if period else None),
            ("from_var", period.from_var if period else None),
        )
        if name is not None and name not in compiled.plan.vars
    ]
    return [
        _issue(
            DeployIssue.UNKNOWN_VAR,
            t("cli.deploy_issue.unknown_var", design=repr(compiled.id), name=repr(name)),
            loc,
            lines,
            file,
            did_you_mean(name, known)
            or t("cli.deploy_issue.vars", names=", ".join(known) or t("cli.none")),
        )
        for loc, name in period_vars
    ] + [
        _issue(
            DeployIssue.UNKNOWN_VAR,
            t("cli.deploy_issue.unknown_var", design=repr(compiled.id), name=repr(name)),
            ("vars", name),
            lines,
            file,
            did_you_mean(name, known)
            or t("cli.deploy_issue.vars", names=", ".join(known) or t("cli.none")),
        )
        for name in model.vars
        if name not in compiled.plan.vars
    ]


def _check_inputs(
    model: DeploymentFile, compiled: CompiledPlan, lines: LineMap, file: str
) -> list[Issue]:
    from blocks.forms.form import form_schema, validate_answers
    from blocks.forms.interactive_input import parse_requirements
    from compiler.scope import CompiledTask

    humans = sorted(
        n
        for n, c in compiled.all_nodes.items()
        if isinstance(c, CompiledTask) and c.spec.human_input
    )
    issues: list[Issue] = []
    for node_id, answers in model.inputs.items():
        loc: tuple[str | int, ...] = ("inputs", node_id)
        if node_id not in humans:
            issues.append(
                _issue(
                    DeployIssue.UNKNOWN_INPUT,
                    t("cli.deploy_issue.not_human", node=repr(node_id), design=repr(compiled.id)),
                    loc,
                    lines,
                    file,
                    did_you_mean(node_id, humans)
                    or t("cli.run.human_nodes", nodes=", ".join(humans) or t("cli.none")),
                )
            )
            continue
        node = compiled.all_nodes[node_id].node
        node_in: dict[str, Any] = getattr(node, "in_", {})
        raw = node_in.get("requirements") or []
        if not isinstance(raw, list):
            issues.append(
                _issue(
                    DeployIssue.INVALID_INPUT,
                    t("cli.deploy_issue.referenced_form", node=repr(node_id)),
                    loc,
                    lines,
                    file,
                    t("cli.hint.deploy_referenced_form"),
                )
            )
            continue
        try:
            requirements = parse_requirements(raw, node_id)
        except BlockError as exc:
            issues.append(_issue(DeployIssue.INVALID_INPUT, exc.message, loc, lines, file, ""))
            continue
        mode = str(node_in.get("mode") or "collect")
        filled = dict(answers)
        for name, prop in form_schema(mode, requirements)["properties"].items():
            if name not in filled and "default" in prop:
                filled[name] = prop["default"]
        fields = sorted(form_schema(mode, requirements)["properties"])
        for problem in validate_answers(mode, requirements, filled):
            where = (*loc, problem.field) if problem.field in answers else loc
            hint = (
                did_you_mean(problem.field, fields)
                or t("field.known_fields", fields=", ".join(fields))
                if problem.field not in fields
                else t("cli.deploy_issue.node_fields", node=node_id, fields=", ".join(fields))
            )
            issues.append(
                _issue(
                    DeployIssue.INVALID_INPUT,
                    t(
                        "cli.deploy_issue.input_problem",
                        node=node_id,
                        field=problem.field,
                        message=problem.message,
                    ),
                    where,
                    lines,
                    file,
                    hint,
                )
            )
    return issues
