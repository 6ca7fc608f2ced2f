"""`python -m flows.lifecycle.runner RUN_ID`: run one existing flow run in this process.

The background process of `keiri run --detach` and of a retry from the form app: the flow
run was created (or set AwaitingRetry) on the API first, so this process gets only its id;
the plan, inputs and vars are the run's parameters on the API (never on a command line).
The environment (the Prefect API, the keiri home) is inherited from the parent.

Transient API errors while starting are retried (`flows.backend.api_retry`); a runner that fails
anyway marks its run Crashed on the way out, so no run stays Pending (a ghost).

A runner works in the background: it lowers its CPU priority (`NICE`) before importing
Prefect, so that when many start at once (50 `keiri run --detach`, issue 11) the CLIs still
creating their runs and the Prefect server that answers everyone get the CPU first; on an
idle machine it changes nothing. It then waits for a place among this machine's runners
(`flows.lifecycle.runner_slots`, `KEIRI_LOCAL_RUNNERS`) before importing Prefect, and gives it back when
its run pauses for input.

`python -m flows.lifecycle.runner --spare LOG` is a runner started before its run
(`flows.lifecycle.runner_spare`, its output to LOG): it lowers its priority, imports what a run
needs, and reads the run id from its standard input; then it goes on as above. At the end of
its input without one it removes LOG when nothing was written to it, and exits.
"""

from __future__ import annotations

import contextlib
import os
import sys

__all__ = ["NICE", "main"]

#: What a spare imports before its run id (`main` imports the rest when it runs).
_SPARE_IMPORTS = ("prefect.flow_engine", "compiler.compile", "flows.lifecycle.runs")
NICE = 10  # added to the runner's niceness (Unix); CPU share ~1/9 of a normal process's


def _background_priority() -> None:
    # No nice (Windows) or not permitted: run as is.
    with contextlib.suppress(AttributeError, OSError):
        os.nice(NICE)


def _spare_run_id() -> str:
    """A spare's run id, once what a run needs is imported; "" at the end of the input."""
    import importlib

    for name in _SPARE_IMPORTS:
        importlib.import_module(name)
    return sys.stdin.readline().strip()


def _remove_if_empty(path: str) -> None:
    with contextlib.suppress(OSError):
        if os.stat(path).st_size == 0:
            os.unlink(path)


def main(argv: list[str]) -> int:
    from flows.lifecycle.runner_spare import SPARE_ARG

    spare = len(argv) == 2 and argv[0] == SPARE_ARG
    if len(argv) != 1 and not spare:
        sys.stderr.write("usage: python -m flows.lifecycle.runner RUN_ID | --spare LOG\n")
        return 2
    _background_priority()
    if spare:
        log = argv[1]
        argv = [_spare_run_id()]
        if not argv[0]:  # its parent ended or did not need it
            _remove_if_empty(log)
            return 0
    from flows.lifecycle import runner_slots, start

    # A place among this machine's runners first, before Prefect is imported (see the module).
    limit = os.environ.get(runner_slots.LIMIT_VARIABLE, "")
    slot = runner_slots.acquire(
        int(limit) if limit.isdigit() else runner_slots.default_limit(),
        runner_slots.slots_dir(str(start.home())),
    )
    from flows.backend import api_retry, liveness
    from flows.lifecycle.control import parse_run_id
    from flows.lifecycle.runs import RunObservers, execute, register_runner
    from keiri.base.catalog import t

    run_id = argv[0]
    try:
        api_retry.call(
            lambda: register_runner(run_id),
            deadline_s=600,
            what=t("cli.api.starting", run=run_id),
        )
        # A run that waits for a person gives its place back.
        state = execute(run_id, RunObservers(on_pause=lambda *_: slot.release()))
    except BaseException as exc:
        liveness.crash_unless_ended(
            parse_run_id(run_id),
            t("cli.state.runner_failed", error=f"{type(exc).__name__}: {exc}"),
        )
        raise
    return 0 if state.is_completed() or state.is_paused() else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
