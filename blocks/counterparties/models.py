"""The records of the counterparty master: `Counterparty`, `Rule` (an account rule, like
freee's 自動登録ルール) and `Change` (one line of the append-only change log)."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from blocks.sdk.errors import BlockError
from blocks.text.payment_terms import parse_terms
from keiri.base.catalog import t

__all__ = ["RULE_ACTIONS", "Change", "Counterparty", "Rule", "RuleAction"]

RuleAction = Literal["register", "suggest", "ignore"]
#: register: book with the rule's account; suggest: book it but ask a person to look;
#: ignore: the evidence does not become an entry.
RULE_ACTIONS: tuple[RuleAction, ...] = ("register", "suggest", "ignore")
_REGISTRATION = re.compile(r"T\d{13}")


def _blank_to_none(value: Any) -> Any:
    return None if isinstance(value, str) and not value.strip() else value


class Counterparty(BaseModel):
    """One 取引先. `code` is the stable key (取引先コード); `kana` is the name as a bank
    prints it on statements (`ﾔﾏﾀﾞｼｮｳｼﾞ`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    code: str = Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_.\-]+$")
    name: str = Field(min_length=1, max_length=120)
    kana: str | None = Field(default=None, max_length=120)
    registration_number: str | None = None
    default_account: str | None = Field(default=None, max_length=60)
    default_tax_category: str | None = Field(default=None, max_length=60)
    payment_terms: str | None = Field(default=None, max_length=60)
    bank_name: str | None = Field(default=None, max_length=60)
    bank_branch: str | None = Field(default=None, max_length=60)
    account_type: Literal["普通", "当座", "貯蓄"] | None = None
    account_number: str | None = Field(default=None, pattern=r"^\d{1,8}$")
    account_holder: str | None = Field(default=None, max_length=120)

    @model_validator(mode="before")
    @classmethod
    def _blanks(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {k: _blank_to_none(v) if k != "code" else v for k, v in data.items()}
        return data

    @field_validator("name", "kana", "account_holder")
    @classmethod
    def _strip(cls, value: str | None) -> str | None:
        return value.strip() if isinstance(value, str) else value

    @field_validator("registration_number")
    @classmethod
    def _registration(cls, value: str | None) -> str | None:
        if value is None:
            return None
        value = value.strip().upper()
        if not _REGISTRATION.fullmatch(value):
            raise ValueError(t("counterparty.field.registration", value=value))
        return value

    @field_validator("payment_terms")
    @classmethod
    def _terms(cls, value: str | None) -> str | None:
        if value is None:
            return None
        try:
            return parse_terms(value).text()
        except BlockError as exc:  # PAYMENT_TERMS_INVALID, shown as this field's problem
            raise ValueError(exc.message) from None


class Rule(BaseModel):
    """An account rule: for a counterparty (`counterparty_code`) and/or a keyword found in the
    evidence's text, book on `account` / `tax_category` (register), suggest it, or ignore."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: int | None = None
    counterparty_code: str | None = None
    keyword: str | None = Field(default=None, max_length=60)
    action: RuleAction = "suggest"
    account: str | None = Field(default=None, max_length=60)
    tax_category: str | None = Field(default=None, max_length=60)
    origin: Literal["manual", "learned", "imported"] = "manual"
    created_by: str = ""
    created_at: str = ""
    note: str = ""

    @model_validator(mode="after")
    def _complete(self) -> Rule:
        if self.counterparty_code is None and not self.keyword:
            raise ValueError(t("counterparty.rule.no_target"))
        if self.action != "ignore" and not self.account:
            raise ValueError(t("counterparty.rule.no_account"))
        return self

    @property
    def specificity(self) -> int:
        """3: counterparty and keyword, 2: counterparty only, 1: keyword only."""
        return (2 if self.counterparty_code else 0) + (1 if self.keyword else 0)


class Change(BaseModel):
    """One line of the change log: who changed what, when, from what to what."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: int
    at: str
    who: str
    target: Literal["counterparty", "rule"]
    key: str
    action: Literal["create", "update", "deactivate"]
    before: dict[str, Any] | None
    after: dict[str, Any] | None
