"""Linking evidence to the counterparty master: invoices by registration number first, then by
name; statement lines by their kana (bank) name, and through the payment reconciliation
matched to an invoice. Each link has a confidence (0–1) and says how it was made. An issuer
the master lacks becomes a *proposal* (name, registration number, and the kana of the payment
that paid it), to be confirmed by a person: nothing is created here.

Confidences: registration number 1.0; name or kana equal after normalisation 0.95, one holding
the other 0.855, else 0.95 × difflib's ratio (kept at or above `min_confidence`); a statement
line known only through its reconciled invoice 0.9.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from blocks.counterparties.models import Counterparty
from blocks.counterparties.names import is_kana_name, kana_key, key_similarity, name_key

__all__ = ["Linker", "link_evidence"]

_NAME_WEIGHT = 0.95
_VIA_PAYMENT = 0.9


@dataclass
class _Index:
    by_number: dict[str, Counterparty] = field(default_factory=dict)
    by_name: dict[str, Counterparty] = field(default_factory=dict)
    by_kana: dict[str, Counterparty] = field(default_factory=dict)


class Linker:
    """The master indexed by registration number, name key and kana key."""

    def __init__(self, counterparties: Iterable[Counterparty], min_confidence: float = 0.8):
        self.min_confidence = min_confidence
        self.index = _Index()
        for item in counterparties:
            if item.registration_number:
                self.index.by_number[item.registration_number] = item
            self.index.by_name.setdefault(name_key(item.name), item)
            kana = kana_key(item.kana or "") or (
                kana_key(item.name) if is_kana_name(item.name) else ""
            )
            if kana:
                self.index.by_kana.setdefault(kana, item)

    def _best(self, key: str, table: dict[str, Counterparty]) -> tuple[Counterparty, float] | None:
        if not key:
            return None
        exact = table.get(key)
        if exact is not None:
            return exact, _NAME_WEIGHT
        best: tuple[Counterparty, float] | None = None
        for other, item in table.items():
            score = round(key_similarity(key, other) * _NAME_WEIGHT, 4)
            if score >= self.min_confidence and (best is None or score > best[1]):
                best = (item, score)
        return best

    def invoice(
        self, issuer_name: str | None, number: str | None
    ) -> tuple[Counterparty, float, str] | None:
        """(counterparty, confidence, method) for an invoice's issuer, or None."""
        if number and number in self.index.by_number:
            return self.index.by_number[number], 1.0, "registration_number"
        name = issuer_name or ""
        found = self._best(name_key(name), self.index.by_name)
        if found is None and is_kana_name(name):
            found = self._best(kana_key(name), self.index.by_kana)
        return (*found, "name") if found else None

    def statement(self, description: str) -> tuple[Counterparty, float, str] | None:
        """(counterparty, confidence, method) for a statement line's description, or None."""
        found = self._best(kana_key(description), self.index.by_kana)
        if found is None:
            found = self._best(name_key(description), self.index.by_name)
        return (*found, "kana") if found else None


def _brief(item: Counterparty) -> dict[str, Any]:
    """What a link says of its counterparty (the payment terms: for the reconciliation's due
    dates, `blocks.reconcile.due_dates`)."""
    return {
        "code": item.code,
        "name": item.name,
        "registration_number": item.registration_number,
        "payment_terms": item.payment_terms,
    }


def _file(fields: dict[str, Any], index: int) -> str:
    source = fields.get("source") or {}
    return str(source.get("path") or source.get("name") or f"#{index + 1}")


def link_evidence(
    counterparties: Sequence[Counterparty],
    invoices: Sequence[dict[str, Any]],
    statement: Sequence[dict[str, Any]] = (),
    matched: Sequence[dict[str, Any]] = (),
    *,
    description_field: str = "摘要",
    amount_field: str | None = "出金",
    min_confidence: float = 0.8,
) -> dict[str, Any]:
    """The outputs of `counterparties.link`: invoice links, statement links, proposals."""
    linker = Linker(counterparties, min_confidence)
    paid_by = _payments_by_invoice(invoices, matched)
    proposals: list[dict[str, Any]] = []
    proposal_of: dict[str, int] = {}
    invoice_links: list[dict[str, Any]] = []
    for index, fields in enumerate(invoices):
        issuer, number = fields.get("issuer_name"), fields.get("registration_number")
        link: dict[str, Any] = {
            "index": index,
            "file": _file(fields, index),
            "issuer_name": issuer,
            "registration_number": number,
            "counterparty": None,
            "confidence": 0.0,
            "method": "none",
            "proposal": None,
        }
        found = linker.invoice(issuer, number)
        if found is not None:
            item, confidence, method = found
            link.update(counterparty=_brief(item), confidence=confidence, method=method)
        elif issuer or number:
            key = str(number or name_key(issuer or ""))
            if key not in proposal_of:
                proposal_of[key] = len(proposals)
                proposals.append(
                    {
                        "name": issuer,
                        "kana": None,
                        "registration_number": number,
                        "files": [],
                        "statement_lines": [],
                    }
                )
            proposal = proposals[proposal_of[key]]
            proposal["files"].append(link["file"])
            link["proposal"] = proposal_of[key]
        invoice_links.append(link)
    statement_links: list[dict[str, Any]] = []
    for index, record in enumerate(statement):
        if amount_field is not None and not record.get(amount_field):
            continue  # not a payment (a deposit, an empty line)
        description = str(record.get(description_field) or "")
        link = {
            "index": index,
            "description": description,
            "amount": record.get(amount_field) if amount_field else None,
            "counterparty": None,
            "confidence": 0.0,
            "method": "none",
            "proposal": None,
        }
        found = linker.statement(description)
        if found is not None:
            item, confidence, method = found
            link.update(counterparty=_brief(item), confidence=confidence, method=method)
        invoice_index = paid_by.get(index)
        if invoice_index is not None:
            paid = invoice_links[invoice_index]
            if link["counterparty"] is None and paid["counterparty"] is not None:
                link.update(
                    counterparty=paid["counterparty"], confidence=_VIA_PAYMENT, method="payment"
                )
            elif link["counterparty"] is None and paid["proposal"] is not None:
                proposal = proposals[paid["proposal"]]
                proposal["kana"] = proposal["kana"] or _bank_name(description)
                proposal["statement_lines"].append(index)
                link.update(proposal=paid["proposal"], method="payment")
        statement_links.append(link)
    methods = [link["method"] for link in invoice_links]
    return {
        "invoice_links": invoice_links,
        "statement_links": statement_links,
        "proposals": proposals,
        "summary": {
            "invoices": len(invoice_links),
            "linked_invoices": sum(1 for link in invoice_links if link["counterparty"]),
            "by_registration_number": methods.count("registration_number"),
            "by_name": methods.count("name"),
            "statement_lines": len(statement_links),
            "linked_statement_lines": sum(1 for link in statement_links if link["counterparty"]),
            "proposals": len(proposals),
        },
    }


def _payments_by_invoice(
    invoices: Sequence[dict[str, Any]], matched: Sequence[dict[str, Any]]
) -> dict[int, int]:
    """statement line index -> invoice index, for reconciled pairs whose left row is one of
    `invoices` (matched by identity of the source file, else by position)."""
    where = {_file(fields, i): i for i, fields in enumerate(invoices)}
    pairs: dict[int, int] = {}
    for pair in matched:
        left, right_index = pair.get("left") or {}, pair.get("right_index")
        if not isinstance(right_index, int):
            continue
        invoice_index = where.get(_file(left, -1)) if left.get("source") else None
        if invoice_index is None and isinstance(pair.get("left_index"), int):
            candidate = pair["left_index"]
            invoice_index = candidate if 0 <= candidate < len(invoices) else None
        if invoice_index is not None:
            pairs[right_index] = invoice_index
    return pairs


def _bank_name(description: str) -> str:
    """The payee part of a statement description, as printed (`ﾌﾘｺﾐ ｶ)ｼﾝｷ` -> `ｶ)ｼﾝｷ`)."""
    words = description.strip().split(maxsplit=1)
    if len(words) == 2 and kana_key(words[0]) == "":
        return words[1].strip()
    return description.strip()
