"""AI blocks: `ai.process_llm` (structured extraction and reconciliation with an LLM).

The LLM client and the output-schema compiler live in `blocks.core`.
"""

__all__: list[str] = []
