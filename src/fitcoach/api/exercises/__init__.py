"""The exercise encyclopedia, read-only."""
