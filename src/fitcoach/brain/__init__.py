"""One chat turn: context assembly, routing, tools, materialising and checking proposals."""
