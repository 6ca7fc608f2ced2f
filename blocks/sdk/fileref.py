"""`FileRef`: how files travel between nodes — a reference into the file store, never bytes."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["FILEREF_SCHEMA_REF", "FileRef"]

# The `$ref` block specs use for a file-valued port.
FILEREF_SCHEMA_REF = "blocks.sdk.fileref:FileRef"


class FileRef(BaseModel):
    """A stored file: content-addressed `uri`, original `name`, `size`, `sha256`, `media_type`."""

    model_config = ConfigDict(frozen=True, extra="forbid", title="FileRef")

    uri: str = Field(description="keiri://store/<sha256> for the local store")
    name: str = Field(description="Original file name (may be Japanese)")
    size: int = Field(ge=0)
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    media_type: str = "application/octet-stream"

    @classmethod
    def is_fileref(cls, value: object) -> bool:
        return (
            isinstance(value, dict)
            and {"uri", "name", "size", "sha256"} <= set(value)
            and str(value.get("uri", "")).startswith("keiri://")
        )
