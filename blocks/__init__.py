"""The block SDK: spec model, registry, base class, context, errors, FileRef and file store.

Block implementations live in sub-packages by category (`blocks/file`, `blocks/excel`, ...)
and the core components they share in `blocks/core`. Nothing under `blocks` may import
`compiler`, `flows`, `ui_app` or `keiri.cli` (checked by import-linter).
"""

from blocks.base import Block, summarize
from blocks.context import BlockContext, HumanInputPort
from blocks.errors import BlockError, ErrorCode, Issue, IssueCode, IssuesFound, KeiriError
from blocks.fileref import FILEREF_SCHEMA_REF, FileRef
from blocks.spec import BlockSpec, PortSpec
from blocks.store import FileStore

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
