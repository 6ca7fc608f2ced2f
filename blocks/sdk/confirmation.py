"""The ambiguity protocol of the block SDK (seed 003): a block that cannot decide alone asks.

A block reports that it needs a decision with `NeedsConfirmation(question, options, context,
allow_other, default)` — raised, returned from `run`, or through `ctx.confirm(need)`. The
runtime stops the node, asks (a choice form on Prefect; an answer given up front, or
"unattended", inline) and runs the node again with the answer in `ctx.confirmations` (the
latest as `ctx.confirmation`). A deterministic block asks the same questions in the same order,
so each question is identified by its `key` and answered once.

`ctx.confirm(need)` is the usual way: it returns the `Confirmation` already given for
`need.key`; None when the node does not ask (`confirm_ambiguous` off, or answered unattended:
the block then records the ambiguity as a finding and goes on as it would without asking);
otherwise it raises `need`. Cancel is not an answer a block sees: the run ends as cancelled.

Never imports the compiler, the flows or the UI.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from keiri.base.catalog import t

__all__ = [
    "CANCEL_FIELD",
    "CHOICE_FIELD",
    "OTHER_FIELD",
    "OTHER_OPTION",
    "Confirmation",
    "ConfirmationCancelled",
    "NeedsConfirmation",
    "Option",
    "resolve_confirmation",
]

#: The fields of the choice form (`compiler.confirmation.choice_form`).
CHOICE_FIELD = "choice"
OTHER_FIELD = "other"
CANCEL_FIELD = "cancel"
#: The option id of a free answer (`allow_other`).
OTHER_OPTION = "__other__"


class Option(BaseModel):
    """One answer a person may choose: an id, a label and the details that tell options apart
    (for a payment: amount, date, 摘要)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1, max_length=200)
    label: str
    details: dict[str, Any] = Field(default_factory=dict)


class Confirmation(BaseModel):
    """The answer to one question: the chosen option (or a free answer), who gave it, or
    `unattended` when nobody could be asked (then `option` is None)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    key: str
    option: str | None = None
    other: str | None = None
    answered_by: str = "unattended"
    unattended: bool = False


class NeedsConfirmation(Exception):
    """A block needs a person's decision before it can finish (not an error: never retried,
    never a failure)."""

    def __init__(
        self,
        question: str,
        options: list[Option] | list[dict[str, Any]],
        context: dict[str, Any] | None = None,
        allow_other: bool = False,
        default: str | None = None,
        key: str | None = None,
    ) -> None:
        self.question = question
        self.options = [o if isinstance(o, Option) else Option.model_validate(o) for o in options]
        self.context = dict(context or {})
        self.allow_other = allow_other
        ids = [o.id for o in self.options]
        if len(set(ids)) != len(ids):
            raise ValueError(t("issue.options_not_unique", ids=ids))
        if default is not None and default not in ids:
            raise ValueError(t("issue.default_not_option", default=repr(default), ids=ids))
        self.default = default
        self.key = key or question
        # Where it was raised (set by the block base from the block's context).
        self.node_id: str = ""
        self.iteration: int | None = None
        self.block_id: str = ""
        self.block_version: str = ""
        super().__init__(question)

    def __reduce__(self) -> Any:  # picklable (Prefect may persist a task's exception)
        state = {k: getattr(self, k) for k in ("node_id", "iteration", "block_id", "block_version")}
        args = (
            self.question,
            [o.model_dump() for o in self.options],
            self.context,
            self.allow_other,
            self.default,
            self.key,
        )
        return (_rebuild, (args, state))

    @property
    def task_name(self) -> str:
        return self.node_id if self.iteration is None else f"{self.node_id}[{self.iteration}]"

    def bind(self, node_id: str, iteration: int | None, block_id: str, version: str) -> None:
        if not self.node_id:
            self.node_id, self.iteration = node_id, iteration
        self.block_id = self.block_id or block_id
        self.block_version = self.block_version or version

    def option(self, option_id: str | None) -> Option | None:
        return next((o for o in self.options if o.id == option_id), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "question": self.question,
            "options": [o.model_dump(mode="json") for o in self.options],
            "context": self.context,
            "allow_other": self.allow_other,
            "default": self.default,
        }


def _rebuild(args: tuple[Any, ...], state: dict[str, Any]) -> NeedsConfirmation:
    need = NeedsConfirmation(*args)
    for key, value in state.items():
        setattr(need, key, value)
    return need


class ConfirmationCancelled(Exception):
    """A person cancelled at a choice form: the run ends as cancelled (取消), not failed."""

    def __init__(self, node_id: str, key: str, by: str) -> None:
        self.node_id, self.key, self.by = node_id, key, by
        super().__init__(f"{node_id}: cancelled by {by} ({key})")

    def __reduce__(self) -> Any:
        return (ConfirmationCancelled, (self.node_id, self.key, self.by))


def resolve_confirmation(
    need: NeedsConfirmation,
    confirmations: dict[str, Confirmation],
    confirm_ambiguous: bool,
) -> Confirmation | None:
    """What `ctx.confirm(need)` returns (see the module docstring); raises `need` to ask."""
    answer = confirmations.get(need.key)
    if answer is not None:
        return None if answer.unattended else answer
    if not confirm_ambiguous:
        return None
    raise need
