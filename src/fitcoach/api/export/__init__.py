"""Everything a user has, to take away (DESIGN D11)."""
