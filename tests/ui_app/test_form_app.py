"""The whole app in AppTest against real paused runs: every requirement type, validation,
resume once, the inbox and the session-state contract."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from keiri.base.catalog import t
from tests.support.catalog_text import shown
from tests.support.timing import scaled
from tests.ui_app.conftest import WARN, texts
from tests.ui_app.samples import INVOICE_TEXT, evidence_zip

pytestmark = pytest.mark.prefect


def _by_label(widgets: Any, prefix: str) -> Any:
    found = [w for w in widgets if str(w.label).startswith(prefix)]
    assert len(found) == 1, [w.label for w in widgets]
    return found[0]


def _state(run_id: str) -> str:
    from flows.lifecycle.control import find_run

    run = find_run(run_id)
    return run.state.type.value if run.state else "UNKNOWN"


def _finish(run_id: str, pause_key: str) -> dict[str, Any]:
    from flows.lifecycle import runs

    outcome = runs.wait(run_id, since_pause_key=pause_key, timeout=90)
    assert outcome.state == "completed", outcome
    return outcome.to_json()


def _submit(at: AppTest) -> AppTest:
    result: AppTest = _by_label(at.button, t("form.submit")).click().run()
    return result


def test_every_field_type_is_rendered_and_resumes_the_run(
    paused_run: Callable[[str], str], app: Callable[..., AppTest]
) -> None:
    from blocks.sdk.store import FileStore

    run_id = paused_run("every_field_type")
    at = app(run_id)
    assert not at.exception
    assert texts(at, "subheader") == ["すべての種類の項目の確認"]  # the plan's description
    assert "すべての種類の項目に答えてください。" in texts(at, "markdown")
    assert any("担当: 経理部" in c for c in texts(at, "caption"))
    assert json.loads(at.json[0].value) == {"取引先数": 3, "締め日": "2024-04-30"}  # context

    invoice = _by_label(at.file_uploader, "請求書")
    assert not invoice.accept_multiple_files  # any file: a wrong type is named at upload
    invoice.set_value(("請求書.txt", INVOICE_TEXT.encode(), "text/plain"))
    receipts = _by_label(at.file_uploader, "領収書")
    assert receipts.accept_multiple_files
    receipts.set_value(
        [("領収書1.txt", b"receipt 1", "text/plain"), ("r2.txt", b"r2", "text/plain")]
    )
    how = t("form.folder_how", label="証跡フォルダ" + t("form.required_mark"))
    _by_label(at.radio, how).set_value("zip")
    at.run()
    _by_label(at.file_uploader, "証跡フォルダ").set_value(
        ("証跡.zip", evidence_zip(), "application/zip")
    )
    _by_label(at.text_input, "備考").input("月末締め分")
    _by_label(at.selectbox, "支払方法").select("振込")
    _by_label(at.checkbox, "至急").check()
    _by_label(at.text_input, "金額").input("３５，６９８円")  # as accountants type amounts
    at.chat_input[0].set_value("値引きがあったためです")
    _by_label(at.checkbox, t("form.approved")).check()
    _by_label(at.text_area, t("form.response")).input("確認しました")
    at.run()
    assert not at.exception and not texts(at, "warning"), texts(at, "warning")
    captions = texts(at, "caption")
    assert any(shown("form.accepted_files", c, count=1, names="請求書.txt") for c in captions), (
        captions
    )
    assert any(shown("form.accepted_files", c, count=2) for c in captions)
    assert "値引きがあったためです" in texts(at, "markdown")  # the chat answer

    at = _submit(at)
    assert not at.exception and not texts(at, "error"), texts(at, "error")
    record = _finish(run_id, "ask")
    collected = record["outputs"]["after"]["value"]
    store = FileStore()
    assert store.read_bytes(collected["invoice"]).decode() == INVOICE_TEXT
    assert [r["name"] for r in collected["receipts"]] == ["領収書1.txt", "r2.txt"]
    assert sorted(r["name"] for r in collected["evidence"]) == [
        "株式会社山田商店/請求書_2024年04月_001.txt",
        "送付状.txt",
    ]
    assert collected["note"] == "月末締め分" and collected["method"] == "振込"
    assert collected["urgent"] is True and collected["amount"] == 35698
    assert collected["reason"] == "値引きがあったためです"
    ask = record["outputs"]["ask"]
    assert ask["approved"] is True and ask["response"] == "確認しました"
    assert ask["metadata"]["answered_by"] == "yamada"
    (success,) = texts(at.run(), "success")
    assert success.startswith(":material/check_circle: ")
    assert shown("form.submitted", success, by="yamada")


def test_invalid_values_are_shown_and_the_run_stays_paused(
    paused_run: Callable[[str], str], app: Callable[..., AppTest]
) -> None:
    run_id = paused_run("zip_upload_confirm")
    at = app(run_id)
    at = app(run_id)  # opening the link (twice) never resumes
    assert _state(run_id) == "PAUSED"
    _by_label(at.text_input, "対象月").input("2024/04")
    at = _submit(at)
    errors = texts(at, "error")
    assert f"{WARN} {t('field.required')}" in errors
    assert f"{WARN} {t('field.pattern_example', example='2024-04')}" in errors
    assert _state(run_id) == "PAUSED"
    assert _by_label(at.text_input, "対象月").value == "2024/04"  # the value is kept
    # Fix the fields one by one: only the remaining problem stays.
    _by_label(at.file_uploader, "証跡 ZIP").set_value(
        ("証跡.zip", evidence_zip(), "application/zip")
    )
    at = _submit(at.run())
    assert texts(at, "error") == [f"{WARN} {t('field.pattern_example', example='2024-04')}"]
    assert _state(run_id) == "PAUSED"


def test_second_submit_says_already_resumed(
    paused_run: Callable[[str], str], app: Callable[..., AppTest]
) -> None:
    run_id = paused_run("ask_then_record")
    first, second = app(run_id), app(run_id)  # two sessions on the same pause
    for at in (first, second):
        _by_label(at.text_input, "金額").input("3,000")
        _by_label(at.checkbox, t("form.approved")).check()
        at.run()
    _submit(first)
    assert not texts(first, "error"), texts(first, "error")
    second = _submit(second)
    messages = " ".join(texts(second, "error"))
    assert shown("cli.error.resumed_by", messages, by="yamada"), messages
    record = _finish(run_id, "ask")
    assert record["outputs"]["after"]["value"] == 3000


def test_inbox_lists_paused_runs_with_a_link_to_the_form(
    paused_run: Callable[[str], str], app: Callable[..., AppTest]
) -> None:
    run_id = paused_run("zip_upload_confirm")
    at = app()
    assert texts(at, "title") == [t("inbox.title")]
    assert "**4月分の証跡 ZIP をアップロードし、対象月を入力して承認してください。**" in texts(
        at, "markdown"
    )
    assert any(
        shown("inbox.meta", c, step=t("step.form.mixed"), assignee="経理部 山田")
        for c in texts(at, "caption")
    )
    # grouped under the run's title: the plan's description
    assert "#### 4月分の証跡の受け取りと承認" in texts(at, "markdown")
    links = [e for e in at.get("page_link") if getattr(e, "value", "") == t("inbox.open_form")]
    assert any(run_id in str(link.proto) for link in links)


def test_form_state_survives_reruns_and_reset_clears_it(
    paused_run: Callable[[str], str], app: Callable[..., AppTest]
) -> None:
    run_id = paused_run("zip_upload_confirm")
    at = app(run_id)
    key = f"plan:zip_upload_confirm::node:upload::v0.1.0::run:{run_id}"
    _by_label(at.text_input, "対象月").input("2024-04")
    _by_label(at.file_uploader, "証跡 ZIP").set_value(
        ("証跡.zip", evidence_zip(), "application/zip")
    )
    at.run().run().run()
    values = at.session_state[key]["values"]
    assert values["period"] == "2024-04" and values["evidence"]["name"] == "証跡.zip"
    assert _by_label(at.text_input, "対象月").value == "2024-04"
    # Away to the inbox (the form's widgets are gone) and back: the values are still there.
    del at.query_params["run"]
    at.switch_page("views/inbox.py").run()
    assert texts(at, "title") == [t("inbox.title")] and not at.text_input
    at.query_params["run"] = run_id
    at.switch_page("views/form.py").run()
    assert _by_label(at.text_input, "対象月").value == "2024-04"
    captions = texts(at, "caption")
    assert any(shown("form.accepted_files", c, count=1, names="証跡.zip") for c in captions)
    assert at.session_state[key]["values"]["evidence"]["name"] == "証跡.zip"
    _by_label(at.button, t("form.reset")).click().run()
    assert at.session_state[key]["values"] == {
        "evidence": None,
        "period": "",
        "approved": False,
        "response": "",
    }
    assert _by_label(at.text_input, "対象月").value == ""


def test_changed_requirements_merge_and_warn(
    paused_run: Callable[[str], str], loopback: None
) -> None:
    from tests.ui_app.conftest import APP

    run_id = paused_run("zip_upload_confirm")
    key = f"plan:zip_upload_confirm::node:upload::v0.1.0::run:{run_id}"
    at = AppTest.from_file(str(APP), default_timeout=scaled(30))
    at.query_params["run"] = run_id
    # Values stored under an older definition of the same form.
    at.session_state[key] = {
        "fields": {"period": "number", "approved": "boolean", "memo": "text"},
        "values": {"period": 202404, "approved": True, "memo": "旧項目"},
    }
    at.run()
    warnings = " ".join(texts(at, "warning"))
    assert t("form.dropped", fields="memo") in warnings
    assert t("form.retyped", fields="対象月（period）") in warnings
    values = at.session_state[key]["values"]
    assert values["approved"] is True and values["period"] == "" and "memo" not in values


def test_folder_as_directory_or_zip_and_an_unsafe_zip_is_reported(
    paused_run: Callable[[str], str], app: Callable[..., AppTest]
) -> None:
    import io
    import zipfile

    run_id = paused_run("every_field_type")
    at = app(run_id)
    key = f"plan:every_field_type::node:ask::v0.1.0::run:{run_id}"
    folder = _by_label(at.file_uploader, "証跡フォルダ")
    assert folder.accept_directory
    folder.set_value(
        [("証跡/山田商店/請求書.txt", b"a", "text/plain"), ("証跡/送付状.txt", b"b", "text/plain")]
    )
    at.run()
    names = [r["name"] for r in at.session_state[key]["values"]["evidence"]]
    assert names == ["証跡/山田商店/請求書.txt", "証跡/送付状.txt"]

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("../../etc/evil.txt", "x")
    how = t("form.folder_how", label="証跡フォルダ" + t("form.required_mark"))
    _by_label(at.radio, how).set_value("zip")
    at.run()
    _by_label(at.file_uploader, "証跡フォルダ").set_value(
        ("bad.zip", buffer.getvalue(), "application/zip")
    )
    at.run()
    errors = texts(at, "error")
    unsafe = t("upload.zip_unsafe", name="bad.zip", detail="../../etc/evil.txt")
    assert f"{WARN} {unsafe}" in errors
    required = (t("field.required"), t("field.required_file"))
    assert not any(r in e for r in required for e in errors), errors  # nothing submitted yet
    assert at.session_state[key]["values"]["evidence"] == []
    assert _state(run_id) == "PAUSED"
