"""The 3-tier living memory (pure): entries, mutation application, TTL and rendering."""
