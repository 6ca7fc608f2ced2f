"""keiri's settings: one pydantic-settings model, read from the environment, validated at once.

Sections: `home` (folders of state and of the project), `store` (the file store), `server` (the
Prefect server), `ui` (the form app), `llm` (the model provider), `notify` (pause
notifications), `language` (language and time zone), `ocr` (budgets of OCR), `journals`
(journal exports), `evidence` (the registration-number registry and the evidence archive).
Every variable keeps its documented name (`KEIRI_HOME`, `KEIRI_UI_PORT`, `OPENAI_API_KEY`,
...); the README's settings table is generated
from this module (`python -m keiri.base.settings.table`). A malformed value is a `ConfigError` that
lists every problem at once.

`get()` reads the environment on every call (a cheap key of the variables' current values
picks a cached model), so tests that change variables see the change; `reset()` drops the
cache. `load_dotenv_file()` loads `.env` (or `KEIRI_DOTENV`) at process start without
overriding variables already set. No other module reads keiri's settings from the
environment.

This is a bottom layer: it imports only `keiri.base.errors`, never another keiri package.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from keiri.base.catalog import t
from keiri.base.errors import ConfigError
from keiri.base.errors.pydantic_text import pydantic_message
from keiri.base.settings.sections import (
    DEFAULT_ENV_ALLOW,
    SECTIONS,
    EvidenceSettings,
    HomeSettings,
    JournalSettings,
    LanguageSettings,
    LLMEnvSettings,
    NotifySettings,
    OCRSettings,
    OpsSettings,
    ServerSettings,
    SettingProblem,
    StoreSettings,
    UISettings,
    names_of,
    parse_duration,
)

__all__ = [
    "DEFAULT_ENV_ALLOW",
    "DEFAULT_FORM_APP_URL",
    "Settings",
    "archive_dir",
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
    "registry_db",
    "reset",
    "runs_dir",
    "secret_values",
    "server_start_timeout",
    "setting_names",
    "store_dir",
    "templates_dir",
    "variables",
]

DEFAULT_FORM_APP_URL = "http://127.0.0.1:8501"
_PROJECT_ROOT = Path(__file__).resolve().parents[3]

#: The mapping `load(environ)` reads instead of `os.environ` (tests, `LLMSettings.from_env`).
_ENVIRON: ContextVar[Mapping[str, str] | None] = ContextVar("keiri_settings_environ", default=None)


class _FlatEnvSource(PydanticBaseSettingsSource):
    """Flat, documented variable names (`KEIRI_UI_PORT`) into the sections; empty values count
    as unset."""

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        return None, field_name, False  # everything is built in __call__

    def __call__(self) -> dict[str, Any]:
        environ = _ENVIRON.get()
        env: Mapping[str, str] = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for section, model in SECTIONS.items():
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
    ocr: OCRSettings = Field(default_factory=lambda: OCRSettings.model_validate({}))
    journals: JournalSettings = Field(default_factory=lambda: JournalSettings.model_validate({}))
    ops: OpsSettings = Field(default_factory=lambda: OpsSettings.model_validate({}))
    evidence: EvidenceSettings = Field(default_factory=lambda: EvidenceSettings.model_validate({}))

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
    for section, model in SECTIONS.items():
        for name, info in model.model_fields.items():
            yield section, name, info


def setting_names() -> frozenset[str]:
    """Every environment variable keiri reads as a setting (never readable by `${env.*}`)."""
    return _SETTING_NAMES


_SETTING_NAMES = frozenset(name for _s, _f, info in variables() for name in names_of(info))
#: The variables of secret settings (`SecretStr` fields: API keys, the webhook URL, ...).
_SECRET_NAMES = tuple(
    name
    for _s, _f, info in variables()
    if "SecretStr" in str(info.annotation)
    for name in names_of(info)
)


def secret_values() -> tuple[str, ...]:
    """The current values of keiri's secret settings (what `keiri.base.masking` always masks);
    cheap: read on every masking."""
    environ = _ENVIRON.get()
    source = environ if environ is not None else os.environ
    return tuple(v for name in _SECRET_NAMES if (v := source.get(name)))


def load(environ: Mapping[str, str] | None = None) -> Settings:
    """Validate the settings of `environ` (default: `os.environ`); a `ConfigError` lists every
    problem with its variable."""
    token = _ENVIRON.set(environ)
    try:
        return Settings()
    except ValidationError as exc:
        errors = exc.errors()
        fields = [_field(err) for err in errors]
        raise ConfigError(
            [
                t("runtime.settings.problem", name=name, message=pydantic_message(err))
                for name, err in zip(fields, errors, strict=True)
            ],
            fields=fields,
        ) from None
    finally:
        _ENVIRON.reset(token)


def _field(err: ErrorDetails) -> str:
    """The variable an error is about: the field's variable, or the one a section-level check
    names (`SettingProblem.name`)."""
    loc = err["loc"]
    if len(loc) > 1:
        return str(loc[-1])
    error = (err.get("ctx") or {}).get("error")
    if isinstance(error, SettingProblem):
        return error.name
    return ".".join(map(str, loc))


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
            missing = t("runtime.settings.no_file", path=configured)
            raise ConfigError(
                [t("runtime.settings.problem", name="KEIRI_DOTENV", message=missing)],
                fields=["KEIRI_DOTENV"],
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


def registry_db() -> Path:
    """The registration-number registry (`KEIRI_REGISTRY_DB`, default
    `<home>/registry/registry.sqlite`)."""
    configured = get().evidence.registry_db
    return configured.resolve() if configured else keiri_home() / "registry" / "registry.sqlite"


def archive_dir() -> Path:
    """The evidence archive (`KEIRI_ARCHIVE_DIR`, default `<home>/archive`)."""
    configured = get().evidence.archive_dir
    return configured.resolve() if configured else keiri_home() / "archive"


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


def server_start_timeout() -> float:
    """Seconds to wait for the local Prefect server to answer (`KEIRI_SERVER_START_TIMEOUT`)."""
    return get().server.start_timeout


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
