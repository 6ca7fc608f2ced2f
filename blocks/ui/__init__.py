"""Human-input blocks (`ui.interactive_input`) and the form model they share with the app."""
