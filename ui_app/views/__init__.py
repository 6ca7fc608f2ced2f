"""The pages of the form app; each module has a `render()` that `ui_app.nav` registers."""

__all__: list[str] = []
