"""`--input NODE.FIELD=VALUE|@PATH` and `--var KEY=VALUE`: parsed and converted by the field's
declared type. A value that does not convert is a usage error naming the field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
import yaml

from blocks.errors import BlockError
from blocks.store import FileStore
from blocks.ui.form import Requirement

__all__ = ["convert_answers", "human_input_fields", "parse_assignments", "parse_vars"]

_TRUE = {"true", "yes", "y", "1", "on", "はい"}
_FALSE = {"false", "no", "n", "0", "off", "いいえ"}


def parse_assignments(
    values: tuple[str, ...], with_node: bool
) -> list[tuple[str | None, str, str]]:
    out: list[tuple[str | None, str, str]] = []
    for raw in values:
        key, sep, value = raw.partition("=")
        if not sep or not key:
            raise click.UsageError(
                f"--input {raw!r}: expected {'NODE.FIELD' if with_node else 'FIELD'}=VALUE or =@PATH"
            )
        if with_node:
            node, dot, field = key.partition(".")
            if not dot or not node or not field:
                raise click.UsageError(
                    f"--input {raw!r}: expected NODE.FIELD=VALUE (e.g. confirm.approved=true)"
                )
            out.append((node, field, value))
        else:
            out.append((None, key, value))
    return out


def parse_vars(values: tuple[str, ...]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for raw in values:
        key, sep, value = raw.partition("=")
        if not sep or not key:
            raise click.UsageError(f"--var {raw!r}: expected KEY=VALUE")
        try:
            result[key] = yaml.safe_load(value) if value else ""
        except yaml.YAMLError:
            result[key] = value
    return result


def human_input_fields(mode: str, requirements: list[Requirement]) -> dict[str, Requirement]:
    fields = {r.id: r for r in requirements}
    if mode in ("confirm", "mixed"):
        fields.setdefault(
            "approved", Requirement(id="approved", type="boolean", label="承認", required=False)
        )
        fields.setdefault(
            "response", Requirement(id="response", type="text", label="コメント", required=False)
        )
    return fields


def _files(path: Path, store: FileStore) -> list[dict[str, Any]]:
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.is_file())
        return [store.put_file(p, str(p.relative_to(path))).model_dump(mode="json") for p in files]
    return [store.put_file(path).model_dump(mode="json")]


def _convert(req: Requirement, label: str, value: str, store: FileStore) -> Any:
    is_path = value.startswith("@")
    path = Path(value[1:]) if is_path else None
    if path is not None and not path.exists():
        raise click.UsageError(f"{label}: no such file or folder: {path}")
    try:
        if req.type == "file":
            if path is None or path.is_dir():
                raise click.UsageError(f"{label} is a file field: pass {label}=@PATH to a file")
            return store.put_file(path).model_dump(mode="json")
        if req.type in ("files", "folder"):
            if path is None:
                raise click.UsageError(
                    f"{label} is a {req.type} field: pass {label}=@PATH (a file or a folder)"
                )
            return _files(path, store)
    except BlockError as exc:
        raise click.UsageError(f"{label}: {exc.message}") from exc
    text = path.read_text(encoding="utf-8") if path is not None else value
    if req.type == "boolean":
        lowered = text.strip().lower()
        if lowered in _TRUE:
            return True
        if lowered in _FALSE:
            return False
        raise click.UsageError(f"{label} is a boolean field: use true or false, not {text!r}")
    if req.type == "number":
        try:
            number = float(text.replace(",", ""))
        except ValueError:
            raise click.UsageError(f"{label} is a number field: {text!r} is not a number") from None
        if req.validation.integer or (number.is_integer() and "." not in text):
            return int(number)
        return number
    if req.type == "select":
        for option in req.options:
            if str(option) == text:
                return option
        choices = ", ".join(str(o) for o in req.options)
        raise click.UsageError(f"{label} is a select field: {text!r} is not one of {choices}")
    return text


def convert_answers(
    fields: dict[str, Requirement],
    items: list[tuple[str, str]],
    label_prefix: str,
    store: FileStore,
) -> dict[str, Any]:
    """Convert FIELD=VALUE pairs for one form; repeated file fields accumulate."""
    answers: dict[str, Any] = {}
    for field, value in items:
        label = f"{label_prefix}{field}"
        req = fields.get(field)
        if req is None:
            from blocks.registry import did_you_mean

            hint = (
                did_you_mean(field, sorted(fields))
                or f"fields: {', '.join(sorted(fields)) or 'none'}"
            )
            raise click.UsageError(f"unknown field {label!r}; {hint}")
        converted = _convert(req, label, value, store)
        if req.type in ("files", "folder") and field in answers:
            answers[field] = [*answers[field], *converted]
        else:
            answers[field] = converted
    return answers
