"""The coach in a terminal: `fitcoach chat`, one user of the application service over an
in-memory store (`fitcoach.local.LocalCoach`)."""
