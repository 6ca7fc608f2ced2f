"""`keiri generate`: design a plan from an instruction and reference documents (seed 001 CLI).

    keiri generate --instruction "請求書重複検知のPlanを作成" --docs rules.md,invoices.xlsx \
        --templates a,b --apply-mode hint|compose|llm-only --out designs/x.yaml [--json]

Exit 0 when the plan validates and dry-runs (saved to `--out` or
`designs/<plan_id>_<yyyymmddHHMM>.yaml`), 1 otherwise (errors and the items to ask printed;
the draft saved under `<runs>/designer/drafts/`), 2 for usage errors. Missing items are asked
on the terminal when stdin is a terminal (`--interactive/--no-interactive`).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import click
from rich.markup import escape

from keiri.base.catalog import t
from keiri.base.errors import EXIT_FAILED, Reported
from keiri.cli.render import console, err_console, print_issues, print_json

__all__ = ["generate_cmd"]


def _split(value: str | None) -> list[str]:
    return [part.strip() for part in (value or "").split(",") if part.strip()]


def _answer_value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _terminal_ask(requirements: list[Any], message: str) -> Mapping[str, Any]:
    """Ask each requirement on the terminal; an empty answer skips an optional one."""
    from blocks.sdk.store import FileStore

    err_console.print(f"[bold]{message}[/]")
    answers: dict[str, Any] = {}
    for req in requirements:
        label = req.label + ("" if req.required else t("cli.design.optional"))
        for extra in (req.description, req.hint):
            if extra:
                err_console.print(f"  [dim]{extra}[/]")
        if req.type == "boolean":
            answers[req.id] = click.confirm(label, default=bool(req.default), err=True)
            continue
        kind: Any = click.Choice([str(o) for o in req.options]) if req.type == "select" else str
        raw = click.prompt(label, default="", show_default=False, type=kind, err=True)
        if raw in ("", None):
            continue
        if req.type == "number":
            answers[req.id] = _answer_value(str(raw))
        elif req.type in ("file", "files", "folder"):
            refs = [
                FileStore().put_file(Path(p).expanduser()).model_dump(mode="json")
                for p in _split(str(raw))
            ]
            answers[req.id] = refs[0] if req.type == "file" else refs
        else:
            answers[req.id] = raw
    return answers


def _check_templates(ids: list[str], mode: str) -> None:
    if not ids:
        return
    if mode == "llm-only":
        raise click.UsageError(t("cli.design.llm_only_templates"))
    from blocks.sdk.registry import did_you_mean
    from designer.templates import load_templates

    known = sorted(load_templates())
    for template_id in ids:
        if template_id not in known:
            hint = did_you_mean(template_id, known) or t(
                "cli.design.templates", ids=", ".join(known) or t("cli.none")
            )
            raise click.UsageError(
                t("cli.design.unknown_template", template=repr(template_id), hint=hint)
            )


def _print_human(result: Any, draft: Path | None) -> None:
    shown = ", ".join(f"{c.block_id}{'*' if c.pinned else ''}" for c in result.candidates[:12])
    retrieval = escape(str(result.metrics.retrieval))
    console.print(t("cli.design.candidates", retrieval=retrieval, blocks=escape(shown)))
    if result.retrieval is not None:
        console.print(t("cli.design.retrieval", text=escape(result.retrieval.describe())))
    for attempt in result.attempts:
        state = (
            t("cli.design.attempt_ok")
            if not attempt.errors
            else t("cli.design.attempt_errors", count=len(attempt.errors))
        )
        line = t("cli.design.attempt", number=attempt.number, stage=attempt.stage, state=state)
        console.print(line)
    print_issues(result.errors + result.warnings)
    if result.fallback:
        err_console.print(t("cli.design.fallback"))
    if result.ok:
        where = f" → {escape(str(result.saved_path))}" if result.saved_path else ""
        mark, open_ = "[green]✓[/]", ""
        if result.placeholders:
            mark = "[yellow]△[/]"
            open_ = t("cli.design.open_placeholders", count=len(result.placeholders))
        generated = t(
            "cli.design.generated",
            mark=mark,
            plan=escape(result.plan.id),
            attempts=result.metrics.attempts,
            repairs=result.metrics.repair_rounds,
            open=open_,
            where=where,
        )
        console.print(generated)
    if result.ok and result.placeholders:
        where = result.saved_path or "PLAN"
        console.print(t("cli.design.placeholders", count=len(result.placeholders)))
        for name, ph in result.placeholders.items():
            console.print("  • " + escape(f"{name} [{ph.type}] {ph.question}"))
            command = t("cli.design.placeholder_cmd", where=where, name=name)
            console.print("    " + escape(command))
    asks = [r for r in result.requirements if not (result.ok and r.placeholder() is not None)]
    if asks:
        console.print(t("cli.design.asks"), markup=False)
        for req in asks:
            need = t("cli.design.required" if req.required else "cli.design.optional_short")
            console.print("  • " + escape(f"{req.id} [{req.type}, {need}] {req.label}"))
    if result.ok:
        return
    console.print(t("cli.design.invalid", count=len(result.errors)))
    if draft is not None:
        console.print(escape(t("cli.design.draft", draft=draft)))


@click.command("generate")
@click.option("--instruction", "-i")
@click.option(
    "--instruction-file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
)
@click.option("--docs")
@click.option("--templates", "template_ids")
@click.option(
    "--apply-mode",
    type=click.Choice(["hint", "compose", "llm-only"]),
    default="hint",
    show_default=True,
)
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--plan-id")
@click.option(
    "--fallback",
    type=click.Choice(["0", "1"]),
    default=None,
)
@click.option("--max-attempts", type=click.IntRange(1, 10), default=2, show_default=True)
@click.option(
    "--retrieval",
    type=click.Choice(["auto", "bm25", "embedding", "hybrid"]),
    default="auto",
    show_default=True,
)
@click.option("--topk-per-category", type=click.IntRange(1), default=6, show_default=True)
@click.option("--topk-total", type=click.IntRange(1), default=30, show_default=True)
@click.option("--answer", "answers", multiple=True)
@click.option(
    "--interactive/--no-interactive",
    default=None,
)
@click.option("--no-save", is_flag=True)
@click.option("--json", "as_json", is_flag=True)
def generate_cmd(
    instruction: str | None,
    instruction_file: Path | None,
    docs: str | None,
    template_ids: str | None,
    apply_mode: str,
    out: Path | None,
    plan_id: str | None,
    fallback: str | None,
    max_attempts: int,
    retrieval: str,
    topk_per_category: int,
    topk_total: int,
    answers: tuple[str, ...],
    interactive: bool | None,
    no_save: bool,
    as_json: bool,
) -> None:
    from blocks.sdk.errors import BlockError
    from designer import DesignEngineOptions, extract_documents, generate_plan, save_plan
    from designer.events import designer_log_dir

    if instruction_file is not None:
        if instruction:
            raise click.UsageError(
                t("cli.error.exclusive", first="--instruction", second="--instruction-file")
            )
        instruction = instruction_file.read_text(encoding="utf-8")
    if not instruction or not instruction.strip():
        raise click.UsageError(t("cli.design.no_instruction"))
    paths = [Path(p) for p in _split(docs)]
    for path in paths:
        if not path.is_file():
            raise click.UsageError(t("cli.design.no_document", path=path))
    templates = _split(template_ids)
    _check_templates(templates, apply_mode)
    given: dict[str, Any] = {}
    for item in answers:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise click.UsageError(t("cli.design.bad_answer", item=repr(item)))
        given[key.strip()] = _answer_value(value)
    ask_here = interactive if interactive is not None else (sys.stdin.isatty() and not as_json)
    documents = extract_documents(paths)
    if not as_json:
        for failure in documents.failures:
            err_console.print(
                t(
                    "cli.design.document_failed",
                    name=escape(failure.name),
                    code=failure.code,
                    message=escape(failure.message),
                )
            )
    options = DesignEngineOptions(
        retrieval=retrieval,  # type: ignore[arg-type]
        topk_per_category=topk_per_category,
        topk_total=topk_total,
        max_attempts=max_attempts,
        plan_id=plan_id,
        save=not no_save,
        out=out,
        fallback=None if fallback is None else fallback == "1",
    )
    try:
        result = generate_plan(
            instruction,
            documents,
            None,
            options,
            templates,
            apply_mode,  # type: ignore[arg-type]
            ask=_terminal_ask if ask_here else None,
            answers=given,
        )
    except BlockError as exc:
        if not as_json:
            raise
        print_json({"ok": False, "error": exc.to_dict()})
        raise Reported(EXIT_FAILED) from None
    draft = None
    if not result.ok and result.yaml and not no_save:
        draft_id = str(result.data.get("id") or "generated")
        draft = save_plan(
            result.yaml,
            draft_id,
            designer_log_dir() / "drafts" / f"{draft_id}_{result.generation_id}.yaml",
        )
    if as_json:
        print_json({**result.to_json(), "draft_path": str(draft) if draft else None})
    else:
        _print_human(result, draft)
    if not result.ok:
        raise Reported(EXIT_FAILED)
