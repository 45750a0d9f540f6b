"""Validator checks: each applies one rule family to a plan view and yields violations."""
