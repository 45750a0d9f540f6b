"""One turn as the embedded brain sees it: the request, the understood message and its routing.

The local date comes from *now* in the user's time zone (DESIGN D4), so "today" and "this
Saturday" are the user's, not the server's. Understanding is pure and deterministic, so the
second round of a tool-using turn, and `finalize_message`, re-derive exactly the same view.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from functools import cached_property

from fitcoach.brain.decision import BrainRequest
from fitcoach.brain.profile_builder import coaching_tone
from fitcoach.brain.providers.embedded.nlu import MemorySummary, analyze, route
from fitcoach.brain.providers.embedded.nlu.analysis import MessageAnalysis
from fitcoach.brain.providers.embedded.nlu.dialogue import Dialogue
from fitcoach.brain.providers.embedded.nlu.router import RoutingDecision
from fitcoach.catalog.vocabulary import Unit, Weekday
from fitcoach.memory.entries import MemoryItem, Tone
from fitcoach.memory.render import active_items
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.programming.profile import Profile
from fitcoach.timekeeping import local_date


@dataclass(frozen=True)
class TurnView:
    request: BrainRequest
    today: dt.date
    routing: RoutingDecision

    @property
    def analysis(self) -> MessageAnalysis:
        return self.routing.analysis

    @property
    def language(self) -> str:
        return self.routing.reply_language.value

    @property
    def now(self) -> dt.datetime:
        return self.request.turn.now

    @property
    def timezone(self) -> str:
        return self.request.turn.settings.timezone

    @property
    def unit(self) -> Unit:
        return self.request.turn.settings.units

    @property
    def plan(self) -> WeeklyPlan | None:
        return self.request.turn.plan.plan

    @property
    def profile(self) -> Profile:
        return self.request.profile.profile

    @property
    def salt(self) -> str:
        """What variant choices hash: the message, so a repeated message reads the same."""
        return self.request.turn.message

    @property
    def today_weekday(self) -> Weekday:
        return self.analysis.today_weekday

    @cached_property
    def active_memory(self) -> tuple[MemoryItem, ...]:
        return active_items(self.request.turn.memory, self.now)

    def memory_item(self, memory_id: str | None) -> MemoryItem | None:
        return next((i for i in self.active_memory if i.memory_id == memory_id), None)

    @property
    def tone(self) -> Tone | None:
        """The tone to answer in: one asked for in this very message wins over the stored one,
        and a revoked preference stops applying at once."""
        tone = self.analysis.tone
        if tone.requested is not None:
            return tone.requested
        stored = coaching_tone(self.active_memory, self.now)
        if tone.revoked_any or (tone.revoked is not None and tone.revoked is stored):
            return None
        return stored


def understand(request: BrainRequest) -> TurnView:
    turn = request.turn
    today = local_date(turn.now, turn.settings.timezone)

    def read(text: str) -> MessageAnalysis:
        return analyze(text, today=today, locale=turn.settings.locale,
                       selected_day=turn.route.selected_day, active_tab=turn.route.active_tab)

    routing = route(read(turn.message), has_plan=turn.plan.plan is not None,
                    memory_summary=MemorySummary.of(turn.memory, turn.now,
                                                    missing=request.profile.missing),
                    dialogue=Dialogue.of(turn.history, turn.pending_proposal_id), reread=read)
    return TurnView(request=request, today=today, routing=routing)
