"""What a confirm form shows (`display` of `ui.interactive_input`): the plan declares it, the
form app renders it (`ui_app.display`).

A plan lists display items, each reading its data from the node's `context` by a dotted path:

    display:
      - { kind: counts, title: 件数, items: { findings.invoices: 請求書, findings.errors: エラー } }
      - { kind: findings, title: 指摘事項, source: finding_list }
      - kind: table
        title: 照合済
        source: matched
        columns:
          left.issuer_name: 取引先
          left.total: { label: 請求金額, format: yen }
          right.日付: { label: 支払日, format: date }

- `table`: one row per item of the list at `source`; `columns` maps a path inside a row to a
  label, or to `{label, format}`.
- `findings`: a table of findings (`severity`, `file`, `reason` unless `columns` says
  otherwise; a finding's `field` is an internal name), severities in words, errors first.
- `counts`: `items` maps a context path to a label (or `{label, format}`): metrics.
- `text`: the value at `source` as a paragraph.

Formats: `text`, `number` (`1,234`), `yen` (`¥1,234`, negatives `-¥1,234`), `date` and
`datetime` (in the configured zone, default Asia/Tokyo), `percent`, `boolean` (はい/いいえ).

`display_problems` is the static check (`keiri validate`): unknown keys, kinds and formats are
named with a did-you-mean. Pure functions; no streamlit here.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from keiri.base.catalog import t
from keiri.base.errors import suggest
from keiri.base.times import local_time

__all__ = [
    "DISPLAY_KINDS",
    "FORMATS",
    "Column",
    "DisplayItem",
    "DisplayProblem",
    "display_problems",
    "format_value",
    "lookup",
    "parse_display",
]

DisplayKind = Literal["table", "findings", "counts", "text"]
Format = Literal["text", "number", "yen", "date", "datetime", "percent", "boolean"]
DISPLAY_KINDS: tuple[str, ...] = get_args(DisplayKind)
#: The formats `format_value` writes a value in (a display column's, a table field column's).
FORMATS: tuple[str, ...] = get_args(Format)
_ITEM_KEYS = ("kind", "title", "source", "columns", "items", "max_rows", "collapsed")
_COLUMN_KEYS = ("label", "format")


class Column(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    path: str
    label: str
    format: Format = "text"


class DisplayItem(BaseModel):
    """One block of a confirm form's display."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: DisplayKind
    title: str = ""
    source: str = ""
    columns: list[Column] = Field(default_factory=list)
    items: list[Column] = Field(default_factory=list)
    max_rows: int = Field(default=200, ge=1, le=5000)
    collapsed: bool | None = None  # None: collapsed when the table is long

    def finding_columns(self) -> list[Column]:
        if self.columns:
            return self.columns
        return [
            Column(path="severity", label=t("display.col.severity")),
            Column(path="file", label=t("display.col.file")),
            Column(path="reason", label=t("display.col.reason")),
        ]


class DisplayProblem(BaseModel):
    """A problem with a plan's `display` (path relative to `display`)."""

    path: tuple[str | int, ...]
    message: str
    hint: str = ""


def _columns(raw: Any) -> list[dict[str, Any]]:
    """`{path: label | {label, format}}` (or a list of `{path, label, format}`) as dicts."""
    if isinstance(raw, list):
        return [c for c in raw if isinstance(c, dict)]
    if not isinstance(raw, dict):
        return []
    out: list[dict[str, Any]] = []
    for path, spec in raw.items():
        if isinstance(spec, dict):
            out.append({"path": str(path), **spec})
        else:
            out.append({"path": str(path), "label": str(spec)})
    return out


def parse_display(raw: Any) -> list[DisplayItem]:
    """The display items of a node's `display` input (invalid items are left out: the static
    check reports them)."""
    if not isinstance(raw, list):
        return []
    items: list[DisplayItem] = []
    for entry in raw:
        if not isinstance(entry, dict):
            continue
        data = {**entry}
        for key in ("columns", "items"):
            if key in data:
                data[key] = _columns(data[key])
        try:
            items.append(DisplayItem.model_validate(data))
        except ValidationError:
            continue
    return items


def _did_you_mean(name: str, known: tuple[str, ...]) -> str:
    close = suggest(name, known)
    if close:
        return t("issue.did_you_mean", names=", ".join(repr(c) for c in close))
    return t("issue.display.known", names=", ".join(known))


def display_problems(raw: Any, context_keys: list[str] | None = None) -> list[DisplayProblem]:
    """Every problem with a `display` list: unknown keys, kinds and formats (with a
    did-you-mean), a missing `source`, and sources outside the node's `context` keys (when
    they are known statically)."""
    if not isinstance(raw, list):
        return [DisplayProblem(path=(), message=t("issue.display.not_list"))]
    problems: list[DisplayProblem] = []
    for index, entry in enumerate(raw):
        if not isinstance(entry, dict):
            problems.append(DisplayProblem(path=(index,), message=t("issue.display.not_mapping")))
            continue
        for key in entry:
            if key not in _ITEM_KEYS:
                problems.append(
                    DisplayProblem(
                        path=(index, str(key)),
                        message=t("issue.display.unknown_key", name=repr(key)),
                        hint=_did_you_mean(str(key), _ITEM_KEYS),
                    )
                )
        kind = entry.get("kind")
        if kind not in DISPLAY_KINDS:
            problems.append(
                DisplayProblem(
                    path=(index, "kind"),
                    message=t("issue.display.unknown_kind", name=repr(kind)),
                    hint=_did_you_mean(str(kind), DISPLAY_KINDS),
                )
            )
        source = entry.get("source")
        if kind in ("table", "findings", "text") and not source:
            problems.append(
                DisplayProblem(
                    path=(index, "source"),
                    message=t("issue.display.no_source", kind=kind),
                    hint=t("issue.display.no_source_hint"),
                )
            )
        if kind == "counts" and not entry.get("items"):
            problems.append(
                DisplayProblem(
                    path=(index, "items"),
                    message=t("issue.display.no_items"),
                )
            )
        paths = [str(source)] if isinstance(source, str) and source else []
        for key in ("columns", "items"):
            raw_cols = entry.get(key)
            if raw_cols is not None and not isinstance(raw_cols, dict | list):
                problems.append(
                    DisplayProblem(
                        path=(index, key), message=t("issue.display.path_label", name=key)
                    )
                )
                continue
            for col in _columns(raw_cols):
                where = (index, key, str(col.get("path")))
                for ckey in col:
                    if ckey != "path" and ckey not in _COLUMN_KEYS:
                        problems.append(
                            DisplayProblem(
                                path=(*where, ckey),
                                message=t("issue.display.unknown_column_key", name=repr(ckey)),
                                hint=_did_you_mean(str(ckey), _COLUMN_KEYS),
                            )
                        )
                fmt = col.get("format", "text")
                if fmt not in FORMATS:
                    problems.append(
                        DisplayProblem(
                            path=(*where, "format"),
                            message=t("issue.display.unknown_format", name=repr(fmt)),
                            hint=_did_you_mean(str(fmt), FORMATS),
                        )
                    )
                if not col.get("label"):
                    problems.append(DisplayProblem(path=where, message=t("issue.display.no_label")))
                if key == "items":
                    paths.append(str(col.get("path")))
        if context_keys is not None:
            for path in paths:
                head = path.split(".", 1)[0]
                if head and head not in context_keys:
                    problems.append(
                        DisplayProblem(
                            path=(index, "source" if path == source else "items"),
                            message=t("issue.display.not_in_context", path=repr(path)),
                            hint=_did_you_mean(head, tuple(context_keys)),
                        )
                    )
    return problems


_MISSING = object()


def lookup(data: Any, path: str, default: Any = None) -> Any:
    """The value at a dotted path (`left.total`, `rows.0.name`); `default` when absent. A key
    that itself contains dots is found too (`right.日付` in a flat row)."""
    if not path:
        return data
    if isinstance(data, dict) and path in data:
        return data[path]
    current: Any = data
    for part in path.split("."):
        if isinstance(current, dict):
            current = current.get(part, _MISSING)
        elif isinstance(current, list) and part.isdigit() and int(part) < len(current):
            current = current[int(part)]
        else:
            return default
        if current is _MISSING:
            return default
    return current


def _number(value: Any) -> Decimal | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float | Decimal):
        try:
            return Decimal(str(value))
        except InvalidOperation:
            return None
    if isinstance(value, str):
        try:
            return Decimal(value.replace(",", "").strip())
        except InvalidOperation:
            return None
    return None


def _grouped(number: Decimal) -> str:
    if number == number.to_integral_value():
        return f"{int(number):,}"
    return f"{number:,.2f}"


def format_value(value: Any, fmt: str = "text") -> str:
    """A value as the form shows it (`¥120,000`, `2024-04-30`, `1,234`)."""
    if value is None or value == "":
        return "—"
    if fmt in ("yen", "number", "percent"):
        number = _number(value)
        if number is None:
            return str(value)
        if fmt == "percent":
            return f"{number * 100:.1f}%"
        text = _grouped(abs(number))
        sign = "-" if number < 0 else ""
        return f"{sign}¥{text}" if fmt == "yen" else f"{sign}{text}"
    if fmt in ("date", "datetime"):
        if isinstance(value, datetime) or (isinstance(value, str) and "T" in value):
            return local_time(value, "%Y-%m-%d" if fmt == "date" else "%Y-%m-%d %H:%M")
        if isinstance(value, date):
            return value.isoformat()
        return str(value)
    if fmt == "boolean" or isinstance(value, bool):
        return t("display.yes") if value else t("display.no")
    if isinstance(value, dict | list):
        import json

        return json.dumps(value, ensure_ascii=False, default=str)
    return str(value)
