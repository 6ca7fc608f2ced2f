"""Processing blocks that transform evidence into structured data (`blocks.processing.ai`)."""

__all__: list[str] = []
