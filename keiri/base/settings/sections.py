"""The sections of keiri's settings (`keiri.base.settings`): one pydantic model per section, each
field read from its documented environment variable (`validation_alias`), with its default and
meaning (the README's table is generated from these).

Over 400 lines: every section side by side is the one reference of keiri's variables.
"""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path
from typing import Annotated, Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import (
    AliasChoices,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    SecretStr,
    field_validator,
    model_validator,
)
from pydantic.fields import FieldInfo

from keiri.base.catalog import parse_language, t

__all__ = [
    "DEFAULT_ENV_ALLOW",
    "SECTIONS",
    "EvidenceSettings",
    "HomeSettings",
    "JournalSettings",
    "LLMEnvSettings",
    "LanguageSettings",
    "NotifySettings",
    "OCRSettings",
    "OpsSettings",
    "Section",
    "ServerSettings",
    "SettingProblem",
    "StoreSettings",
    "UISettings",
    "names_of",
    "parse_duration",
]

DEFAULT_ENV_ALLOW = "KEIRI_VAR_"
_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days"}


class SettingProblem(ValueError):
    """A problem found by a check over several settings of a section; `name` is the variable
    it is about (the message, in the reader's language, says what is allowed)."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name


def parse_duration(text: str, *, name: str = "") -> timedelta | None:
    """`90s`, `30m`, `4h`, `1d` (or plain seconds); `off`/`0` -> None. A malformed duration
    is a ValueError saying what is allowed (naming the variable `name` when given)."""
    value = text.strip().lower()
    if value in {"off", "0", "none", ""}:
        return None
    match = re.fullmatch(r"(\d+)\s*([smhd]?)", value)
    if not match:
        message = t("runtime.settings.duration", value=repr(text))
        if name:
            message = t("runtime.settings.problem", name=name, message=message)
        raise ValueError(message)
    amount, unit = int(match.group(1)), match.group(2) or "s"
    return timedelta(**{_UNITS[unit]: amount})


def _duration(value: Any) -> Any:
    return parse_duration(value) if isinstance(value, str) else value


def _seconds(value: timedelta) -> str:
    """A duration as it is written in a setting (`5s`)."""
    return f"{int(value.total_seconds())}s"


def _yes(value: Any) -> Any:
    """`1`, `true`, `yes` (any case) turn a switch on; anything else leaves it off."""
    return value.strip().lower() in {"1", "true", "yes"} if isinstance(value, str) else value


def _lower(value: Any) -> Any:
    return value.lower() if isinstance(value, str) else value


Duration = Annotated[timedelta | None, BeforeValidator(_duration)]
Port = Annotated[int, Field(ge=1, le=65535)]


def _setting(default: Any, names: str | tuple[str, ...], description: str, **bounds: Any) -> Any:
    """A setting: the field read from the variable `names` (of several, the first one set
    wins), with its default, its meaning (the README's table) and any bounds (`ge`, `gt`, ...)."""
    alias = AliasChoices(*names) if isinstance(names, tuple) else names
    return Field(default, validation_alias=alias, description=description, **bounds)


class Section(BaseModel):
    """One section of the settings: fields read from documented variable names."""

    model_config = ConfigDict(frozen=True, extra="ignore")


class HomeSettings(Section):
    """Where keiri keeps its state and finds the project's files."""

    home: Path = _setting(
        Path(".keiri"), "KEIRI_HOME", "State, file store and the local Prefect server's data."
    )
    runs_dir: Path | None = _setting(
        None, "KEIRI_RUNS_DIR", "JSONL run logs (default: `runs/` beside the keiri home)."
    )
    project_root: Path | None = _setting(
        None,
        "KEIRI_PROJECT_ROOT",
        "Folder holding `block_specs/`, `designs/`, `config.yaml` (default: the keiri checkout).",
    )
    block_specs: str = _setting(
        "",
        "KEIRI_BLOCK_SPECS",
        "Extra block spec folders (`os.pathsep`-separated), e.g. a team's own blocks.",
    )
    designs_dir: Path | None = _setting(
        None,
        "KEIRI_DESIGNS_DIR",
        "Root of plans; `call.plan_id: common/x` is `<designs>/common/x.yaml`.",
    )
    templates_dir: Path | None = _setting(
        None, "KEIRI_TEMPLATES_DIR", "The designer's templates (default: `<designs>/templates`)."
    )
    config: Path | None = _setting(
        None,
        "KEIRI_CONFIG",
        "The `config.yaml` behind `${config.*}` (default: `<project>/config.yaml`).",
    )
    env_allow: str = _setting(
        DEFAULT_ENV_ALLOW,
        "KEIRI_ENV_ALLOW",
        "Comma list of prefixes `${env.*}` may read; keiri's own settings never.",
    )
    dotenv: Path = _setting(
        Path(".env"),
        "KEIRI_DOTENV",
        "The dotenv file loaded at start (never overrides, never written).",
    )


class StoreSettings(Section):
    """The content-addressed file store."""

    dir: Path | None = _setting(
        None,
        "KEIRI_STORE_DIR",
        "The file store (default: `<home>/store`); shared storage for several machines.",
    )


class ServerSettings(Section):
    """The Prefect server keiri runs against."""

    host: str = _setting(
        "127.0.0.1", "KEIRI_SERVER_HOST", "Address of the embedded local Prefect server."
    )
    port: Port = _setting(4200, "KEIRI_SERVER_PORT", "Port of the embedded local Prefect server.")
    api_url: str | None = _setting(
        None,
        "PREFECT_API_URL",
        "A Prefect API to use instead of the local server (Prefect's own variable).",
    )
    ui_url: str | None = _setting(
        None,
        "PREFECT_UI_URL",
        "The Prefect UI's address in links (default: the API URL without `/api`).",
    )
    api_key: SecretStr | None = _setting(
        None, "PREFECT_API_KEY", "Bearer key of a Prefect server that needs one (secret)."
    )
    start_timeout: float = _setting(
        120.0,
        "KEIRI_SERVER_START_TIMEOUT",
        "Seconds `keiri run` / `keiri server start` wait for the local server to "
        "answer; a server still starting then is left running, never killed.",
        gt=0,
    )
    local_runners: int | None = _setting(
        None,
        "KEIRI_LOCAL_RUNNERS",
        "Background runs (`keiri run --detach`, retries) executing at once on this "
        "machine; more wait, Pending, for a place (default: two per CPU, at least two).",
        ge=1,
    )
    secret_retention: Duration = _setting(
        timedelta(days=4),
        "KEIRI_SECRET_RETENTION",
        "How long a failed, crashed or cancelled run's secrets (Secret blocks: "
        "values given at its start, secret form answers) are kept for a retry after it ended "
        "(`4h`, `4d`; `0`: deleted at its end). A completed run's go at its end.",
    )


class UISettings(Section):
    """The Streamlit form app."""

    host: str = _setting("127.0.0.1", "KEIRI_UI_HOST", "Address `keiri ui` binds to.")
    port: Port = _setting(8501, "KEIRI_UI_PORT", "Port `keiri ui` listens on.")
    url: str | None = _setting(
        None,
        "KEIRI_UI_URL",
        "The form app's address in links (default: `http://<ui host>:<ui port>`).",
    )
    secret: SecretStr | None = _setting(
        None,
        "KEIRI_UI_SECRET",
        "Shared login secret (at least 16 characters) when not bound to 127.0.0.1.",
    )
    user: str | None = _setting(
        None, "KEIRI_USER", "Who is answering or retrying (default: the OS user)."
    )


class LLMEnvSettings(Section):
    """The model provider (OpenAI or Azure OpenAI)."""

    provider: Annotated[Literal["openai", "azure"] | None, BeforeValidator(_lower)] = _setting(
        None,
        "KEIRI_LLM_PROVIDER",
        "`openai` or `azure` (default: azure when its endpoint and key are set).",
    )
    openai_api_key: SecretStr | None = _setting(None, "OPENAI_API_KEY", "OpenAI API key (secret).")
    openai_base_url: str | None = _setting(
        None, "OPENAI_BASE_URL", "An OpenAI-compatible endpoint."
    )
    model: str | None = _setting(
        None, "KEIRI_LLM_MODEL", "Chat model (OpenAI; default gpt-4o-mini)."
    )
    embedding_model: str | None = _setting(
        None, "KEIRI_EMBEDDING_MODEL", "Embedding model (OpenAI; default text-embedding-3-small)."
    )
    azure_api_key: SecretStr | None = _setting(
        None, "AZURE_OPENAI_API_KEY", "Azure OpenAI key (secret)."
    )
    azure_endpoint: str | None = _setting(None, "AZURE_OPENAI_ENDPOINT", "Azure OpenAI endpoint.")
    azure_api_version: str | None = _setting(
        None, ("AZURE_OPENAI_API_VERSION", "OPENAI_API_VERSION"), "Azure OpenAI API version."
    )
    azure_deployment: str | None = _setting(
        None, "AZURE_OPENAI_DEPLOYMENT", "Azure chat deployment."
    )
    azure_embedding_deployment: str | None = _setting(
        None, "AZURE_OPENAI_EMBEDDING_DEPLOYMENT", "Azure embedding deployment."
    )
    timeout_s: float = _setting(60.0, "KEIRI_LLM_TIMEOUT_S", "Seconds per LLM request.", gt=0)
    max_retries: int = _setting(
        2, "KEIRI_LLM_MAX_RETRIES", "Retries of a failed LLM request.", ge=0
    )
    concurrency: int = _setting(
        4, "KEIRI_LLM_CONCURRENCY", "LLM requests at once per process.", ge=1
    )
    design_retrieval: Annotated[
        Literal["auto", "bm25", "embedding", "hybrid"] | None, BeforeValidator(_lower)
    ] = _setting(
        None,
        "KEIRI_DESIGN_RETRIEVAL",
        "The designer's retrieval when `auto` (default: hybrid if an embedding "
        "model is configured, else bm25).",
    )
    agent_fallback: Annotated[bool, BeforeValidator(_yes)] = _setting(
        False,
        "KEIRI_AGENT_LLM_FALLBACK",
        "Let the designer fall back to an LLM-only plan (`1`, `true`, `yes`).",
    )


class NotifySettings(Section):
    """Pause notifications and crash detection (`keiri deploy`)."""

    webhook_url: SecretStr | None = _setting(
        None,
        "KEIRI_NOTIFY_WEBHOOK_URL",
        "Slack/Teams-style webhook for pause messages (`off` removes them; secret).",
    )
    remind_after: Duration = _setting(
        timedelta(hours=24),
        "KEIRI_NOTIFY_REMIND_AFTER",
        "Reminder for a run still paused (`90s`, `30m`, `4h`, `1d`, `off`).",
    )
    crash_after: Duration = _setting(
        timedelta(minutes=10),
        "KEIRI_CRASH_AFTER",
        "A Running deployment run with no heartbeat for this long is marked "
        "Crashed, wherever its process ran (the workers' and the watcher's sweeps, and a server "
        "automation); `off`: never.",
    )
    heartbeat_s: int = _setting(
        180,
        "PREFECT_FLOWS_HEARTBEAT_FREQUENCY",
        "Prefect's flow heartbeat interval, seconds (Prefect's own variable).",
        ge=1,
    )

    @model_validator(mode="after")
    def _windows(self) -> NotifySettings:
        if self.remind_after is not None and self.remind_after < timedelta(seconds=10):
            raise SettingProblem(
                "KEIRI_NOTIFY_REMIND_AFTER",
                t("runtime.settings.remind_min", value=_seconds(self.remind_after)),
            )
        if self.crash_after is not None and self.crash_after <= timedelta(
            seconds=self.heartbeat_s + 5
        ):
            raise SettingProblem(
                "KEIRI_CRASH_AFTER",
                t(
                    "runtime.settings.crash_window",
                    value=_seconds(self.crash_after),
                    heartbeat=self.heartbeat_s,
                    minimum=self.heartbeat_s + 6,
                ),
            )
        return self


class LanguageSettings(Section):
    """The language and time zone people read."""

    lang: Annotated[Literal["ja", "en"], BeforeValidator(parse_language)] = _setting(
        "ja",
        "KEIRI_LANG",
        "Language of messages (`ja` or `en`; a locale such as `ja_JP.UTF-8` counts by its prefix).",
    )
    timezone: str = _setting(
        "Asia/Tokyo", "KEIRI_TIMEZONE", "Time zone times are shown in (IANA name)."
    )

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(t("runtime.settings.timezone", value=repr(value))) from None
        return value


class OCRSettings(Section):
    """Budgets of OCR (scanned PDF pages and photos): what one upload may cost the machine."""

    max_page_pixels: int = _setting(
        12_000_000,
        "KEIRI_OCR_MAX_PAGE_PIXELS",
        "Pixels a scanned page is rendered at for OCR, at most (its content area is "
        "scaled down to fit; A4 at 300 dpi is 8.7 million). Blank pages are skipped.",
        ge=1_000_000,
        le=40_000_000,
    )
    max_pages_per_file: int = _setting(
        10,
        "KEIRI_OCR_MAX_PAGES_PER_FILE",
        "Pages of one file read by OCR; the others are a finding naming the file.",
        ge=0,
    )
    page_timeout_s: float = _setting(
        60.0,
        "KEIRI_OCR_PAGE_TIMEOUT_S",
        "Seconds Tesseract may spend on one page; a slower page is a finding.",
        gt=0,
    )
    engine: Literal["auto", "tesseract", "rapidocr"] = _setting(
        "auto",
        "KEIRI_OCR_ENGINE",
        "OCR engine: auto (RapidOCR when it is installed, else Tesseract), rapidocr "
        "(RapidOCR with the PP-OCRv6 models in its wheel; it reads more of a scan) or tesseract "
        "(the tesseract-ocr and tesseract-ocr-jpn packages).",
    )
    run_budget_s: float = _setting(
        1800.0,
        "KEIRI_OCR_RUN_BUDGET_S",
        "Seconds of OCR one run may spend over all its files (subflows and loop "
        "items included); pages past it are a finding naming the file.",
        gt=0,
    )


SECTIONS: dict[str, type[Section]] = {
    "home": HomeSettings,
    "store": StoreSettings,
    "server": ServerSettings,
    "ui": UISettings,
    "llm": LLMEnvSettings,
    "notify": NotifySettings,
    "language": LanguageSettings,
    "ocr": OCRSettings,
}


def names_of(info: FieldInfo) -> tuple[str, ...]:
    alias = info.validation_alias
    if isinstance(alias, AliasChoices):
        return tuple(str(c) for c in alias.choices)
    return (str(alias),)


# -- journal entries and their exports (issue 27) -------------------------------------------


class JournalSettings(Section):
    """Journal entries and their exports to 弥生, MF and freee."""

    account_map: Path | None = _setting(
        None,
        "KEIRI_JOURNAL_ACCOUNT_MAP",
        "A YAML file of account and tax-category names per product (`yayoi`, `mf`, "
        "`freee`, ...) read over the shipped defaults (`blocks/journals/charts/`).",
    )
    summary_overflow: Annotated[Literal["cut", "refuse"], BeforeValidator(_lower)] = _setting(
        "cut",
        "KEIRI_JOURNAL_SUMMARY_OVERFLOW",
        "A 摘要 longer than the product allows: `cut` (shortened, ending in a "
        "visible `…`, and listed) or `refuse` the export.",
    )


SECTIONS["journals"] = JournalSettings


# -- recurring runs: business-day calendar, operations watcher (issue 24) -------------------


class OpsSettings(Section):
    """Recurring runs: the company calendar of business-day schedules and the operations
    watcher (`keiri deployments watch`: late, stuck and crashed runs, retries)."""

    company_calendar: Path | None = _setting(
        None,
        "KEIRI_COMPANY_CALENDAR",
        "A YAML file of the company's extra closed days (e.g. 12/29-1/3) over "
        "weekends, national holidays and the banks' 12/31-1/3 "
        "(default: `<project>/company_calendar.yaml`).",
    )
    late_after: Duration = _setting(
        timedelta(minutes=10),
        "KEIRI_LATE_AFTER",
        "A scheduled run not started this long after its time is late: reported, "
        "and a missed run for `catch_up` (a deployment's `late_after` wins; `off`: never).",
    )
    watch_interval: Duration = _setting(
        timedelta(seconds=30),
        "KEIRI_WATCH_INTERVAL",
        "How often `keiri deployments watch` looks at the runs.",
    )
    start_grace: Duration = _setting(
        timedelta(minutes=2),
        "KEIRI_START_GRACE",
        "A run still Pending this long with no live process is released (a "
        "deployment run whose worker died: Scheduled again) or crashed (a local run); "
        "`off`: never.",
    )
    liveness_interval: Duration = _setting(
        timedelta(seconds=15),
        "KEIRI_LIVENESS_INTERVAL",
        "How often each `keiri worker` looks for runs of its pool whose process or "
        "worker is gone (`off`: only when it starts).",
    )


SECTIONS["ops"] = OpsSettings


# -- the registration-number registry and the evidence archive (issue 28) --------------------


class EvidenceSettings(Section):
    """The registration-number registry (local data, the optional Web-API) and the evidence
    archive (電子帳簿保存法)."""

    registry_db: Path | None = _setting(
        None,
        "KEIRI_REGISTRY_DB",
        "The registration-number registry database (default: `<home>/registry/registry.sqlite`).",
    )
    registry_app_id: SecretStr | None = _setting(
        None,
        "KEIRI_REGISTRY_APP_ID",
        "Application id of the NTA's registry Web-API; when set, numbers the local "
        "data lacks are asked online (secret).",
    )
    registry_api_url: str = _setting(
        "https://web-api.invoice-kohyo.nta.go.jp",
        "KEIRI_REGISTRY_API_URL",
        "Base address of the registry Web-API (a test server, the NTA's verification environment).",
    )
    archive_dir: Path | None = _setting(
        None,
        "KEIRI_ARCHIVE_DIR",
        "The evidence archive: originals by sha256, index and log (default: `<home>/archive`).",
    )
    retention_years: int = _setting(
        7,
        "KEIRI_ARCHIVE_RETENTION_YEARS",
        "Years evidence is kept after the filing deadline of its year; purges "
        "before then are refused (the law: 7, 10 for years with a loss carried forward).",
        ge=1,
        le=100,
    )


SECTIONS["evidence"] = EvidenceSettings
