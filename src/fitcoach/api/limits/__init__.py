"""Abuse limits: per-user request rates, memory and chat-history caps (issue 7)."""
