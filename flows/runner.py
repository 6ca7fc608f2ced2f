"""`python -m flows.runner RUN_ID`: run one existing flow run in this process.

The background process of `keiri run --detach` and of a retry from the form app: the flow
run was created (or set AwaitingRetry) on the API first, so this process gets only its id;
the plan, inputs and vars are the run's parameters on the API (never on a command line).
The environment (the Prefect API, the keiri home) is inherited from the parent.
"""

from __future__ import annotations

import sys

__all__ = ["main"]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        sys.stderr.write("usage: python -m flows.runner RUN_ID\n")
        return 2
    from flows.runs import execute, register_runner

    register_runner(argv[0])
    state = execute(argv[0])
    return 0 if state.is_completed() or state.is_paused() else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
