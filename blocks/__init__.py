"""Blocks: the pipeline steps a plan's nodes call, and the SDK they are written with.

- `blocks.sdk`: spec model, registry, base class, context, errors, FileRef and file store
  (the bottom of this package).
- `blocks.text`: Japanese business text the domains share (amounts, dates, normalisation).
- One folder per domain, its library beside its blocks: `file` (ZIPs and text extraction),
  `excel`, `statements`, `reconcile`, `invoice`, `llm`, `analysis`, `data`, and `forms` (the
  human-input form model and `ui.interactive_input`).

Nothing under `blocks` imports `compiler`, `flows`, `designer`, `ui_app` or the application
packages of `keiri` (import-linter). The SDK's public names are listed below and imported on
first use, so importing one domain module does not load the whole SDK.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from blocks.sdk.base import Block, summarize
    from blocks.sdk.context import BlockContext, HumanInputPort
    from blocks.sdk.errors import BlockError, ErrorCode, Issue, IssueCode, IssuesFound, KeiriError
    from blocks.sdk.fileref import FILEREF_SCHEMA_REF, FileRef
    from blocks.sdk.spec import BlockSpec, PortSpec
    from blocks.sdk.store import FileStore

#: public name -> the module that defines it.
_PUBLIC = {
    "Block": "blocks.sdk.base",
    "summarize": "blocks.sdk.base",
    "BlockContext": "blocks.sdk.context",
    "HumanInputPort": "blocks.sdk.context",
    "BlockError": "blocks.sdk.errors",
    "ErrorCode": "blocks.sdk.errors",
    "Issue": "blocks.sdk.errors",
    "IssueCode": "blocks.sdk.errors",
    "IssuesFound": "blocks.sdk.errors",
    "KeiriError": "blocks.sdk.errors",
    "FILEREF_SCHEMA_REF": "blocks.sdk.fileref",
    "FileRef": "blocks.sdk.fileref",
    "BlockSpec": "blocks.sdk.spec",
    "PortSpec": "blocks.sdk.spec",
    "FileStore": "blocks.sdk.store",
}

__all__ = [
    "FILEREF_SCHEMA_REF",
    "Block",
    "BlockContext",
    "BlockError",
    "BlockSpec",
    "ErrorCode",
    "FileRef",
    "FileStore",
    "HumanInputPort",
    "Issue",
    "IssueCode",
    "IssuesFound",
    "KeiriError",
    "PortSpec",
    "summarize",
]


def __getattr__(name: str) -> Any:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'blocks' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
