"""Training analytics (pure): e1RM, tonnage, hard sets, records, trends, overload advice."""
