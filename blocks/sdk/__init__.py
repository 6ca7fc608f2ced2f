"""The block SDK: spec model, registry, base class, context, errors, FileRef, the file store,
the YAML loader with line numbers, JSON Schema validation, the confirmation protocol and a
search of nested JSON values (`nested`).

The bottom of `blocks`: never imports a block domain (`blocks.file`, `blocks.invoice`, ...),
nor `compiler`, `flows`, `ui_app` or the application packages of `keiri`.
"""

__all__: list[str] = []
