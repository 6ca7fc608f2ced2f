"""Tests of the excel blocks."""
