"""The analysis workspace: one folder per session, the data it analyses, and its outputs.

`<keiri home>/workspace/<yyyymmddhhmmss>/` holds the uploaded data (as uploaded), the charts
and tables the generated code writes, and the final report (Markdown with its images). The
generated code sees this folder as its only writable place (see `sandbox`).
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

import pandas as pd

from blocks.analysis.models import DataFrameInfo, ExpectedOutput
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base import settings
from keiri.base.catalog import t

__all__ = [
    "DATA_SUFFIXES",
    "create_workspace",
    "dataframe_info",
    "read_data",
    "resolve_output",
    "save_upload",
    "verify_outputs",
]

DATA_SUFFIXES = (".csv", ".xlsx", ".xlsm")
_IMAGE_MAGIC = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF8", b"<?xml", b"<svg")


def create_workspace(root: Path | None = None, now: datetime | None = None) -> Path:
    """A new `<root>/<yyyymmddhhmmss>/` (root: `<keiri home>/workspace`); `-2`, `-3`... if taken."""
    base = root if root is not None else settings.keiri_home() / "workspace"
    base.mkdir(parents=True, exist_ok=True)
    stamp = (now or datetime.now()).strftime("%Y%m%d%H%M%S")
    for n in range(1, 1000):
        path = base / (stamp if n == 1 else f"{stamp}-{n}")
        try:
            path.mkdir()
        except FileExistsError:
            continue
        return path.resolve()
    raise BlockError(  # pragma: no cover - a thousand sessions in one second
        ErrorCode.PERMISSION_DENIED,
        t("analyze.workspace.cannot_create", path=base),
        details={"path": str(base)},
        hint=t("analyze.workspace.cannot_create_hint"),
    )


def save_upload(workspace: Path, name: str, data: bytes) -> Path:
    """Keep the uploaded bytes in the workspace under their own (base) name."""
    safe = PureWindowsPath(PurePosixPath(name).name).name or "data"
    target = workspace / safe
    tmp = target.with_name(f".{safe}.part")
    tmp.write_bytes(data)
    tmp.replace(target)
    return target


def read_data(source: Path | bytes, name: str, *, sheet: str | None = None) -> pd.DataFrame:
    """A CSV (UTF-8, with or without BOM, or cp932) or an Excel workbook as a DataFrame."""
    suffix = Path(name).suffix.lower()
    raw = source if isinstance(source, bytes) else _read_bytes(source)
    if suffix == ".csv":
        for encoding in ("utf-8-sig", "cp932"):
            try:
                text = raw.decode(encoding)
            except UnicodeDecodeError:
                continue
            return _parse(lambda text=text: pd.read_csv(io.StringIO(text)), name)
        raise _invalid(name, t("analyze.data.encoding"))
    if suffix in (".xlsx", ".xlsm"):
        frame = _parse(
            lambda: pd.read_excel(io.BytesIO(raw), sheet_name=sheet or 0, engine="calamine"), name
        )
        if not isinstance(frame, pd.DataFrame):  # pragma: no cover - sheet_name is one sheet
            raise _invalid(name, t("analyze.data.one_sheet"))
        return frame
    raise BlockError(
        ErrorCode.FILE_INVALID,
        t("analyze.data.unsupported", name=name),
        details={"name": name, "suffix": suffix},
        hint=t("analyze.data.unsupported_hint"),
    )


def dataframe_info(df: pd.DataFrame) -> DataFrameInfo:
    """The seed's `DataFrameInfo`: shape, columns, dtypes and the first 5 rows (JSON-safe)."""
    head = json.loads(df.head().to_json(orient="records", date_format="iso", force_ascii=False))
    return DataFrameInfo(
        shape=(int(df.shape[0]), int(df.shape[1])),
        columns=[str(c) for c in df.columns],
        dtypes={str(c): str(t) for c, t in df.dtypes.items()},
        head=head,
    )


def resolve_output(workspace: Path, file_name: str) -> Path | None:
    """The workspace file `file_name` names (a bare name, a relative or an absolute path
    inside the workspace); None when it points outside."""
    workspace = workspace.resolve()
    candidate = Path(file_name)
    path = (candidate if candidate.is_absolute() else workspace / candidate).resolve()
    return path if path.is_relative_to(workspace) and path != workspace else None


def verify_outputs(
    workspace: Path, expected: Iterable[ExpectedOutput], since: float
) -> tuple[list[ExpectedOutput], list[str]]:
    """(outputs written by this action, problems): every promised file must exist, be
    written after `since` (a timestamp) and, for figures, be an image."""
    present: list[ExpectedOutput] = []
    problems: list[str] = []
    for item in expected:
        path = resolve_output(workspace, item.file_name)
        if path is None:
            problems.append(t("analyze.output.outside", file=item.file_name))
            continue
        if not path.is_file():
            problems.append(t("analyze.output.missing", file=item.file_name))
            continue
        stat = path.stat()
        if stat.st_mtime < since - 1:
            problems.append(t("analyze.output.stale", file=item.file_name))
            continue
        if stat.st_size == 0:
            problems.append(t("analyze.output.empty", file=item.file_name))
            continue
        if item.output_type == "figure" and not _is_image(path):
            problems.append(t("analyze.output.not_image", file=item.file_name))
            continue
        relative = path.relative_to(workspace.resolve()).as_posix()
        present.append(item.model_copy(update={"file_name": relative}))
    return present, problems


# -- helpers ---------------------------------------------------------------------------------


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise BlockError(
            ErrorCode.FILE_INVALID,
            t("analyze.data.unreadable", path=path, reason=exc.strerror or exc),
            details={"path": str(path)},
            hint=t("analyze.data.unreadable_hint"),
        ) from exc


def _parse(read: Any, name: str) -> pd.DataFrame:
    try:
        frame = read()
    except Exception as exc:
        raise _invalid(
            name, t("analyze.data.not_a_table", kind=type(exc).__name__, error=exc)
        ) from exc
    if not isinstance(frame, pd.DataFrame) or frame.empty:
        raise _invalid(name, t("analyze.data.no_rows"))
    frame.columns = [str(c) for c in frame.columns]
    return frame


def _invalid(name: str, message: str) -> BlockError:
    return BlockError(
        ErrorCode.FILE_INVALID,
        f"{name}: {message}",
        details={"name": name},
        hint=t("analyze.data.invalid_hint"),
    )


def _is_image(path: Path) -> bool:
    with path.open("rb") as handle:
        head = handle.read(16)
    return head.lstrip().startswith(_IMAGE_MAGIC)
