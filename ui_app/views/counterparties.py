"""The counterparties page: the counterparty master of the keiri home (`blocks.counterparties.store`) — the list
with a search (name, kana, code, registration number), adding and editing one (every save is
a line of the append-only change log with who and when, shown below the form and on its own
tab), the account rules learned from people's corrections, and CSV import (all rows checked
first, nothing saved unless every row is good) and export (UTF-8 with a BOM or Shift_JIS).

Who acts is the session's user (`ui_app.auth.current_user`), never a form field.
"""

from __future__ import annotations

from typing import Any, get_args

import streamlit as st
from pydantic import ValidationError

from blocks.counterparties.csvio import read_csv, write_csv
from blocks.counterparties.models import Counterparty
from blocks.counterparties.store import CounterpartyStore
from blocks.journals.review import account_options, tax_names
from keiri.base.catalog import t
from keiri.base.errors import KeiriError
from keiri.base.errors.pydantic_text import pydantic_message
from keiri.base.times import local_time
from ui_app.auth import current_user
from ui_app.errors import render_error
from ui_app.party_records import (
    FIELD_LABELS,
    change_rows,
    counterparty_rows,
    matches,
    rule_rows,
)

__all__ = ["NEW", "SAVED", "import_csv", "render", "save"]

#: The choice of the edit tab that adds a counterparty.
NEW = "__new__"
#: Session key of the last save's message (shown once after the rerun).
SAVED = "parties::saved"
#: The bank account kinds the model allows (its `Literal`), none first.
_ACCOUNT_TYPES: list[str | None] = [
    None,
    *(
        str(kind)
        for kind in get_args(get_args(Counterparty.model_fields["account_type"].annotation)[0])
    ),
]
_TEXT_FIELDS = ("name", "kana", "registration_number", "payment_terms")
_BANK_FIELDS = ("bank_name", "bank_branch", "account_number", "account_holder")


def save(values: dict[str, Any], is_new: bool, who: str) -> list[str]:
    """Validate and save one counterparty; the problems, one per field, when it cannot be."""
    data = {key: value for key, value in values.items() if value not in ("", None)}
    data.setdefault("code", values.get("code") or "")
    try:
        item = Counterparty.model_validate(data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            field = str(err["loc"][0]) if err["loc"] else ""
            label = FIELD_LABELS.get(field, field)
            problems.append(t("parties.field_problem", field=label, message=pydantic_message(err)))
        return problems
    try:
        with CounterpartyStore() as store:
            if is_new and store.get(item.code) is not None:
                return [t("parties.code_taken", code=item.code)]
            action = store.save(item, who)
    except KeiriError as exc:
        return [exc.message]
    st.session_state[SAVED] = t(
        {
            "create": "parties.saved.create",
            "update": "parties.saved.update",
            "same": "parties.saved.same",
        }[action],
        code=item.code,
        name=item.name,
        by=who,
    )
    return []


def import_csv(data: bytes, name: str, who: str) -> dict[str, int]:
    """Every row checked first (COUNTERPARTY_INVALID naming every problem), then saved at once."""
    items = read_csv(data, name)
    with CounterpartyStore() as store:
        actions = store.save_many(items, who)
    return {action: actions.count(action) for action in ("create", "update", "same")}


def _list_tab(items: list[Counterparty]) -> None:
    text = st.text_input(
        t("parties.search"), key="parties::search", placeholder=t("parties.search_hint")
    )
    shown = [item for item in items if matches(item, text)]
    st.caption(t("parties.count", shown=len(shown), total=len(items)))
    if shown:
        st.dataframe(counterparty_rows(shown), hide_index=True, width="stretch")


def _edit_form(current: Counterparty | None, who: str) -> None:
    is_new = current is None
    data = current.model_dump() if current else {}
    taxes = tax_names()
    accounts = account_options(
        "yayoi", [data["default_account"]] if data.get("default_account") else []
    )
    with st.form(key=f"parties::edit::{data.get('code') or NEW}", border=True):
        values: dict[str, Any] = {"code": st.text_input(
            FIELD_LABELS["code"], value=data.get("code") or "", disabled=not is_new,
            help=t("parties.code_help"),
        )}  # fmt: skip
        for field in _TEXT_FIELDS:
            values[field] = st.text_input(FIELD_LABELS[field], value=data.get(field) or "")
        left, right = st.columns(2)
        account = data.get("default_account")
        values["default_account"] = left.selectbox(
            FIELD_LABELS["default_account"], [None, *accounts],
            index=[None, *accounts].index(account) if account in accounts else 0,
            format_func=lambda name: t("parties.none") if name is None else name,
        )  # fmt: skip
        codes = [None, *(code for code in taxes if code.startswith("purchase_"))]
        tax = data.get("default_tax_category")
        values["default_tax_category"] = right.selectbox(
            FIELD_LABELS["default_tax_category"], codes,
            index=codes.index(tax) if tax in codes else 0,
            format_func=lambda code: t("parties.by_invoice") if code is None else taxes[code],
        )  # fmt: skip
        bank = st.columns(2)
        for index, field in enumerate(_BANK_FIELDS):
            values[field] = bank[index % 2].text_input(
                FIELD_LABELS[field], value=data.get(field) or ""
            )
        kind = data.get("account_type")
        values["account_type"] = st.selectbox(
            FIELD_LABELS["account_type"], _ACCOUNT_TYPES,
            index=_ACCOUNT_TYPES.index(kind) if kind in _ACCOUNT_TYPES else 0,
            format_func=lambda name: t("parties.none") if name is None else name,
        )  # fmt: skip
        submitted = st.form_submit_button(t("parties.save"), type="primary")
    if submitted:
        for problem in save(values, is_new, who):
            st.error(problem, icon=":material/warning:")
        if SAVED in st.session_state:
            st.rerun()


def _edit_tab(items: list[Counterparty], who: str) -> None:
    by_code = {item.code: item for item in items}
    choice = st.selectbox(
        t("parties.choose"),
        [NEW, *by_code],
        key="parties::choice",
        format_func=lambda code: (
            t("parties.new") if code == NEW else f"{code} {by_code[code].name}"
        ),
    )
    current = by_code.get(choice)
    _edit_form(current, who)
    if current is None:
        return
    with CounterpartyStore() as store:
        changes = store.changes(target="counterparty", key=current.code)
    st.markdown(f"**{t('parties.history', code=current.code)}**")
    if changes:
        last = changes[-1]
        st.caption(t("parties.last_change", by=last.who, at=local_time(last.at, "%Y-%m-%d %H:%M")))
        st.dataframe(change_rows(changes), hide_index=True, width="stretch")


def _csv_tab(items: list[Counterparty], who: str) -> None:
    st.markdown(f"**{t('parties.import')}**")
    st.caption(t("parties.import_help"))
    upload = st.file_uploader(t("parties.import_file"), type=["csv"], key="parties::upload")
    if st.button(t("parties.import_button"), disabled=upload is None, key="parties::import"):
        try:
            counts = import_csv(
                upload.getvalue() if upload else b"", upload.name if upload else "", who
            )
        except KeiriError as exc:
            render_error(exc, key="parties::import-error")
        else:
            st.session_state[SAVED] = t(
                "parties.imported",
                by=who,
                create=counts["create"],
                update=counts["update"],
                same=counts["same"],
            )
            st.rerun()
    st.markdown(f"**{t('parties.export')}**")
    encoding = st.radio(
        t("parties.encoding"), ["utf-8-sig", "cp932"], horizontal=True, key="parties::encoding",
        format_func=lambda name: t("parties.utf8") if name == "utf-8-sig" else t("parties.sjis"),
    )  # fmt: skip
    st.download_button(
        t("parties.export_button", count=len(items)),
        data=write_csv(items, "cp932" if encoding == "cp932" else "utf-8-sig"),
        file_name=t("parties.export_name"),
        mime="text/csv",
        key="parties::download",
        on_click="ignore",
        icon=":material/download:",
    )


def render() -> None:
    st.title(t("parties.title"))
    st.caption(t("parties.intro"))
    try:
        who = current_user()
        with CounterpartyStore() as store:
            items = store.counterparties()
            rules = store.rules()
            changes = store.changes()
    except KeiriError as exc:
        render_error(exc, key="parties")
        return
    saved = st.session_state.pop(SAVED, None)
    if saved:
        st.success(saved, icon=":material/check_circle:")
    tabs = st.tabs([t("parties.tab.list"), t("parties.tab.edit"), t("parties.tab.rules"),
                    t("parties.tab.log"), t("parties.tab.csv")])  # fmt: skip
    with tabs[0]:
        _list_tab(items)
    with tabs[1]:
        _edit_tab(items, who)
    with tabs[2]:
        st.caption(t("parties.rules_help"))
        names = {item.code: item.name for item in items}
        if rules:
            st.dataframe(rule_rows(rules, names), hide_index=True, width="stretch")
        else:
            st.info(t("parties.no_rules"), icon=":material/school:")
    with tabs[3]:
        if changes:
            st.dataframe(change_rows(changes), hide_index=True, width="stretch")
        else:
            st.info(t("parties.no_changes"), icon=":material/history:")
    with tabs[4]:
        _csv_tab(items, who)


if __name__ == "__main__":  # run as a page by st.navigation
    render()
