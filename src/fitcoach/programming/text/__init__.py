"""Plan texts in the user's language: titles, notes, themes, diffs, suggested edits, gaps."""

from fitcoach.programming.text.phrases import language_of, say

__all__ = ["language_of", "say"]
