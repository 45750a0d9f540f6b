"""One module per kind of edit operation; each changes an `EditContext` and returns its diff."""
