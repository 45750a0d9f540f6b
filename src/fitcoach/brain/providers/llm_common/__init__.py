"""What the LLM brains (Gemini, OpenAI-compatible) share: the static prompt, the answer
schema and its parser, per-turn conversations, usage accounting and the cache registry."""
