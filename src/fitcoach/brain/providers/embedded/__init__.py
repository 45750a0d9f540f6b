"""The embedded brain: deterministic, offline, multilingual language understanding."""
