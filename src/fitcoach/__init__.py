"""fitcoach: the brain of an AI personal trainer."""

__version__ = "0.1.0"
