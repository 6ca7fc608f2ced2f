"""Codes in words: a code set that more than one surface shows (the copilot's roles, goals,
steps and confirmations in the chat and on its page) -> the literal catalog keys of its words.
A surface picks a key here (`t(CHAT_ROLES[message.role])`), never builds one.

Imports nothing (the keys are plain text; `t` reads them).
"""

from __future__ import annotations

__all__ = ["CHAT_CONFIRMATIONS", "CHAT_GOALS", "CHAT_ROLES", "CHAT_STEPS", "REPORT_WORDS"]

#: Who speaks in a copilot conversation.
CHAT_ROLES = {
    "user": "chat.role.user",
    "assistant": "chat.role.assistant",
    "tool": "chat.role.tool",
    "system": "chat.role.system",
}
#: Where a confirmation the copilot asked for stands (`{by}`: who decided).
CHAT_CONFIRMATIONS = {
    "pending": "chat.confirmation.pending",
    "approved": "chat.confirmation.approved",
    "declined": "chat.confirmation.declined",
}
#: Where a goal stands.
CHAT_GOALS = {
    "draft": "chat.goal.draft",
    "approved": "chat.goal.approved",
    "in_progress": "chat.goal.in_progress",
    "completed": "chat.goal.completed",
    "failed": "chat.goal.failed",
}
#: Where a step of a goal stands.
CHAT_STEPS = {
    "pending": "chat.step.pending",
    "in_progress": "chat.step.in_progress",
    "completed": "chat.step.completed",
    "failed": "chat.step.failed",
}

#: The code sets a report writes in words (`excel.write` columns with `words: <set>`): a set's
#: name -> {code: the key of its words}. A code without words is written as it is.
REPORT_WORDS: dict[str, dict[str, str]] = {
    "severity": {
        "error": "display.severity.error",
        "warning": "display.severity.warning",
        "info": "display.severity.info",
    },
    "rule": {
        "text_unavailable": "report.rule.text_unavailable",
        "text_truncated": "report.rule.text_truncated",
        "document_type_unknown": "report.rule.document_type_unknown",
        "issuer_name_missing": "report.rule.issuer_name_missing",
        "registration_number_missing": "report.rule.registration_number_missing",
        "registration_number_format": "report.rule.registration_number_format",
        "registration_number_check_digit": "report.rule.registration_number_check_digit",
        "transaction_date_missing": "report.rule.transaction_date_missing",
        "transaction_date_invalid": "report.rule.transaction_date_invalid",
        "description_missing": "report.rule.description_missing",
        "reduced_rate_marking_missing": "report.rule.reduced_rate_marking_missing",
        "reduced_rate_marker_unexplained": "report.rule.reduced_rate_marker_unexplained",
        "totals_by_rate_missing": "report.rule.totals_by_rate_missing",
        "tax_by_rate_missing": "report.rule.tax_by_rate_missing",
        "tax_or_rate_missing": "report.rule.tax_or_rate_missing",
        "unsupported_tax_rate": "report.rule.unsupported_tax_rate",
        "tax_amount_mismatch": "report.rule.tax_amount_mismatch",
        "total_mismatch": "report.rule.total_mismatch",
        "total_missing": "report.rule.total_missing",
        "line_amounts_mismatch": "report.rule.line_amounts_mismatch",
        "line_amount_mismatch": "report.rule.line_amount_mismatch",
        "buyer_name_missing": "report.rule.buyer_name_missing",
        "total_unconfirmed": "report.rule.total_unconfirmed",
        "text_note": "report.rule.text_note",
        "registration_not_valid_on_date": "report.rule.registration_not_valid_on_date",
        "issuer_name_differs": "report.rule.issuer_name_differs",
    },
    "field": {
        "registration_number": "report.field.registration_number",
        "issuer_name": "report.field.issuer_name",
        "buyer_name": "report.field.buyer_name",
        "transaction_date": "report.field.transaction_date",
        "lines": "report.field.lines",
        "total": "report.field.total",
        "totals_by_rate": "report.field.totals_by_rate",
        "tax_by_rate": "report.field.tax_by_rate",
        "text": "report.field.text",
        "title": "report.field.title",
        "notes": "report.field.notes",
    },
    "match": {
        "exact": "report.match.exact",
        "within_tolerance": "report.match.within_tolerance",
        "accepted": "report.match.accepted",
    },
    "statement": {"BALANCE_BREAK": "report.statement.BALANCE_BREAK"},
}
