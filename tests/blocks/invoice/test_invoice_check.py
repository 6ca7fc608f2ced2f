"""invoice.check: every rule of the qualified invoice system, on fields extracted from texts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from blocks.invoice.rules import RULES, registration_check_digit, tax_for
from keiri.base.catalog import t

Run = Callable[..., dict[str, Any]]


def check_digit(base12: str) -> int:
    """The 法人番号 check digit, written out independently of the code under test."""
    weighted = 0
    for position, digit in enumerate(reversed(base12), start=1):
        weighted += int(digit) * (2 if position % 2 == 0 else 1)
    return 9 - weighted % 9


VALID = f"T{check_digit('123456789012')}123456789012"
INVALID = f"T{check_digit('123456789012') % 9 + 1}123456789012"


def invoice_text(
    *,
    title: str = "請求書",
    buyer: str | None = "株式会社サンプル商事 御中",
    date: str | None = "請求日：2024年4月30日",
    issuer: str | None = "テスト物産株式会社",
    registration: str | None = VALID,
    lines: tuple[str, ...] = ("コーヒー豆 ※\t2\t1,180\t2,360", "コピー用紙\t1\t557\t557"),
    rates: tuple[str, ...] = (
        "10%対象\t小計 557円\t消費税 55円",
        "8%対象\t小計 2,360円\t消費税 188円",
    ),
    total: str | None = "合計\t3,160円",
    legend: str | None = "※は軽減税率対象品目です",
) -> str:
    parts = [title, buyer, date, issuer, f"登録番号：{registration}" if registration else None]
    parts += [*lines, *rates, total, legend]
    return "\n".join(p for p in parts if p is not None)


def check(run: Run, text: str, **options: Any) -> dict[str, Any]:
    fields = run("invoice.extract_fields", text=text, source_name="請求書.pdf")["fields"]
    return run("invoice.check", fields=fields, **options)


def rules(out: dict[str, Any]) -> list[str]:
    return sorted(f["rule"] for f in out["findings"])


def test_a_complete_invoice_passes(run: Run) -> None:
    out = check(run, invoice_text())
    assert out["findings"] == []
    assert out["summary"]["passed"] == 1 and out["summary"]["failed"] == 0
    assert out["summary"]["results"] == [
        {
            "file": "請求書.pdf",
            "document_type": "invoice",
            "passed": True,
            "errors": 0,
            "warnings": 0,
            "rounding": "down",
        }
    ]


def test_check_digit_matches_a_real_corporate_number() -> None:
    # 国税庁's 法人番号 7000012050002 -> registration number T7000012050002
    assert registration_check_digit("000012050002") == 7
    assert check_digit("000012050002") == 7
    assert registration_check_digit("123456789012") == check_digit("123456789012")


def test_real_registration_number_passes_and_a_wrong_digit_fails(run: Run) -> None:
    assert check(run, invoice_text(registration="T7000012050002"))["findings"] == []
    out = check(run, invoice_text(registration=INVALID))
    (finding,) = out["findings"]
    assert finding == {
        "file": "請求書.pdf",
        "field": "registration_number",
        "rule": "registration_number_check_digit",
        "reason": t(
            "invoice.finding.check_digit", number=INVALID, expected=check_digit("123456789012")
        ),
        "severity": "error",
    }
    assert out["summary"]["results"][0]["passed"] is False


def test_registration_number_format(run: Run) -> None:
    out = check(run, invoice_text(registration="T12345"))
    assert rules(out) == ["registration_number_format"]


def test_three_105_yen_lines_round_once_per_rate(run: Run) -> None:
    lines = ("ボールペン\t1\t105\t105", "消しゴム\t1\t105\t105", "付箋\t1\t105\t105")
    per_line = invoice_text(
        lines=lines, rates=("10%対象\t小計 315円\t消費税 30円",), total="合計\t345円", legend=None
    )
    out = check(run, per_line)
    assert rules(out) == ["tax_amount_mismatch"]
    reason = out["findings"][0]["reason"]
    assert reason == t(
        "invoice.finding.tax_rounding",
        rate="10",
        base=t("invoice.yen", amount="315"),
        basis=t("invoice.basis.exclusive"),
        rounding=t("invoice.rounding.down"),
        expected=t("invoice.yen", amount="31"),
        stated=t("invoice.yen", amount="30"),
    ) + t("invoice.finding.tax_per_line")
    once = invoice_text(
        lines=lines, rates=("10%対象\t小計 315円\t消費税 31円",), total="合計\t346円", legend=None
    )
    assert check(run, once)["findings"] == []


def test_rounding_modes_and_detection(run: Run) -> None:
    text = invoice_text(
        lines=("保守費用\t1\t1,005\t1,005",),
        rates=("10%対象\t小計 1,005円\t消費税 101円",),
        total="合計\t1,106円",
        legend=None,
    )
    assert rules(check(run, text)) == ["tax_amount_mismatch"]
    assert check(run, text, rounding="half_up")["findings"] == []
    assert check(run, text, rounding="up")["findings"] == []
    detected = check(run, text, rounding="detect")
    assert detected["findings"] == []
    assert detected["summary"]["results"][0]["rounding"] == "half_up"
    assert str(tax_for(1005, "10", False, "down")) == "100"
    assert str(tax_for(1100, "10", True, "down")) == "100"


def test_missing_items_of_a_qualified_invoice(run: Run) -> None:
    text = invoice_text(buyer=None, date=None, issuer=None, registration=None)
    out = check(run, text)
    assert rules(out) == [
        "buyer_name_missing",
        "issuer_name_missing",
        "registration_number_missing",
        "transaction_date_missing",
    ]
    assert all(f["severity"] == "error" for f in out["findings"])


def test_simplified_invoice_may_omit_buyer_and_tax(run: Run) -> None:
    text = invoice_text(  # tax-included totals per rate, no tax amounts: the rate is enough
        title="領収書",
        buyer=None,
        lines=("コーヒー豆 ※\t2\t1,274\t2,548", "コピー用紙\t1\t612\t612"),
        rates=("10%対象\t612円", "8%対象\t2,548円"),
        total="合計 3,160円",
    )
    out = check(run, text)
    assert out["findings"] == []
    assert out["summary"]["results"][0]["document_type"] == "simplified_invoice"
    nothing = invoice_text(title="レシート", buyer=None, rates=(), total="合計 2,917円")
    assert rules(check(run, nothing)) == ["tax_or_rate_missing", "totals_by_rate_missing"]


def test_qualified_invoice_needs_tax_per_rate(run: Run) -> None:
    text = invoice_text(rates=("10%対象\t小計 557円", "8%対象\t小計 2,360円"), total="合計 2,917円")
    out = check(run, text)
    assert rules(out) == ["tax_by_rate_missing", "tax_by_rate_missing"]
    assert sorted(f["field"] for f in out["findings"]) == ["tax_by_rate.10", "tax_by_rate.8"]


def test_reduced_rate_items_must_be_marked(run: Run) -> None:
    unmarked = invoice_text(lines=("コーヒー豆\t2\t1,180\t2,360", "コピー用紙\t1\t557\t557"))
    out = check(run, unmarked)
    assert "reduced_rate_marking_missing" in rules(out)
    stated = invoice_text(lines=("コーヒー豆\t2\t1,180\t2,360\t8%", "コピー用紙\t1\t557\t557\t10%"))
    assert check(run, stated)["findings"] == []


def test_marker_without_legend_is_a_warning(run: Run) -> None:
    out = check(run, invoice_text(legend=None))
    assert [(f["rule"], f["severity"]) for f in out["findings"]] == [
        ("reduced_rate_marker_unexplained", "warning")
    ]
    assert out["summary"]["passed"] == 1 and out["summary"]["warnings"] == 1


def test_only_ten_and_eight_percent(run: Run) -> None:
    text = invoice_text(
        lines=("雑誌\t1\t1,000\t1,000\t5%",),
        rates=("5%対象\t小計 1,000円\t消費税 50円",),
        total="合計 1,050円",
        legend=None,
    )
    assert "unsupported_tax_rate" in rules(check(run, text))


def test_total_and_line_consistency(run: Run) -> None:
    out = check(run, invoice_text(total="合計\t3,999円"))
    assert rules(out) == ["total_mismatch"]
    wrong_line = invoice_text(lines=("コーヒー豆 ※\t2\t1,180\t2,360", "コピー用紙\t2\t557\t557"))
    assert rules(check(run, wrong_line)) == ["line_amount_mismatch"]
    missing_line = invoice_text(lines=("コーヒー豆 ※\t2\t1,180\t2,360",))
    assert rules(check(run, missing_line)) == ["line_amounts_mismatch"]
    assert rules(check(run, invoice_text(total=None))) == ["total_missing"]


def test_unreadable_documents_and_lists(run: Run) -> None:
    documents = [
        {
            "path": "a/請求書.pdf",
            "name": "請求書.pdf",
            "text": invoice_text(),
            "text_truncated": True,
        },
        {
            "path": "a/暗号.pdf",
            "name": "暗号.pdf",
            "text": None,
            "error": {"code": "FILE_ENCRYPTED", "message": "password"},
        },
        {"path": "a/メモ.txt", "name": "メモ.txt", "text": "打合せメモ"},
    ]
    fields = run("invoice.extract_fields", documents=documents)["fields_list"]
    out = run("invoice.check", fields=fields)
    by_file: dict[str, list[str]] = {}
    for finding in out["findings"]:
        by_file.setdefault(finding["file"], []).append(finding["rule"])
    assert by_file["a/請求書.pdf"] == ["text_truncated"]
    assert by_file["a/暗号.pdf"] == ["text_unavailable"]
    assert "document_type_unknown" in by_file["a/メモ.txt"]
    summary = out["summary"]
    assert (summary["invoices"], summary["passed"], summary["failed"]) == (3, 1, 2)
    assert summary["by_rule"]["text_unavailable"] == 1


def test_every_finding_rule_is_declared(run: Run) -> None:
    out = check(run, invoice_text(buyer=None, registration="T1", total="合計 1円"))
    assert out["findings"]
    for finding in out["findings"]:
        assert RULES[finding["rule"]] == finding["severity"]
