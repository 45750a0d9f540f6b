"""Volume and effort landmarks of the seed's programming framework (SPEC §2)."""

from __future__ import annotations

# Direct weekly volume per muscle group, in hard working sets.
WEEKLY_SETS_MIN = 10
WEEKLY_SETS_MAX = 20
# Never more than 6-8 hard sets for one muscle group in one session ("junk volume").
SESSION_SETS_MAX = 8
# Loads and rep ranges at 1-3 reps in reserve.
RIR_MIN = 1
RIR_MAX = 3
# At least 48 hours before a muscle group takes heavy compound loading again.
RECOVERY_HOURS = 48
