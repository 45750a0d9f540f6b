"""Persistence: SQLAlchemy models, repositories and migrations."""
