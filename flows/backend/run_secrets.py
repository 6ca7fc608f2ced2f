"""Secret run parameters: never stored, shown or passed on as flow-run parameters.

A run's `answers` and `vars` go to the Prefect API as the flow run's parameters (shown in the
Prefect UI, read back by a detached runner and by `keiri retry`). Before that, `split` takes
out the secret ones — vars named like a secret or declared `secret: true`, answers to form
fields of the `secret` type or named like a secret (`keiri.base.masking`) — and leaves `MASK` in
their place. The values themselves are saved in a Prefect `Secret` block
(`keiri-run-secrets-<uuid>`, obfuscated by the API and the UI unless explicitly asked for) and
the flow run carries the tag `keiri-secrets:<uuid>`. The flow (`run_plan`) calls `restore`
first: it loads the block named by its run's tag, puts the values back and registers them
with `keiri.base.masking`, so every surface of the run masks them. The same works for a detached
runner, a retry on this machine and a deployment run on a worker elsewhere; no value ever
reaches a command line. The block is deleted once the run can no longer be retried
(`flows.backend.secret_sweep`, `KEIRI_SECRET_RETENTION`); a retry after that fails with
`cli.error.secrets_missing`.

Import only after the Prefect environment is set (`keiri.server.client_env.connect`).
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from pydantic import SecretStr

from blocks.sdk.errors import BlockError, ErrorCode
from compiler.scope import CompiledPlan, CompiledTask
from keiri.base import masking
from keiri.base.catalog import t

__all__ = ["BLOCK_PREFIX", "SECRETS_TAG", "Split", "restore", "save", "secret_fields", "split"]

SECRETS_TAG = "keiri-secrets:"
BLOCK_PREFIX = "keiri-run-secrets-"

#: (answers as shown, vars as shown, the secret values: {"answers": {node: {field: v}}, "vars"})
Split = tuple[dict[str, dict[str, Any]], dict[str, Any], dict[str, Any]]


def secret_fields(requirements: Any) -> set[str]:
    """The ids of a form's secret requirements: of the `secret` type or named like a secret
    (the one decision: parameters here, the answer-reuse record in `flows.backend.reask`)."""
    if not isinstance(requirements, list):
        return set()
    return {
        str(r.get("id"))
        for r in requirements
        if isinstance(r, dict)
        and (r.get("type") == "secret" or masking.is_secret_name(str(r.get("id"))))
    }


def _secret_fields(compiled: CompiledPlan | None, node_id: str) -> set[str]:
    """The secret requirement ids of a human-input node of the plan."""
    if compiled is None:
        return set()
    cnode = compiled.all_nodes.get(node_id)
    if not isinstance(cnode, CompiledTask):
        return set()
    return secret_fields(cnode.node.in_.get("requirements"))


def _secret_var(compiled: CompiledPlan | None, name: str) -> bool:
    if masking.is_secret_name(name):
        return True
    declared = compiled.plan.vars.get(name) if compiled is not None else None
    return isinstance(declared, dict) and bool(declared.get("secret"))


def split(
    compiled: CompiledPlan | None,
    answers: dict[str, dict[str, Any]] | None,
    vars: dict[str, Any] | None,
) -> Split:
    """The parameters as the API may show them, and the secret values taken out of them."""
    shown_answers: dict[str, dict[str, Any]] = {}
    secret_answers: dict[str, dict[str, Any]] = {}
    for node_id, given in (answers or {}).items():
        secret = _secret_fields(compiled, node_id)
        shown_answers[node_id] = {}
        for field, value in (given or {}).items():
            if value is not None and (field in secret or masking.is_secret_name(field)):
                secret_answers.setdefault(node_id, {})[field] = value
                shown_answers[node_id][field] = masking.MASK
            else:
                shown_answers[node_id][field] = value
    shown_vars: dict[str, Any] = {}
    secret_vars: dict[str, Any] = {}
    for name, value in (vars or {}).items():
        if value is not None and _secret_var(compiled, name):
            secret_vars[name] = value
            shown_vars[name] = masking.MASK
        else:
            shown_vars[name] = value
    secrets = (
        {"answers": secret_answers, "vars": secret_vars} if secret_answers or secret_vars else {}
    )
    return shown_answers, shown_vars, secrets


def save(secrets: dict[str, Any]) -> list[str]:
    """Save the secret values in a Prefect Secret block; the tags that name it on the run."""
    if not secrets:
        return []
    from prefect.blocks.system import Secret

    token = uuid.uuid4().hex
    # One text (a SecretStr): the API obfuscates it as a whole (a dict's items it would not).
    text = SecretStr(json.dumps(secrets, ensure_ascii=False))
    Secret(value=text).save(f"{BLOCK_PREFIX}{token}", overwrite=False)
    return [f"{SECRETS_TAG}{token}"]


def restore(
    tags: list[str], answers: dict[str, dict[str, Any]] | None, vars: dict[str, Any] | None
) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """The parameters with the secret values of the run put back (its tag names the block)."""
    restored_answers = {node: dict(given or {}) for node, given in (answers or {}).items()}
    restored_vars = dict(vars or {})
    token = next((t.removeprefix(SECRETS_TAG) for t in tags if t.startswith(SECRETS_TAG)), None)
    if token is None:
        return restored_answers, restored_vars
    from prefect.blocks.system import Secret

    name = f"{BLOCK_PREFIX}{token}"
    missing = BlockError(
        ErrorCode.DEPENDENCY_NOT_FOUND,
        t("cli.error.secrets_missing", name=name),
        details={"block": name},
        hint=t("cli.hint.secrets_missing"),
    )
    try:
        block = Secret.load(name)
    except ValueError as exc:  # Prefect: "Unable to find block document named ..."
        raise missing from exc
    value = block.get()  # type: ignore[union-attr]
    secrets = json.loads(value) if isinstance(value, str) else value  # Prefect may parse it
    if not isinstance(secrets, dict):
        raise missing
    # `inputs`: the answers of a run whose block was saved before they were called so.
    for node_id, given in (secrets.get("answers") or secrets.get("inputs") or {}).items():
        restored_answers.setdefault(node_id, {}).update(given)
        masking.register(given.values())
    restored_vars.update(secrets.get("vars") or {})
    masking.register((secrets.get("vars") or {}).values())
    return restored_answers, restored_vars
