"""The file field types: `file` (one), `files` (several) and `folder` (a folder, or a ZIP the
form app unpacks). Answers are FileRefs in the keiri file store; `@PATH` stores a file (or a
folder's files) from the command line."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path, PurePosixPath
from typing import Any

from blocks.forms.field_type import (
    FILES_CAP,
    FieldSpec,
    FieldType,
    FieldValueError,
    Widget,
    read_path,
)
from blocks.sdk.errors import BlockError
from blocks.sdk.fileref import FileRef
from blocks.sdk.store import FileStore
from keiri.base.catalog import t

__all__ = ["FILE", "FILES", "FOLDER"]

_SAMPLE_FILE = FileRef(
    uri="keiri://store/" + "0" * 64, name="sample.bin", size=0, sha256="0" * 64
).model_dump(mode="json")


def _file_checks(req: FieldSpec, value: Any) -> list[str]:
    refs = value if isinstance(value, list) else [value]
    exts = req.extensions()
    limit = req.validation.max_file_size
    out: list[str] = []
    for ref in refs:
        if not isinstance(ref, dict | FileRef):
            continue
        data = ref.model_dump() if isinstance(ref, FileRef) else ref
        name = str(data.get("name", ""))
        if exts and PurePosixPath(name).suffix.lower() not in exts:
            out.append(t("field.wrong_extension", name=name, extensions=", ".join(exts)))
        size = int(data.get("size", 0))
        if limit is not None and size > limit:
            out.append(t("field.file_too_large", name=name, size=size, limit=limit))
    return out


def _store_file(path: Path, store: FileStore | None, name: str | None = None) -> dict[str, Any]:
    target = store or FileStore()
    try:
        return target.put_file(path, name).model_dump(mode="json")
    except BlockError as exc:
        raise FieldValueError(exc.message) from exc


def _file_parse(req: FieldSpec, raw: str, store: FileStore | None) -> dict[str, Any]:
    path = read_path(raw)
    if path is None or path.is_dir():
        raise FieldValueError(t("field.file_arg", label=req.id))
    return _store_file(path, store)


def _files_parse(req: FieldSpec, raw: str, store: FileStore | None) -> list[dict[str, Any]]:
    path = read_path(raw)
    if path is None:
        raise FieldValueError(t("field.files_arg", label=req.id))
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.is_file())
        if len(files) > FILES_CAP:
            raise FieldValueError(t("field.too_many_files", limit=FILES_CAP, count=len(files)))
        return [_store_file(p, store, str(p.relative_to(path))) for p in files]
    return [_store_file(path, store)]


def _files_schema(req: FieldSpec) -> dict[str, Any]:
    schema: dict[str, Any] = {
        "type": "array",
        "items": FileRef.model_json_schema(),
        "maxItems": FILES_CAP,
    }
    if req.required:
        schema["minItems"] = 1
    return schema


def _files_check(req: FieldSpec, value: Any) -> str | None:
    if req.required and not value:
        return t("field.required_file")
    if len(value) > FILES_CAP:
        return t("field.too_many_files", limit=FILES_CAP, count=len(value))
    return None


def _names(value: Any) -> str:
    refs = value if isinstance(value, list) else [value]
    names = [str(r.get("name") if isinstance(r, dict) else getattr(r, "name", r)) for r in refs]
    return ", ".join(names[:5]) + (" …" if len(names) > 5 else "")


FILE = FieldType(
    name="file",
    python_type=lambda _r: FileRef,
    json_schema=lambda _r: FileRef.model_json_schema(),
    check=lambda _r, _v: None,
    empty=None,
    sample=lambda _r: dict(_SAMPLE_FILE),
    parse=_file_parse,
    display=lambda _r, v: _names(v),
    widget=Widget.FILE,
    form_checks=_file_checks,
    files=True,
)
FILES = FieldType(
    name="files",
    python_type=lambda _r: list[FileRef],
    json_schema=_files_schema,
    check=_files_check,
    empty=[],
    sample=lambda _r: [dict(_SAMPLE_FILE)],
    parse=_files_parse,
    display=lambda _r, v: _names(v),
    widget=Widget.FILES,
    form_checks=_file_checks,
    files=True,
)
#: A folder's files, chosen as a folder.
FOLDER = replace(FILES, name="folder", widget=Widget.FOLDER)
