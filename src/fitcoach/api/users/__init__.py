"""Sign-up and the caller's own settings."""
