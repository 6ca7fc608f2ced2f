"""Issue 12 in AppTest against real paused runs: the readable confirm form (display, heading,
decision beside the tables, raw data behind 詳細), drafts that survive a new session, checks
at upload and while typing, the 新規実行 page and the runs page's summary."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from keiri.base.catalog import t
from tests.support.catalog_text import shown
from tests.support.timing import scaled
from tests.ui_app.conftest import WARN, run_entry, run_panel, texts
from tests.ui_app.samples import evidence_zip

pytestmark = pytest.mark.prefect


def _by_label(widgets: Any, prefix: str) -> Any:
    found = [w for w in widgets if str(w.label).startswith(prefix)]
    assert len(found) == 1, [w.label for w in widgets]
    return found[0]


def _expander(at: AppTest, prefix: str) -> Any:
    return _by_label(at.expander, prefix)


def _finish(run_id: str, pause_key: str) -> dict[str, Any]:
    from flows.lifecycle import runs

    outcome = runs.wait(run_id, since_pause_key=pause_key, timeout=90)
    assert outcome.state == "completed", outcome
    return outcome.to_json()


def _submit(at: AppTest) -> AppTest:
    result: AppTest = _by_label(at.button, t("form.submit")).click().run()
    return result


def test_confirm_form_shows_the_plans_display_and_the_runs_page_its_summary(
    paused_run: Callable[[str], str], app: Callable[..., AppTest]
) -> None:
    run_id = paused_run("confirm_with_display")
    at = app(run_id)
    assert not at.exception
    assert texts(at, "subheader") == ["4月分の請求書チェックの確認"]  # the plan's description
    assert not any("confirm_with_display" + t("display.sep") in s for s in texts(at, "subheader"))
    assert [(m.label, m.value) for m in at.metric] == [
        ("請求書", "12"),
        ("要件を満たす", "10"),
        ("指摘（エラー）", "2"),
    ]
    findings = _expander(at, "指摘事項")
    assert findings.proto.expanded  # short: open
    table = findings.dataframe[0].value
    assert list(table.columns) == [
        t("display.col.severity"),
        t("display.col.file"),
        t("display.col.reason"),
    ]
    assert table.iloc[0].tolist() == [  # errors first, severities in words, the plan's reasons
        t("display.severity.error"),
        "有限会社鈴木/請求書_002.pdf",
        "合計が明細の合計と一致しません",
    ]
    matched = _expander(at, t("display.section", title="照合済", count=t("display.rows", count=10)))
    assert not matched.proto.expanded  # long: collapsed
    rows = matched.dataframe[0].value
    assert list(rows.columns) == ["取引先", "請求金額", "支払日", "支払額", "差額"]
    assert rows.iloc[0].tolist() == [
        "株式会社山田商店",
        "¥35,698",
        "2024-04-30",
        "¥35,038",
        "-¥660",
    ]
    details = _expander(at, t("form.details"))
    assert not details.proto.expanded and details.json  # raw JSON only here
    assert sum(1 for e in at.expander if e.json) == 1
    assert f"**{t('form.decision')}**" in texts(at, "markdown")

    _by_label(at.checkbox, t("form.approved")).check()
    _by_label(at.text_area, t("form.response")).input("差額は振込手数料です")
    at = _submit(at.run())
    assert not texts(at, "error"), texts(at, "error")
    record = _finish(run_id, "confirm")
    assert record["outputs"]["confirm"]["approved"] is True

    at = app().switch_page("views/runs.py").run()
    assert not run_entry(at, run_id).proto.expanded  # a finished run's entry starts collapsed
    assert not run_entry(at, run_id).children  # and draws nothing until opened
    panel = run_panel(at, run_id)
    assert [(m.label, m.value) for m in panel.metric] == [
        ("請求書", "12"),
        ("指摘（エラー）", "2"),
        ("差額合計", "-¥660"),
    ]
    buttons = panel.get("download_button")
    assert buttons[0].proto.label == "月次請求書チェック.xlsx"  # the report first
    assert buttons[0].proto.type == "primary"
    assert len([b for b in buttons if b.proto.label == "月次請求書チェック.xlsx"]) == 1
    approvals = [c for c in texts(panel, "caption") if shown("runs.approved", c)]
    assert len(approvals) == 1, texts(panel, "caption")
    step = t("step.form.confirm")  # the step by its name for people, not its node id
    assert shown("runs.approved", approvals[0], node=step, by="yamada"), approvals


def test_typed_values_and_uploads_survive_a_new_session_until_submit(
    paused_run: Callable[[str], str], app: Callable[..., AppTest]
) -> None:
    from ui_app import drafts

    run_id = paused_run("zip_upload_confirm")
    first = app(run_id)
    _by_label(first.text_input, "対象月").input("2024-04")
    _by_label(first.file_uploader, "証跡 ZIP").set_value(
        ("証跡.zip", evidence_zip(), "application/zip")
    )
    first.run()
    assert drafts.load(run_id, "upload", "yamada") is not None

    second = app(run_id)  # a reload (F5) or a new tab: a new session
    assert _by_label(second.text_input, "対象月").value == "2024-04"
    captions = texts(second, "caption")
    assert any(shown("form.accepted_files", c, count=1, names="証跡.zip") for c in captions)
    assert any(shown("form.draft_restored", i) for i in texts(second, "info"))

    _by_label(second.button, t("form.reset")).click().run()
    assert drafts.load(run_id, "upload", "yamada") is None
    third = app(run_id)
    assert _by_label(third.text_input, "対象月").value == ""
    _by_label(third.text_input, "対象月").input("2024-05")
    third.run()
    fourth = app(run_id)
    _by_label(fourth.file_uploader, "証跡 ZIP").set_value(
        ("証跡.zip", evidence_zip(), "application/zip")
    )
    _by_label(fourth.checkbox, t("form.approved")).check()
    fourth = _submit(fourth.run())
    assert not texts(fourth, "error"), texts(fourth, "error")
    assert drafts.load(run_id, "upload", "yamada") is None  # submitted: the draft is gone
    record = _finish(run_id, "upload")
    assert record["outputs"]["upload"]["collected_data"]["period"] == "2024-05"


def test_wrong_type_and_corrupt_zip_say_why_at_upload_and_clear_when_fixed(
    paused_run: Callable[[str], str], app: Callable[..., AppTest]
) -> None:
    run_id = paused_run("zip_upload_confirm")
    at = app(run_id)
    uploader = _by_label(at.file_uploader, "証跡 ZIP")
    uploader.set_value(("memo.txt", b"not an archive", "text/plain"))
    at.run()
    wrong_type = f"{WARN} {t('upload.wrong_extension', name='memo.txt', extensions='.zip')}"
    assert texts(at, "error") == [wrong_type]
    at = _submit(at)  # still the reason, never "required", for the upload
    errors = texts(at, "error")
    assert wrong_type in errors
    assert errors.count(f"{WARN} {t('field.required')}") == 1  # the period only
    _by_label(at.file_uploader, "証跡 ZIP").set_value(
        ("壊れた.zip", evidence_zip()[:150], "application/zip")
    )
    at.run()
    assert any(t("upload.zip_corrupt", name="壊れた.zip") in e for e in texts(at, "error"))
    _by_label(at.file_uploader, "証跡 ZIP").set_value(
        ("証跡.zip", evidence_zip(), "application/zip")
    )
    _by_label(at.text_input, "対象月").input("2024-04")
    at.run()
    assert texts(at, "error") == []  # fixed: every message gone at once
    from flows.lifecycle.control import find_run

    run = find_run(run_id)
    assert run.state is not None and run.state.type.value == "PAUSED"


def test_out_of_range_number_says_what_is_wrong_while_typing(
    paused_run: Callable[[str], str], app: Callable[..., AppTest]
) -> None:
    run_id = paused_run("every_field_type")
    at = app(run_id)
    assert texts(at, "error") == []  # nothing typed, nothing submitted: no "required" yet
    _by_label(at.text_input, "金額").input("-5")
    at.run()
    assert texts(at, "error") == [f"{WARN} {t('field.too_small', limit=0, value='-5')}"]
    _by_label(at.text_input, "金額").input("12.5")
    at.run()
    assert texts(at, "error") == [f"{WARN} {t('field.not_integer', value='12.5')}"]
    _by_label(at.text_input, "金額").input("１２０，０００円")
    at.run()
    assert texts(at, "error") == []


def test_new_run_page_lists_designs_and_starts_one_at_its_first_form(
    app: Callable[..., AppTest],
) -> None:
    from flows.lifecycle import runs

    at = app().switch_page("views/new_run.py").run()
    assert texts(at, "title") == [t("new_run.title")]
    assert "**月次の請求書チェックと入金照合**" in texts(at, "markdown")
    captions = texts(at, "caption")
    assert any(shown("new_run.plan_meta", c, id="monthly_invoice_check") for c in captions)
    assert t("new_run.deployments") in texts(
        at, "subheader"
    )  # deployments/*.yaml, with their design
    assert any(
        c.startswith(f"monthly_invoice_reconciliation{t('display.sep')}invoice_reconciliation")
        for c in texts(at, "caption")
    )
    clicked = time.monotonic()
    at.button(key="new_run::start::monthly_invoice_check").click().run(timeout=scaled(60))
    answered = time.monotonic() - clicked
    started = at.session_state["keiri::started::monthly_invoice_check"]
    run_id = started["run_id"]
    try:
        # The page answers at once (「開始しました」), then follows the run to its first form.
        assert any(shown("new_run.started", str(s.value)) for s in at.success), answered
        deadline = time.monotonic() + 150
        while not started["paused"] and time.monotonic() < deadline:
            time.sleep(1)  # the page's fragment polls the same way while it is open
            at.run(timeout=scaled(60))
            assert not at.exception, at.exception
            started = at.session_state["keiri::started::monthly_invoice_check"]
        assert started["paused"] and started["by"] == "yamada", started
        assert texts(at, "title") == [t("form.title")]  # the first form opened
        assert texts(at, "subheader") == ["月次の請求書チェックと入金照合"]
        assert runs.started_by(run_id)["by"] == "yamada"  # type: ignore[index]
        at = app().switch_page("views/runs.py").run()
        panel = run_panel(at, run_id)
        assert any(
            c.startswith(":material/person: ") and shown("runs.started_by", c, by="yamada")
            for c in texts(panel, "caption")
        )
    finally:
        runs.cancel(run_id, "test")


def test_a_resume_made_outside_keiri_is_recorded_as_such(
    paused_run: Callable[[str], str], app: Callable[..., AppTest]
) -> None:
    """The Prefect API accepts any `answered_by`; keiri records the answer as made outside
    keiri (no resume marker of its own), never as the person it names."""
    from prefect.client.orchestration import get_client

    from flows.lifecycle.control import parse_run_id

    run_id = paused_run("ask_then_record")
    with get_client(sync_client=True) as client:
        result = client.resume_flow_run(
            parse_run_id(run_id),
            run_input={"amount": 3000, "approved": True, "answered_by": "CFO (forged)"},
        )
    assert result.status.value == "ACCEPT"
    record = _finish(run_id, "ask")
    metadata = record["outputs"]["ask"]["metadata"]
    assert metadata["source"] == "outside_keiri" and metadata["answered_by"] == "CFO (forged)"
    at = app().switch_page("views/runs.py").run()
    panel = run_panel(at, run_id)
    forged = "CFO (forged)" + t("runs.outside_keiri")
    assert any(forged in c for c in texts(panel, "caption"))
