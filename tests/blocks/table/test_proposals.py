"""要確認 invoices are paired as proposals, never booked on keiri's word: a payment that fits one
of the total's candidates is proposed, 確定 invoices take their payments first, the confirm
form gets one 照合しない/照合する field per proposal, and `table.settle_proposals` books a
person's yes (with who said it) and leaves a no unmatched with the reason; the file list says
so, and lists the operating system's files of the ZIP as 除外."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from blocks.forms.form import FormSpec, Requirement
from keiri.base.catalog import t

Run = Callable[..., dict[str, Any]]
Put = Callable[[Path], dict[str, Any]]

CERTAIN = {
    "source": {"path": "株式会社山田商店/請求書.pdf"},
    "document_type": "invoice",
    "issuer_name": "株式会社山田商店",
    "transaction_date": "2024-04-05",
    "total": 35698,
    "status": {"total": "確定", "transaction_date": "確定"},
}
#: The review reason the extraction gave the doubtful total (test input, echoed back).
REVIEW_REASON = "合計が税率ごとの金額の合計と一致しません"
#: The right total (11,000) read at 要確認 beside a rival candidate (12,000).
DOUBTFUL = {
    "source": {"path": "有限会社テスト/請求書.pdf"},
    "document_type": "invoice",
    "issuer_name": "有限会社テスト",
    "transaction_date": "2024-04-03",
    "total": 12000,
    "status": {"total": "要確認", "transaction_date": "確定"},
    "candidates": {
        "total": [
            {"value": 12000, "text": "ご請求金額 ¥12,000"},
            {"value": 11000, "text": "計 ¥11,000"},
        ]
    },
    "review_reasons": {"total": REVIEW_REASON},
}
PAYMENTS = [
    {"日付": "2024-04-08", "摘要": "ﾌﾘｺﾐ ﾔﾏﾀﾞｼﾖｳﾃﾝ", "出金": 35698},
    {"日付": "2024-04-10", "摘要": "ﾌﾘｺﾐ ﾕ)ﾃｽﾄ", "出金": 11000},
    {"日付": "2024-04-20", "摘要": "ﾔﾁﾝ", "出金": 275000},
]
OPTIONS = {
    "left_amount": "total",
    "right_amount": "出金",
    "left_date": "transaction_date",
    "right_date": "日付",
    "date_window_days": 10,
}


def _reconcile(run: Run, payments: list[dict[str, Any]] = PAYMENTS) -> dict[str, Any]:
    triaged = run("invoice.triage", fields=[CERTAIN, DOUBTFUL])
    assert triaged["review"] == [DOUBTFUL] and triaged["payables"] == [CERTAIN]
    return run(
        "table.reconcile",
        left=triaged["payables"],
        right=payments,
        review=triaged["review"],
        **OPTIONS,
    )


def test_a_payment_fitting_a_candidate_total_is_proposed_not_matched(run: Run) -> None:
    out = _reconcile(run)
    assert [(m["left"]["issuer_name"], m["right_index"]) for m in out["matched"]] == [
        ("株式会社山田商店", 0)
    ]
    [proposal] = out["proposals"]
    assert proposal["id"] == "proposal_1" and proposal["right_index"] == 1
    assert proposal["candidate"] == {"value": 11000, "text": "計 ¥11,000"}
    assert proposal["reason"] == REVIEW_REASON
    assert proposal["file"] == "有限会社テスト/請求書.pdf"
    # the proposed payment waits: neither matched nor a payment without an invoice
    assert out["unmatched_right"] == [PAYMENTS[2]]
    summary = out["summary"]
    assert (summary["matched_count"], summary["proposals_count"]) == (1, 1)
    assert summary["unmatched_right_count"] == 1 and summary["unmatched_right_total"] == 275000
    assert summary["unmatched_left_count"] == 0  # 要確認 invoices are not payables


def test_the_form_gets_one_click_per_proposal_and_says_no_by_default(run: Run) -> None:
    [field] = _reconcile(run)["proposal_fields"]
    assert field["id"] == "proposal_1" and field["type"] == "choice"
    assert field["default"] == "reject"
    assert [o["id"] for o in field["options"]] == ["reject", "accept"]
    assert field["label"] == t(
        "reconcile.proposal.label",
        number=1,
        issuer="有限会社テスト",
        file="有限会社テスト/請求書.pdf",
        total="¥11,000",
        date="2024-04-10",
        paid="¥11,000",
    )
    assert field["description"] == t("reconcile.proposal.why", reason=REVIEW_REASON)
    # a real form field: unanswered, it is 照合しない
    form = FormSpec.build("confirm", [Requirement.model_validate(field)])
    assert form.complete({"approved": True})["proposal_1"] == "reject"
    assert form.problems({"proposal_1": "maybe"})


def test_certain_invoices_take_their_payments_before_proposals(run: Run) -> None:
    rival = {**CERTAIN, "source": {"path": "B/請求書.pdf"}, "total": 11000}
    out = run(
        "table.reconcile",
        left=[CERTAIN, rival],
        right=PAYMENTS,
        review=[DOUBTFUL],
        **OPTIONS,
    )
    assert len(out["matched"]) == 2 and out["proposals"] == []
    assert out["proposal_fields"] == []


def test_a_review_invoice_without_a_fitting_payment_gets_no_proposal(run: Run) -> None:
    out = _reconcile(run, [PAYMENTS[0], PAYMENTS[2]])
    assert out["proposals"] == [] and out["summary"]["proposals_count"] == 0


def _settle(run: Run, out: dict[str, Any], **answers: Any) -> dict[str, Any]:
    return run(
        "table.settle_proposals",
        matched=out["matched"],
        unmatched_right=out["unmatched_right"],
        proposals=out["proposals"],
        **answers,
    )


def test_accepting_books_the_pair_with_who_accepted(run: Run) -> None:
    out = _reconcile(run)
    settled = _settle(run, out, decisions={"proposal_1": "accept"}, decided_by="yamada")
    assert len(settled["matched"]) == 2
    accepted = settled["matched"][1]
    assert accepted["match"] == "accepted" and accepted["accepted_by"] == "yamada"
    assert accepted["left"] == DOUBTFUL and accepted["right"] == PAYMENTS[1]
    assert accepted["reason"] == t("reconcile.settle.accepted", who="yamada")
    assert settled["rejected"] == [] and settled["unmatched_right"] == [PAYMENTS[2]]
    assert settled["summary"]["accepted_count"] == 1


def test_rejecting_leaves_them_unmatched_with_the_reason(run: Run) -> None:
    out = _reconcile(run)
    settled = _settle(
        run, out, decisions={"proposal_1": "reject"}, decided_by="yamada", comment="別件の支払"
    )
    assert len(settled["matched"]) == 1
    [rejected] = settled["rejected"]
    assert rejected["reason"] == t("reconcile.settle.rejected", who="yamada") + t(
        "reconcile.settle.comment", comment="別件の支払"
    )
    assert (rejected["decision"], rejected["decided_by"]) == ("reject", "yamada")
    assert settled["unmatched_right"] == [PAYMENTS[2], PAYMENTS[1]]  # back among the payments


def test_nothing_is_booked_when_the_form_is_sent_back_or_unanswered(run: Run) -> None:
    out = _reconcile(run)
    back = _settle(
        run, out, decisions={"proposal_1": "accept"}, decided_by="yamada", approved=False
    )
    assert back["accepted"] == []
    assert back["rejected"][0]["reason"] == t("reconcile.settle.form_rejected", who="yamada")
    silent = _settle(run, out, decisions={}, decided_by="yamada")
    assert silent["accepted"] == []
    assert silent["rejected"][0]["reason"] == t("reconcile.settle.unanswered")


def _zip_with_os_files() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("株式会社山田商店/請求書.pdf", b"%PDF")
        archive.writestr("有限会社テスト/請求書.pdf", b"%PDF")
        archive.writestr("__MACOSX/", b"")  # a folder entry: not a member file
        archive.writestr("__MACOSX/有限会社テスト/._請求書.pdf", b"\x00\x05")
        archive.writestr("有限会社テスト/.DS_Store", b"\x00")
        archive.writestr("Thumbs.db", b"\x00")
    return out.getvalue()


def test_the_file_list_follows_the_decisions_and_counts_every_member_of_the_zip(
    run: Run, put: Put, tmp_path: Path
) -> None:
    out = _reconcile(run)
    zip_path = tmp_path / "証跡.zip"
    zip_path.write_bytes(_zip_with_os_files())
    archive = put(zip_path)
    for answer, outcome in (("accept", "照合済"), ("reject", "要確認")):
        settled = _settle(run, out, decisions={"proposal_1": answer}, decided_by="yamada")
        files = run(
            "invoice.account_files",
            fields=[CERTAIN, DOUBTFUL],
            matched=settled["matched"],
            rejected=settled["rejected"],
            archive=archive,
        )
        rows = {r["file"]: r for r in files["rows"]}
        doubtful = rows["有限会社テスト/請求書.pdf"]
        assert doubtful["outcome"] == outcome
        if answer == "accept":
            assert doubtful["reason"] == t("reconcile.settle.accepted", who="yamada")
            assert doubtful["payment_amount"] == 11000
        else:
            assert doubtful["reason"] == t(
                "reconcile.files.proposal_rejected",
                reason=t("reconcile.settle.rejected", who="yamada"),
                review=REVIEW_REASON,
            )
        os_rows = [r for r in files["rows"] if r["outcome"] == "除外"]
        assert sorted(r["file"] for r in os_rows) == [
            "Thumbs.db",
            "__MACOSX/有限会社テスト/._請求書.pdf",
            "有限会社テスト/.DS_Store",
        ]
        assert all(r["reason"] == t("reconcile.files.os_metadata") for r in os_rows)
        with zipfile.ZipFile(zip_path) as archive_file:
            members = [i for i in archive_file.infolist() if not i.is_dir()]
        assert files["summary"]["files"] == len(files["rows"]) == len(members) == 5
