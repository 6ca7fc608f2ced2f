"""`--input NODE.FIELD=VALUE|@PATH` and `--var KEY=VALUE`: parsed and converted by the field's
declared type. A value that does not convert is a usage error naming the field. The form
model (`blocks.forms`) is imported only when a command converts answers: `keiri run` without
`--input` never loads it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from blocks.sdk.errors import IssueCode, IssuesFound
from blocks.sdk.yaml_loader import load_yaml
from keiri.base.catalog import t

if TYPE_CHECKING:
    from blocks.forms.form import Requirement
    from blocks.sdk.store import FileStore

__all__ = ["convert_answers", "human_input_fields", "parse_assignments", "parse_vars"]


def parse_assignments(
    values: tuple[str, ...], with_node: bool
) -> list[tuple[str | None, str, str]]:
    out: list[tuple[str | None, str, str]] = []
    for raw in values:
        key, sep, value = raw.partition("=")
        if not sep or not key:
            key_ = "cli.input.expected_node" if with_node else "cli.input.expected_field"
            raise click.UsageError(t(key_, raw=repr(raw)))
        if with_node:
            node, dot, field = key.partition(".")
            if not dot or not node or not field:
                raise click.UsageError(t("cli.input.expected_node", raw=repr(raw)))
            out.append((node, field, value))
        else:
            out.append((None, key, value))
    return out


def parse_vars(values: tuple[str, ...]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for raw in values:
        key, sep, value = raw.partition("=")
        if not sep or not key:
            raise click.UsageError(t("cli.var.expected", raw=repr(raw)))
        try:
            # The plan loader's bounds (size, aliases, depth, digits) and NaN/Infinity refusal.
            result[key] = load_yaml(value).data if value else ""
        except IssuesFound as exc:
            if exc.issues[0].code == IssueCode.YAML_SYNTAX_ERROR:
                result[key] = value  # not YAML: the text itself
                continue
            issue = exc.issues[0]
            if issue.code == IssueCode.TYPE_MISMATCH:
                message = t("cli.var.not_finite")
            else:
                message = issue.message
            raise click.UsageError(
                t("cli.var.problem", raw=repr(raw[:80]), message=message, code=issue.code)
            ) from None
    return result


def human_input_fields(mode: str, requirements: list[Requirement]) -> dict[str, Requirement]:
    """The fields of a human-input form by id (confirm mode adds `approved` and `response`)."""
    from blocks.forms.form import FormSpec

    return {f.id: f for f in FormSpec.build(mode, requirements).fields}


def convert_answers(
    fields: dict[str, Requirement],
    items: list[tuple[str, str]],
    label_prefix: str,
    store: FileStore,
    *,
    later: bool = False,
) -> dict[str, Any]:
    """Convert FIELD=VALUE pairs for one form by each field's type (`FIELD_TYPES[...].parse`:
    Japanese amounts for numbers, `@PATH` for files and text, `@@…` for a text starting with
    `@`); repeated file fields accumulate.
    A value that does not convert is a usage error naming the field. With `later` (a form
    whose fields come from a reference), a field not in `fields` is kept as its text under
    `AS_TEXT`, for the node to convert when it knows the field."""
    from blocks.forms.field_types import FIELD_TYPES, FieldValueError
    from blocks.forms.interactive_input import AS_TEXT

    answers: dict[str, Any] = {}
    for field, value in items:
        label = f"{label_prefix}{field}"
        req = fields.get(field)
        if req is None and later:
            answers.setdefault(AS_TEXT, {})[field] = value
            continue
        if req is None:
            from blocks.sdk.registry import did_you_mean

            hint = did_you_mean(field, sorted(fields)) or t(
                "field.known_fields", fields=", ".join(sorted(fields)) or "-"
            )
            raise click.UsageError(t("field.unknown_named", field=repr(label), hint=hint))
        ftype = FIELD_TYPES[req.type]
        try:
            converted = ftype.parse(req, value, store)
        except FieldValueError as exc:
            raise click.UsageError(t("field.problem", label=label, message=exc.message)) from None
        if ftype.files and isinstance(converted, list) and field in answers:
            answers[field] = [*answers[field], *converted]
        else:
            answers[field] = converted
    return answers
