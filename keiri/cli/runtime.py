"""Runtime commands: run, resume, runs, retry (and server). Each goes through the run
lifecycle module `flows.lifecycle.runs`, which returns one `RunOutcome` (the `--json` document); this
module only parses arguments and prints. Prefect is imported lazily, after the environment
points it at the right server."""

from __future__ import annotations

import getpass
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.markup import escape

from blocks.sdk.errors import BlockError
from keiri.base import masking, settings
from keiri.base.catalog import state_label, t
from keiri.base.errors import Reported
from keiri.base.times import local_time
from keiri.cli.inputs import convert_answers, human_input_fields, parse_assignments, parse_vars
from keiri.cli.render import console, err_console, finish, print_json, render_block_error

if TYPE_CHECKING:
    from flows.backend.outcome import RunOutcome

__all__ = ["current_user", "resume_cmd", "retry_cmd", "run_cmd", "runs_cmd"]


def _connect(timeout: float | None = None) -> str:
    """Point this process at the Prefect API (starting the local server if needed, with a
    progress line on stderr while it starts)."""
    from keiri.cli.logs import route_console_logs
    from keiri.cli.server_cmd import server_progress
    from keiri.server import client_env

    url = client_env.connect(timeout=timeout, progress=server_progress)
    route_console_logs()  # Prefect's tracebacks go to the log file; keiri renders the error
    return url


def current_user() -> str:
    """Who runs this command: the configured user (`KEIRI_USER`), else the login name."""
    try:
        return settings.get().ui.user or getpass.getuser()
    except (KeyError, OSError):
        return "cli"


def _report(outcome: RunOutcome, as_json: bool) -> int:
    """Print a run's outcome (the `RunOutcome` document with --json); its exit code."""
    if as_json:
        print_json(masking.mask(outcome.to_json()))
        return outcome.exit_code
    from flows.backend import rejection

    color = {"completed": "green", "paused": "yellow"}.get(outcome.state, "red")
    sent_back = rejection.of_run(outcome.outputs, outcome.block_error)
    if sent_back is not None:  # 差し戻し: neither 完了 nor a failure to retry
        color, label = "yellow", state_label("REJECTED")
    else:
        label = state_label(outcome.state)
    header = t(
        "cli.run.header",
        state=f"[{color}]{escape(label)}[/]",
        plan=outcome.plan_id,
        run=outcome.run_id,
    )
    console.print(header)
    if sent_back is not None:
        by = sent_back.by or t("summary.rejected.someone")
        reason = sent_back.reason or t("summary.rejected.no_reason")
        console.print(f"  {escape(t('cli.run.rejected', by=by, reason=reason))}")
    console.print(f"  {t('cli.run.ui', url=outcome.ui_url)}")
    if outcome.log:
        console.print(f"  {escape(t('cli.run.log', path=outcome.log))}")
    decisions = {"reused": "reuse.reused", "rerun": "reuse.rerun"}
    for entry in outcome.reuse:
        items = f" {t('reuse.items', count=entry.count)}" if entry.iterations else ""
        line = t(decisions[entry.decision], node=entry.node_id + items, reason=entry.message)
        console.print(f"  [{'cyan' if entry.decision == 'rerun' else 'dim'}]{escape(line)}[/]")
    if outcome.paused:
        where = f"{outcome.paused.title} " if outcome.paused.title else ""
        waiting = t(
            "cli.run.waiting",
            where=where,
            node=outcome.paused.node_id,
            url=outcome.paused.form_url,
        )
        console.print(f"  {escape(waiting)}")
        resume = t("cli.run.resume_cmd", run=outcome.paused.run_id or outcome.run_id)
        console.print(f"  {escape(resume)}")
    if outcome.error:
        error = outcome.block_error or BlockError(
            outcome.error.code,
            outcome.error.message,
            hint=outcome.error.hint,
            recoverable=outcome.error.recoverable,
            node_id=outcome.error.node_id,
        )
        render_block_error(error)
        err_console.print(f"  {t('cli.run.inspect', run=outcome.run_id)}")
        from keiri.cli.logs import cli_log_path

        if cli_log_path().is_file():
            err_console.print(f"  {escape(t('cli.run.prefect_log', path=cli_log_path()))}")
    return outcome.exit_code


def _pause_message(run_id: str, node_id: str) -> None:
    from flows.backend.notify import form_link

    err_console.print(escape(t("cli.run.paused", node=node_id, url=form_link(run_id), run=run_id)))


@click.command("run")
@click.argument("plan", type=click.Path(path_type=Path))
@click.option(
    "--input",
    "answers",
    multiple=True,
    metavar="NODE.FIELD=VALUE|@PATH",
)
@click.option(
    "--var",
    "variables",
    multiple=True,
    metavar="KEY=VALUE",
)
@click.option(
    "--detach",
    is_flag=True,
)
@click.option(
    "--server-timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=None,
)
@click.option("--json", "as_json", is_flag=True)
def run_cmd(
    plan: Path,
    answers: tuple[str, ...],
    variables: tuple[str, ...],
    detach: bool,
    server_timeout: float | None,
    as_json: bool,
) -> None:
    with _failing_handed_over(detach):
        from blocks.sdk.registry import BlockRegistry
        from blocks.sdk.store import FileStore
        from compiler.compile import compile_file
        from compiler.placeholders import require_vars

        try:
            found = plan.is_file()
        except OSError:  # a name the system cannot look up (longer than NAME_MAX, ...)
            found = False
        if not found:
            raise click.UsageError(t("cli.no_such_plan", path=plan))
        compiled, _warnings = compile_file(plan, BlockRegistry())
        grouped: dict[str, list[tuple[str, str]]] = {}
        for node, field, value in parse_assignments(answers, with_node=True):
            grouped.setdefault(str(node), []).append((field, value))
        node_answers: dict[str, dict[str, Any]] = {}
        for node_id, items in grouped.items():
            node_answers[node_id] = convert_answers(
                _node_fields(compiled, node_id),
                items,
                f"{node_id}.",
                FileStore(),
                later=_referenced_form(compiled, node_id),
            )
            node_answers[node_id]["_answered_by"] = current_user()
        vars_ = parse_vars(variables)
        unknown = sorted(set(vars_) - set(compiled.plan.vars))
        if unknown:
            known = ", ".join(sorted(compiled.plan.vars)) or t("cli.none")
            raise click.UsageError(t("cli.run.unknown_var", name=unknown[0], known=known))
        require_vars(compiled, vars_)  # placeholders must be given before anything starts
        plain = (
            not node_answers and not vars_
        )  # a start the quick start can repeat (`flows.lifecycle.quick_start`)
        if detach:  # the run id at once, before Prefect is imported (keiri.cli.detach)
            from flows.lifecycle import quick_start as launch
            from keiri.cli.detach import remember_start, start_detached

            started = start_detached(
                compiled, plan, node_answers, vars_, who=current_user(),
                connect=lambda: _connect(server_timeout),
            )  # fmt: skip
            handed = launch.handed_over()
            if handed is None or handed.run_id != started.run_id:  # else announced already
                err_console.print(t("cli.run.detached", run=started.run_id))
            if plain:
                remember_start(compiled, plan, started.api_url)
            outcome = started.wait()
        else:
            api_url = _connect(server_timeout)
            if plain:
                from keiri.cli.detach import remember_start

                remember_start(compiled, plan, api_url)
            from flows.lifecycle import runs
            from keiri.cli.progress import run_progress

            with run_progress(enabled=not as_json) as on_event:
                outcome = runs.run_foreground(
                    compiled,
                    plan,
                    node_answers,
                    vars_,
                    runs.RunObservers(on_event=on_event, on_pause=_pause_message),
                    who=current_user(),
                )
        finish(_report(outcome, as_json))


@contextmanager
def _failing_handed_over(detach: bool) -> Iterator[None]:
    """A run the quick start announced never stays Pending (`flows.lifecycle.quick_start`): a
    detached `keiri run` that fails (any error but `Reported`, a result already shown) before
    taking it over ends it as Failed."""
    try:
        yield
    except Reported:
        raise
    except BaseException as exc:
        if detach:
            from keiri.cli.detach import fail_handed_over

            fail_handed_over(exc)
        raise


def _node_fields(compiled: Any, node_id: str) -> dict[str, Any]:
    from blocks.forms.interactive_input import parse_requirements
    from blocks.sdk.registry import did_you_mean
    from compiler.scope import CompiledTask

    cnode = compiled.all_nodes.get(node_id)
    if isinstance(cnode, CompiledTask) and cnode.node.confirm_ambiguous:
        from compiler.confirmation import answer_fields  # the answer to the node's question

        return human_input_fields("collect", parse_requirements(answer_fields(), node_id))
    if not isinstance(cnode, CompiledTask) or not cnode.spec.human_input:
        humans = sorted(
            n
            for n, c in compiled.all_nodes.items()
            if isinstance(c, CompiledTask) and c.spec.human_input
        )
        hint = did_you_mean(node_id, humans) or t(
            "cli.run.human_nodes", nodes=", ".join(humans) or t("cli.none")
        )
        raise click.UsageError(t("cli.run.not_human_input", node=node_id, hint=hint))
    raw = cnode.node.in_.get("requirements") or []
    mode = str(cnode.node.in_.get("mode", "collect"))
    if isinstance(raw, str):  # known when the run reaches the node: its decision fields only
        return human_input_fields(mode, [])
    return human_input_fields(mode, parse_requirements(raw, node_id))


def _referenced_form(compiled: Any, node_id: str) -> bool:
    """Whether the node's requirements come from a reference (`${node.fields}`): its other
    answers are converted by the node when it knows them (`ui.interactive_input`)."""
    cnode = compiled.all_nodes.get(node_id)
    node = getattr(cnode, "node", None)
    return node is not None and isinstance(node.in_.get("requirements"), str)


@click.command("resume")
@click.argument("run_id")
@click.option(
    "--input",
    "answers",
    multiple=True,
    metavar="FIELD=VALUE|@PATH",
)
@click.option("--json", "as_json", is_flag=True)
def resume_cmd(run_id: str, answers: tuple[str, ...], as_json: bool) -> None:
    _connect()
    from blocks.sdk.store import FileStore
    from flows.lifecycle import runs
    from flows.lifecycle.control import read_paused_form

    form = read_paused_form(run_id)
    fields = human_input_fields(form.mode, form.requirements)
    typed = [(f, v) for _n, f, v in parse_assignments(answers, with_node=False)]
    runs.resume(run_id, convert_answers(fields, typed, "", FileStore()), current_user())
    root = form.definition.get("root_run_id")
    if root:  # a loop item or subflow: its root run goes on (or the next item waits)
        finish(_report(runs.wait(str(root)), as_json))
        return
    finish(_report(runs.wait(run_id, since_pause_key=form.run.pause_key), as_json))


@click.command("runs")
@click.option("--state")
@click.option("--limit", default=30, show_default=True)
@click.option("--json", "as_json", is_flag=True)
def runs_cmd(state: str | None, limit: int, as_json: bool) -> None:
    _connect()
    from flows.lifecycle.control import list_runs
    from flows.lifecycle.runs import prefect_ui_url

    # Runs a schedule created for later only with --state scheduled: Prefect sorts them by
    # their expected start, so next months' runs would come before the ones that ran.
    views = list_runs(state, limit, due_only=(state or "").lower() != "scheduled")
    if as_json:
        runs = [v.to_json() | {"ui_url": prefect_ui_url(v.run_id)} for v in views]
        print_json(masking.mask({"runs": runs}))
        return
    from rich.table import Column, Table

    # The run id is what `keiri resume`/`retry` take: never cut, whatever the terminal's
    # width; the other columns fold.
    columns = ("cli.col.plan", "cli.col.state", "cli.col.started", "cli.col.duration")
    table = Table(
        Column(t("cli.col.run_id"), no_wrap=True, min_width=36),
        *(Column(t(c), overflow="fold") for c in columns),
        box=None,
    )
    for v in views:
        table.add_row(
            v.run_id,
            v.plan_id or "",
            state_label(v.state),
            local_time(v.start, "%Y-%m-%d %H:%M:%S")
            if v.start
            else t("runs.due_at", at=local_time(v.expected, "%Y-%m-%d %H:%M"))
            if v.expected and v.state_type == "SCHEDULED"
            else "",
            t("cli.seconds", seconds=f"{v.duration_s:.1f}") if v.duration_s is not None else "",
        )
    console.print(table)


@click.command("retry")
@click.argument("run_id")
@click.option(
    "--reenter",
    "reenter",
    multiple=True,
    metavar="NODE",
)
@click.option(
    "--detach",
    is_flag=True,
)
@click.option("--latest", is_flag=True)
@click.option("--json", "as_json", is_flag=True)
def retry_cmd(
    run_id: str, reenter: tuple[str, ...], detach: bool, latest: bool, as_json: bool
) -> None:
    _connect()
    from flows.lifecycle import runs
    from keiri.cli.progress import run_progress

    if not as_json:
        _say_pinned(run_id, latest)
    if detach:
        outcome = runs.retry(
            run_id, current_user(), detach=True, reenter=reenter, until_paused=True, latest=latest
        )
        finish(_report(outcome, as_json))
        return
    with run_progress(enabled=not as_json) as on_event:
        outcome = runs.retry(
            run_id,
            current_user(),
            observers=runs.RunObservers(on_event=on_event, on_pause=_pause_message),
            reenter=reenter,
            latest=latest,
        )
    finish(_report(outcome, as_json))


def _say_pinned(run_id: str, latest: bool) -> None:
    """Which definition the retry executes, when the plan file differs from the run's pin."""
    from flows.lifecycle import runs

    differs = runs.pinned_differs(run_id)
    if differs is None:
        return
    pinned, now = differs
    key = "cli.retry.latest" if latest else "cli.retry.pinned"
    err_console.print(escape(t(key, pinned=pinned, now=now)))
