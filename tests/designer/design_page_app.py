"""A tiny Streamlit script that shows the Design page (for AppTest)."""

from ui_app.views.design import render

render()
