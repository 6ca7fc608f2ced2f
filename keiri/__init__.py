"""keiri: a pipeline platform for accounting teams.

This package owns the command line (`keiri.cli`), the local Prefect server lifecycle
(`keiri.server`) and the settings every layer reads (`keiri.settings`). `keiri.settings` is the
bottom layer: it must never import another keiri package.
"""

__all__ = ["__version__"]

__version__ = "0.1.0"
