"""Where evidence is dropped: the `Source` interface and the local (or mounted) folder.

A source lists its files with size and modification time, reads one, sets a taken file
aside (`LocalFolder`: moved under `<folder>/<processed>/<key>/`, never deleted) and keeps the
intake's ledger (`<folder>/.keiri-intake/<key>.json`, written atomically) — the record of
which files, by sha256, a period took, so a rerun takes the same set. An S3 or SharePoint
source implements the same five methods.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from blocks.sdk.atomic_write import write_text_atomic

__all__ = ["Candidate", "LocalFolder", "Source"]


@dataclass(frozen=True)
class Candidate:
    """A file as listed: its name (relative to the source, `/`-separated), size, mtime."""

    name: str
    size: int
    mtime: float


class Source(Protocol):
    """What `intake.collect` needs from a place evidence is dropped in."""

    def describe(self) -> str: ...

    def list(self) -> list[Candidate]: ...

    def read(self, name: str) -> bytes: ...

    def set_aside(self, name: str, key: str) -> str:
        """Move (or mark) a taken file so it is not new again; returns where it is now."""
        ...

    def read_ledger(self, key: str) -> dict[str, Any] | None: ...

    def write_ledger(self, key: str, ledger: dict[str, Any]) -> None: ...


class LocalFolder:
    """A folder on this machine or a mounted share (NFS/SMB). Files directly in it are the
    candidates (sub-folders are not read); taken files go to `<processed>/<key>/`."""

    LEDGER_DIR = ".keiri-intake"

    def __init__(self, folder: Path, processed: str = "processed") -> None:
        self.folder = folder
        self.processed = processed

    def describe(self) -> str:
        return str(self.folder)

    def list(self) -> list[Candidate]:
        found: list[Candidate] = []
        with os.scandir(self.folder) as entries:
            for entry in entries:
                if not entry.is_file(follow_symlinks=False):
                    continue  # folders (processed/, the ledger), links: not evidence
                stat = entry.stat(follow_symlinks=False)
                found.append(Candidate(entry.name, stat.st_size, stat.st_mtime))
        return sorted(found, key=lambda c: c.name)

    def read(self, name: str) -> bytes:
        return self._path(name).read_bytes()

    def read_at(self, location: str) -> bytes:
        """A file set aside earlier (its location as `set_aside` returned it)."""
        return (self.folder / location).read_bytes()

    def set_aside(self, name: str, key: str) -> str:
        target_dir = self.folder / self.processed / key
        target_dir.mkdir(parents=True, exist_ok=True)
        target = target_dir / name
        if target.exists():  # the same name taken twice in one period: keep both
            stem, suffix = target.stem, target.suffix
            index = 2
            while (target_dir / f"{stem} ({index}){suffix}").exists():
                index += 1
            target = target_dir / f"{stem} ({index}){suffix}"
        os.replace(self._path(name), target)  # a rename: atomic on one file system
        return target.relative_to(self.folder).as_posix()

    def read_ledger(self, key: str) -> dict[str, Any] | None:
        path = self.folder / self.LEDGER_DIR / f"{key}.json"
        if not path.is_file():
            return None
        value = json.loads(path.read_text(encoding="utf-8"))
        return value if isinstance(value, dict) else None

    def write_ledger(self, key: str, ledger: dict[str, Any]) -> None:
        folder = self.folder / self.LEDGER_DIR
        folder.mkdir(parents=True, exist_ok=True)
        text = json.dumps(ledger, ensure_ascii=False, indent=1)
        write_text_atomic(folder / f"{key}.json", text, ".ledger-")

    def _path(self, name: str) -> Path:
        path = (self.folder / name).resolve()
        if path.parent != self.folder.resolve():
            raise ValueError(f"not a file of {self.folder}: {name}")
        return path
