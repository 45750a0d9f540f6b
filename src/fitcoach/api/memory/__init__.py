"""The user's view and control of what the coach remembers."""
