"""`registry.check` with nothing imported and no Web-API, in a plan that says `if_empty:
unknown` (the month's close): every well-formed number is `unknown` with the reason, the summary
says there was no data, and the journals treat the answer as no answer (for review)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from blocks.journals.tax import normalise_registry, qualify
from keiri.base.catalog import t
from tests.blocks.registration.test_check_block import INVOICES, N

Run = Callable[..., dict[str, Any]]


def test_no_data_answers_unknown_and_says_so(run: Run) -> None:
    malformed = {**INVOICES[0], "registration_number": "T123", "source": {"path": "誤り.pdf"}}
    out = run("registry.check", fields=[*INVOICES[:2], malformed], if_empty="unknown")
    statuses = [(a["ref"], a["status"]) for a in out["answers"]]
    assert statuses == [
        ("山田商事/請求書_202603.pdf", "unknown"),
        ("取消商会/請求書_202603.pdf", "unknown"),
        ("誤り.pdf", "invalid_format"),  # a malformed number is still named as such
    ]
    first = out["answers"][0]
    assert first["reason"] == t("registry.reason.no_data", number=N["registered"])
    assert first["source"] == {"kind": "none", "as_of": None, "stale": False}
    assert first["attribution"] is None and out["attribution"] is None  # no NTA data shown
    summary = out["summary"]
    assert summary["no_data"] is True and summary["as_of"] is None
    assert summary["by_status"]["unknown"] == 2 and summary["by_status"]["invalid_format"] == 1


def test_unknown_decides_nothing_in_the_journals(run: Run) -> None:
    answers = run("registry.check", fields=INVOICES[:1], if_empty="unknown")["answers"]
    decided = qualify(
        N["registered"], dt.date(2026, 3, 15), normalise_registry(answers), trust_check_digit=False
    )
    assert (decided.status, decided.source, decided.deduction) == (
        "not_qualified",
        "no_registry",
        80,
    )
    trusted = qualify(
        N["registered"], dt.date(2026, 3, 15), normalise_registry(answers), trust_check_digit=True
    )
    assert trusted.source == "check_digit"


def test_invoice_check_adds_no_finding_for_unknown(run: Run) -> None:
    answers = run("registry.check", fields=INVOICES, if_empty="unknown")["answers"]
    assert run("invoice.check", fields=INVOICES, registry=answers)["findings"] == []
