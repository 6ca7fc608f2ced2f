"""The table field type (`table`): rows a person reads through and corrects — some columns
editable (one of a list of options, a check box, or free text), the others fixed.

A plan declares the rows (usually a reference to a block's output) as the field's `default`,
the column naming a row as `key` (default: the first column), and the columns:

    - id: entries
      type: table
      label: 仕訳
      required: false                    # left as it is = the rows as shown
      default: ${review_rows.rows}
      key: line_id
      columns:
        - { id: line_id, label: 仕訳 }
        - { id: amount, label: 金額, format: yen }
        - { id: account, label: 勘定科目, editable: true, options: ${review_rows.accounts} }
        - { id: register, label: 登録する, editable: true, format: boolean }

A column may say how wide it is shown (`width: small|medium|large` or pixels) and `hidden: true` keeps a
machine column (a row's id, usually the key) in the rows and the answer but off the screen.

The answer is a list of rows: every row of `default`, or only some of them — a row left out
stays as it was, so `--input NODE.entries=@rows.json` may name only the rows it changes. A row
names its `key`; it keeps every fixed value and adds no key of its own; an editable column
holds one of its `options` or the value the row had (`format: boolean`: true/false; otherwise
text). That is the JSON Schema the Prefect server evaluates (one sub-schema per row, `anyOf`)
and the check keiri runs; a row given twice is refused by keiri alone (no schema says it).
A table whose rows are not known yet (a reference, before the run resolves it) takes at most
`TABLE_CAP` rows, each naming its key.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict, ValidationError

from blocks.forms.display import FORMATS
from blocks.forms.field_type import (
    TEXT_CAP,
    FieldSpec,
    FieldType,
    FieldValueError,
    Widget,
    read_text,
)
from keiri.base.catalog import t

if TYPE_CHECKING:
    from blocks.sdk.store import FileStore

__all__ = ["TABLE", "TABLE_CAP", "TableColumn", "TableSpec", "json_equal", "table_spec"]

#: The most rows one table field holds (its schema has one sub-schema per row).
TABLE_CAP = 2_000
#: The most characters of a table's JSON (`--input NODE.FIELD=@rows.json`).
_JSON_CAP = 10_000_000


class TableColumn(BaseModel):
    """One column of a table field."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1)
    label: str = ""
    editable: bool = False
    options: list[Any] | None = None
    format: str = "text"
    help: str = ""
    width: Literal["small", "medium", "large"] | Annotated[int, Field(gt=0)] | None = None
    hidden: bool = False

    @property
    def title(self) -> str:
        return self.label or self.id

    @property
    def checkbox(self) -> bool:
        return self.editable and self.format == "boolean" and not self.options


@dataclass(frozen=True)
class TableSpec:
    """A table field's columns, key column and rows (None while the rows are a reference)."""

    columns: tuple[TableColumn, ...]
    key: str | None
    rows: list[dict[str, Any]] | None

    def column(self, column_id: str) -> TableColumn | None:
        return next((c for c in self.columns if c.id == column_id), None)

    def label_of(self, row: dict[str, Any], index: int) -> str:
        """How a row is named in a message: its key's value, else its position."""
        if self.key is not None and self.key in row:
            return str(row[self.key])
        return t("table.row_number", number=index + 1)


def _is_reference(value: Any) -> bool:
    return isinstance(value, str) and value.strip().startswith("${")


def _columns(raw: Any) -> tuple[list[TableColumn], list[tuple[tuple[str | int, ...], str]]]:
    """The columns of a declaration, and the (path, message) of each problem."""
    if not isinstance(raw, list) or not raw:
        return [], [(("columns",), t("table.no_columns"))]
    columns: list[TableColumn] = []
    problems: list[tuple[tuple[str | int, ...], str]] = []
    for index, item in enumerate(raw):
        data = dict(item) if isinstance(item, dict) else {"id": item}
        if _is_reference(data.get("options")):
            data["options"] = None  # resolved when the run reaches the form
        try:
            column = TableColumn.model_validate(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ("columns", index, *first["loc"])
            problems.append((where, t("table.bad_columns", detail=str(first["msg"]))))
            continue
        if column.format not in FORMATS:
            problems.append(
                (
                    ("columns", index, "format"),
                    t("table.bad_format", column=column.id, format=column.format),
                )
            )
        columns.append(column)
    return columns, problems


def _declaration(req: dict[str, Any]) -> list[tuple[tuple[str | int, ...], str]]:
    """The compiler's check of a table requirement: its columns, and its key among them."""
    if _is_reference(req.get("columns")):
        return []
    columns, problems = _columns(req.get("columns"))
    key = req.get("key")
    ids = [c.id for c in columns]
    if key is not None and columns and key not in ids:
        problems.append((("key",), t("table.bad_key", name=key, columns=", ".join(ids))))
    return problems


def table_spec(req: FieldSpec) -> TableSpec:
    """The table of a requirement; FieldValueError when its columns are malformed (a plan
    that passed `keiri validate` has well-formed columns)."""
    extra = req.model_extra or {}
    columns, problems = _columns(extra.get("columns"))
    if problems and extra.get("columns"):  # none at all: a table of fixed rows
        raise FieldValueError(problems[0][1])
    key = extra.get("key")
    if key is None and columns:
        key = columns[0].id
    rows = req.default if isinstance(req.default, list) else None
    if rows is not None and not all(isinstance(row, dict) for row in rows):
        rows = None
    return TableSpec(columns=tuple(columns), key=str(key) if key is not None else None, rows=rows)


# --- JSON equality, as jsonschema's `const` and `enum` compare ------------------------------


def json_equal(a: Any, b: Any) -> bool:
    """JSON equality: 1 == 1.0, true is not 1, lists and objects compared element-wise."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and bool(a == b)


def _canon(value: Any) -> str:
    """A text equal for JSON-equal values (1 and 1.0 alike): the index of rows by key."""

    def fold(item: Any) -> Any:
        if isinstance(item, bool) or item is None or isinstance(item, str):
            return item
        if isinstance(item, int | float):
            return float(item)
        if isinstance(item, list):
            return [fold(x) for x in item]
        if isinstance(item, dict):
            return {k: fold(v) for k, v in item.items()}
        return str(item)

    return json.dumps(fold(value), sort_keys=True, ensure_ascii=False)


def _allowed(column: TableColumn, original: Any) -> list[Any] | None:
    """The values an editable cell may take (None: any text)."""
    if column.options:
        values = list(column.options)
    elif column.format == "boolean":
        values = [True, False]
    else:
        return None
    if not any(json_equal(original, v) for v in values):
        values.append(original)
    return values


# --- schema and check -------------------------------------------------------------------------


def _cell_schema(column: TableColumn | None, original: Any) -> dict[str, Any]:
    if column is None or not column.editable:
        return {"const": original}
    allowed = _allowed(column, original)
    if allowed is not None:
        return {"enum": allowed}
    kinds = ["string", "null"] if original is None else ["string"]
    return {"type": kinds, "maxLength": TEXT_CAP}


def _row_schema(spec: TableSpec, row: dict[str, Any]) -> dict[str, Any]:
    names = list(row) + [c.id for c in spec.columns if c.editable and c.id not in row]
    properties = {name: _cell_schema(spec.column(name), row.get(name)) for name in names}
    schema: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
    }
    if spec.key is not None:
        schema["required"] = [spec.key]
    return schema


def _schema(req: FieldSpec) -> dict[str, Any]:
    spec = table_spec(req)
    if spec.rows is None:
        item: dict[str, Any] = {"type": "object"}
        if spec.key is not None:
            item["required"] = [spec.key]
        return {"type": "array", "maxItems": TABLE_CAP, "items": item}
    if not spec.rows:
        return {"type": "array", "maxItems": 0}
    return {
        "type": "array",
        "maxItems": len(spec.rows),
        "items": {"anyOf": [_row_schema(spec, row) for row in spec.rows]},
    }


def _index(spec: TableSpec) -> dict[str, dict[str, Any]]:
    key = spec.key
    return {_canon(row.get(key)): row for row in spec.rows or [] if key is not None and key in row}


def _cell_problem(
    spec: TableSpec, original: dict[str, Any], name: str, cell: Any, where: str
) -> str | None:
    column = spec.column(name)
    if column is None or not column.editable:
        if name not in original:
            return t("table.unknown_column", row=where, column=name)
        if not json_equal(cell, original[name]):
            title = column.title if column else name
            return t("table.fixed", row=where, column=title)
        return None
    allowed = _allowed(column, original.get(name))
    if allowed is not None:
        if any(json_equal(cell, v) for v in allowed):
            return None
        shown = ", ".join(t("table.none") if v is None else str(v) for v in allowed)
        return t("table.not_option", row=where, column=column.title, options=shown)
    if cell is None and original.get(name) is None:
        return None
    if not isinstance(cell, str):
        return t("table.not_text", row=where, column=column.title)
    if len(cell) > TEXT_CAP:
        return t("table.too_long", row=where, column=column.title, limit=TEXT_CAP)
    return None


def _check(req: FieldSpec, value: Any) -> str | None:
    spec = table_spec(req)
    limit = TABLE_CAP if spec.rows is None else len(spec.rows)
    if len(value) > limit:
        return t("table.too_many", limit=limit, count=len(value))
    index = _index(spec)
    for position, row in enumerate(value):
        where = spec.label_of(row, position)
        if spec.key is not None and spec.key not in row:
            return t("table.no_key", row=where, column=_column_title(spec, spec.key))
        if spec.rows is None:
            continue
        if spec.key is not None:
            found = index.get(_canon(row.get(spec.key)))
            candidates = [] if found is None else [found]
        else:  # no key: the row must fit one of the rows (the schema's anyOf)
            candidates = spec.rows
        problems = [_row_problem(spec, original, row, where) for original in candidates]
        if None not in problems:
            return problems[0] if problems else t("table.unknown_row", row=where)
    return None


def _row_problem(
    spec: TableSpec, original: dict[str, Any], row: dict[str, Any], where: str
) -> str | None:
    for name, cell in row.items():
        problem = _cell_problem(spec, original, name, cell, where)
        if problem is not None:
            return problem
    return None


def _column_title(spec: TableSpec, column_id: str) -> str:
    column = spec.column(column_id)
    return column.title if column else column_id


def _form_checks(req: FieldSpec, value: Any) -> list[str]:
    """A row given twice (by its key): no JSON Schema says "unique by one property"."""
    spec = table_spec(req)
    if spec.key is None:
        return []
    seen: set[str] = set()
    for position, row in enumerate(value):
        canon = _canon(row.get(spec.key))
        if canon in seen:
            return [t("table.twice", row=spec.label_of(row, position))]
        seen.add(canon)
    return []


def _parse(_req: FieldSpec, raw: str, _store: FileStore | None) -> list[dict[str, Any]]:
    """`@rows.json` (or the JSON itself): a list of rows, each an object."""
    text = read_text(raw, _JSON_CAP)
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FieldValueError(t("table.not_json", line=exc.lineno, detail=exc.msg)) from None
    if not isinstance(value, list) or not all(isinstance(row, dict) for row in value):
        raise FieldValueError(t("table.not_rows"))
    return value


def _sample(req: FieldSpec) -> list[dict[str, Any]]:
    rows = req.default if isinstance(req.default, list) else []
    return [dict(row) for row in rows if isinstance(row, dict)]


def _display(_req: FieldSpec, value: Any) -> str:
    return t("table.display", rows=len(value) if isinstance(value, list) else 0)


def _default_ok(value: Any, _options: list[Any]) -> bool:
    """Rows (a list of objects), or a reference to them (checked when the run resolves it)."""
    if isinstance(value, str):
        return _is_reference(value)
    return isinstance(value, list) and all(isinstance(row, dict) for row in value)


TABLE = FieldType(
    name="table",
    python_type=lambda _r: Annotated[list[dict[str, Any]], Strict()],
    json_schema=_schema,
    check=_check,
    empty=[],
    sample=_sample,
    parse=_parse,
    display=_display,
    widget=Widget.TABLE,
    form_checks=_form_checks,
    default_ok=_default_ok,
    declaration=_declaration,
)
