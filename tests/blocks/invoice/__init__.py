"""Tests of the invoice blocks."""
