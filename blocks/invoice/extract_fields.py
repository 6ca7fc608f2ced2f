"""`invoice.extract_fields`: the fields of Japanese invoices from text — by rules (default,
deterministic) or by an LLM (`method: llm`, the same schema and checks)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from blocks.invoice.doc_kinds import INVOICE_KINDS
from blocks.invoice.extract import extract_invoice_fields
from blocks.invoice.llm_reader import extract_with_llm
from blocks.invoice.second_reader import page_image, second_read
from blocks.invoice.vocabulary import CONFIRMED, REVIEW
from blocks.llm.client import client_for
from blocks.sdk.base import Block
from blocks.sdk.confirmation import NeedsConfirmation, Option
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError, ErrorCode
from blocks.sdk.fileref import FileRef
from keiri.base.catalog import t

__all__ = ["ExtractFieldsBlock", "fields_of_document"]

Reader = Callable[..., dict[str, Any]]


def fields_of_document(
    document: dict[str, Any], reader: Reader = extract_invoice_fields
) -> dict[str, Any]:
    """Fields of one evidence file (`evidence_data.files[i]`). A file without text gives fields
    whose `error` says why (its extraction error, else its findings: every page blank or over
    the OCR budget), so `invoice.check` reports it instead of guessing; a lock or empty file
    gives fields whose `excluded` says so."""
    source = {"name": document.get("name"), "path": document.get("path")}
    if document.get("skipped"):
        fields = extract_invoice_fields("", source)
        fields["excluded"] = str(document["skipped"])
        return fields
    text = document.get("text")
    if not isinstance(text, str) or not text.strip():
        findings = document.get("findings") or []  # e.g. every page blank or over the OCR budget
        error = document.get("error") or (
            {"code": findings[0]["code"], "message": "\n".join(f["message"] for f in findings)}
            if findings
            else {"code": "NO_TEXT", "message": "the file has no extracted text"}
        )
        fields = extract_invoice_fields("", source)
        fields["error"] = {"code": str(error.get("code")), "message": str(error.get("message"))}
        return fields
    fields = reader(
        text,
        source,
        from_ocr=bool(document.get("ocr_pages")),
        pages=document.get("pages"),
        layout=document.get("layout") or None,
    )
    fields["text_truncated"] = bool(document.get("text_truncated", False))
    fields["notes"] += [{"field": "text", "message": str(n)} for n in document.get("notes") or []]
    return fields


def _ask_total(ctx: BlockContext, index: int, fields: dict[str, Any]) -> None:
    """A 要確認 total with several candidate amounts: ask which one (`confirm_ambiguous`);
    the chosen amount becomes the total, 確定, with who chose it. Unasked, it stays 要確認
    with its candidates (the finding)."""
    if (fields.get("status") or {}).get("total") != REVIEW:
        return
    values: dict[Any, str] = {}
    for candidate in (fields.get("candidates") or {}).get("total") or []:
        values.setdefault(candidate.get("value"), str(candidate.get("text") or ""))
    values.pop(None, None)
    if len(values) < 2:
        return
    name = (fields.get("source") or {}).get("name") or t("invoice.ask.nth", number=index + 1)
    options = [
        Option(
            id=f"total-{i}",
            label=(
                t("invoice.ask.option_yen", value=f"{value:,}", text=text)
                if isinstance(value, int)
                else t("invoice.ask.option", value=value, text=text)
            ),
            details={t("invoice.ask.amount"): value, t("invoice.ask.basis"): text},
        )
        for i, (value, text) in enumerate(values.items())
    ]
    reason = (fields.get("review_reasons") or {}).get("total") or ""
    need = NeedsConfirmation(
        question=t("invoice.ask.total", name=name, reason=reason),
        options=options,
        context={"file": name, "issuer": fields.get("issuer_name")},
        default=options[0].id,
        key=f"total[{index}]",
    )
    answer = ctx.confirm(need)
    if answer is None or answer.option is None:
        return
    chosen = list(values)[int(answer.option.removeprefix("total-"))]
    fields["total"] = chosen
    fields["status"]["total"] = CONFIRMED
    fields.setdefault("review_reasons", {}).pop("total", None)
    fields["confirmed_by"] = {"total": answer.answered_by}


class ExtractFieldsBlock(Block):
    """Input `text`, one `document` or a list of `documents`; outputs `fields` (one) or
    `fields_list` (one per document, same order)."""

    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        given = [k for k in ("text", "document", "documents") if inputs.get(k) is not None]
        if len(given) != 1:
            raise BlockError(
                ErrorCode.INPUT_VALIDATION_FAILED,
                t("runtime.invoice.one_source")
                + (t("runtime.invoice.given", names=", ".join(given)) if given else ""),
                details={"field": "text", "given": given},
                hint=t("runtime.invoice.one_source_hint"),
            )
        if inputs.get("method", "rules") != "llm":
            outputs = self._extract(inputs, given, extract_invoice_fields)
            if inputs.get("second_reader", "none") == "llm":
                self._second_reading(ctx, inputs, given, outputs)
            return self._confirmed(ctx, outputs)
        client, owned = client_for(ctx.services)

        def reader(
            text: str,
            source: Any = None,
            *,
            from_ocr: bool = False,
            pages: Any = None,
            layout: Any = None,
        ) -> dict[str, Any]:
            return extract_with_llm(client, text, source, from_ocr=from_ocr)

        try:
            return self._confirmed(ctx, self._extract(inputs, given, reader))
        finally:
            if owned:
                client.close()

    @staticmethod
    def _second_reading(
        ctx: BlockContext, inputs: dict[str, Any], given: list[str], outputs: dict[str, Any]
    ) -> None:
        """The page images of the documents read again by a vision-capable model
        (`second_reader`): its values count only where they agree with the text reader or
        the arithmetic."""
        documents = inputs["documents"] if "documents" in given else [inputs.get("document") or {}]
        client, owned = client_for(ctx.services)
        try:
            for document, fields in zip(documents, outputs["fields_list"], strict=False):
                ref = document.get("file")
                if not ref or fields.get("error") or fields.get("excluded"):
                    continue
                if fields.get("document_type") not in (None, *INVOICE_KINDS):
                    continue
                file = FileRef.model_validate(ref)
                image = page_image(ctx.file_store.path(file).read_bytes(), file.media_type)
                if image is not None:
                    second_read(client, fields, image)
        finally:
            if owned:
                client.close()

    @staticmethod
    def _confirmed(ctx: BlockContext, outputs: dict[str, Any]) -> dict[str, Any]:
        for index, fields in enumerate(outputs["fields_list"]):
            _ask_total(ctx, index, fields)
        return outputs

    @staticmethod
    def _extract(inputs: dict[str, Any], given: list[str], reader: Reader) -> dict[str, Any]:
        if "documents" in given:
            fields_list = [fields_of_document(d, reader) for d in inputs["documents"]]
            return {"fields": None, "fields_list": fields_list}
        if "document" in given:
            fields = fields_of_document(inputs["document"], reader)
        else:
            name = inputs.get("source_name")
            fields = reader(inputs["text"], {"name": name, "path": None} if name else None)
        return {"fields": fields, "fields_list": [fields]}
