"""The understanding half of the embedded brain: `analyze` a message, then `route` it.

    analysis = analyze(text, today=..., locale=..., selected_day=..., active_tab=...)
    decision = route(analysis, has_plan=..., memory_summary=MemorySummary.of(items, now))
"""

from fitcoach.brain.providers.embedded.nlu.analysis import MessageAnalysis, analyze

__all__ = ["MessageAnalysis", "analyze"]
