"""The understanding half of the embedded brain: `analyze` a message, then `route` it.

    analysis = analyze(text, today=..., locale=..., selected_day=..., active_tab=...)
    summary = MemorySummary.of(items, now, missing=profile_build.missing)
    decision = route(analysis, has_plan=..., memory_summary=summary)
"""

from fitcoach.brain.providers.embedded.nlu.analysis import MessageAnalysis, analyze
from fitcoach.brain.providers.embedded.nlu.memory_view import MemorySummary
from fitcoach.brain.providers.embedded.nlu.router import Intent, RoutingDecision, route

__all__ = ["Intent", "MemorySummary", "MessageAnalysis", "RoutingDecision", "analyze", "route"]
