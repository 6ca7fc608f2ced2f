"""Models whose field descriptions come from the message catalog.

A tool's arguments and the wire models of the copilot's prompts are shown to the model as JSON
Schemas; their field descriptions are words a model reads, so they follow the reader's language
like every other text. A `Described` model lists them in `descriptions()` (literal catalog
keys); they are written into the schema each time it is generated (`model_json_schema`, and
the `openai` client's `response_format`), never frozen at import.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

__all__ = ["Described"]


def _describe(schema: dict[str, Any], cls: type[Any]) -> None:
    texts = cls.descriptions() if issubclass(cls, Described) else {}
    properties = schema.get("properties", {})
    for name, text in texts.items():
        if name in properties:
            properties[name]["description"] = text


class Described(BaseModel):
    """A strict model (`extra="forbid"`) with catalog descriptions of its fields."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=_describe)

    @classmethod
    def descriptions(cls) -> dict[str, str]:
        """Field name -> its description in the reader's language (`t("copilot.…")`)."""
        return {}
