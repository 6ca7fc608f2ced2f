"""Secret answers in the answer-reuse record: kept in a Prefect Secret block, referenced.

The record of the answers a human-input node took (`flows.backend.reask.record`, the flow run
input `keiri-answers-<place>-g<gen>`) is readable by anyone who can read the run (the Prefect
API and UI). The answers to secret fields — the form's requirements of type `secret` or named
like a secret, decided by `flows.backend.run_secrets.secret_fields` — never go there: `keep`
saves their values in a Secret block of the run, `keiri-run-answers-<run id>-<place>-g<gen>`
(one per record, obfuscated by the API and the UI unless explicitly asked for), and the record
holds `{"secret_ref": {"block": <name>, "field": <id>}}` in their place.

`resolve` puts the values back while the block exists (a retry that keeps the node's answers,
`flows.backend.reenter`; a run continued in a new process, which replays the nodes answered
before); when the block is gone (`flows.backend.secret_sweep` deleted it once the run could no
longer be retried) it returns None and the node asks again. A secret answer is never prefilled
into a form (`flows.backend.reask.prefilled`): a password is typed again.

Import only after the Prefect environment is set (`keiri.server.client_env`).
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any
from uuid import UUID

from pydantic import SecretStr

from keiri.base import masking

__all__ = ["BLOCK_PREFIX", "REF", "block_name", "is_ref", "keep", "resolve", "run_of_block"]

BLOCK_PREFIX = "keiri-run-answers-"
REF = "secret_ref"


def block_name(root: UUID, key: str) -> str:
    """The Secret block of one record (`key`: the record's place and generation)."""
    return f"{BLOCK_PREFIX}{root}-{key}"


def run_of_block(name: str) -> UUID | None:
    """The run an answers block belongs to (None: not such a block's name)."""
    if not name.startswith(BLOCK_PREFIX):
        return None
    try:
        return UUID(name[len(BLOCK_PREFIX) : len(BLOCK_PREFIX) + 36])
    except ValueError:
        return None


def is_ref(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get(REF), dict)


def keep(root: UUID, key: str, answers: dict[str, Any], secret: Collection[str]) -> dict[str, Any]:
    """The answers as the record keeps them: the values of secret fields (`secret`, or named
    like a secret) saved in the record's Secret block and replaced by references."""
    values = {
        field: value
        for field, value in answers.items()
        if value is not None
        and not is_ref(value)
        and (field in secret or masking.is_secret_name(field))
    }
    if not values:
        return dict(answers)
    from prefect.blocks.system import Secret

    name = block_name(root, key)
    # One text (a SecretStr): the API obfuscates it as a whole (a dict's items it would not).
    # Overwritten: a record is written once (`create_once`), a replay writes the same values.
    Secret(value=SecretStr(json.dumps(values, ensure_ascii=False))).save(name, overwrite=True)
    return {
        field: {REF: {"block": name, "field": field}} if field in values else value
        for field, value in answers.items()
    }


def resolve(answers: dict[str, Any]) -> dict[str, Any] | None:
    """The answers with their secret references put back (registered for masking); None
    when a referenced block is gone (the run's secrets were swept: ask again)."""
    from prefect.blocks.system import Secret

    loaded: dict[str, dict[str, Any]] = {}
    resolved: dict[str, Any] = {}
    for field, value in answers.items():
        if not is_ref(value):
            resolved[field] = value
            continue
        ref = value[REF]
        name = str(ref.get("block") or "")
        if name not in loaded:
            try:
                block = Secret.load(name)
            except ValueError:  # Prefect: "Unable to find block document named ..."
                return None
            raw = block.get()  # type: ignore[union-attr]
            stored = json.loads(raw) if isinstance(raw, str) else raw  # Prefect may parse it
            loaded[name] = stored if isinstance(stored, dict) else {}
        found = str(ref.get("field") or field)
        if found not in loaded[name]:
            return None
        resolved[field] = loaded[name][found]
        masking.register([resolved[field]])
    return resolved
