"""The validator (DESIGN D2): every programming rule of the seed as a named check."""
