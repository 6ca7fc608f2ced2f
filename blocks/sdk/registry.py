"""The block registry: built from `block_specs/**/*.yaml`.

Spec files are found at once, but parsed only when needed: resolving `id` parses the files
whose top-level `id:` line names it (a plan run parses the specs it uses, not the catalog);
listing the catalog (`entries`, `problems`, `ids()`, `specs()`), an unknown id or any file
whose `id:` line is not plain parses every file, in the same order and with the same
duplicate and problem reports as before. Implementations are imported lazily, on first use,
so `keiri validate` never imports pandas, openai or Prefect. `check()` imports every
implementation and verifies it against its spec (`keiri blocks --check`).
"""

from __future__ import annotations

import importlib
import inspect
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from blocks.sdk.base import Block
from blocks.sdk.errors import (
    BlockError,
    ErrorCode,
    Issue,
    IssueCode,
    IssuesFound,
    from_validation_error,
)
from blocks.sdk.issue_text import did_you_mean
from blocks.sdk.spec import SEMVER_RE, BlockSpec, port_json_schema
from blocks.sdk.validation import check_schema
from blocks.sdk.yaml_loader import load_yaml_file
from keiri.base import settings
from keiri.base.catalog import t
from keiri.base.errors import format_path, suggest
from keiri.base.errors.pydantic_text import shown_value

__all__ = [
    "LEGACY_BLOCK_PREFIXES",
    "BlockRegistry",
    "Resolution",
    "SpecEntry",
    "did_you_mean",
    "suggest",
]

#: Block ids of the seed's first UI blocks; `keiri migrate` rewrites them.
LEGACY_BLOCK_PREFIXES = ("ui.file_uploader.", "ui.confirmation.")


@dataclass(frozen=True)
class SpecEntry:
    spec: BlockSpec
    path: Path


# Parsed specs by (path, mtime, size): a process builds several registries (the CLI, the
# flow's compile), each re-reading unchanged files would parse every spec again.
_PARSED: dict[tuple[str, int, int], SpecEntry] = {}


@dataclass(frozen=True)
class Resolution:
    """Result of resolving `id` or `id@semver`: a spec, or an issue code with a message."""

    entry: SpecEntry | None
    code: str | None = None
    message: str = ""
    hint: str = ""


def _version_key(version: str) -> tuple[int, int, int, int, str]:
    match = SEMVER_RE.match(version)
    if not match:
        return (0, 0, 0, 0, version)
    major, minor, patch = (int(match.group(i)) for i in (1, 2, 3))
    pre = version.split("-", 1)[1] if "-" in version.split("+", 1)[0] else ""
    # A release sorts after its pre-releases.
    return (major, minor, patch, 0 if pre else 1, pre)


# A spec file's top-level `id:` line, plain or simply quoted (anything else: parsed to know).
_ID_LINE = re.compile(r"""^id:[ \t]*(["']?)([A-Za-z0-9_.\-]+)\1[ \t]*(?:#.*)?$""", re.MULTILINE)


@dataclass
class BlockRegistry:
    roots: list[Path] = field(default_factory=settings.block_spec_roots)
    _classes: dict[tuple[str, str], type[Block]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._entries: dict[str, list[SpecEntry]] = {}
        self._problems: list[Issue] = []
        self._complete = False  # every file parsed (`_discover`)
        self._index: dict[str, list[Path]] | None = None  # id -> files, from their `id:` line
        self._loaded: set[str] = set()  # ids whose files are parsed
        self._lock = threading.RLock()

    @property
    def entries(self) -> dict[str, list[SpecEntry]]:
        """Every block id with its specs, oldest version first (parses the whole catalog)."""
        self._discover()
        return self._entries

    @property
    def problems(self) -> list[Issue]:
        """Spec files that could not be used: invalid, duplicate (parses the whole catalog)."""
        self._discover()
        return self._problems

    # -- discovery ------------------------------------------------------------------------

    def _files(self) -> list[Path]:
        return [path for root in self.roots for path in sorted(root.rglob("*.yaml"))]

    def _scan(self) -> dict[str, list[Path]] | None:
        """Files by the id on their `id:` line; None when a file's id is not plain to read."""
        index: dict[str, list[Path]] = {}
        for path in self._files():
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                return None
            found = _ID_LINE.findall(text)
            if len(found) != 1:
                return None
            index.setdefault(found[0][1], []).append(path)
        return index

    def _load(self, block_id: str) -> list[SpecEntry]:
        """The specs of `block_id`, parsing only its files while the catalog is not needed."""
        with self._lock:
            if not self._complete and block_id not in self._loaded:
                if self._index is None:
                    self._index = self._scan()
                paths = (self._index or {}).get(block_id)
                if not paths or not self._discover_files(paths, block_id):
                    self._discover()  # unknown, unreadable or unusual: the whole catalog
                self._loaded.add(block_id)
            return self._entries.get(block_id, [])

    def _discover_files(self, paths: list[Path], block_id: str) -> bool:
        """Parse the files of one id (as `_discover` would); False if one is not that id."""
        entries: list[SpecEntry] = []
        seen: set[str] = set()
        for path in paths:
            entry = self._load_spec(path, [])
            if entry is None or entry.spec.id != block_id:
                return False
            if entry.spec.version not in seen:
                seen.add(entry.spec.version)
                entries.append(entry)
        if not entries:
            return False
        self._entries[block_id] = sorted(entries, key=lambda e: _version_key(e.spec.version))
        return True

    def _discover(self) -> None:
        """Parse every spec file of the catalog, in order, reporting duplicates and problems."""
        with self._lock:
            if self._complete:
                return
            self._entries, self._problems = {}, []
            self._discover_all()
            self._complete = True

    def _discover_all(self) -> None:
        seen: dict[tuple[str, str], Path] = {}
        for root in self.roots:
            for path in sorted(root.rglob("*.yaml")):
                entry = self._load_spec(path, self._problems)
                if entry is None:
                    continue
                key = (entry.spec.id, entry.spec.version)
                if key in seen:
                    self._problems.append(
                        Issue(
                            code="DUPLICATE_BLOCK_ID",
                            message=t(
                                "issue.block.defined_twice",
                                block=entry.spec.id,
                                version=entry.spec.version,
                                first=seen[key],
                                second=path,
                            ),
                            file=str(path),
                            hint=t("issue.block.defined_twice_hint"),
                        )
                    )
                    continue
                seen[key] = path
                self._entries.setdefault(entry.spec.id, []).append(entry)
        for versions in self._entries.values():
            versions.sort(key=lambda e: _version_key(e.spec.version))

    def _load_spec(self, path: Path, problems: list[Issue]) -> SpecEntry | None:
        try:
            stat = path.stat()
            key = (str(path), stat.st_mtime_ns, stat.st_size)
        except OSError:
            key = None
        cached = _PARSED.get(key) if key else None
        if cached is not None:
            return cached
        try:
            loaded = load_yaml_file(path)
            entry = SpecEntry(BlockSpec.model_validate(loaded.data), path)
            if key:
                _PARSED[key] = entry
            return entry
        except IssuesFound as exc:  # YAML syntax, duplicate keys: with their lines
            problems.extend(exc.issues)
        except ValidationError as exc:
            problems += from_validation_error(
                exc,
                loaded.lines,
                str(path),
                code=ErrorCode.BLOCK_SPEC_INVALID,
                hint=t("issue.see_block_spec_schema"),
            )
        return None

    # -- lookup ---------------------------------------------------------------------------

    def ids(self) -> list[str]:
        return sorted(self.entries)

    def specs(self) -> list[BlockSpec]:
        return [versions[-1].spec for _, versions in sorted(self.entries.items())]

    def versions(self, block_id: str) -> list[BlockSpec]:
        """Every installed version of a block, oldest first."""
        return [entry.spec for entry in self.entries.get(block_id, [])]

    def resolve(self, ref: str) -> Resolution:
        block_id, _, pin = ref.partition("@")
        versions = self._load(block_id)
        if not versions:
            if block_id.startswith(LEGACY_BLOCK_PREFIXES):
                return Resolution(
                    None,
                    IssueCode.UNKNOWN_BLOCK,
                    t("issue.block.legacy", block=repr(block_id)),
                    t("issue.block.legacy_hint"),
                )
            return Resolution(
                None,
                IssueCode.UNKNOWN_BLOCK,
                t("issue.block.unknown", block=repr(block_id)),
                did_you_mean(block_id, self.ids()) or t("issue.block.list_hint"),
            )
        if not pin:
            return Resolution(versions[-1])
        if not SEMVER_RE.match(pin):
            return Resolution(
                None,
                IssueCode.BLOCK_VERSION_INCOMPATIBLE,
                t("issue.block.not_semver", ref=shown_value(ref), pin=shown_value(pin)),
                t("issue.block.not_semver_hint"),
            )
        for entry in versions:
            if entry.spec.version == pin:
                return Resolution(entry)
        want = _version_key(pin)
        compatible = [
            e
            for e in versions
            if _version_key(e.spec.version)[0] == want[0] and _version_key(e.spec.version) >= want
        ]
        available = ", ".join(e.spec.version for e in versions)
        if compatible:
            return Resolution(compatible[-1])
        return Resolution(
            None,
            IssueCode.BLOCK_VERSION_INCOMPATIBLE,
            t("issue.block.pin_unavailable", ref=shown_value(ref), pin=pin, available=available),
            t(
                "issue.block.pin_unavailable_hint",
                block=block_id,
                version=versions[-1].spec.version,
            ),
        )

    def get(self, ref: str) -> BlockSpec:
        resolution = self.resolve(ref)
        if resolution.entry is None:
            raise BlockError(
                ErrorCode.DEPENDENCY_NOT_FOUND, resolution.message, hint=resolution.hint
            )
        return resolution.entry.spec

    # -- implementations ------------------------------------------------------------------

    def load_class(self, spec: BlockSpec) -> type[Block]:
        key = (spec.id, spec.version)
        cached = self._classes.get(key)
        if cached is not None:
            return cached
        try:
            module = importlib.import_module(spec.module_name)
        except ModuleNotFoundError as exc:
            if exc.name and spec.module_name.startswith(exc.name):
                raise BlockError(
                    ErrorCode.BLOCK_NOT_IMPLEMENTED,
                    t("runtime.block.not_implemented", block=spec.id, entrypoint=spec.entrypoint),
                    details={"block": spec.id, "entrypoint": spec.entrypoint},
                    hint=t("runtime.block.not_implemented_hint"),
                ) from exc
            raise BlockError(
                ErrorCode.BLOCK_NOT_IMPLEMENTED,
                t(
                    "runtime.block.import_failed",
                    block=spec.id,
                    module=spec.module_name,
                    detail=exc,
                ),
                details={"block": spec.id, "entrypoint": spec.entrypoint},
                hint=t("runtime.block.import_failed_hint"),
            ) from exc
        cls = getattr(module, spec.class_name, None)
        if not (inspect.isclass(cls) and issubclass(cls, Block)):
            raise BlockError(
                ErrorCode.BLOCK_NOT_IMPLEMENTED,
                t("runtime.block.not_a_block", block=spec.id, entrypoint=spec.entrypoint),
                details={"block": spec.id, "entrypoint": spec.entrypoint},
            )
        if inspect.isabstract(cls):
            raise BlockError(
                ErrorCode.BLOCK_NOT_IMPLEMENTED,
                t("runtime.block.no_run", block=spec.id, entrypoint=spec.entrypoint),
                details={"block": spec.id},
            )
        self._classes[key] = cls
        return cls

    def create(self, spec: BlockSpec) -> Block:
        return self.load_class(spec)(spec)

    def check(self, spec: BlockSpec) -> list[str]:
        """Problems of one block: implementation, port schemas, dry-run samples."""
        problems: list[str] = []
        try:
            self.load_class(spec)
        except BlockError as exc:
            problems.append(t("issue.spec.check_error", code=exc.code, message=exc.message))
        for direction, ports in (("inputs", spec.inputs), ("outputs", spec.outputs)):
            for name, port in ports.items():
                where = f"{direction}.{name}"
                try:
                    problem = check_schema(port_json_schema(port))
                except BlockError as exc:  # a `$ref` that cannot be resolved
                    problems.append(t("issue.spec.port_problem", port=where, message=exc.message))
                    continue
                if problem:
                    loc = problem.loc
                    if port.nullable and loc[:2] == ("anyOf", 0):
                        loc = loc[2:]  # the wrapper `nullable` adds is not in the spec
                    port_path = format_path((*where.split("."), *loc))
                    problems.append(
                        t("issue.spec.invalid_port_schema", port=port_path, reason=problem.message)
                    )
        for name, port in spec.outputs.items():
            if not port.samples():
                problems.append(t("issue.spec.no_samples", port=f"outputs.{name}"))
        return problems
