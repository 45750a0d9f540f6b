"""Training analytics (pure): e1RM, tonnage, hard sets, records, trends, overload advice.

No I/O and no clock: *now* and the time zone are parameters. Modules, one purpose each:
- `logs`: the plain log records everything here reads (pounds as logged);
- `units`: lb↔kg, display rounding, loadable weights and the load step per kind of gear;
- `strength`: estimated 1RM (Brzycki/Epley blend, RPE as reps in reserve) and set effort;
- `volume`: tonnage, the hard-set definition, weekly volume per muscle group, trends;
- `records`: personal records, updated incrementally with each log;
- `progression`: double-progression overload advice as machine-readable data;
- `known_loads`: the user's known loads and the working load they imply;
- `rep_range`: "8-10" / "12" / "30-45s" as numbers.
"""
