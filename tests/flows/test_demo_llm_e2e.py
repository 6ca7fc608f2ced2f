"""The demo's LLM variant (`designs/monthly_invoice_check_llm.yaml`) end to end on the local
Prefect server, against a local OpenAI-compatible server that answers like a model would: it
reads the document it was sent and answers the fields with verbatim quotes. One answer lies
about a total (quoting the real total line): that invoice must come out 要確認, never matched
and never reported as a fact — the same checks as the rule-based reader."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from keiri.cli import main
from tests.conftest import ROOT
from tests.support.openai_server import (
    TEST_API_KEY,
    RecordedRequest,
    ScriptedOpenAI,
    ScriptedResponse,
)

pytestmark = pytest.mark.prefect
SAMPLES = ROOT / "samples"
MANIFEST = json.loads((SAMPLES / "evidence" / "manifest.json").read_text(encoding="utf-8"))
LIAR = "inv_007"  # the model adds ¥1,000 to this invoice's total
EMPTY: dict[str, Any] = {
    "document_type": None,
    "title": None,
    "issuer_name": None,
    "registration_number": None,
    "transaction_date": None,
    "buyer_name": None,
    "rates": [],
    "lines": [],
    "reduced_rate_note": False,
    "non_taxable": None,
    "amounts_include_tax": None,
    "total": None,
    "quotes": [],
}


def _squeeze(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).split())


def _line_with(text: str, *needles: str) -> str | None:
    """The first line of `text` holding one of `needles` (NFKC, spaces ignored), verbatim."""
    for needle in needles:
        for line in text.splitlines():
            if needle and _squeeze(needle) in _squeeze(line):
                return line
    return None


def _answer_for(text: str) -> dict[str, Any]:
    """What a careful model answers for `text`: the manifest's fields of the invoice whose
    number the text holds, each with the line it was read from."""
    invoice = next(
        (inv for inv in MANIFEST["invoices"] if _squeeze(inv["invoice_number"]) in _squeeze(text)),
        None,
    )
    if invoice is None:  # the cover letter
        return {**EMPTY, "document_type": "cover_letter"}
    total = invoice["total"] + (1000 if invoice["id"] == LIAR else 0)
    values = {
        "issuer_name": (invoice["issuer"], (invoice["issuer"],)),
        "registration_number": (
            invoice["registration_number"],
            (str(invoice["registration_number"] or "-"),),
        ),
        "transaction_date": (
            invoice["date"],
            (invoice["date_text"], invoice["date"], invoice["date"].replace("-", "/")),
        ),
        "buyer_name": (invoice["buyer"], (f"{invoice['buyer']} 御中", str(invoice["buyer"]))),
        "total": (total, (f"{invoice['total']:,}", str(invoice["total"]))),
    }
    answer = {**EMPTY, "document_type": "invoice", "title": "請求書", "amounts_include_tax": False}
    quotes = []
    for field, (value, needles) in values.items():
        line = _line_with(text, *needles) if value is not None else None
        if line is None:
            continue
        answer[field] = value
        quotes.append({"field": field, "text": line})
    answer["quotes"] = quotes
    rate_column = any(_squeeze(line) == "税率" or "\t税率" in line for line in text.splitlines())
    answer["lines"] = [
        {
            "description": item["description"],
            "quantity": item["quantity"],
            "unit_price": item["unit_price"],
            "amount": item["amount"],
            "rate": item["rate"],
            "marked": "※" in (_line_with(text, item["description"]) or ""),
            "rate_stated": rate_column,
        }
        for item in invoice["items"]
        if _line_with(text, item["description"]) is not None
    ]
    answer["reduced_rate_note"] = re.search(r"※[^\n]*軽減税率", text) is not None
    answer["rates"] = [
        {"rate": int(rate), "base": base, "tax": invoice["tax_by_rate"][rate]}
        for rate, base in invoice["subtotal_by_rate"].items()
    ]
    return answer


def _model(request: RecordedRequest) -> ScriptedResponse | None:
    if request.endpoint != "chat":
        return None
    return ScriptedResponse.chat(_answer_for(request.user_prompt))


def test_llm_demo_reads_every_document_and_never_trusts_a_lying_total(
    prefect_server: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    with ScriptedOpenAI(handler=_model) as llm:
        for key, value in llm.env().items():
            monkeypatch.setenv(key, value)
        code = main(
            [
                "run",
                str(ROOT / "designs" / "monthly_invoice_check_llm.yaml"),
                "--input",
                f"collect_inputs.evidence_zip=@{SAMPLES / 'evidence' / 'evidence.zip'}",
                "--input",
                f"collect_inputs.bank_statement=@{SAMPLES / 'bank' / 'bank_statement.xlsx'}",
                "--input",
                "confirm_results.approved=true",
                "--json",
            ]
        )
        requests = llm.requests
    doc = json.loads(capsys.readouterr().out)
    assert code == 0, doc["error"]
    outputs = doc["outputs"]
    members = {inv["zip_path"] for inv in MANIFEST["invoices"]}
    # every document was read by the model (the 9 invoices and the cover letter), once
    assert len([r for r in requests if r.endpoint == "chat"]) == len(members) + 1
    fields = {f["source"]["path"]: f for f in outputs["extract_each"]["fields"]}
    assert all(f["extraction"] == "llm" for f in fields.values())
    by_id = {inv["id"]: inv for inv in MANIFEST["invoices"]}
    liar = fields[by_id[LIAR]["zip_path"]]
    assert liar["total"] == by_id[LIAR]["total"] + 1000
    assert liar["status"]["total"] == "要確認" and liar["review_reasons"]["total"]
    # honest answers whose arithmetic holds are confirmed with the manifest's totals
    for inv in MANIFEST["invoices"]:
        if inv["id"] != LIAR:
            got = fields[inv["zip_path"]]
            assert got["total"] == inv["total"], inv["id"]
            assert got["status"]["total"] == "確定", (inv["id"], got["review_reasons"])
    matched = {m["left"]["source"]["path"] for m in outputs["reconcile"]["matched"]}
    assert by_id[LIAR]["zip_path"] not in matched
    assert len(matched) >= 6
    rows = {row["file"]: row for row in outputs["account_files"]["rows"]}
    assert set(rows) >= members  # nothing set aside silently
    assert rows[by_id[LIAR]["zip_path"]]["outcome"] == "要確認"
    # the same findings as the rule-based demo: the defective invoices, plus the lying total
    flagged = {f["file"] for f in outputs["check_invoices"]["findings"] if f["severity"] == "error"}
    defective = {inv["zip_path"] for inv in MANIFEST["invoices"] if inv["defects"]}
    assert flagged == defective | {by_id[LIAR]["zip_path"]}
    assert TEST_API_KEY not in Path(doc["log"]).read_text(encoding="utf-8")
