"""Account and tax-category names per product: keiri's names and codes -> the product's.

The defaults are `charts/<chart>.yaml` (the products' standard charts of accounts); the file
named by `KEIRI_JOURNAL_ACCOUNT_MAP` is read over them, product by product:

    yayoi:
      accounts: { 研修費: 研修採用費 }
      tax_categories: { purchase_10: 課対仕入内10% }

An entry whose account or tax category the chart lacks is refused at export
(ACCOUNT_NOT_MAPPED, every missing name listed with the closest names the chart has).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from blocks.journals.model import Entry
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base import settings
from keiri.base.catalog import t
from keiri.base.errors import did_you_mean

__all__ = ["Chart", "load_chart", "require_mapped"]


@dataclass(frozen=True)
class Chart:
    name: str
    accounts: dict[str, str] | None  # None: any account passes as it is
    tax_categories: dict[str, str]
    invoice: dict[int, str] = field(default_factory=dict)

    def account(self, name: str) -> str:
        return name if self.accounts is None else self.accounts[name]

    def tax_category(self, code: str) -> str:
        return self.tax_categories[code]


def _unreadable(where: str, detail: object) -> BlockError:
    """A chart or the account map that does not read (as a file or as YAML)."""
    return BlockError(
        ErrorCode.CONFIG_INVALID,
        t("journal.map.unreadable", path=where, detail=detail),
        details={"path": where},
        hint=t("journal.map.hint"),
    )


def _read_yaml(text: str, where: str) -> Any:
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise _unreadable(where, exc) from exc


def _overrides(product: str) -> dict[str, Any]:
    path: Path | None = settings.get().journals.account_map
    if path is None:
        return {}
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise _unreadable(str(path), exc.strerror or exc) from exc
    data = _read_yaml(text, str(path)) or {}
    section = data.get(product) if isinstance(data, dict) else None
    if section is not None and not isinstance(section, dict):
        raise BlockError(
            ErrorCode.CONFIG_INVALID,
            t("journal.map.not_mapping", path=path, product=product),
            details={"path": str(path), "product": product},
            hint=t("journal.map.hint"),
        )
    return section or {}


def load_chart(name: str) -> Chart:
    """The chart `name` (`yayoi`, `mf`, `freee`, `generic`) with the configured overrides."""
    text = resources.files("blocks.journals").joinpath("charts", f"{name}.yaml").read_text("utf-8")
    data = _read_yaml(text, f"charts/{name}.yaml")
    extra = _overrides(name)
    listed = data.get("accounts")  # "*": any account passes
    accounts = (
        {str(k): str(v) for k, v in {**listed, **(extra.get("accounts") or {})}.items()}
        if isinstance(listed, dict)
        else None
    )
    return Chart(
        name=name,
        accounts=accounts,
        tax_categories={
            str(k): str(v)
            for k, v in {
                **data.get("tax_categories", {}),
                **(extra.get("tax_categories") or {}),
            }.items()
        },
        invoice={
            int(k): str(v)
            for k, v in {**(data.get("invoice") or {}), **(extra.get("invoice") or {})}.items()
        },
    )


def require_mapped(entries: Sequence[Entry], chart: Chart, label: str) -> None:
    """ACCOUNT_NOT_MAPPED listing every account and tax category of `entries` the chart
    lacks (with the entries using it and the closest names it has)."""
    missing: dict[tuple[str, str], list[str]] = {}
    for entry in entries:
        for line in entry.lines:
            if chart.accounts is not None and line.account not in chart.accounts:
                missing.setdefault(("account", line.account), []).append(entry.id)
            if line.tax_category not in chart.tax_categories:
                missing.setdefault(("tax_category", line.tax_category), []).append(entry.id)
    if not missing:
        return
    problems = []
    for (kind, name), ids in missing.items():
        known = chart.accounts or {} if kind == "account" else chart.tax_categories
        problems.append(
            t(
                "journal.map.missing_account" if kind == "account" else "journal.map.missing_tax",
                name=name,
                entries=", ".join(sorted(set(ids))[:5]),
                close=did_you_mean(name, known),
            )
        )
    raise BlockError(
        ErrorCode.ACCOUNT_NOT_MAPPED,
        t("journal.map.missing", product=label, count=len(problems), problems="; ".join(problems)),
        details={
            "product": chart.name,
            "missing": [{"kind": k, "name": n, "entries": ids} for (k, n), ids in missing.items()],
        },
        hint=t("journal.map.missing_hint", chart=chart.name),
    )
