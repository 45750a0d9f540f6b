"""Programming engine (pure): the plan model, the validator, the generator and plan edits."""
