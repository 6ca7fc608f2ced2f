"""Human input: the form model every surface derives from (`form`: one `FormSpec`;
`field_types`, `requirement`, `safe_regex`, `display`) and the `ui.interactive_input` block
(`interactive_input`). Used by the compiler, the CLI and the form app."""

__all__: list[str] = []
