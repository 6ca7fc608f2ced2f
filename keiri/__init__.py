"""keiri: a pipeline platform for accounting teams.

This package owns the command line (`keiri.cli`), the local Prefect server lifecycle
(`keiri.server`), the settings every layer reads (`keiri.settings`) and the error tree every
layer raises (`keiri.errors`). `keiri.settings` and, below it, `keiri.errors` are the bottom
layers: they never import another keiri package (settings imports only the errors).
"""

__all__ = ["__version__"]

__version__ = "0.1.0"
