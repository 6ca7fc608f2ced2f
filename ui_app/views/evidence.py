"""The evidence search page: the archive of the keiri home (`blocks.archive`) searched with the
filters of `keiri evidence search` (transaction date range, amount range, counterparty name or
registration number, document kind; any combination), the results as a table, a preview of the
chosen file (a PDF's first page as an image through pypdfium2, images as images, the text of
the rest), its download, and the registry's answer for its registration number with the
attribution the NTA requires wherever its data is shown.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import streamlit as st

from blocks.archive.archive import EvidenceArchive
from blocks.archive.export import KINDS, kind_label
from blocks.archive.index import EvidenceRecord
from blocks.archive.search import Filters, search
from blocks.registration.lookup import Query, Registry
from keiri.base.catalog import t
from keiri.base.errors import KeiriError
from keiri.base.times import local_time
from ui_app.errors import render_error

__all__ = ["FILTERS", "filters_of", "render", "render_preview"]

#: Session key of the filters of the last search.
FILTERS = "search::filters"
_TEXT_LIMIT = 5000
_STATUS = {
    "registered": "registry.status.registered",
    "not_yet_registered": "registry.status.not_yet_registered",
    "cancelled": "registry.status.cancelled",
    "expired": "registry.status.expired",
    "unknown": "registry.status.unknown",
    "unknown_number": "registry.status.unknown_number",
    "invalid_format": "registry.status.invalid_format",
}
_TEXT_TYPES = ("application/json", "application/xml", "application/csv")


def _day(value: Any) -> str | None:
    return value.isoformat() if isinstance(value, dt.date) else None


def filters_of(values: dict[str, Any]) -> tuple[Filters | None, list[str]]:
    """The form's values as search filters, or the problems (a range that ends first)."""
    problems = []
    date_from, date_to = _day(values.get("date_from")), _day(values.get("date_to"))
    if date_from and date_to and date_from > date_to:
        problems.append(t("search.bad_range", what=t("search.what.date")))
    low, high = values.get("amount_min"), values.get("amount_max")
    if low is not None and high is not None and low > high:
        problems.append(t("search.bad_range", what=t("search.what.amount")))
    if problems:
        return None, problems
    party = str(values.get("party") or "").strip()
    return Filters(
        date_from=date_from,
        date_to=date_to,
        amount_min=low,
        amount_max=high,
        party=party or None,
        kind=values.get("kind") or None,
    ), []


def _form() -> None:
    with st.form("search::form", border=True):
        left, right = st.columns(2)
        values: dict[str, Any] = {
            "date_from": left.date_input(t("search.date_from"), value=None, key="search::from"),
            "date_to": right.date_input(t("search.date_to"), value=None, key="search::to"),
            "amount_min": left.number_input(
                t("search.amount_min"), min_value=0, value=None, step=1000, key="search::min"
            ),
            "amount_max": right.number_input(
                t("search.amount_max"), min_value=0, value=None, step=1000, key="search::max"
            ),
            "party": left.text_input(t("search.party"), key="search::party"),
            "kind": right.selectbox(
                t("search.kind"),
                [None, *KINDS],
                format_func=lambda kind: t("search.any_kind") if kind is None else kind_label(kind),
                key="search::kind",
            ),
        }
        submitted = st.form_submit_button(
            t("search.submit"), type="primary", icon=":material/search:"
        )
    if submitted:
        filters, problems = filters_of(values)
        for problem in problems:
            st.error(problem, icon=":material/warning:")
        if filters is not None:
            st.session_state[FILTERS] = filters


def _yen(amount: float | None) -> str:
    if amount is None:
        return ""
    return f"¥{int(amount):,}" if float(amount).is_integer() else f"¥{amount:,}"


def _rows(records: list[EvidenceRecord]) -> list[dict[str, Any]]:
    return [
        {
            t("archive.col.id"): record.id,
            t("archive.col.date"): record.transaction_date or "",
            t("archive.col.amount"): _yen(record.amount),
            t("archive.col.party"): record.party_name or "",
            t("archive.col.number"): record.party_number or "",
            t("archive.col.kind"): kind_label(record.kind),
            t("archive.col.file"): record.file_name,
            t("search.col.entries"): ", ".join(record.journal_entries),
            t("search.col.runs"): ", ".join(run[:8] for run in record.runs),
        }
        for record in records
    ]


def _pdf_page(data: bytes, name: str) -> None:
    import pypdfium2

    document = pypdfium2.PdfDocument(data)
    try:
        page = document[0]
        try:
            image = page.render(scale=1.5).to_pil()
        finally:
            page.close()
        st.image(image, caption=t("search.pdf_page", file=name, pages=len(document)))
    finally:
        document.close()


def _text(data: bytes) -> str:
    for encoding in ("utf-8-sig", "cp932"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("utf-8", errors="replace")


def render_preview(record: EvidenceRecord, data: bytes) -> None:
    """The file as a person would look at it, or why it cannot be shown."""
    media = record.media_type
    try:
        if media == "application/pdf":
            _pdf_page(data, record.file_name)
        elif media.startswith("image/"):
            st.image(data, caption=record.file_name)
        elif media.startswith("text/") or media in _TEXT_TYPES:
            text = _text(data)
            st.code(text[:_TEXT_LIMIT], language=None, wrap_lines=True)
            if len(text) > _TEXT_LIMIT:
                st.caption(t("search.cut", chars=f"{_TEXT_LIMIT:,}"))
        else:
            st.info(t("search.no_preview", media=media), icon=":material/visibility_off:")
    except (OSError, ValueError, RuntimeError) as exc:  # a damaged file (PdfiumError, PIL)
        st.warning(t("search.unreadable", detail=type(exc).__name__), icon=":material/warning:")


def _registry(record: EvidenceRecord) -> None:
    if not record.party_number:
        return
    query = Query(record.party_number, record.transaction_date, record.party_name)
    with Registry.from_settings(online=False, allow_empty=True) as registry:
        answer = registry.check([query])[0]
    st.markdown(t("search.registry", number=answer.number, status=t(_STATUS[answer.status])))
    if answer.registered_name:
        st.caption(t("search.registry_name", name=answer.registered_name))
    if answer.name_matches is False:
        st.warning(
            t("search.name_differs", name=record.party_name, published=answer.registered_name),
            icon=":material/warning:",
        )
    st.caption(answer.reason)
    if answer.attribution:
        st.caption(answer.attribution)


def _details(archive: EvidenceArchive, records: list[EvidenceRecord]) -> None:
    by_id = {record.id: record for record in records}
    choice = st.selectbox(
        t("search.choose"),
        list(by_id),
        key="search::choice",
        format_func=lambda key: t(
            "search.option",
            id=key,
            date=by_id[key].transaction_date or "",
            party=by_id[key].party_name or "",
            file=by_id[key].file_name,
        ),
    )
    record = by_id[choice if choice in by_id else records[0].id]
    data = archive.file_path(record).read_bytes()
    st.subheader(t("search.preview", file=record.file_name), divider="gray")
    st.download_button(
        t("search.download", file=record.file_name),
        data=data,
        file_name=record.file_name,
        mime=record.media_type,
        key=f"search::download::{record.id}",
        on_click="ignore",
        icon=":material/download:",
        type="primary",
    )
    st.caption(
        t(
            "search.kept",
            at=local_time(record.added_at),
            by=record.added_by,
            until=record.keep_until,
            sha=record.sha256[:16],
        )
    )
    _registry(record)
    render_preview(record, data)


def render() -> None:
    st.title(t("search.title"))
    st.caption(t("search.intro"))
    _form()
    filters = st.session_state.get(FILTERS, Filters())
    try:
        archive = EvidenceArchive()
        with archive.connect() as conn:
            records = search(conn, filters)
            anything = bool(records) or bool(
                conn.execute("SELECT 1 FROM records LIMIT 1").fetchone()
            )
        if not anything:
            st.info(t("search.empty_archive"), icon=":material/inventory_2:")
            return
        if not records:
            st.info(t("search.none"), icon=":material/search_off:")
            return
        st.caption(t("search.found", count=len(records)))
        st.dataframe(_rows(records), hide_index=True, width="stretch")
        _details(archive, records)
    except KeiriError as exc:
        render_error(exc, key="search")


if __name__ == "__main__":  # run as a page by st.navigation
    render()
