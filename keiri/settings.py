"""keiri's settings: one pydantic-settings model, read from the environment, validated at once.

Sections: `home` (folders of state and of the project), `store` (the file store), `server` (the
Prefect server), `ui` (the form app), `llm` (the model provider), `notify` (pause
notifications), `language` (language and time zone). Every variable keeps its documented name
(`KEIRI_HOME`, `KEIRI_UI_PORT`, `OPENAI_API_KEY`, ...); the README's settings table is generated
from this module (`python -m keiri.settings_table`). A malformed value is a `ConfigError` that
lists every problem at once.

`get()` reads the environment on every call (a cheap key of the variables' current values
picks a cached model), so tests that change variables see the change; `reset()` drops the
cache. `load_dotenv_file()` loads `.env` (or `KEIRI_DOTENV`) at process start without
overriding variables already set. No other module reads keiri's settings from the
environment.

This is a bottom layer: it imports only `keiri.errors`, never another keiri package.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
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
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic.fields import FieldInfo
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from keiri.errors import ConfigError

__all__ = [
    "DEFAULT_ENV_ALLOW",
    "DEFAULT_FORM_APP_URL",
    "Settings",
    "block_spec_roots",
    "config_file",
    "designs_dir",
    "env_allow_patterns",
    "env_allowed",
    "form_app_url",
    "form_app_url_for",
    "get",
    "keiri_home",
    "load",
    "load_dotenv_file",
    "names_of",
    "parse_duration",
    "plan_env",
    "project_root",
    "reset",
    "runs_dir",
    "setting_names",
    "store_dir",
    "templates_dir",
    "variables",
]

DEFAULT_ENV_ALLOW = "KEIRI_VAR_"
DEFAULT_FORM_APP_URL = "http://127.0.0.1:8501"
_PROJECT_ROOT = Path(__file__).resolve().parent.parent
_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days"}


def parse_duration(text: str, *, name: str) -> timedelta | None:
    """`90s`, `30m`, `4h`, `1d` (or plain seconds); `off`/`0` -> None."""
    value = text.strip().lower()
    if value in {"off", "0", "none", ""}:
        return None
    match = re.fullmatch(r"(\d+)\s*([smhd]?)", value)
    if not match:
        raise ValueError(f"{name}={text!r}: expected a duration like 90s, 30m, 4h or 1d, or off")
    amount, unit = int(match.group(1)), match.group(2) or "s"
    return timedelta(**{_UNITS[unit]: amount})


def _duration(value: Any) -> Any:
    return parse_duration(value, name="duration") if isinstance(value, str) else value


def _lower(value: Any) -> Any:
    return value.lower() if isinstance(value, str) else value


Duration = Annotated[timedelta | None, BeforeValidator(_duration)]
Port = Annotated[int, Field(ge=1, le=65535)]


def _env(name: str, *more: str) -> Any:
    """The variable(s) a field is read from (the first one set wins)."""
    return AliasChoices(name, *more) if more else name


class _Section(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")


class HomeSettings(_Section):
    """Where keiri keeps its state and finds the project's files."""

    home: Path = Field(
        Path(".keiri"),
        validation_alias=_env("KEIRI_HOME"),
        description="State, file store and the local Prefect server's data.",
    )
    runs_dir: Path | None = Field(
        None,
        validation_alias=_env("KEIRI_RUNS_DIR"),
        description="JSONL run logs (default: `runs/` beside the keiri home).",
    )
    project_root: Path | None = Field(
        None,
        validation_alias=_env("KEIRI_PROJECT_ROOT"),
        description="Folder holding `block_specs/`, `designs/`, `config.yaml` "
        "(default: the keiri checkout).",
    )
    block_specs: str = Field(
        "",
        validation_alias=_env("KEIRI_BLOCK_SPECS"),
        description="Extra block spec folders (`os.pathsep`-separated), e.g. a team's own blocks.",
    )
    designs_dir: Path | None = Field(
        None,
        validation_alias=_env("KEIRI_DESIGNS_DIR"),
        description="Root of plans; `call.plan_id: common/x` is `<designs>/common/x.yaml`.",
    )
    templates_dir: Path | None = Field(
        None,
        validation_alias=_env("KEIRI_TEMPLATES_DIR"),
        description="The designer's templates (default: `<designs>/templates`).",
    )
    config: Path | None = Field(
        None,
        validation_alias=_env("KEIRI_CONFIG"),
        description="The `config.yaml` behind `${config.*}` (default: `<project>/config.yaml`).",
    )
    env_allow: str = Field(
        DEFAULT_ENV_ALLOW,
        validation_alias=_env("KEIRI_ENV_ALLOW"),
        description="Comma list of prefixes `${env.*}` may read; keiri's own settings never.",
    )
    dotenv: Path = Field(
        Path(".env"),
        validation_alias=_env("KEIRI_DOTENV"),
        description="The dotenv file loaded at start (never overrides, never written).",
    )


class StoreSettings(_Section):
    """The content-addressed file store."""

    dir: Path | None = Field(
        None,
        validation_alias=_env("KEIRI_STORE_DIR"),
        description="The file store (default: `<home>/store`); shared storage for several "
        "machines.",
    )


class ServerSettings(_Section):
    """The Prefect server keiri runs against."""

    host: str = Field(
        "127.0.0.1",
        validation_alias=_env("KEIRI_SERVER_HOST"),
        description="Address of the embedded local Prefect server.",
    )
    port: Port = Field(
        4200,
        validation_alias=_env("KEIRI_SERVER_PORT"),
        description="Port of the embedded local Prefect server.",
    )
    api_url: str | None = Field(
        None,
        validation_alias=_env("PREFECT_API_URL"),
        description="A Prefect API to use instead of the local server (Prefect's own variable).",
    )
    ui_url: str | None = Field(
        None,
        validation_alias=_env("PREFECT_UI_URL"),
        description="The Prefect UI's address in links (default: the API URL without `/api`).",
    )
    api_key: SecretStr | None = Field(
        None,
        validation_alias=_env("PREFECT_API_KEY"),
        description="Bearer key of a Prefect server that needs one (secret).",
    )


class UISettings(_Section):
    """The Streamlit form app."""

    host: str = Field(
        "127.0.0.1",
        validation_alias=_env("KEIRI_UI_HOST"),
        description="Address `keiri ui` binds to.",
    )
    port: Port = Field(
        8501,
        validation_alias=_env("KEIRI_UI_PORT"),
        description="Port `keiri ui` listens on.",
    )
    url: str | None = Field(
        None,
        validation_alias=_env("KEIRI_UI_URL"),
        description="The form app's address in links (default: `http://<ui host>:<ui port>`).",
    )
    secret: SecretStr | None = Field(
        None,
        validation_alias=_env("KEIRI_UI_SECRET"),
        description="Shared login secret (at least 16 characters) when not bound to 127.0.0.1.",
    )
    user: str | None = Field(
        None,
        validation_alias=_env("KEIRI_USER"),
        description="Who is answering or retrying (default: the OS user).",
    )


class LLMEnvSettings(_Section):
    """The model provider (OpenAI or Azure OpenAI)."""

    provider: Annotated[Literal["openai", "azure"] | None, BeforeValidator(_lower)] = Field(
        None,
        validation_alias=_env("KEIRI_LLM_PROVIDER"),
        description="`openai` or `azure` (default: azure when its endpoint and key are set).",
    )
    openai_api_key: SecretStr | None = Field(
        None, validation_alias=_env("OPENAI_API_KEY"), description="OpenAI API key (secret)."
    )
    openai_base_url: str | None = Field(
        None,
        validation_alias=_env("OPENAI_BASE_URL"),
        description="An OpenAI-compatible endpoint.",
    )
    model: str | None = Field(
        None,
        validation_alias=_env("KEIRI_LLM_MODEL"),
        description="Chat model (OpenAI; default gpt-4o-mini).",
    )
    embedding_model: str | None = Field(
        None,
        validation_alias=_env("KEIRI_EMBEDDING_MODEL"),
        description="Embedding model (OpenAI; default text-embedding-3-small).",
    )
    azure_api_key: SecretStr | None = Field(
        None,
        validation_alias=_env("AZURE_OPENAI_API_KEY"),
        description="Azure OpenAI key (secret).",
    )
    azure_endpoint: str | None = Field(
        None,
        validation_alias=_env("AZURE_OPENAI_ENDPOINT"),
        description="Azure OpenAI endpoint.",
    )
    azure_api_version: str | None = Field(
        None,
        validation_alias=_env("AZURE_OPENAI_API_VERSION", "OPENAI_API_VERSION"),
        description="Azure OpenAI API version.",
    )
    azure_deployment: str | None = Field(
        None,
        validation_alias=_env("AZURE_OPENAI_DEPLOYMENT"),
        description="Azure chat deployment.",
    )
    azure_embedding_deployment: str | None = Field(
        None,
        validation_alias=_env("AZURE_OPENAI_EMBEDDING_DEPLOYMENT"),
        description="Azure embedding deployment.",
    )
    timeout_s: float = Field(
        60.0,
        gt=0,
        validation_alias=_env("KEIRI_LLM_TIMEOUT_S"),
        description="Seconds per LLM request.",
    )
    max_retries: int = Field(
        2,
        ge=0,
        validation_alias=_env("KEIRI_LLM_MAX_RETRIES"),
        description="Retries of a failed LLM request.",
    )
    concurrency: int = Field(
        4,
        ge=1,
        validation_alias=_env("KEIRI_LLM_CONCURRENCY"),
        description="LLM requests at once per process.",
    )
    design_retrieval: Annotated[
        Literal["auto", "bm25", "embedding", "hybrid"] | None, BeforeValidator(_lower)
    ] = Field(
        None,
        validation_alias=_env("KEIRI_DESIGN_RETRIEVAL"),
        description="The designer's retrieval when `auto` (default: hybrid if an embedding "
        "model is configured, else bm25).",
    )
    agent_fallback: bool = Field(
        False,
        validation_alias=_env("KEIRI_AGENT_LLM_FALLBACK"),
        description="Let the designer fall back to an LLM-only plan.",
    )


class NotifySettings(_Section):
    """Pause notifications and crash detection (`keiri deploy`)."""

    webhook_url: SecretStr | None = Field(
        None,
        validation_alias=_env("KEIRI_NOTIFY_WEBHOOK_URL"),
        description="Slack/Teams-style webhook for pause messages (`off` removes them; secret).",
    )
    remind_after: Duration = Field(
        timedelta(hours=24),
        validation_alias=_env("KEIRI_NOTIFY_REMIND_AFTER"),
        description="Reminder for a run still paused (`90s`, `30m`, `4h`, `1d`, `off`).",
    )
    crash_after: Duration = Field(
        timedelta(minutes=10),
        validation_alias=_env("KEIRI_CRASH_AFTER"),
        description="Mark a run whose worker died Crashed after this long (`off`: never).",
    )
    heartbeat_s: int = Field(
        180,
        ge=1,
        validation_alias=_env("PREFECT_FLOWS_HEARTBEAT_FREQUENCY"),
        description="Prefect's flow heartbeat interval, seconds (Prefect's own variable).",
    )

    @model_validator(mode="after")
    def _windows(self) -> NotifySettings:
        if self.remind_after is not None and self.remind_after < timedelta(seconds=10):
            raise ValueError(
                f"KEIRI_NOTIFY_REMIND_AFTER={self.remind_after}: Prefect's minimum is 10s"
            )
        if self.crash_after is not None and self.crash_after <= timedelta(
            seconds=self.heartbeat_s + 5
        ):
            raise ValueError(
                f"KEIRI_CRASH_AFTER={self.crash_after} must be longer than the heartbeat "
                f"interval ({self.heartbeat_s} s, PREFECT_FLOWS_HEARTBEAT_FREQUENCY), "
                "or healthy runs crash"
            )
        return self


class LanguageSettings(_Section):
    """The language and time zone people read."""

    lang: Literal["ja", "en"] = Field(
        "ja", validation_alias=_env("KEIRI_LANG"), description="Language of messages."
    )
    timezone: str = Field(
        "Asia/Tokyo",
        validation_alias=_env("KEIRI_TIMEZONE"),
        description="Time zone times are shown in (IANA name).",
    )

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(f"unknown time zone {value!r} (use an IANA name)") from None
        return value


_SECTIONS: dict[str, type[_Section]] = {
    "home": HomeSettings,
    "store": StoreSettings,
    "server": ServerSettings,
    "ui": UISettings,
    "llm": LLMEnvSettings,
    "notify": NotifySettings,
    "language": LanguageSettings,
}

#: The mapping `load(environ)` reads instead of `os.environ` (tests, `LLMSettings.from_env`).
_ENVIRON: ContextVar[Mapping[str, str] | None] = ContextVar("keiri_settings_environ", default=None)


def names_of(info: FieldInfo) -> tuple[str, ...]:
    alias = info.validation_alias
    if isinstance(alias, AliasChoices):
        return tuple(str(c) for c in alias.choices)
    return (str(alias),)


class _FlatEnvSource(PydanticBaseSettingsSource):
    """Flat, documented variable names (`KEIRI_UI_PORT`) into the sections; empty values count
    as unset."""

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        return None, field_name, False  # everything is built in __call__

    def __call__(self) -> dict[str, Any]:
        environ = _ENVIRON.get()
        env: Mapping[str, str] = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for section, model in _SECTIONS.items():
            found: dict[str, str] = {}
            for info in model.model_fields.values():
                for name in names_of(info):
                    raw = env.get(name)
                    if raw is not None and raw.strip():
                        found[name] = raw.strip()
            values[section] = found
        return values


class Settings(BaseSettings):
    """Every setting of keiri, by section (see the README's settings table)."""

    model_config = SettingsConfigDict(frozen=True, extra="ignore")

    home: HomeSettings = Field(default_factory=lambda: HomeSettings.model_validate({}))
    store: StoreSettings = Field(default_factory=lambda: StoreSettings.model_validate({}))
    server: ServerSettings = Field(default_factory=lambda: ServerSettings.model_validate({}))
    ui: UISettings = Field(default_factory=lambda: UISettings.model_validate({}))
    llm: LLMEnvSettings = Field(default_factory=lambda: LLMEnvSettings.model_validate({}))
    notify: NotifySettings = Field(default_factory=lambda: NotifySettings.model_validate({}))
    language: LanguageSettings = Field(default_factory=lambda: LanguageSettings.model_validate({}))

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings, _FlatEnvSource(settings_cls))


def variables() -> Iterator[tuple[str, str, FieldInfo]]:
    """(section, field name, field) of every setting, in table order."""
    for section, model in _SECTIONS.items():
        for name, info in model.model_fields.items():
            yield section, name, info


def setting_names() -> frozenset[str]:
    """Every environment variable keiri reads as a setting (never readable by `${env.*}`)."""
    return _SETTING_NAMES


_SETTING_NAMES = frozenset(name for _s, _f, info in variables() for name in names_of(info))


def load(environ: Mapping[str, str] | None = None) -> Settings:
    """Validate the settings of `environ` (default: `os.environ`); a `ConfigError` lists every
    problem with its variable."""
    token = _ENVIRON.set(environ)
    try:
        return Settings()
    except ValidationError as exc:
        raise ConfigError(
            [_problem(err["loc"], err["msg"], err.get("input")) for err in exc.errors()],
            fields=[_field(err["loc"], err["msg"]) for err in exc.errors()],
        ) from None
    finally:
        _ENVIRON.reset(token)


def _field(loc: tuple[Any, ...], message: str) -> str:
    """The variable an error is about (a section-level check names it in its message)."""
    if len(loc) > 1:
        return str(loc[-1])
    match = re.search(r"\b([A-Z][A-Z0-9_]+)=", message)
    return match.group(1) if match else ".".join(map(str, loc))


def _problem(loc: tuple[Any, ...], message: str, value: Any) -> str:
    name = str(loc[-1]) if len(loc) > 1 else ""
    message = message.removeprefix("Value error, ")
    if not name or message.startswith(name):
        return message
    shown = f"={value!r}" if isinstance(value, str) else ""
    return f"{name}{shown}: {message}"


class _Cache:
    key: tuple[str | None, ...] | None = None
    value: Settings | None = None


def get() -> Settings:
    """The current settings of `os.environ` (re-validated whenever a variable changed)."""
    key = tuple(os.environ.get(name) for name in _SORTED_NAMES)
    if _Cache.value is None or _Cache.key != key:
        _Cache.value, _Cache.key = load(), key
    return _Cache.value


_SORTED_NAMES = tuple(sorted(_SETTING_NAMES))


def reset() -> None:
    """Forget the cached settings (the next `get()` validates again)."""
    _Cache.key = _Cache.value = None


def load_dotenv_file(path: Path | None = None) -> Path | None:
    """Load `.env` in the working directory (or `KEIRI_DOTENV`) into the environment, without
    overriding variables already set. Never written back, never logged. Returns the file read."""
    from dotenv import load_dotenv

    configured = os.environ.get("KEIRI_DOTENV", "").strip()
    target = path or (Path(configured) if configured else Path(".env"))
    if not target.is_file():
        if configured and path is None:
            raise ConfigError(
                [f"KEIRI_DOTENV={configured!r}: no such file"], fields=["KEIRI_DOTENV"]
            )
        return None
    load_dotenv(target, override=False)
    return target.resolve()


# -- derived values ---------------------------------------------------------------------------


def keiri_home() -> Path:
    """State, file store and the local Prefect server's data (`KEIRI_HOME`, default `.keiri/`)."""
    return get().home.home.resolve()


def runs_dir() -> Path:
    """Where JSONL run logs go (`KEIRI_RUNS_DIR`, default `runs/` beside the keiri home)."""
    configured = get().home.runs_dir
    return configured.resolve() if configured else keiri_home().parent / "runs"


def store_dir() -> Path:
    """The content-addressed file store (`KEIRI_STORE_DIR`, default `<home>/store`).

    Point it at shared storage when workers on several machines must see the same files.
    """
    configured = get().store.dir
    return configured.resolve() if configured else keiri_home() / "store"


def project_root() -> Path:
    """The folder holding `block_specs/`, `designs/` and `config.yaml` (`KEIRI_PROJECT_ROOT`)."""
    configured = get().home.project_root
    return configured.resolve() if configured else _PROJECT_ROOT


def block_spec_roots() -> list[Path]:
    """Folders scanned for block specs: `<project>/block_specs` plus `KEIRI_BLOCK_SPECS`
    (an `os.pathsep`-separated list of extra folders, e.g. a team's own blocks)."""
    roots = [project_root() / "block_specs"]
    extra = get().home.block_specs
    roots += [Path(p).resolve() for p in extra.split(os.pathsep) if p.strip()]
    return roots


def designs_dir() -> Path:
    """Root of shipped plans; `call.plan_id: common/x` is `<designs>/common/x.yaml`."""
    configured = get().home.designs_dir
    return configured.resolve() if configured else project_root() / "designs"


def templates_dir() -> Path:
    """The designer's templates (`KEIRI_TEMPLATES_DIR`, default `<designs>/templates`)."""
    configured = get().home.templates_dir
    return configured.resolve() if configured else designs_dir() / "templates"


def config_file() -> Path:
    """The `config.yaml` behind `${config.*}` references (`KEIRI_CONFIG`)."""
    configured = get().home.config
    return configured.resolve() if configured else project_root() / "config.yaml"


def form_app_url() -> str:
    """The form app's address in links: `KEIRI_UI_URL`, else from `KEIRI_UI_HOST`/`_PORT`."""
    ui = get().ui
    return form_app_url_for(ui.host, ui.port)


def form_app_url_for(host: str, port: int) -> str:
    """The form app's address when it serves on `host:port` (`KEIRI_UI_URL` wins if set)."""
    configured = get().ui.url
    if configured:
        return configured.rstrip("/")
    host = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def env_allow_patterns() -> tuple[str, ...]:
    """Prefixes (or exact names) that `${env.NAME}` may read (`KEIRI_ENV_ALLOW`, comma list).

    The default allows only names starting with `KEIRI_VAR_`, so a plan cannot pull an API key
    or another secret into a prompt or a report.
    """
    raw = get().home.env_allow
    return tuple(p.strip() for p in raw.split(",") if p.strip())


def env_allowed(name: str) -> bool:
    """A plan may read `${env.NAME}`: allow-listed, and never one of keiri's own settings."""
    if name in _SETTING_NAMES:
        return False
    return any(name.startswith(p) for p in env_allow_patterns())


def plan_env(name: str) -> str | None:
    """The value of `${env.NAME}` for a plan: None unless `env_allowed(name)`."""
    return os.environ.get(name) if env_allowed(name) else None
