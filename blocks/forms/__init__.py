"""Human input: the form model every surface derives from (`form`: one `FormSpec`;
`requirement`; `field_types`: the one table of field types, each defined in the module of its
kind — `text_fields`, `value_fields`, `file_fields` — on the record of `field_type`;
`safe_regex`, `display`) and the `ui.interactive_input` block (`interactive_input`). Used by the
compiler, the CLI and the form app; imports nothing above `blocks.text` and `blocks.sdk`."""

__all__: list[str] = []
