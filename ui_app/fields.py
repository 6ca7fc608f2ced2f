"""One widget per kind of field (seed 000 §3): each field type names its widget
(`FieldType.widget`, `blocks.forms.field_types.FIELD_TYPES`) and `WIDGETS` renders it — text,
password, a text box parsed by its type (numbers, months), select, checkbox, chat, file, files,
folder (a folder or a ZIP), choice and table (`ui_app.table_field`).

A widget's value goes into the form's session-state entry as soon as it is rendered (or, for
uploads and chat, as soon as the person acts), so the entry always holds the current answers.
Uploaded files are checked by content as soon as they arrive (`ui_app.upload_checks`: the
archive guard for ZIPs, PDF/XLSX/DOCX opened) and the reason shown under the field; the file
pickers take any file, so a wrong type is named by that reason (not refused silently by the
browser). Accepted files are copied into the keiri file store and kept as FileRef dicts; a
ZIP sent for a folder field is unpacked (with the archive guard of
`blocks.file.folder_processor`) into one FileRef per member, named by its path.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from functools import partial
from typing import Any, Literal

import streamlit as st

from blocks.forms.field_types import FIELD_TYPES, Widget
from blocks.forms.form import Requirement
from blocks.sdk.errors import BlockError
from blocks.sdk.store import FileStore
from keiri.base.catalog import t
from ui_app.choice_field import choice_widget
from ui_app.errors import render_field_problems
from ui_app.session_state import Entry, widget_key, widget_text, widget_value
from ui_app.table_field import table_widget
from ui_app.upload_checks import check_upload

__all__ = ["SIMPLE_WIDGETS", "WIDGETS", "human_size", "pull_widget_values", "render_field"]

#: Widgets that hold the value themselves (seeded from, and read back into, the entry).
SIMPLE_WIDGETS = frozenset(
    {
        Widget.TEXT,
        Widget.PASSWORD,
        Widget.PARSED_TEXT,
        Widget.SELECT,
        Widget.CHECKBOX,
        Widget.CHOICE,
    }
)
#: Widgets that show the requirement's hint inside the box (the others show it below).
_HINT_INSIDE = frozenset({Widget.TEXT, Widget.PASSWORD, Widget.PARSED_TEXT, Widget.CHAT})
#: How a folder is sent -> its words.
_FOLDER_MODES = {"folder": "form.folder_mode.folder", "zip": "form.folder_mode.zip"}
_CHUNK = 1 << 20


def human_size(size: int) -> str:
    if size < 1024:
        return t("display.bytes", size=size)
    value = size / 1024
    for unit in ("KB", "MB"):
        if value < 1024:
            return f"{value:.1f} {unit}"
        value /= 1024
    return f"{value:.1f} GB"


def _label(req: Requirement) -> str:
    return req.label + (t("form.required_mark") if req.must_answer else "")


def _help(req: Requirement) -> str | None:
    return req.description or None


def _seed(key: str, req: Requirement, value: Any) -> str:
    wkey = widget_key(key, req.id)
    if wkey not in st.session_state:
        if FIELD_TYPES[req.type].widget is Widget.SELECT and value not in req.options:
            value = None
        st.session_state[wkey] = widget_text(req, value)
    return wkey


def pull_widget_values(
    state: MutableMapping[Any, Any], key: str, entry: Entry, fields: list[Requirement]
) -> None:
    """Copy the simple widgets' current values into the entry (a submit callback runs before
    the page renders again)."""
    for req in fields:
        wkey = widget_key(key, req.id)
        if FIELD_TYPES[req.type].widget in SIMPLE_WIDGETS and wkey in state:
            entry["values"][req.id] = widget_value(req, state[wkey])


def _text(req: Requirement, key: str, entry: Entry) -> None:
    wkey = _seed(key, req, entry["values"].get(req.id) or "")
    widget = st.text_area if req.multiline else st.text_input
    widget(
        _label(req),
        key=wkey,
        help=_help(req),
        max_chars=req.validation.max_length,
        placeholder=req.hint or None,
    )
    entry["values"][req.id] = st.session_state[wkey]


def _secret(req: Requirement, key: str, entry: Entry) -> None:
    """A password box: what is typed is never shown (nor stored in the run's records)."""
    wkey = _seed(key, req, entry["values"].get(req.id) or "")
    st.text_input(
        _label(req),
        key=wkey,
        type="password",
        help=_help(req),
        max_chars=req.validation.max_length,
        placeholder=req.hint or None,
    )
    entry["values"][req.id] = st.session_state[wkey]


def _select(req: Requirement, key: str, entry: Entry) -> None:
    wkey = _seed(key, req, entry["values"].get(req.id))
    st.selectbox(
        _label(req),
        list(req.options),
        index=None,
        key=wkey,
        help=_help(req),
        format_func=str,
        placeholder=t("form.select_placeholder"),
    )
    entry["values"][req.id] = st.session_state[wkey]


def _boolean(req: Requirement, key: str, entry: Entry) -> None:
    wkey = _seed(key, req, bool(entry["values"].get(req.id)))
    st.checkbox(_label(req), key=wkey, help=_help(req))
    entry["values"][req.id] = bool(st.session_state[wkey])


def _parsed_text(req: Requirement, key: str, entry: Entry) -> None:
    """A text box read by the field type's parser, so amounts can be typed as accountants
    write them (`120,000円`, `△5,000`), months as `2026年10月`."""
    wkey = _seed(key, req, entry["values"].get(req.id))
    st.text_input(
        _label(req),
        key=wkey,
        help=_help(req),
        placeholder=req.hint or FIELD_TYPES[req.type].placeholder() or None,
    )
    entry["values"][req.id] = widget_value(req, st.session_state[wkey])


def _chat_submitted(key: str, field: str) -> None:
    text = st.session_state.get(widget_key(key, field))
    if isinstance(text, str):
        st.session_state[key]["values"][field] = text


def _chat(req: Requirement, key: str, entry: Entry) -> None:
    value = entry["values"].get(req.id)
    with st.container(border=True):
        with st.chat_message("assistant"):
            st.markdown(
                f"**{_label(req)}**" + (f"\n\n{req.description}" if req.description else "")
            )
        if value:
            with st.chat_message("user"):
                st.markdown(str(value))
            st.caption(t("form.chat_redo"))
        st.chat_input(
            req.hint or t("form.chat_placeholder"),
            key=widget_key(key, req.id),
            max_chars=req.validation.max_length,
            on_submit=_chat_submitted,
            args=(key, req.id),
        )


def _first_problem(req: Requirement, files: list[Any], store: FileStore) -> str | None:
    for upload in files:
        upload.seek(0)
        reason = check_upload(req, str(upload.name), upload.getvalue(), store)
        if reason:
            return reason
    return None


def _store_uploads(files: list[Any], as_zip: bool) -> list[dict[str, Any]]:
    # The folder processor pulls in the PDF reader: only when a file is sent, not per drawing.
    from blocks.file.folder_processor import read_zip

    store = FileStore()
    refs: list[dict[str, Any]] = []
    for upload in files:
        upload.seek(0)
        if as_zip:
            for member in read_zip(upload, store, name=upload.name):
                refs.append(
                    member.file.model_copy(update={"name": member.path}).model_dump(mode="json")
                )
        else:
            chunks = iter(partial(upload.read, _CHUNK), b"")
            ref = store.put_chunks(chunks, upload.name, upload.type or None)
            refs.append(ref.model_dump(mode="json"))
    return refs


def _uploaded(key: str, req: Requirement, wkey: str, as_zip: bool) -> None:
    """on_change of an uploader (only a person's action fires it, so an uploader that comes
    back empty after navigating away keeps the stored files): store the files once, or clear
    the value when they were removed."""
    entry: Entry = st.session_state[key]
    raw = st.session_state.get(wkey)
    files = [raw] if raw is not None and not isinstance(raw, list) else list(raw or [])
    errors: dict[str, str] = entry.setdefault("upload_errors", {})
    errors.pop(req.id, None)
    single = FIELD_TYPES[req.type].widget is Widget.FILE
    empty: Any = None if single else []
    if not files:
        entry["values"][req.id] = empty
        return
    checked = (
        req
        if not as_zip
        else req.model_copy(
            update={
                "accept": ".zip",
                "validation": req.validation.model_copy(update={"allowed_extensions": []}),
            }
        )
    )
    reason = _first_problem(checked, files, FileStore()) if not _is_directory(wkey) else None
    if reason is not None:
        errors[req.id] = reason
        entry["values"][req.id] = empty
        return
    try:
        refs = _store_uploads(files, as_zip)
    except BlockError as exc:
        errors[req.id] = exc.message
        entry["values"][req.id] = empty
        return
    entry["values"][req.id] = refs[0] if single else refs


def _is_directory(wkey: str) -> bool:
    return wkey.endswith("::dir")


def _extensions(req: Requirement) -> list[str] | None:
    exts = [e.lstrip(".") for e in req.extensions()]
    return exts or None


def _upload_help() -> None:
    """Streamlit's own dropzone texts are English and hidden by the app's style sheet
    (`ui_app.style`); this says the same in the reader's language."""
    limit_mb = int(st.get_option("server.maxUploadSize"))
    st.caption(":material/upload_file: " + t("form.upload_help", limit=f"{limit_mb} MB"))


def _show_stored(req: Requirement, entry: Entry) -> None:
    value = entry["values"].get(req.id)
    refs = [value] if isinstance(value, dict) else list(value or [])
    if not refs:
        return
    total = sum(int(r.get("size", 0)) for r in refs)
    names = ", ".join(str(r.get("name")) for r in refs[:5]) + (" …" if len(refs) > 5 else "")
    st.caption(
        ":material/check_circle: "
        + t("form.accepted_files", count=len(refs), size=human_size(total), names=names)
    )


def _upload_widget(
    req: Requirement,
    key: str,
    entry: Entry,
    wkey: str,
    label: str,
    accept: bool | Literal["directory"],
    as_zip: bool = False,
    types: list[str] | None = None,
) -> None:
    """One file uploader of a requirement (its upload stored by `_uploaded`), the upload help
    and the files already accepted."""
    st.file_uploader(
        label,
        type=types,
        accept_multiple_files=accept,
        key=wkey,
        help=_help(req),
        on_change=_uploaded,
        args=(key, req, wkey, as_zip),
    )
    _upload_help()
    _show_stored(req, entry)


def _uploader(multiple: bool) -> Callable[[Requirement, str, Entry], None]:
    """The widget of a `file` (one) or `files` (several) requirement."""

    def draw(req: Requirement, key: str, entry: Entry) -> None:
        _upload_widget(req, key, entry, widget_key(key, req.id), _label(req), multiple)

    return draw


def _folder(req: Requirement, key: str, entry: Entry) -> None:
    how = st.radio(
        t("form.folder_how", label=_label(req)),
        list(_FOLDER_MODES),
        format_func=lambda mode: t(_FOLDER_MODES[mode]),
        horizontal=True,
        key=widget_key(key, req.id) + "::how",
    )
    as_zip = how == "zip"
    _upload_widget(
        req,
        key,
        entry,
        widget_key(key, req.id) + ("::zip" if as_zip else "::dir"),
        t("form.as_zip" if as_zip else "form.as_folder", label=_label(req)),
        False if as_zip else "directory",
        as_zip,
        None if as_zip else _extensions(req),
    )


#: The Streamlit widget of each kind (`FieldType.widget`; a test checks that every kind has one).
WIDGETS: dict[Widget, Callable[[Requirement, str, Entry], None]] = {
    Widget.TEXT: _text,
    Widget.PASSWORD: _secret,
    Widget.PARSED_TEXT: _parsed_text,
    Widget.SELECT: _select,
    Widget.CHECKBOX: _boolean,
    Widget.CHAT: _chat,
    Widget.FILE: _uploader(multiple=False),
    Widget.FILES: _uploader(multiple=True),
    Widget.FOLDER: _folder,
    Widget.CHOICE: choice_widget,  # a block's question (seed 003)
    Widget.TABLE: table_widget,  # rows with editable columns (the 仕訳確認 form)
}


def render_field(req: Requirement, key: str, entry: Entry, problems: list[str]) -> None:
    """The widget of one field, its hint and its messages (an upload's reason among them)."""
    widget = FIELD_TYPES[req.type].widget
    WIDGETS[widget](req, key, entry)
    if req.hint and widget not in _HINT_INSIDE:
        st.caption(":material/lightbulb: " + t("form.hint_prefix", hint=req.hint))
    render_field_problems(problems)
