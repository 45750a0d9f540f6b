"""The chat turn and the staged proposals it produces (accept, reject)."""
