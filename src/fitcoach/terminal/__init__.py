"""The coach in a terminal: `fitcoach chat` over an in-memory `ChatSession`."""
