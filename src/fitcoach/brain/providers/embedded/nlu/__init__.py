"""The understanding half of the embedded brain: `analyze` a message, then `route` it.

    analysis = analyze(text, today=..., locale=..., selected_day=..., active_tab=...)
    decision = route(analysis, has_plan=..., memory_summary=MemorySummary.of(items, now))
"""

from fitcoach.brain.providers.embedded.nlu.analysis import MessageAnalysis, analyze
from fitcoach.brain.providers.embedded.nlu.memory_view import MemorySummary
from fitcoach.brain.providers.embedded.nlu.router import Intent, RoutingDecision, route

__all__ = ["Intent", "MemorySummary", "MessageAnalysis", "RoutingDecision", "analyze", "route"]
