"""The speaking half of the embedded brain: from a routing decision to memory mutations, plan
edit operations, tool calls and, once the engine has answered, the coach's message."""
