"""Bringing history in from other apps' CSV exports (DESIGN D11)."""
