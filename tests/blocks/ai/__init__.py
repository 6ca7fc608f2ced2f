"""Tests of the LLM client, the output-schema compiler and ai.process_llm."""
