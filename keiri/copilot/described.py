"""Models whose field descriptions come from the message catalog.

A tool's arguments and the wire models of the copilot's prompts are shown to the model as JSON
Schemas; their field descriptions are words a model reads, so they follow the reader's language
like every other text. A `Described` model lists them in `description_keys` (field name ->
literal catalog key); they are written into the schema each time it is generated
(`model_json_schema`, and the `openai` client's `response_format`), never frozen at import.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict

from keiri.base.catalog import t

__all__ = ["Described"]


def _describe(schema: dict[str, Any], cls: type[Any]) -> None:
    keys = cls.description_keys if issubclass(cls, Described) else {}
    properties = schema.get("properties", {})
    for name, key in keys.items():
        if name in properties:
            properties[name]["description"] = t(key)


class Described(BaseModel):
    """A strict model (`extra="forbid"`) with catalog descriptions of its fields."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=_describe)

    #: Field name -> the catalog key of its description (`copilot.…`), read when a schema is made.
    description_keys: ClassVar[dict[str, str]] = {}
