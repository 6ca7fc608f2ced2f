"""`keiri ask`: a request in Japanese → tasks over the block catalog → a validated plan → a run
→ an answer (seed 003, see `designer.ask`).

    keiri ask "先月の請求書ZIPを照合して未払いを教えて" [--detach] [--json]

The plan is saved under `<runs>/ask/` and run like `keiri run` (a form, e.g. for the evidence
or a confirmation, pauses the run: the form link is printed; with `--detach` the command
returns at the pause). Exit 0 answered (the run completed), 1 not served (the catalog cannot
do it, the plan did not validate) or the run failed, 3 paused and detached, 2 usage errors.
`--json` prints one document: `ok`, `request`, `servable`, `reason`, `tasks`, `plan_id`,
`plan_path`, `errors` (the plan's issues when it did not validate), `run` (the `RunOutcome`
or null) and `answer` (`text`, `source`: llm|template, `unsupported`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from keiri.base.catalog import t
from keiri.base.errors import EXIT_FAILED
from keiri.cli.render import console, err_console, finish, print_issues, print_json

__all__ = ["ask_cmd"]


def _document(request: str, **fields: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "ok": False,
        "request": request,
        "servable": False,
        "reason": "",
        "tasks": [],
        "plan_id": None,
        "plan_path": None,
        "errors": [],
        "run": None,
        "answer": None,
    }
    doc.update(fields)
    return doc


def _finish(doc: dict[str, Any], as_json: bool, code: int) -> None:
    if as_json:
        print_json(doc)
    elif doc["answer"] is not None:
        console.print(doc["answer"]["text"])
    finish(code)


@click.command("ask")
@click.argument("request")
@click.option("--detach", is_flag=True)
@click.option("--server-timeout", type=float)
@click.option("--json", "as_json", is_flag=True)
def ask_cmd(request: str, detach: bool, server_timeout: float | None, as_json: bool) -> None:
    from blocks.llm.client import LLMClient
    from designer.ask import ComposedAnswer, compose_answer, prepare_request, refusal

    if not request.strip():
        raise click.UsageError(t("cli.ask.empty"))
    with LLMClient.from_env() as llm:
        if not as_json:
            err_console.print(t("cli.ask.reading"))
        prepared = prepare_request(request, llm)
        base: dict[str, Any] = {
            "servable": prepared.analysis.servable,
            "reason": prepared.analysis.reason,
            "tasks": prepared.tasks,
        }
        if not as_json:
            for task in prepared.analysis.tasks:
                after = (
                    t("cli.ask.after", nodes=", ".join(task.depends_on)) if task.depends_on else ""
                )
                line = t(
                    "cli.ask.task", id=task.id, block=task.block, purpose=task.purpose, after=after
                )
                err_console.print(line, markup=False)
        refused = refusal(prepared)
        if refused is not None or prepared.compiled is None or prepared.path is None:
            generated = prepared.generated
            issues = [*generated.errors, *generated.warnings] if generated else []
            if issues and not as_json:
                print_issues(issues)
            errors = [issue.model_dump() for issue in generated.errors] if generated else []
            answer = refused.to_json() if refused else None
            _finish(_document(request, **base, errors=errors, answer=answer), as_json, EXIT_FAILED)
            return
        base |= {"plan_id": prepared.compiled.id, "plan_path": str(prepared.path)}
        outcome = _run(prepared.compiled, prepared.path, detach, server_timeout, as_json)
        if outcome.state == "completed":
            answer_ = compose_answer(request, outcome.outputs, outcome.state, llm)
        elif outcome.paused is not None:
            answer_ = ComposedAnswer(t("cli.ask.confirm", url=outcome.paused.form_url), "template")
        else:
            message = outcome.error.message if outcome.error else outcome.state
            answer_ = ComposedAnswer(t("cli.ask.not_done", message=message), "template")
    doc = _document(
        request,
        **base,
        ok=outcome.state == "completed",
        run=outcome.to_json(),
        answer=answer_.to_json(),
    )
    _finish(doc, as_json, outcome.exit_code)


def _run(
    compiled: Any, path: Path, detach: bool, server_timeout: float | None, as_json: bool
) -> Any:
    """Run the request's plan as `keiri run` does (same lifecycle module)."""
    from keiri.cli.progress import run_progress
    from keiri.cli.server_cmd import server_progress
    from keiri.server import client_env

    client_env.connect(timeout=server_timeout, progress=server_progress)
    from flows.lifecycle import runs
    from keiri.cli.runtime import current_user

    who = current_user()
    if detach:
        return runs.start_detached(compiled, path, {}, {}, who=who, via="ask").wait()
    with run_progress(enabled=not as_json) as on_event:
        return runs.run_foreground(
            compiled,
            path,
            {},
            {},
            runs.RunObservers(on_event=on_event, on_pause=_pause_message),
            who=who,
            via="ask",
        )


def _pause_message(run_id: str, node_id: str) -> None:
    from flows.backend.notify import form_link

    err_console.print(t("cli.ask.paused", node=node_id, url=form_link(run_id)), markup=False)
