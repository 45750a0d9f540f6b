"""Brains that turn a message and its context into a decision."""
