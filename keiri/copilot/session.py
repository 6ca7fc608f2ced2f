"""The ChatLoop (seed 004 §4.1): one conversation of one user with the copilot.

    session = CopilotSession.open(user="tanaka")          # LLM from keiri's settings
    session.send("今月の請求書チェックを実行して")          # → messages (a confirmation)
    session.decide(confirmation_id, approve=True)          # → the run starts in the background
    session.refresh()                                      # later: the TaskLoop's summary

Each `send` stores the user's message, lets the TaskLoop notice runs that ended, asks the main
LLM for an `ActionList` (the §6.1 prompt with the state summary injected) and dispatches it.
Unknown tools or bad arguments go back to the model once (a repair round) and to the user.
Everything is in the store (`keiri.copilot.store`): a new `open` on the same keiri home with
the same `conversation_id` continues where the conversation was.

Connect to Prefect first (`keiri.server.client_env.connect()`, as the surfaces do): run tools and the
TaskLoop talk to the Prefect API.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from keiri.base import settings
from keiri.base.catalog import t
from keiri.base.errors import KeiriError
from keiri.base.permissions import access_for
from keiri.copilot import taskloop
from keiri.copilot.dispatcher import Dispatcher, error_text, sealed
from keiri.copilot.errors import AlreadyDecided, ConfirmationStale, CopilotNotFound
from keiri.copilot.llm import CopilotLLM
from keiri.copilot.models import (
    Confirmation,
    ConversationInfo,
    Message,
    StateSnapshot,
    new_id,
    now,
)
from keiri.copilot.prompts import (
    WireActionList,
    main_prompt,
    main_user_prompt,
    wire_to_actions,
)
from keiri.copilot.registry import Registry, ToolContext
from keiri.copilot.run_names import for_people
from keiri.copilot.state import history_text, snapshot, state_summary
from keiri.copilot.store import CopilotStore
from keiri.copilot.tools import default_registry

if TYPE_CHECKING:
    from blocks.llm.client import LLMClient

__all__ = ["CopilotSession", "list_conversations"]

_REPAIR_ROUNDS = 1
_HISTORY_MESSAGES = 12


class CopilotSession:
    def __init__(
        self,
        *,
        user: str,
        conversation_id: str,
        home: Path,
        store: CopilotStore,
        llm: CopilotLLM,
        registry: Registry,
        background: bool = False,
    ) -> None:
        self.user = user
        self.conversation_id = conversation_id
        self.home = home
        self.store = store
        self.llm = llm
        self.registry = registry
        self.background = background
        self._cursor = store.last_seq(conversation_id)

    @classmethod
    def open(
        cls,
        *,
        user: str,
        conversation_id: str | None = None,
        home: Path | None = None,
        client: LLMClient | None = None,
        background: bool = False,
    ) -> CopilotSession:
        """A new conversation, or the stored one `conversation_id` (any user may continue a
        team conversation; messages record who wrote them). `background`: when a turn leaves
        task lists running, start the watcher (`keiri.copilot.watch`) so their reports are
        posted even if every chat is closed; the surfaces set it (tests that inject a client
        do not, so no second process answers with another model)."""
        home = (home or settings.keiri_home()).resolve()
        llm = CopilotLLM.open(client)
        store = CopilotStore(home)
        if conversation_id is None:
            conversation_id = new_id("conv")
            store.create_conversation(conversation_id, user, t("copilot.new_conversation"))
        elif store.conversation(conversation_id) is None:
            known = [c.conversation_id for c in store.conversations()]
            raise CopilotNotFound(
                t("copilot.error.no_conversation", id=conversation_id),
                hint=t(
                    "copilot.hint.conversations",
                    known=t("copilot.separator").join(known[:5]) or "-",
                ),
                details={"conversation_id": conversation_id},
            )
        return cls(
            user=user,
            conversation_id=conversation_id,
            home=home,
            store=store,
            llm=llm,
            registry=default_registry(),
            background=background,
        )

    # -- the surface's calls ------------------------------------------------------------------

    def send(self, text: str) -> list[Message]:
        """A user turn; returns the new messages, the user's own first."""
        info = self.store.conversation(self.conversation_id)
        if info is not None and info.messages == 0:
            self.store.set_title(self.conversation_id, text.strip()[:40])
        self._post(Message(role="user", text=text, author=self.user))
        self._poll()
        request = text
        for round_ in range(_REPAIR_ROUNDS + 1):
            try:
                answer = self.llm.parse(
                    main_prompt(self.registry.catalog()),
                    main_user_prompt(
                        state_summary(self._ctx(), self.user),
                        history_text(self.store, self.conversation_id, _HISTORY_MESSAGES),
                        request,
                    ),
                    WireActionList,
                )
            except KeiriError as exc:
                self._post(Message(role="system", text=error_text(exc)))
                break
            action_list, problems = wire_to_actions(answer)
            self._post(
                Message(role="assistant", text=action_list.reply, actions=action_list.actions)
            )
            done = self._dispatcher().dispatch(action_list.actions)
            problems += done.problems
            if not problems or round_ == _REPAIR_ROUNDS:
                break
            request = text + "\n\n" + t("copilot.repair", problems="\n".join(problems))
        self._keep_watching()
        return self._new()

    def decide(self, confirmation_id: str, approve: bool) -> list[Message]:
        """Answer a pending confirmation: approved → exactly the operations it showed run
        (with this user's identity and permissions), then the actions that waited for it;
        declined → nothing. A confirmation whose task list changed since it was shown is
        stale (`COPILOT_CONFIRMATION_STALE`): nothing runs, the person asks again."""
        found = self.store.confirmation(confirmation_id)
        if found is None or found[0] != self.conversation_id:
            raise CopilotNotFound(
                t("copilot.error.no_confirmation", id=confirmation_id),
                hint=t("copilot.hint.pending"),
                details={"confirmation_id": confirmation_id},
            )
        confirmation = found[1]
        if confirmation.status == "invalidated":
            raise _stale(confirmation)
        dispatcher = self._dispatcher()
        tool, _args = self.registry.validate(confirmation.action)
        if dispatcher.refused(tool, confirmation.action):  # deciding needs the same right
            return self._new()
        shown = sealed(confirmation, tool) if approve else None  # declining needs no seal
        status = "approved" if approve else "declined"
        if not self.store.claim_confirmation(confirmation_id, status, self.user):
            again = self.store.confirmation(confirmation_id)
            if again is not None and again[1].status == "invalidated":
                raise _stale(again[1])
            raise AlreadyDecided(
                t("copilot.error.already_decided", id=confirmation_id),
                details={"confirmation_id": confirmation_id},
            )
        decided = confirmation.model_copy(
            update={"status": status, "decided_by": self.user, "decided_at": now()}
        )
        self.store.save_confirmation(self.conversation_id, decided, self.user, status)
        decision = "copilot.confirm.approved" if approve else "copilot.confirm.declined"
        self._post(
            Message(
                role="user",
                text=t(decision, question=confirmation.description),
                author=self.user,
                confirmation=decided,
            )
        )
        if shown is not None:
            dispatcher.approve(tool, shown, confirmation.action)
            if confirmation.then:
                dispatcher.dispatch(confirmation.then)
            self._keep_watching()
        return self._new()

    def refresh(self) -> list[Message]:
        """Messages posted since the last call (TaskLoop summaries, paused and ended runs)."""
        self._poll()
        return self._new()

    def history(self) -> list[Message]:
        messages = self.store.messages(self.conversation_id)
        if messages:
            self._cursor = max(self._cursor, messages[-1][0])
        return [m for _, m in messages]

    def snapshot(self) -> StateSnapshot:
        """Goals with their steps, pending confirmations, running task lists, recent and
        paused runs (runs read from Prefect; empty when it cannot be reached)."""
        self._poll()
        return snapshot(self._ctx())

    def pending(self) -> list[Confirmation]:
        return self.store.pending_confirmations(self.conversation_id)

    # -- internals ----------------------------------------------------------------------------

    def _ctx(self) -> ToolContext:
        return ToolContext(
            store=self.store,
            user=self.user,
            conversation_id=self.conversation_id,
            home=self.home,
            llm=self.llm,
            registry=self.registry,
        )

    def _dispatcher(self) -> Dispatcher:
        return Dispatcher(self._ctx(), access_for(self.user, self.home), self._post)

    def _post(self, message: Message) -> None:
        self.store.add_message(self.conversation_id, for_people(message))

    def _poll(self) -> None:
        taskloop.poll(self._ctx())

    def _keep_watching(self) -> None:
        """Start the watcher when task lists run (one per home: it holds a lease and exits
        when none is left)."""
        if self.background and self.store.running_batches(self.conversation_id):
            from keiri.copilot import watch

            watch.spawn(self.home)

    def _new(self) -> list[Message]:
        messages = self.store.messages(self.conversation_id, after=self._cursor)
        if messages:
            self._cursor = messages[-1][0]
        return [m for _, m in messages]


def list_conversations(user: str, home: Path | None = None) -> list[ConversationInfo]:
    """The conversations `user` started, most recent first."""
    return CopilotStore((home or settings.keiri_home()).resolve()).conversations(user)


def _stale(confirmation: Confirmation) -> ConfirmationStale:
    return ConfirmationStale(
        t("copilot.error.confirmation_stale", question=confirmation.description),
        hint=t("copilot.hint.confirmation_stale"),
        details={"confirmation_id": confirmation.id},
    )
