"""Test support: helpers shared by test packages (the scripted OpenAI server, ...)."""

__all__: list[str] = []
