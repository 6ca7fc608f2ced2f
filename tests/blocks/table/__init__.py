"""Tests of the table blocks."""
