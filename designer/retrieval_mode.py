"""Which retrieval a generation uses (the agreed point of seed 001: OpenAI/Azure embeddings
with cosine similarity, combined with BM25).

`choose_retrieval("auto", settings)` is `hybrid` whenever the configured provider offers an
embedding model — OpenAI with an API key (`KEIRI_EMBEDDING_MODEL`, default
text-embedding-3-small), Azure with `AZURE_OPENAI_EMBEDDING_DEPLOYMENT` — and `bm25` otherwise;
`KEIRI_DESIGN_RETRIEVAL` (bm25|embedding|hybrid) overrides `auto`. An explicit choice is used
as given. The decision carries its reason, shown in the result, the CLI and the Design page.
When `auto` chose embeddings but the endpoint then fails to embed, the generation continues on
BM25 and says so (`RetrievalMode.fallback_from`): auto means "embeddings when available".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any, Literal

from blocks.llm.client import LLMClient, LLMSettings
from blocks.sdk.errors import BlockError, ErrorCode
from blocks.sdk.registry import BlockRegistry
from blocks.sdk.spec import BlockSpec
from designer.retrieval import Candidate, RetrievalMethod, retrieve_blocks
from keiri.base import settings as keiri_settings
from keiri.base.catalog import t

__all__ = [
    "RETRIEVAL_ENV",
    "RetrievalChoice",
    "RetrievalMode",
    "choose_retrieval",
    "retrieve_with",
]

RetrievalChoice = Literal["auto", "bm25", "embedding", "hybrid"]
RETRIEVAL_ENV = "KEIRI_DESIGN_RETRIEVAL"
_LABELS: dict[str, str] = {
    "bm25": "design.retrieval.bm25",
    "embedding": "design.retrieval.embedding",
    "hybrid": "design.retrieval.hybrid",
}


@dataclass(frozen=True)
class RetrievalMode:
    """The retrieval a generation used and why."""

    requested: RetrievalChoice
    method: RetrievalMethod
    reason: str
    embedding_model: str | None = None
    fallback_from: RetrievalMethod | None = None

    @property
    def label(self) -> str:
        return t(_LABELS[self.method])

    def describe(self) -> str:
        """One line for people, e.g. `ハイブリッド（埋め込み + BM25） — auto: ...`."""
        return f"{self.label} — {self.requested}: {self.reason}"

    def failed(self, error: BlockError) -> RetrievalMode:
        """`auto` chose embeddings but the endpoint could not embed: BM25, with the reason."""
        reason = error.details.get("reason") or error.code
        return replace(
            self,
            method="bm25",
            fallback_from=self.method,
            reason=t(
                "design.retrieval.embedding_failed", reason=reason, message=error.message[:120]
            ),
        )

    def to_json(self) -> dict[str, Any]:
        return asdict(self) | {"label": self.label}


def _settings() -> tuple[LLMSettings | None, str]:
    try:
        return LLMSettings.from_env(), ""
    except BlockError as exc:
        return None, t("design.retrieval.no_settings", message=exc.message)


def choose_retrieval(choice: RetrievalChoice, settings: LLMSettings | None = None) -> RetrievalMode:
    """The retrieval for `choice` under the given (default: environment) LLM settings."""
    if choice != "auto":
        model = settings.embedding_model if settings is not None else None
        chosen = t("design.retrieval.chosen")
        return RetrievalMode(choice, choice, chosen, model if choice != "bm25" else None)
    forced = (keiri_settings.get().llm.design_retrieval or "").strip().lower()
    if forced in _LABELS:
        return RetrievalMode("auto", forced, f"{RETRIEVAL_ENV}={forced}")  # type: ignore[arg-type]
    problem = ""
    if settings is None:
        settings, problem = _settings()
    if settings is None:
        return RetrievalMode("auto", "bm25", problem)
    if settings.api_key is None:
        return RetrievalMode(
            "auto", "bm25", t("design.retrieval.no_key", provider=settings.provider)
        )
    if not settings.embedding_model:
        return RetrievalMode(
            "auto",
            "bm25",
            t("design.retrieval.no_model"),
        )
    return RetrievalMode(
        "auto",
        "hybrid",
        t("design.retrieval.model", model=settings.embedding_model, provider=settings.provider),
        settings.embedding_model,
    )


def retrieve_with(
    mode: RetrievalMode,
    query: str,
    registry: BlockRegistry | Sequence[BlockSpec],
    *,
    client: Callable[[], LLMClient],
    k_per_category: int = 6,
    total: int = 30,
    alpha: float = 0.5,
    pinned: Sequence[str] = (),
) -> tuple[list[Candidate], RetrievalMode]:
    """The Top-K candidates under `mode` and the mode actually used: when `auto` chose
    embeddings and the endpoint cannot embed (API_ERROR), BM25 with the reason recorded."""

    def run(method: RetrievalMethod) -> list[Candidate]:
        return retrieve_blocks(
            query,
            registry,
            method=method,
            llm=client() if method != "bm25" else None,
            k_per_category=k_per_category,
            total=total,
            alpha=alpha,
            pinned=pinned,
        )

    try:
        return run(mode.method), mode
    except BlockError as exc:
        if mode.requested != "auto" or mode.method == "bm25" or exc.code != ErrorCode.API_ERROR:
            raise
        used = mode.failed(exc)
        return run(used.method), used
