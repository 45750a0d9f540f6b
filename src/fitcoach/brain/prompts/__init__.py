"""The LLM brains' static system instruction and worked examples, as package data."""
