"""Logging finished workouts and reading them back."""
