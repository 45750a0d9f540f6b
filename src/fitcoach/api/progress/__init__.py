"""Training progress over recent weeks: e1RM per exercise, weekly volume per muscle group."""
