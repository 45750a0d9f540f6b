"""The week generator: a valid plan for any valid profile."""
