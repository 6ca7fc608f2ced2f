"""keiri: a pipeline platform for accounting teams.

Two floors. `keiri.base` is the foundation every layer may import (errors, the message
catalog, settings, times, masking, permissions, process identity). The application sits on
top of `flows`, `designer` and `ui_app`: the command line (`keiri.cli`), the operator copilot
(`keiri.copilot`), the local Prefect server (`keiri.server`) and the `keiri` executable with
its quick start (`keiri.launch`).
"""

__all__ = ["__version__"]

__version__ = "0.1.0"
