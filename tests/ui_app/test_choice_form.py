"""The choice form of a block's question in the form app (AppTest, real paused runs; issue 14
items 1, 2): the two candidate payments as radio buttons with amount, date and 摘要; choosing
the second resumes the run and the report shows it; 取消 ends the run cancelled, not failed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from keiri.base.catalog import t
from tests.support.catalog_text import shown
from tests.ui_app.conftest import texts

pytestmark = pytest.mark.prefect


def _button(at: AppTest, label: str) -> Any:
    [found] = [b for b in at.button if b.label == label]
    return found


def _wait(run_id: str) -> dict[str, Any]:
    from flows.lifecycle import runs

    return runs.wait(run_id, timeout=90).to_json()


def test_choose_the_second_payment_in_the_form_app(
    paused_run: Callable[[str], str], app: Callable[..., AppTest]
) -> None:
    run_id = paused_run("reconcile_two_candidates")
    at = app(run_id)
    assert not at.exception
    assert any(shown("runtime.reconcile.question", m, count=2) for m in texts(at, "markdown"))
    [radio] = at.radio
    sep = t("runtime.reconcile.row_sep")
    first = ["摘要: ﾔﾏﾀﾞｼｮｳｼﾞ", "入金: 110000"]
    second = ["摘要: ﾔﾏﾀﾞｼｮｳｼﾞ 4ｶﾞﾂﾌﾞﾝ", "入金: 110000"]
    assert radio.options == [
        t("runtime.reconcile.option", row=1, text=sep.join(["日付: 2024-04-20", *first])),
        t("runtime.reconcile.option", row=2, text=sep.join(["日付: 2024-04-26", *second])),
        t("runtime.reconcile.none_option"),
    ]
    assert list(radio.proto.captions)[:2] == [
        t("display.sep").join(["日付: 2024-04-20", "摘要: ﾔﾏﾀﾞｼｮｳｼﾞ", "入金: 110,000"]),
        t("display.sep").join(["日付: 2024-04-26", "摘要: ﾔﾏﾀﾞｼｮｳｼﾞ 4ｶﾞﾂﾌﾞﾝ", "入金: 110,000"]),
    ]
    assert radio.value == "right-0"  # the default: the best-ranked candidate
    assert not [c for c in at.checkbox if t("confirm.cancel") in str(c.label)]  # a button
    radio.set_value("right-1")
    at = _button(at.run(), t("form.submit")).click().run()
    assert not at.exception and not at.error, texts(at, "error")
    done = _wait(run_id)
    assert done["state"] == "completed", done
    [pair] = done["outputs"]["match"]["matched"]
    assert pair["right"]["日付"] == "2024-04-26" and pair["right_index"] == 1
    assert done["outputs"]["report"]["value"] == [pair]
    assert done["outputs"]["match"]["ambiguities"][0]["decided_by"] == "yamada"


def test_cancel_in_the_form_app_ends_the_run_cancelled(
    paused_run: Callable[[str], str], app: Callable[..., AppTest]
) -> None:
    run_id = paused_run("reconcile_two_candidates")
    at = app(run_id)
    at = _button(at, t("confirm.cancel")).click().run()
    assert not at.exception and not at.error, texts(at, "error")
    done = _wait(run_id)
    assert done["state"] == "cancelled" and done["error"] is None, done
