"""The findings of one invoice's checks: every rule id with its severity (`RULES`, for the
block spec and the documentation) and `Findings`, which collects one invoice's findings —
`{file, field, rule, reason, severity}`, the reason from the catalog (`invoice.finding.*`)."""

from __future__ import annotations

from typing import Any

from keiri.base.catalog import t

__all__ = ["RULES", "Findings"]

#: Every rule id with its severity, for documentation and the block spec.
RULES: dict[str, str] = {
    "text_unavailable": "error",
    "text_truncated": "warning",
    "document_type_unknown": "warning",
    "issuer_name_missing": "error",
    "registration_number_missing": "error",
    "registration_number_format": "error",
    "registration_number_check_digit": "error",
    "transaction_date_missing": "error",
    "transaction_date_invalid": "error",
    "description_missing": "error",
    "reduced_rate_marking_missing": "error",
    "reduced_rate_marker_unexplained": "warning",
    "totals_by_rate_missing": "error",
    "tax_by_rate_missing": "error",
    "tax_or_rate_missing": "error",
    "unsupported_tax_rate": "error",
    "tax_amount_mismatch": "error",
    "total_mismatch": "error",
    "total_missing": "warning",
    "line_amounts_mismatch": "warning",
    "line_amount_mismatch": "warning",
    "buyer_name_missing": "error",
    "total_unconfirmed": "warning",
    "text_note": "warning",
    "registration_not_valid_on_date": "error",
    "issuer_name_differs": "warning",
}


class Findings:
    """Collects the findings of one invoice."""

    def __init__(self, fields: dict[str, Any], file: str) -> None:
        self.f = fields
        self.file = file
        self.findings: list[dict[str, Any]] = []

    def add(self, rule: str, field: str, reason: str) -> None:
        self.findings.append(
            {
                "file": self.file,
                "field": field,
                "rule": rule,
                "reason": reason,
                "severity": RULES[rule],
            }
        )

    def missing(self, rule: str, field: str, what: str) -> None:
        self.add(rule, field, t("invoice.finding.missing", what=what))
