"""Each exercise's newest sessions, kept beside the logs for the plan read's loads."""
