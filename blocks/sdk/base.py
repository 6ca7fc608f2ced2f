"""The block base class: one abstract method, `run(ctx, inputs) -> outputs`.

Input defaults, input/output validation against the spec and error wrapping live here, not in
each block (STYLE habit 8). `prepare_inputs`/`check_outputs` need only the spec, so the
dry-run uses them without importing an implementation.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from blocks.sdk.confirmation import NeedsConfirmation
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError, ErrorCode, IssueCode, format_path
from blocks.sdk.spec import BlockSpec, port_json_schema
from blocks.sdk.validation import to_jsonable, validate_value
from keiri.base import masking
from keiri.base.catalog import t

__all__ = ["Block", "check_outputs", "input_problems", "prepare_inputs", "summarize"]

_SNAPSHOT_CHARS = 200


def summarize(value: Any, limit: int = _SNAPSHOT_CHARS, *, masked: bool = False) -> Any:
    """A short, JSON-safe view of a value for snapshots, events and artifacts, secrets masked
    (`keiri.base.masking`) before anything is cut short (`masked`: the caller already did)."""
    value = to_jsonable(value)
    return _summarize(value if masked else masking.mask(value), limit)


def _summarize(value: Any, limit: int) -> Any:
    if isinstance(value, str):
        return value if len(value) <= limit else value[:limit] + f"…(+{len(value) - limit} chars)"
    if isinstance(value, list):
        head = [_summarize(v, limit) for v in value[:5]]
        return head + ([f"…(+{len(value) - 5} items)"] if len(value) > 5 else [])
    if isinstance(value, dict):
        items = list(value.items())
        out = {str(k): _summarize(v, limit) for k, v in items[:20]}
        if len(items) > 20:
            out["…"] = f"+{len(items) - 20} keys"
        return out
    return value


def input_problems(
    spec: BlockSpec, inputs: dict[str, Any]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(prepared inputs, problems): defaults applied, nulls of optional ports dropped."""
    prepared: dict[str, Any] = {}
    problems: list[dict[str, Any]] = []
    for key in inputs:
        if key not in spec.inputs:
            problems.append(_problem(IssueCode.UNKNOWN_INPUT, (key,), t("runtime.port.not_input")))
    for key, port in spec.inputs.items():
        value = inputs.get(key)
        if value is None and port.has_default:
            value = port.default
        if value is None:
            if port.is_required and not port.nullable:
                problems.append(
                    _problem(
                        IssueCode.MISSING_REQUIRED_INPUT,
                        (key,),
                        t("runtime.port.input_missing"),
                    )
                )
            elif port.nullable and key in inputs:
                prepared[key] = None
            continue
        prepared[key] = to_jsonable(value)
        for problem in validate_value(port_json_schema(port), prepared[key], key, jsonable=True):
            problems.append(_problem(IssueCode.TYPE_MISMATCH, problem.loc, problem.message))
    return prepared, problems


def _problem(code: IssueCode, loc: tuple[str | int, ...], message: str) -> dict[str, Any]:
    """One input problem: `field` (shown), `loc` (the key path as parts), `code` (the issue
    code dry-run reports it under), `message`."""
    return {"field": format_path(loc), "loc": list(loc), "code": str(code), "message": message}


def _problems_error(
    code: ErrorCode,
    key: str,
    spec: BlockSpec,
    node_id: str,
    problems: Sequence[Mapping[str, Any]],
    *,
    hint: str,
    input_snapshot: dict[str, Any] | None = None,
) -> BlockError:
    """The error listing every problem of a block's inputs or outputs, the first in its message."""
    first = problems[0]
    return BlockError(
        code,
        t(key, field=repr(first["field"]), block=spec.id, detail=first["message"]),
        details={"node_id": node_id, "problems": problems, "field": first["field"]},
        input_snapshot=input_snapshot,
        hint=hint,
    )


def prepare_inputs(spec: BlockSpec, node_id: str, inputs: dict[str, Any]) -> dict[str, Any]:
    """Defaults + validation; raises INPUT_VALIDATION_FAILED listing every problem."""
    prepared, problems = input_problems(spec, inputs)
    if problems:
        raise _problems_error(
            ErrorCode.INPUT_VALIDATION_FAILED,
            "runtime.port.input_invalid",
            spec,
            node_id,
            problems,
            hint=t("runtime.port.input_invalid_hint"),
            input_snapshot=summarize(inputs),
        )
    return prepared


def check_outputs(spec: BlockSpec, node_id: str, outputs: Any) -> dict[str, Any]:
    """Validate a block's outputs (OUTPUT_SCHEMA_MISMATCH); missing optional ports become null."""
    if not isinstance(outputs, dict):
        raise BlockError(
            ErrorCode.OUTPUT_SCHEMA_MISMATCH,
            t("runtime.port.not_mapping", block=spec.id),
            details={"node_id": node_id},
        )
    jsonable = to_jsonable(outputs)
    problems: list[dict[str, str]] = []
    for key in jsonable:
        if key not in spec.outputs:
            problems.append({"field": key, "message": t("runtime.port.not_output")})
    for key, port in spec.outputs.items():
        if key not in jsonable or jsonable[key] is None:
            if port.is_required and not port.nullable:
                problems.append({"field": key, "message": t("runtime.port.output_missing")})
            jsonable.setdefault(key, None)
            continue
        for problem in validate_value(port_json_schema(port), jsonable[key], key, jsonable=True):
            problems.append({"field": problem.path, "message": problem.message})
    if problems:
        raise _problems_error(
            ErrorCode.OUTPUT_SCHEMA_MISMATCH,
            "runtime.port.output_invalid",
            spec,
            node_id,
            problems,
            hint=t("runtime.port.output_invalid_hint", block=spec.id),
        )
    return dict(jsonable)


class Block(ABC):
    """Subclass, implement `run`, and declare the I/O contract in `block_specs/`."""

    #: Blocks that must run in the flow itself (not inside a task), e.g. human input.
    runs_in_flow: ClassVar[bool] = False

    def __init__(self, spec: BlockSpec) -> None:
        self.spec = spec

    @abstractmethod
    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        """Do the work. Raise `BlockError` for every failure a user must see."""

    def dry_run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any] | None:
        """Outputs derived declaratively from the inputs, or None to use the spec's samples."""
        return None

    def prepare_inputs(self, node_id: str, inputs: dict[str, Any]) -> dict[str, Any]:
        return prepare_inputs(self.spec, node_id, inputs)

    def check_outputs(self, node_id: str, outputs: Any) -> dict[str, Any]:
        return check_outputs(self.spec, node_id, outputs)

    def execute(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        """Validate inputs, run, validate outputs; every failure becomes a `BlockError`."""
        prepared = self.prepare_inputs(ctx.node_id, inputs)
        try:
            outputs: Any = self.run(ctx, prepared)
            if isinstance(outputs, NeedsConfirmation):  # returned rather than raised
                raise outputs
        except NeedsConfirmation as need:  # a decision to ask for, never a failure
            need.bind(
                ctx.node_id,
                ctx.iteration,
                ctx.block_id or self.spec.id,
                ctx.block_version or self.spec.version,
            )
            raise
        except BlockError as exc:
            exc.with_node(ctx.node_id)
            if not exc.input_snapshot:
                exc.input_snapshot = summarize(prepared)
            raise
        except Exception as exc:
            raise BlockError(
                ErrorCode.BLOCK_FAILED,
                f"{self.spec.id} failed: {type(exc).__name__}: {exc}",
                details={"node_id": ctx.node_id, "exception": type(exc).__name__},
                input_snapshot=summarize(prepared),
                hint="this is a bug in the block or an unexpected input; see the run log",
                recoverable=True,
            ) from exc
        return self.check_outputs(ctx.node_id, outputs)
