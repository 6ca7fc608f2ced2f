"""`registry.check` as a plan runs it (spec validation included), its answers driving
`invoice.check`'s two registry findings, and REGISTRY_EMPTY without data."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from blocks.registration.importer import ImportReport
from blocks.sdk.errors import BlockError
from keiri.base.catalog import t
from samples.make_registry import CASES

Run = Callable[..., dict[str, Any]]
N = {key: case.number for key, case in CASES.items()}


def fields(path: str, number: str, day: str, issuer: str) -> dict[str, Any]:
    """An extracted invoice that passes every other rule of invoice.check."""
    return {
        "source": {"name": path.rsplit("/", 1)[-1], "path": path},
        "title": "請求書",
        "document_type": "invoice",
        "issuer_name": issuer,
        "registration_number": number,
        "transaction_date": day,
        "buyer_name": "株式会社サンプル商事",
        "lines": [{"description": "作業費", "quantity": 1, "unit_price": 100000, "amount": 100000, "rate": "10"}],
        "totals_by_rate": {"10": 100000},
        "tax_by_rate": {"10": 10000},
        "amounts_include_tax": False,
        "total": 110000,
    }  # fmt: skip


INVOICES = [
    fields("山田商事/請求書_202603.pdf", N["registered"], "2026-03-15", "(株)山田商事"),
    fields("取消商会/請求書_202603.pdf", N["cancelled"], "2026-03-15", "株式会社取消商会"),
    fields("新規登録/請求書_202601.pdf", N["later"], "2026-01-20", "株式会社新規登録"),
    fields("旧名商事/請求書_202604.pdf", N["renamed"], "2026-04-03", "株式会社旧名商事"),
    fields("失効企画/請求書_202510.pdf", N["expired"], "2025-10-01", "合同会社失効企画"),
]


def test_answers_for_extracted_invoices_and_queries(loaded: ImportReport, run: Run) -> None:
    out = run(
        "registry.check",
        fields=INVOICES,
        queries=[{"number": N["individual"], "date": "2026-03-01", "issuer_name": "鈴木工務店", "ref": "領収書"}],
    )  # fmt: skip
    answers = out["answers"]
    assert [(a["ref"], a["status"]) for a in answers] == [
        ("領収書", "registered"),
        ("山田商事/請求書_202603.pdf", "registered"),
        ("取消商会/請求書_202603.pdf", "cancelled"),
        ("新規登録/請求書_202601.pdf", "not_yet_registered"),
        ("旧名商事/請求書_202604.pdf", "registered"),
        ("失効企画/請求書_202510.pdf", "expired"),
    ]
    assert (
        answers[4]["name_matches"] is False and answers[4]["registered_name"] == "株式会社新名商事"
    )
    assert out["summary"] == {
        "no_data": False,
        "checked": 6,
        "by_status": {
            "registered": 3,
            "not_yet_registered": 1,
            "cancelled": 1,
            "expired": 1,
            "unknown_number": 0,
            "invalid_format": 0,
            "unknown": 0,
        },
        "name_mismatches": 1,
        "stale": 0,
        "online": 0,
        "online_errors": 0,
        "as_of": "2026-04-03",
    }
    local = t("registry.attribution.local")
    assert out["attribution"] == local and all(a["attribution"] == local for a in answers)


def test_invoice_check_reports_numbers_not_valid_on_the_date_and_other_names(
    loaded: ImportReport, run: Run
) -> None:
    answers = run("registry.check", fields=INVOICES)["answers"]
    out = run("invoice.check", fields=INVOICES, registry=answers)
    found = {(f["file"], f["rule"], f["severity"]) for f in out["findings"]}
    assert found == {
        ("取消商会/請求書_202603.pdf", "registration_not_valid_on_date", "error"),
        ("新規登録/請求書_202601.pdf", "registration_not_valid_on_date", "error"),
        ("失効企画/請求書_202510.pdf", "registration_not_valid_on_date", "error"),
        ("旧名商事/請求書_202604.pdf", "issuer_name_differs", "warning"),
    }
    reasons = {f["file"]: f["reason"] for f in out["findings"]}
    cancelled = t("registry.reason.cancelled", on="2025-06-01", date="2026-03-15")
    assert reasons["取消商会/請求書_202603.pdf"] == t(
        "registry.finding.not_valid", number=N["cancelled"], reason=cancelled
    )
    assert reasons["旧名商事/請求書_202604.pdf"] == t(
        "registry.finding.name_differs", issuer="株式会社旧名商事", registered="株式会社新名商事"
    )
    assert out["summary"]["passed"] == 2 and out["summary"]["by_rule"] == {
        "issuer_name_differs": 1,
        "registration_not_valid_on_date": 3,
    }
    # without answers, invoice.check is what it was
    assert run("invoice.check", fields=INVOICES)["findings"] == []


def test_no_data_and_no_api_is_an_error_not_a_list_of_unknowns(run: Run) -> None:
    with pytest.raises(BlockError) as caught:
        run("registry.check", fields=INVOICES[:1])
    assert caught.value.code == "REGISTRY_EMPTY" and "keiri registry import" in caught.value.hint
    # nothing to ask: no error
    assert run("registry.check", fields=[{"issuer_name": "x"}])["answers"] == []
