"""The block registry: built from `block_specs/**/*.yaml`.

Specs are read eagerly (cheap YAML); implementations are imported lazily, on first use, so
`keiri validate` never imports pandas, openai or Prefect. `check()` imports every
implementation and verifies it against its spec (`keiri blocks --check`).
"""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from blocks.base import Block
from blocks.errors import (
    BlockError,
    ErrorCode,
    Issue,
    IssueCode,
    IssuesFound,
    from_validation_error,
)
from blocks.spec import SEMVER_RE, BlockSpec, port_json_schema
from blocks.validation import check_schema
from blocks.yaml_loader import load_yaml_file
from keiri import settings
from keiri.errors import did_you_mean, suggest

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


@dataclass
class BlockRegistry:
    roots: list[Path] = field(default_factory=settings.block_spec_roots)
    entries: dict[str, list[SpecEntry]] = field(default_factory=dict)
    problems: list[Issue] = field(default_factory=list)
    _classes: dict[tuple[str, str], type[Block]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._discover()

    # -- discovery ------------------------------------------------------------------------

    def _discover(self) -> None:
        seen: dict[tuple[str, str], Path] = {}
        for root in self.roots:
            for path in sorted(root.rglob("*.yaml")):
                entry = self._load_spec(path)
                if entry is None:
                    continue
                key = (entry.spec.id, entry.spec.version)
                if key in seen:
                    self.problems.append(
                        Issue(
                            code="DUPLICATE_BLOCK_ID",
                            message=(
                                f"block {entry.spec.id}@{entry.spec.version} is defined twice: "
                                f"{seen[key]} and {path}"
                            ),
                            file=str(path),
                            hint="remove one of the two spec files or bump the version of one",
                        )
                    )
                    continue
                seen[key] = path
                self.entries.setdefault(entry.spec.id, []).append(entry)
        for versions in self.entries.values():
            versions.sort(key=lambda e: _version_key(e.spec.version))

    def _load_spec(self, path: Path) -> SpecEntry | None:
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
            self.problems.extend(exc.issues)
        except ValidationError as exc:
            self.problems += from_validation_error(
                exc,
                loaded.lines,
                str(path),
                code=ErrorCode.BLOCK_SPEC_INVALID,
                hint="see schemas/block_spec.schema.json",
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
        versions = self.entries.get(block_id)
        if not versions:
            if block_id.startswith(LEGACY_BLOCK_PREFIXES):
                return Resolution(
                    None,
                    IssueCode.UNKNOWN_BLOCK,
                    f"unknown block {block_id!r}: a legacy UI block, replaced by "
                    "ui.interactive_input",
                    "run `keiri migrate PLAN` to rewrite it (and the references to it)",
                )
            return Resolution(
                None,
                IssueCode.UNKNOWN_BLOCK,
                f"unknown block {block_id!r}",
                did_you_mean(block_id, self.ids()) or "run `keiri blocks` to list the blocks",
            )
        if not pin:
            return Resolution(versions[-1])
        if not SEMVER_RE.match(pin):
            return Resolution(
                None,
                IssueCode.BLOCK_VERSION_INCOMPATIBLE,
                f"{ref!r}: {pin!r} is not a SemVer version",
                "pin a version like id@1.2.0",
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
            f"{ref!r} is pinned to {pin}, but only {available} is available",
            f"a different major version changes the block's contract; review the node and pin "
            f"{block_id}@{versions[-1].spec.version}",
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
                    f"block {spec.id} is not implemented yet: {spec.entrypoint} does not exist",
                    details={"block": spec.id, "entrypoint": spec.entrypoint},
                    hint="the spec is shipped; its implementation comes with a later release",
                ) from exc
            raise BlockError(
                ErrorCode.BLOCK_NOT_IMPLEMENTED,
                f"block {spec.id}: importing {spec.module_name} failed: {exc}",
                details={"block": spec.id, "entrypoint": spec.entrypoint},
                hint="install the missing dependency",
            ) from exc
        cls = getattr(module, spec.class_name, None)
        if not (inspect.isclass(cls) and issubclass(cls, Block)):
            raise BlockError(
                ErrorCode.BLOCK_NOT_IMPLEMENTED,
                f"block {spec.id}: {spec.entrypoint} is not a Block subclass",
                details={"block": spec.id, "entrypoint": spec.entrypoint},
            )
        if inspect.isabstract(cls):
            raise BlockError(
                ErrorCode.BLOCK_NOT_IMPLEMENTED,
                f"block {spec.id}: {spec.class_name} does not implement run()",
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
            problems.append(f"{exc.code}: {exc.message}")
        for direction, ports in (("inputs", spec.inputs), ("outputs", spec.outputs)):
            for name, port in ports.items():
                try:
                    reason = check_schema(port_json_schema(port))
                except BlockError as exc:
                    reason = exc.message
                if reason:
                    problems.append(f"{direction}.{name}: invalid JSON Schema: {reason}")
        for name, port in spec.outputs.items():
            if not port.samples():
                problems.append(f"outputs.{name}: no dry_run.samples/examples/default declared")
        return problems
