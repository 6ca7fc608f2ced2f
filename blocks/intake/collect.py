"""`intake.collect`: the evidence of a period from a folder, with nobody uploading.

1. A period already taken (its ledger exists) is taken again as recorded: the same files,
   read from where they were set aside and checked against their sha256 — a rerun never
   picks up a different set.
2. Otherwise the folder's new files are the candidates, minus names that say "not finished"
   (`~$x.xlsx`, `x.part`, `x.crdownload`, `x.tmp`, ...) and files with a `<name>.lock` beside
   them; a candidate is taken only when its size and mtime stay the same over the settle
   window and it is at least that old (a copy still running is left for the next run).
3. Each taken file is stored (a FileRef), recorded in the ledger (name, sha256, size, where
   it goes), then moved to `processed/<period>/`. Nothing is deleted.

`roles` (name -> a glob, e.g. `{evidence_zip: "*.zip"}`) picks one file per role into
`collected` — the shape of an upload form's `collected_data`, so a plan written for a form
reads the same references. A role with no file, or with several, fails the node with the
names (nothing is moved).
"""

from __future__ import annotations

import fnmatch
import hashlib
import mimetypes
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from blocks.intake.sources import Candidate, LocalFolder
from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t

__all__ = ["PARTIAL_PATTERNS", "CollectBlock", "ledger_key"]

#: Names of files still being written or not evidence (Office lock files, downloads, copies).
PARTIAL_PATTERNS = (
    "~$*",
    ".~lock.*",
    ".*",
    "*.part",
    "*.partial",
    "*.tmp",
    "*.crdownload",
    "*.download",
    "*.filepart",
    "*.lock",
)


def ledger_key(period: str | None, run_id: str) -> str:
    """The ledger of a period (`2026-04`), or of this run when there is no period."""
    raw = period or f"run-{run_id}"
    return "".join(c if c.isalnum() or c in "-_" else "-" for c in raw)[:80]


def _media_type(name: str) -> str:
    return mimetypes.guess_type(name)[0] or "application/octet-stream"


class CollectBlock(Block):
    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        folder = Path(str(inputs["folder"]).replace("{period}", str(inputs.get("period") or "")))
        if not folder.is_dir():
            raise BlockError(
                ErrorCode.DEPENDENCY_NOT_FOUND,
                t("intake.no_folder", folder=str(folder)),
                details={"folder": str(folder)},
                hint=t("intake.no_folder_hint"),
                recoverable=True,
            )
        source = LocalFolder(folder, str(inputs.get("processed_folder") or "processed"))
        key = ledger_key(inputs.get("period"), ctx.run_id)
        roles: dict[str, str] = dict(inputs.get("roles") or {})
        ledger = source.read_ledger(key)
        if ledger is not None:
            files = self._again(ctx, source, ledger)
            skipped: list[dict[str, Any]] = []
        else:
            files, skipped = self._take(ctx, source, key, inputs, roles)
        collected = _by_role(files, roles, source.describe()) if roles else {}
        return {
            "collected": collected,
            "files": files,
            "skipped": skipped,
            "period": inputs.get("period"),
            "reused": ledger is not None,
        }

    # -- a period taken before: the same set ------------------------------------------------

    def _again(
        self, ctx: BlockContext, source: LocalFolder, ledger: dict[str, Any]
    ) -> list[dict[str, Any]]:
        files: list[dict[str, Any]] = []
        for entry in ledger.get("files") or []:
            data = source.read_at(str(entry["location"]))
            digest = hashlib.sha256(data).hexdigest()
            if digest != entry["sha256"]:
                raise BlockError(
                    ErrorCode.FILE_INVALID,
                    t("intake.changed", name=entry["name"], location=entry["location"]),
                    details={"file": entry["name"], "location": entry["location"]},
                    hint=t("intake.changed_hint"),
                )
            ref = ctx.store(data, str(entry["name"]), _media_type(str(entry["name"])))
            files.append(_entry(str(entry["name"]), ref.model_dump(mode="json")))
        ctx.emit("intake_reused", files=len(files), ledger=ledger.get("key"))
        return files

    # -- new files --------------------------------------------------------------------------

    def _take(
        self,
        ctx: BlockContext,
        source: LocalFolder,
        key: str,
        inputs: dict[str, Any],
        roles: dict[str, str],
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        patterns = list(inputs.get("patterns") or ["*"])
        settle = float(inputs.get("settle_seconds", 5))
        skipped: list[dict[str, Any]] = []
        listed = source.list()
        names = {c.name for c in listed}
        first: dict[str, Candidate] = {}
        for candidate in listed:
            reason = _not_ready(candidate.name, names, patterns)
            if reason is not None:
                if reason != "pattern":
                    skipped.append({"name": candidate.name, "reason": t(reason)})
                continue
            first[candidate.name] = candidate
        if first and settle > 0:
            time.sleep(settle)  # the settle window: a copy still running changes meanwhile
        now = time.time()
        stable: list[Candidate] = []
        for candidate in source.list():
            before = first.get(candidate.name)
            if before is None:
                continue
            if (candidate.size, candidate.mtime) != (before.size, before.mtime) or (
                now - candidate.mtime < settle
            ):
                skipped.append({"name": candidate.name, "reason": t("intake.skip.unsettled")})
                continue
            stable.append(candidate)
        if roles:
            _by_role([_entry(c.name, None) for c in stable], roles, source.describe())
        taken: list[tuple[Candidate, bytes, dict[str, Any]]] = []
        for candidate in stable:
            data = source.read(candidate.name)
            ref = ctx.store(data, candidate.name, _media_type(candidate.name))
            taken.append((candidate, data, ref.model_dump(mode="json")))
        entries = [
            {
                "name": c.name,
                "sha256": ref["sha256"],
                "size": len(data),
                "location": f"{source.processed}/{key}/{c.name}",
            }
            for c, data, ref in taken
        ]
        ledger = {
            "key": key,
            "period": inputs.get("period"),
            "run_id": ctx.run_id,
            "taken_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "files": entries,
        }
        source.write_ledger(key, ledger)  # recorded before anything moves
        moved = False
        for (candidate, _data, _ref), entry in zip(taken, entries, strict=True):
            location = source.set_aside(candidate.name, key)
            if location != entry["location"]:
                entry["location"], moved = location, True
        if moved:
            source.write_ledger(key, ledger)
        for candidate, _data, _ref in taken:
            ctx.emit("intake_taken", file=candidate.name, size=candidate.size)
        return [_entry(c.name, ref) for c, _data, ref in taken], skipped


def _not_ready(name: str, names: set[str], patterns: list[str]) -> str | None:
    """Why a listed file is not a candidate (a catalog key, or "pattern"), None if it is."""
    if any(fnmatch.fnmatch(name, p) for p in PARTIAL_PATTERNS):
        return "intake.skip.partial"
    if f"{name}.lock" in names:
        return "intake.skip.locked"
    if not any(fnmatch.fnmatch(name, p) for p in patterns):
        return "pattern"
    return None


def _entry(name: str, ref: dict[str, Any] | None) -> dict[str, Any]:
    return {
        "name": name,
        "size": int(ref["size"]) if ref else 0,
        "sha256": str(ref["sha256"]) if ref else "",
        "media_type": str(ref["media_type"]) if ref else _media_type(name),
        "file": ref,
    }


def _by_role(
    files: list[dict[str, Any]], roles: dict[str, str], where: str
) -> dict[str, dict[str, Any] | None]:
    collected: dict[str, dict[str, Any] | None] = {}
    for role, pattern in roles.items():
        matching = [f for f in files if fnmatch.fnmatch(f["name"], pattern)]
        if len(matching) != 1:
            names = ", ".join(f["name"] for f in matching)
            key = "intake.role_missing" if not matching else "intake.role_ambiguous"
            raise BlockError(
                ErrorCode.DEPENDENCY_NOT_FOUND
                if not matching
                else ErrorCode.INPUT_VALIDATION_FAILED,
                t(key, role=role, pattern=pattern, folder=where, names=names),
                details={"role": role, "pattern": pattern, "folder": where},
                hint=t("intake.role_hint"),
                recoverable=not matching,
            )
        collected[role] = matching[0]["file"]
    return collected
