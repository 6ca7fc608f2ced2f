"""The LLM: the client (`client`: OpenAI or Azure OpenAI, structured output only), the
simplified output schema of `ai.process_llm` (`schema`) and the `ai.process_llm` block
(`process_llm`)."""

__all__: list[str] = []
