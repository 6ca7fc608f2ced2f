"""`excel.write`: write records into a template (kept intact) or a new workbook.

`data` is a list of records, or an object: `{"sheets": {"シート名": [...]}}` writes one table
per named sheet; any other object writes each of its list values (`{"items": [...]}`), and its
other keys are listed in `write_summary.skipped_keys`. `output_config` says where and how
(see the block spec). The template is only read; the result is a new stored file.
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePath
from typing import Any, cast

from blocks.excel.excel_manager import Column, TableWrite, rows_from_records, write_tables
from blocks.excel.report_words import with_words, word_columns
from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError, ErrorCode
from blocks.sdk.fileref import FileRef
from keiri.base.catalog import t

__all__ = ["WriteBlock", "columns_for", "tables_from_data"]

_XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
_XLSM = "application/vnd.ms-excel.sheet.macroEnabled.12"
_SHEET_KEYS = ("sheet", "source", "start_cell", "columns", "header", "mode")


def _invalid(field: str, message: str, hint: str, value: Any = None) -> BlockError:
    details: dict[str, Any] = {"field": field}
    if value is not None:
        details["actual_value"] = value
    return BlockError(ErrorCode.INPUT_VALIDATION_FAILED, message, details=details, hint=hint)


def tables_from_data(data: Any) -> tuple[list[tuple[str | None, list[Any]]], list[str], bool]:
    """(source key, records) per table, the skipped keys, and whether keys name sheets."""
    if isinstance(data, list):
        return [(None, data)], [], False
    if not isinstance(data, Mapping):
        raise _invalid("data", t("runtime.excel.data_shape"), t("runtime.excel.no_records_hint"))
    sheets = data.get("sheets")
    if isinstance(sheets, Mapping) and set(data) == {"sheets"}:
        tables = []
        for name, rows in sheets.items():
            if not isinstance(rows, list):
                raise _invalid(
                    f"data.sheets.{name}",
                    t("runtime.excel.sheet_not_list", name=name),
                    t("runtime.excel.sheet_not_list_hint"),
                )
            tables.append((str(name), rows))
        return cast(list[tuple[str | None, list[Any]]], tables), [], True
    tables = [(str(k), v) for k, v in data.items() if isinstance(v, list)]
    if not tables:
        raise _invalid(
            "data",
            t("runtime.excel.no_records", keys=", ".join(map(str, data)) or "-"),
            t("runtime.excel.no_records_hint"),
        )
    skipped = [str(k) for k, v in data.items() if not isinstance(v, list)]
    return cast(list[tuple[str | None, list[Any]]], tables), skipped, False


def _discover_keys(records: Sequence[Any], where: str) -> list[str]:
    """Every key in first-seen order; non-empty nested objects become dotted keys."""
    keys: dict[str, None] = {}
    previous: Any = None
    for index, record in enumerate(records):
        if not isinstance(record, Mapping):
            raise _invalid(
                f"{where}[{index}]",
                t(
                    "runtime.excel.row_not_object",
                    where=f"{where}[{index}]",
                    kind=type(record).__name__,
                ),
                t("runtime.excel.row_not_object_hint"),
            )
        if dict in map(type, record.values()):
            for key, value in record.items():
                if type(value) is dict and value:
                    for sub in _discover_keys([value], where):
                        keys.setdefault(f"{key}.{sub}")
                else:
                    keys.setdefault(str(key))
        elif record.keys() != previous:  # rows usually share their keys: skip the repeats
            keys.update(dict.fromkeys(map(str, record)))
            previous = record.keys()
    return list(keys)


def columns_for(spec: Any, records: Sequence[Any], where: str) -> list[Column]:
    """Columns from `columns` (list of keys, or key -> label / {header, type, number_format,
    words, code_header}: `blocks.excel.report_words`)."""
    if spec is None:
        return [Column(k, k) for k in _discover_keys(records, where)]
    if isinstance(spec, list):
        return [Column(str(k), str(k)) for k in spec]
    columns = []
    for key, label in cast(Mapping[str, Any], spec).items():
        if isinstance(label, Mapping) and label.get("words"):
            columns += word_columns(str(key), label, label.get("type", "auto"))
        elif isinstance(label, Mapping):
            columns.append(
                Column(
                    str(key),
                    str(label.get("header", key)),
                    label.get("type", "auto"),
                    label.get("number_format"),
                )
            )
        else:
            columns.append(Column(str(key), str(label if label is not None else key)))
    return columns


def _sheet_configs(
    config: Mapping[str, Any], tables: list[tuple[str | None, list[Any]]], named: bool
) -> tuple[list[tuple[dict[str, Any], str | None, list[Any]]], list[str]]:
    """Pair every table to write with its merged sheet config; unselected sources skip."""
    base = {k: config[k] for k in _SHEET_KEYS if k in config and k not in ("sheet", "source")}
    by_source = dict(tables)
    entries = config.get("sheets")
    if entries is None:
        if config.get("sheet") is not None and len(tables) > 1:
            raise _invalid(
                "output_config.sheet",
                t("runtime.excel.one_sheet_many_tables", count=len(tables)),
                t("runtime.excel.one_sheet_many_tables_hint"),
            )
        out = []
        for source, rows in tables:
            sheet = config.get("sheet") or (source if named or len(tables) > 1 else None)
            out.append(({**base, "sheet": sheet}, source, rows))
        return out, []
    out, used = [], set()
    for index, entry in enumerate(entries):
        source = entry.get("source")
        if source is None and len(tables) == 1:
            source = tables[0][0]
        if source not in by_source:
            raise _invalid(
                f"output_config.sheets[{index}].source",
                t("runtime.excel.unknown_source", index=index, source=repr(source)),
                t("runtime.excel.known_sources", sources=", ".join(str(s) for s, _ in tables)),
                source,
            )
        used.add(source)
        merged = {**base, **{k: entry[k] for k in _SHEET_KEYS if k in entry}}
        merged["sheet"] = entry.get("sheet") or source
        out.append((merged, source, by_source[source]))
    return out, [str(s) for s, _ in tables if s not in used]


def _file_name(config: Mapping[str, Any], template: FileRef | None) -> str:
    """The result's name: `.xlsm` exactly when the template is a macro workbook (its VBA is
    kept), `.xlsx` otherwise — Excel refuses a file whose extension lies about its content."""
    suffix = ".xlsm" if template and template.name.lower().endswith(".xlsm") else ".xlsx"
    name = config.get("file_name")
    if name is None:
        return f"{PurePath(template.name).stem}_output{suffix}" if template else f"output{suffix}"
    name = str(name)
    if PurePath(name).name != name or PurePath(name).suffix.lower() != suffix:
        raise _invalid(
            "output_config.file_name",
            t("runtime.excel.file_name", name=repr(name), suffix=suffix),
            t("runtime.excel.file_name_hint", suffix=suffix),
            name,
        )
    return name


class WriteBlock(Block):
    """Write tables of records; outputs `write_summary` and the stored `output_file`."""

    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        config: Mapping[str, Any] = inputs.get("output_config") or {}
        template = FileRef.model_validate(inputs["workbook"]) if inputs.get("workbook") else None
        tables, skipped, named = tables_from_data(inputs["data"])
        selected, unselected = _sheet_configs(config, tables, named)
        file_name = _file_name(config, template)
        template_path = ctx.file_store.path(template) if template else None
        writes = []
        for sheet_config, source, records in selected:
            where = "data" if source is None else f"data.{source}"
            columns = columns_for(sheet_config.get("columns"), records, where)
            rows = with_words(records, columns)
            writes.append(
                TableWrite(
                    sheet=sheet_config["sheet"],
                    columns=columns,
                    rows=rows_from_records(rows, columns, where),
                    row_count=len(rows),
                    start_cell=str(sheet_config.get("start_cell", "A1")),
                    header=bool(sheet_config.get("header", True)),
                    mode=sheet_config.get("mode", "replace"),
                    source=source,
                )
            )
        with tempfile.TemporaryDirectory(prefix="keiri-excel-") as tmp:
            out_path = Path(tmp) / "out.xlsx"
            sheets, warnings, engine = write_tables(
                out_path,
                writes,
                template=template_path,
                template_name=template.name if template else "",
            )
            media = _XLSM if file_name.lower().endswith(".xlsm") else _XLSX
            output = ctx.file_store.put_file(out_path, file_name, media)
        summary = {
            "file_name": file_name,
            "template": template.name if template else None,
            "engine": engine,
            "mode": config.get("mode", "replace"),
            "sheets": [s.to_dict() for s in sheets],
            "rows_written": sum(s.rows for s in sheets),
            "skipped_keys": skipped + unselected,
            "warnings": warnings,
        }
        ctx.emit("excel_written", file=file_name, rows=summary["rows_written"])
        return {"write_summary": summary, "output_file": output.model_dump(mode="json")}
