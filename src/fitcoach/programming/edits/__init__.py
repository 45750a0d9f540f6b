"""Plan edit operations (DESIGN D1): pure functions from a plan to a new plan and a diff."""
