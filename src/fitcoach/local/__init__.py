"""The application service in this process, for one user at a time: the terminal chat and
the evaluation suite run their turns, accepts, rejects and logs through the same service
functions as the HTTP API (`api/coach/service.py`, `api/coach/proposals.py`,
`api/workouts/service.py`), over the same store (SQLite, migrated as a server's), not a
second copy of their rules."""
