"""The counterparty master as the counterparties page shows it (pure, no streamlit):
counterparties, rules and change-log lines as table rows with the catalog's column names, a
search over names, kana, codes and registration numbers, and what a change changed in words
(e.g. "default account: A → B")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from blocks.counterparties.csvio import COLUMNS
from blocks.counterparties.models import Change, Counterparty, Rule
from blocks.counterparties.names import kana_key, name_key
from blocks.journals.review import tax_names
from blocks.text.japanese import nfkc
from keiri.base.catalog import t
from keiri.base.times import local_time

__all__ = [
    "FIELD_LABELS",
    "change_rows",
    "change_text",
    "counterparty_rows",
    "matches",
    "rule_rows",
]

#: `Counterparty` field -> its Japanese column name (the CSV's header).
FIELD_LABELS: dict[str, str] = {field: column for column, field in COLUMNS.items()}
_ACTIONS = {
    "create": "parties.action.create",
    "update": "parties.action.update",
    "deactivate": "parties.action.deactivate",
}
_TARGETS = {"counterparty": "parties.target.counterparty", "rule": "parties.target.rule"}
_RULE_ACTIONS = {
    "register": "parties.rule.register",
    "suggest": "parties.rule.suggest",
    "ignore": "parties.rule.ignore",
}
_ORIGINS = {
    "manual": "parties.origin.manual",
    "learned": "parties.origin.learned",
    "imported": "parties.origin.imported",
}
_RULE_LABELS = {
    "counterparty_code": "parties.col.counterparty",
    "keyword": "parties.col.keyword",
    "action": "parties.col.action",
    "account": "parties.col.account",
    "tax_category": "parties.col.tax_category",
}


def matches(item: Counterparty, text: str) -> bool:
    """Whether a search text names `item`: its code, name (legal forms, width and spaces
    ignored), kana (as banks print it) or registration number (any part)."""
    wanted = nfkc(text).strip()
    if not wanted:
        return True
    upper = wanted.upper()
    keys = name_key(wanted)
    kana = kana_key(wanted)
    digits = upper.removeprefix("T")
    return (
        upper in item.code.upper()
        or (bool(keys) and keys in name_key(item.name))
        or (bool(kana) and kana in kana_key(item.kana or ""))
        or (len(digits) >= 4 and digits.isdigit() and digits in (item.registration_number or ""))
    )


def _tax(code: str | None) -> str:
    return tax_names().get(code, code) if code else ""


def counterparty_rows(items: Iterable[Counterparty]) -> list[dict[str, Any]]:
    rows = []
    for item in items:
        data = item.model_dump()
        data["default_tax_category"] = _tax(item.default_tax_category)
        rows.append({FIELD_LABELS[f]: data[f] or "" for f in FIELD_LABELS})
    return rows


def rule_rows(rules: Sequence[Rule], names: dict[str, str]) -> list[dict[str, Any]]:
    """Rules newest first: who made each (a person's correction, by hand, an import) and when."""
    return [
        {
            t("parties.col.id"): rule.id,
            t("parties.col.counterparty"): (
                f"{rule.counterparty_code} {names.get(rule.counterparty_code, '')}".strip()
                if rule.counterparty_code
                else ""
            ),
            t("parties.col.keyword"): rule.keyword or "",
            t("parties.col.action"): t(_RULE_ACTIONS[rule.action]),
            t("parties.col.account"): rule.account or "",
            t("parties.col.tax_category"): _tax(rule.tax_category),
            t("parties.col.origin"): t(_ORIGINS[rule.origin]),
            t("parties.col.by"): rule.created_by,
            t("parties.col.at"): local_time(rule.created_at) if rule.created_at else "",
            t("parties.col.note"): rule.note,
        }
        for rule in rules
    ]


def _label(target: str, field: str) -> str:
    if target == "counterparty" and field in FIELD_LABELS:
        return FIELD_LABELS[field]
    return t(_RULE_LABELS[field]) if field in _RULE_LABELS else field


def _shown(field: str, value: Any) -> str:
    if value is None or value == "":
        return t("parties.blank")
    if field in ("tax_category", "default_tax_category"):
        return _tax(str(value))
    return str(value)


def change_text(change: Change) -> str:
    """What one change did, in words."""
    before, after = change.before or {}, change.after or {}
    if change.action == "update":
        fields = [f for f in after if before.get(f) != after.get(f)]
        return t("parties.joiner").join(
            f"{_label(change.target, f)}: {_shown(f, before.get(f))} → {_shown(f, after.get(f))}"
            for f in fields
        )
    data = after if change.action == "create" else before
    wanted = (
        ("name", "default_account", "registration_number")
        if change.target == "counterparty"
        else ("counterparty_code", "keyword", "action", "account")
    )
    parts = []
    for field in wanted:
        value = data.get(field)
        if value in (None, ""):
            continue
        shown = t(_RULE_ACTIONS[value]) if field == "action" else _shown(field, value)
        parts.append(f"{_label(change.target, field)}: {shown}")
    return t("parties.joiner").join(parts)


def change_rows(changes: Sequence[Change]) -> list[dict[str, Any]]:
    """The change log, newest first: when (in the configured zone), who, what."""
    return [
        {
            t("parties.col.at"): local_time(change.at, "%Y-%m-%d %H:%M:%S"),
            t("parties.col.by"): change.who,
            t("parties.col.target"): t(_TARGETS[change.target]),
            t("parties.col.key"): change.key,
            t("parties.col.change"): t(_ACTIONS[change.action]),
            t("parties.col.what"): change_text(change),
        }
        for change in reversed(changes)
    ]
