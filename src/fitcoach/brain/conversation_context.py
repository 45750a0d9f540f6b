"""The last turns of the conversation, for the LLM brains' dynamic context (DESIGN D12).

A follow-up ("yes, do that", "and Friday?") has its referent in what was said before. The
caller loads the user's last chat lines into `TurnInput.history`; the newest of them, within
a line and a character budget, are rendered into the runtime context block just before the
user's message. They belong to the dynamic part only: the cached static prefix never
changes. Each line is JSON-quoted, so a past message reads as quoted text, never as a new
section of the block.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from fitcoach.brain.ports import ChatLine
from fitcoach.memory.render import iso_z

MAX_LINES = 6  # three exchanges
MAX_LINE_CHARS = 600  # a coach's long plan summary is cut, the gist stays
MAX_CHARS = 6000  # about 1.5k tokens for the whole section
HEADER = ("RECENT CONVERSATION (oldest first, before the message below; context only: "
          "answer the user's message):")
CLIPPED = "…"


def render_recent_conversation(history: Sequence[ChatLine]) -> str | None:
    """The section's text, or None when there is nothing to show."""
    lines: list[str] = []
    used = len(HEADER)
    for line in reversed(history):
        if len(lines) == MAX_LINES:
            break
        text = line.text.strip()
        if len(text) > MAX_LINE_CHARS:
            text = text[:MAX_LINE_CHARS].rstrip() + CLIPPED
        rendered = f"- {line.role.value} ({iso_z(line.at)}): {json.dumps(text, ensure_ascii=False)}"
        if used + len(rendered) + 1 > MAX_CHARS:
            break
        lines.append(rendered)
        used += len(rendered) + 1
    if not lines:
        return None
    return "\n".join([HEADER, *reversed(lines)])


def with_conversation(context_block: str, history: Sequence[ChatLine]) -> str:
    """`context_block` with the recent conversation inserted before its last two lines (the
    `[USER MESSAGE / CHIP INPUT]` marker and the JSON-quoted message, always one line)."""
    section = render_recent_conversation(history)
    if section is None:
        return context_block
    head, marker, message = context_block.rsplit("\n", 2)
    return "\n".join([head, section, marker, message])
