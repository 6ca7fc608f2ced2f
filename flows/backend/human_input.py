"""Human input on Prefect: `PrefectHumanInput` pauses the flow run (local runs) or suspends it
(deployment runs) until someone answers; the form is stored as a flow run input for the form
app, the answer comes back through Prefect's `wait_for_input` model built from the same
requirements, and who answered is read from keiri's resume marker (`_resumer`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any
from uuid import UUID

from blocks.sdk.errors import BlockError
from flows.backend import child_pauses, pause_wait, reask, run_secrets
from flows.backend.input_keys import FORM_PREFIX
from flows.backend.run_inputs import create_once, read_value
from keiri.base import masking
from keiri.base.catalog import t

__all__ = ["PauseObserver", "PrefectHumanInput"]

#: Called with (run_id, node_id) when a run pauses for input (the CLI prints the form link,
#: the flow attaches it to the run); passed to `PrefectBackend`, never registered globally.
PauseObserver = Callable[[str, str], None]


def _resumer(flow_run_id: Any, key: str, claimed: Any) -> tuple[str, str]:
    """Who answered: the person keiri recorded when it resumed the pause (its resume marker,
    from the authenticated session), else — a resume made outside keiri (Prefect UI or API) —
    the name the answer claims, marked as such (source `outside_keiri`)."""
    from flows.backend.resume_marker import marker_key

    record = read_value(flow_run_id, marker_key(key))
    if isinstance(record, dict) and record.get("by"):
        return str(record["by"]), "form"
    return str(claimed or "unknown"), "outside_keiri"


class PrefectHumanInput:
    """Pauses the flow run (local runs) or suspends it (deployment runs) until someone answers.

    The form definition (message, requirements, assignee) is stored as a flow run input under
    `keiri-form-<key>` so the form app can render it; the answers come back through Prefect's
    `wait_for_input` model built from the same requirements.
    """

    def __init__(
        self,
        poll_interval: int = 1,
        default_timeout_s: int = 24 * 3600,
        on_pause: PauseObserver | None = None,
        root_run_id: str | None = None,
        generation: int = 0,
    ) -> None:
        self.poll_interval = poll_interval
        self.default_timeout_s = default_timeout_s
        self.on_pause = on_pause
        self.root_run_id = root_run_id
        self.generation = generation

    def request(self, ctx: Any, form: dict[str, Any]) -> dict[str, Any]:
        import time

        from prefect.context import FlowRunContext
        from prefect.exceptions import FlowPauseTimeout
        from prefect.flow_runs import suspend_flow_run

        from blocks.forms.form import run_input_model
        from blocks.sdk.errors import ErrorCode

        run_ctx = FlowRunContext.get()
        if run_ctx is None or run_ctx.flow_run is None:
            raise BlockError(
                ErrorCode.DEPENDENCY_NOT_FOUND,
                t("cli.error.input_outside_run"),
                details={"node_id": ctx.node_id},
            )
        flow_run = run_ctx.flow_run
        # A block's question has its own key per question (`compiler.confirmation`); a retry
        # pauses anew under a new key, never replaying an earlier answer (`flows.backend.reask`).
        base = re.sub(r"[^a-z0-9-]", "-", str(form.get("pause_key") or ctx.task_name).lower())
        key = reask.pause_key(base, self.generation)
        timeout_s = int(ctx.services.get("timeout_ms") or self.default_timeout_s * 1000) // 1000
        prefill = ctx.services.get("prefill")
        if isinstance(prefill, dict) and prefill:
            form = reask.prefilled(form, prefill)
        model = run_input_model({**form, "node_id": ctx.node_id}, name=f"Form_{base}")
        title = str(ctx.services.get("item_title") or "")
        root = self.root_run_id
        child = root is not None and str(flow_run.id) != root
        if child and not title:
            title = flow_run.name  # a subflow run: named after its node (`validate (sub#1)`)
        definition = {
            **form,
            # What the form app and the Prefect API show: a message or context that quotes a
            # secret shows it masked (the form's schema and fields stay as they are).
            "message": masking.mask_text(str(form.get("message") or "")),
            "context": masking.mask(form.get("context")),
            "node_id": ctx.node_id,
            "task_name": ctx.task_name,
            "plan_id": ctx.plan_id,
            "block_version": ctx.block_version,
            "key": key,
            "asked_at": time.time(),
            "item_title": title or None,
            "root_run_id": root if child else None,
        }
        # A suspended run that restarts finds its form already stored: keep the first one.
        create_once(
            flow_run.id, f"{FORM_PREFIX}{key}", json.loads(json.dumps(definition, default=str))
        )
        ctx.emit(
            "node_paused",
            node_id=ctx.node_id,
            iteration=ctx.iteration,
            key=key,
            assignee=form.get("assignee"),
            message=form.get("message"),
        )
        if child and root is not None:
            child_pauses.note(UUID(root), flow_run.id, ctx.node_id, key, title)
        if self.on_pause is not None:
            self.on_pause(str(flow_run.id), ctx.node_id)
        started = time.monotonic()
        try:
            # A subflow cannot be suspended (Prefect): its process waits, like a local run.
            if flow_run.deployment_id is not None and flow_run.parent_task_run_id is None:
                answer = suspend_flow_run(wait_for_input=model, key=key, timeout=timeout_s)
            else:
                answer = self._pause_local(flow_run.id, key, model, timeout_s, started)
        except FlowPauseTimeout as exc:
            # The run goes on (to record this error as its outcome): end the expired pause,
            # or the server would replace the run's final state and its result by its own.
            from prefect.client.orchestration import get_client
            from prefect.states import Running

            from flows.backend import api_retry

            def end_pause() -> None:
                with get_client(sync_client=True) as client:
                    client.set_flow_run_state(
                        flow_run.id,
                        Running(message=t("cli.state.no_answer", node=ctx.node_id)),
                        force=True,
                    )

            # A busy server (503) must not turn the timeout into an unexplained failure.
            api_retry.call(end_pause, deadline_s=300, what=t("cli.api.waiting_answer"))
            raise BlockError(
                ErrorCode.TIMEOUT_ERROR,
                t("cli.error.no_answer", node=ctx.node_id, seconds=timeout_s),
                details={"node_id": ctx.node_id, "timeout_s": timeout_s},
                hint=t("cli.hint.no_answer"),
                recoverable=True,
            ) from exc
        except Exception as exc:
            # Keiri's own fault (e.g. an input that does not load as the form's RunInput):
            # re-running the same run cannot fix it.
            raise BlockError(
                ErrorCode.INTERNAL_ERROR,
                t("cli.error.pause_failed", node=ctx.node_id, error=f"{type(exc).__name__}: {exc}"),
                details={"node_id": ctx.node_id, "key": key, "exception": type(exc).__name__},
                hint=t("cli.hint.pause_failed"),
                recoverable=False,
            ) from exc
        values = answer.model_dump(mode="json") if hasattr(answer, "model_dump") else dict(answer)
        who, source = _resumer(flow_run.id, key, values.pop("answered_by", "unknown"))
        if run_secrets.secret_fields(form.get("requirements")):
            # Prefect keeps the answer as a flow run input: not a secret one. Deleted once the
            # answers are recorded (secrets by reference): a continued run replays this node
            # from the record (`PrefectBackend.execute_in_flow`).
            from flows.backend.pause_wait import forget_answer

            pending = ctx.services.get("answered_pauses")
            if isinstance(pending, list):
                pending.append((flow_run.id, key))
            else:
                forget_answer(flow_run.id, key)
        values.pop("metadata", None)
        ctx.emit(
            "node_resumed",
            node_id=ctx.node_id,
            iteration=ctx.iteration,
            key=key,
            resumed_by=who,
            waited_s=round(time.monotonic() - started, 3),
        )
        return {**values, "_answered_by": who, "_source": source}

    def _pause_local(
        self, flow_run_id: Any, key: str, model: Any, timeout_s: int, started: float
    ) -> Any:
        """Pause a local run until its answer: an answer already given (the run was
        continued after its process was gone) is taken without pausing again, and an API
        outage is waited out for as long as the pause may last (`flows.backend.pause_wait`)."""
        import time

        from prefect.flow_runs import pause_flow_run

        from flows.backend import api_retry

        answer = pause_wait.stored_answer(flow_run_id, key, model)
        deadline = started + timeout_s
        while answer is None:
            try:
                return pause_flow_run(
                    wait_for_input=model,
                    key=key,
                    timeout=max(1, int(deadline - time.monotonic())),
                    poll_interval=self.poll_interval,
                )
            except Exception as exc:
                if not api_retry.transient(exc):
                    raise
            answer = pause_wait.wait_out_pause(
                flow_run_id, key, model, deadline, float(self.poll_interval)
            )
        return answer
