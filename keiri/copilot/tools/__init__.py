"""The copilot's tools, one module per area; each module lists its `TOOLS`."""

__all__: list[str] = []
