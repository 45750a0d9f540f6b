"""`route`: a `MessageAnalysis` → one intent, the seed's proposal type, the target day, and the
facts the composer turns into edit operations, memory mutations and a message.

Precedence, first match wins (each rule is named in `RoutingDecision.rules`):
1. `empty`: nothing readable → UNKNOWN, NONE.
2. `onboarding`: no plan yet and the message carries profile facts (gear, days, minutes, goal,
   age, experience, a plan request) or only greets → ONBOARDING with UPDATE_WEEK when gear,
   days and time are all known (from the message, or memory as `ProfileBuild.missing` reports
   it); otherwise ONBOARDING_QUESTION with NONE and the missing essentials: the coach asks, it
   never guesses. Pain told there with no
   date answers the welcome's question about injuries: a chronic condition.
3. `resolution`: the user says a complaint is over and reports no new one → MEMORY_UPDATE, NONE,
   DELETE of the matching memory items.
   (`cancellation`, after `event`: an event called off and none ahead → MEMORY_UPDATE, NONE,
   DELETE of the Tier 3 items it was. Events told as causes, "sore from the weekend hike",
   are not events at all: the complaint routes.)
4. `event`: an event with a date (or a trip) → SITUATIONAL_EVENT, UPDATE_WEEK (+ Tier 3 CREATE;
   acute complaints in the same message ride along as Tier 2 CREATEs). Events win over acute
   words because "make sure my back isn't fried" is about the event.
5. `acute`: an acute complaint (not chronic, not about protecting) → ACUTE_STATE, UPDATE_DAY for
   the target day (+ Tier 2 CREATE). An exercise to swap in the same message is carried as the
   swap with reason `pain`.
6. `swap`: equipment busy, or "instead of / replace X" with an exercise → GYM_SWAP, UPDATE_DAY;
   a swap on another named day (with nothing busy, off the gym screens) is a DAY_CHANGE.
7. `week`: one session moved or two days swapped ("move Thursday's workout to Wednesday",
   "train Wednesday instead of Thursday", "swap Thursday and Saturday": two days change, so
   the week is proposed, and the goal's schedule changes only when the move is said to last),
   moving days, three or more days with a change, mixing it up, a new split or frequency, a
   deload or new plan for the week → WEEK_OVERHAUL, UPDATE_WEEK.
8. `day`: one day to shorten, rest, deload, refocus, add to or trim, or to keep a body part
   out of ("keep my shoulders out of Thursday too", the words an acute reply offers for the
   later sessions it touches) → DAY_CHANGE, UPDATE_DAY (a week when several days are named).
9. `progress`: weight progression, volume, records → PROGRESS_REVIEW, NONE, with tool calls.
10. `form`: technique, "I can't feel…", why-questions about an exercise → FORM_QA, NONE.
    (`session`: "what should I do today?", "what's on Thursday?" → CONVERSATION, NONE: the
    day's session read from the plan.)
11. `memory`: tone preference, equipment change, a chronic condition or goal stated alone →
    MEMORY_UPDATE, NONE.
12. `conversation`: greetings, thanks, motivation → CONVERSATION, NONE.
13. `model_*`: the intent model (`intent_model.py`) decides what no rule above claimed.
Rules 9-13 run inside `_model_route`, the one point where the model reads the message: a
confident dialogue act ("ok yeah, do that", "no thanks, keep it as it was", "and Friday
too?") read against the last turns (`dialogue.py`), or a question about the plan itself,
comes before them; what they leave goes to the model, and when it is not confident either,
CLARIFY: one short question with suggested replies (DESIGN D9), never a generic answer.
Without a plan there is no day or week to change: rules 4-8 then keep their intent but
propose NONE (rule `no_plan`).

Target day of UPDATE_DAY: for a day change, the weekday the user names (or "tomorrow"),
else the route's `selected_day`, else today; for swaps and acute states the route's
`selected_day` first (the user is looking at that day), else a day named ahead, else today.
Days named as references ("after Monday's session") are never targets.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import ActiveTab, Locale
from fitcoach.brain.profile_builder import Essential
from fitcoach.brain.providers.embedded.nlu.analysis import MessageAnalysis
from fitcoach.brain.providers.embedded.nlu.dialogue import Dialogue
from fitcoach.brain.providers.embedded.nlu.events import EventMention, rebase_changed
from fitcoach.brain.providers.embedded.nlu.goals import focus_for
from fitcoach.brain.providers.embedded.nlu.intent_model import (
    IntentReading,
    ModelIntent,
    read_intent,
)
from fitcoach.brain.providers.embedded.nlu.memory_view import MemorySummary
from fitcoach.brain.providers.embedded.nlu.model_slots import (
    with_model_condition,
    with_model_resolution,
    with_session_question,
)
from fitcoach.brain.providers.embedded.nlu.plan_topics import ANSWERABLE, PlanTopic, plan_topic
from fitcoach.brain.tools import ToolName
from fitcoach.catalog.registry import default_catalog
from fitcoach.catalog.vocabulary import (
    WEEKDAYS,
    AcuteCondition,
    BodyPart,
    GearTag,
    MuscleGroup,
    Weekday,
)
from fitcoach.memory.entries import Operation, StapleCategory, Tier, Tone
from fitcoach.programming.edits.operations import SwapReason
from fitcoach.programming.focus import Focus


class Intent(StrEnum):
    ONBOARDING = "onboarding"
    ONBOARDING_QUESTION = "onboarding_question"
    DAY_CHANGE = "day_change"
    WEEK_OVERHAUL = "week_overhaul"
    GYM_SWAP = "gym_swap"
    ACUTE_STATE = "acute_state"
    SITUATIONAL_EVENT = "situational_event"
    PROGRESS_REVIEW = "progress_review"
    FORM_QA = "form_qa"
    MEMORY_UPDATE = "memory_update"
    CONVERSATION = "conversation"
    PLAN_QUESTION = "plan_question"  # "why no biceps this week?": answered from the plan
    CLARIFY = "clarify"  # no confident reading: one question, with suggested replies
    REJECT_PROPOSAL = "reject_proposal"  # "no thanks, keep it": the staged change turned down
    CONFIRM_STAGED = "confirm_staged"  # "yes, do that" while a change waits for Accept
    UNKNOWN = "unknown"


# The model's reading is trusted at this probability (docs/evals.md: at 0.5 the held-in
# cross-validated readings are right about 85% of the time).
CONFIDENT = 0.5
# A dialogue act acts on an earlier turn (it can reject a staged change), so it needs more.
DIALOGUE_CONFIDENT = 0.6
# A change the rules did not see is made on the model's word only when it is surer still:
# a wrong change costs the user a rejection, a question costs a reply.
ACTION_CONFIDENT = 0.6
# Dialogue acts are short ("sí, hazlo", "and friday too?"); a long message is its own request.
DIALOGUE_WORDS = 8
NOTHING_STAGED = "dialogue_nothing_staged"  # a "no, keep it" with no change waiting
NOTHING_TO_UNDO = "dialogue_nothing_to_undo"  # "undo that" once the change was accepted
# Of a reading between rejection and undo, the share undo needs for an undo to be heard.
UNDO_SHARE = 0.15
# The questions a follow-up naming only another muscle or exercise asks again ("and legs?").
SAME_QUESTION_INTENTS = frozenset({Intent.PLAN_QUESTION, Intent.PROGRESS_REVIEW, Intent.FORM_QA})


class Brevity(StrEnum):
    ULTRA_BRIEF = "ultra_brief"  # live gym swaps: under two sentences
    BRIEF = "brief"  # the default: at most three sentences
    EXPANDED = "expanded"  # the user asked why, or for a breakdown, or plans a week


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True)


class MemoryAction(_Model):
    """A memory mutation to build: the composer writes the entry, fact and reason."""

    operation: Operation
    tier: Tier
    category: StapleCategory | None = None
    body_part: BodyPart | None = None
    condition: AcuteCondition | None = None
    tone: Tone | None = None
    event: str | None = None
    memory_id: str | None = None  # for UPDATE and DELETE


class ToolRequest(_Model):
    name: ToolName
    exercise_slug: str | None = None
    muscle_group: MuscleGroup | None = None
    # The span the user named, in weeks ("the last 3 weeks"), None when they named none: the
    # composer turns it into the tool's arguments, and falls back on the tool's defaults.
    limit: int | None = None


class SwapFacts(_Model):
    exercise_out: str | None = None
    out_family: tuple[str, ...] = ()  # "swap the flyes": whichever of these the day holds
    exercise_in: str | None = None
    busy_gear: frozenset[GearTag] = frozenset()
    reason: SwapReason = SwapReason.PREFERENCE


class ScheduleFacts(_Model):
    training_days: tuple[Weekday, ...] = ()
    days_per_week: int | None = None
    minutes: int | None = None
    previous_minutes: int | None = None
    day_focus: dict[Weekday, Focus] = {}
    keep_focus: MuscleGroup | None = None
    moves: tuple[tuple[Weekday, Weekday], ...] = ()  # one session each: (old day, new day)
    exchanges: tuple[tuple[Weekday, Weekday], ...] = ()  # two days trade their sessions
    lasting: bool = False  # "from now on": the move changes the schedule the goal holds
    split: tuple[Focus, ...] = ()
    # "A fifth day, Wednesday works" / "from now on drop Wednesday": days that join or leave
    # the current schedule (the composer knows the current days; the router does not).
    added_days: tuple[Weekday, ...] = ()
    dropped_days: tuple[Weekday, ...] = ()


    def after_moves(self, days: Iterable[Weekday]) -> tuple[Weekday, ...] | None:
        """The training days once this message's moves and exchanges are made, in week order;
        None when one cannot be made (no session on the old day, or one already on the new)."""
        trained = set(days)
        for old, new in self.moves:
            if old not in trained or new in trained:
                return None
            trained = (trained - {old}) | {new}
        for first, second in self.exchanges:
            if (first in trained) == (second in trained):
                if first not in trained:
                    return None  # two rest days: nothing to trade
                continue  # two sessions trade places: the same days train
            trained ^= {first, second}
        return tuple(d for d in WEEKDAYS if d in trained)


class RoutingDecision(_Model):
    intent: Intent
    proposal_type: ProposalType
    target_day: Weekday | None = None
    reply_language: Locale
    brevity: Brevity = Brevity.BRIEF
    memory_actions: tuple[MemoryAction, ...] = ()
    tools: tuple[ToolRequest, ...] = ()
    missing: tuple[Essential, ...] = ()
    swap: SwapFacts | None = None
    schedule: ScheduleFacts = ScheduleFacts()
    rules: tuple[str, ...] = ()
    analysis: MessageAnalysis
    # What the intent model read, best first (None when a rule decided before it was asked).
    reading: tuple[tuple[ModelIntent, float], ...] | None = None
    reject_pending: bool = False  # the staged proposal is turned down by this turn


Reread = Callable[[str], MessageAnalysis]


def route(analysis: MessageAnalysis, *, has_plan: bool,
          memory_summary: MemorySummary | None = None, dialogue: Dialogue | None = None,
          reread: Reread | None = None) -> RoutingDecision:
    """`dialogue` is the last turns; `reread` analyses another text in this turn's context
    (the words a follow-up stands for)."""
    return _Router(analysis, has_plan, memory_summary or MemorySummary(), dialogue,
                   reread).decide()


class _Router:
    def __init__(self, analysis: MessageAnalysis, has_plan: bool, memory: MemorySummary,
                 dialogue: Dialogue | None = None, reread: Reread | None = None) -> None:
        self.a = analysis
        self.has_plan = has_plan
        self.memory = memory
        self.dialogue = dialogue
        self.reread = reread
        self.rules: list[str] = []
        self.reading: IntentReading | None = None
        self.reject_pending = False

    # -- the decision -------------------------------------------------------------------------
    def decide(self) -> RoutingDecision:
        a = self.a
        if a.empty:
            return self._done(Intent.UNKNOWN, "empty")
        if not self.has_plan and (self._profile_facts() or self._only_greets()):
            return self._onboarding()
        if a.body.resolved and not a.body.acute:
            return self._done(Intent.MEMORY_UPDATE, "resolution",
                              memory=self._resolution_actions() + self._side_actions())
        if a.events:  # "the trip got pushed", "only away till Thursday": the stored one changes
            a = self.a = a.model_copy(update={"events": rebase_changed(
                a.events, self.memory.stored_events(), a.today)})
        if a.body.acute and a.events and all(self._after_this_week(e) for e in a.events):
            # "Sore shoulder today, and a trip next week": today's state changes today's
            # session; the trip is remembered for its own week.
            return self._change(Intent.ACUTE_STATE, ProposalType.UPDATE_DAY, "acute_then_event",
                                target=a.selected_day or a.today_weekday,
                                swap=self._swap(SwapReason.PAIN),
                                memory=self._acute_actions() + self._event_actions()
                                + self._side_actions())
        if any(e.dated or e.travel for e in a.events) and not self._busy_only_as_reason():
            return self._change(Intent.SITUATIONAL_EVENT, ProposalType.UPDATE_WEEK, "event",
                                memory=self._event_actions() + self._cancel_actions()
                                + self._acute_actions() + self._side_actions())
        if a.cancelled_events:
            return self._done(Intent.MEMORY_UPDATE, "cancellation",
                              memory=self._cancel_actions() + self._side_actions())
        if self._asks_about_the_plan():
            return self._done(Intent.PLAN_QUESTION, "plan_question", brevity=Brevity.EXPANDED)
        if a.body.acute and self._week_asked_when_tired():
            # "An easy week, I'm wrecked", "less leg volume, my legs are toast": the week is
            # what they ask for and the tiredness is why; the lighter week already answers
            # it, so no short-lived state lightens the same sessions a second time.
            return self._change(Intent.WEEK_OVERHAUL, ProposalType.UPDATE_WEEK, "week_tired",
                                brevity=Brevity.EXPANDED, memory=self._side_actions())
        if a.body.acute:
            return self._change(Intent.ACUTE_STATE, ProposalType.UPDATE_DAY, "acute",
                                target=self._live_day(), swap=self._swap(SwapReason.PAIN),
                                memory=self._acute_actions() + self._side_actions())
        if self._swap_requested():
            named = self._named_day()
            live = a.active_tab in (ActiveTab.TODAY, ActiveTab.WORKOUT) or a.gear.busy
            if named is not None and named != a.today_weekday and not live:
                return self._change(Intent.DAY_CHANGE, ProposalType.UPDATE_DAY, "swap_on_day",
                                    target=named, swap=self._swap(SwapReason.PREFERENCE),
                                    memory=self._side_actions())
            reason = SwapReason.GEAR_BUSY if a.gear.busy else SwapReason.PREFERENCE
            return self._change(Intent.GYM_SWAP, ProposalType.UPDATE_DAY, "swap",
                                target=self._live_day(), swap=self._swap(reason),
                                brevity=Brevity.ULTRA_BRIEF, memory=self._side_actions())
        detail = self._detail_for_added_day()
        if detail is not None:
            return detail
        if self._week_change():
            return self._change(Intent.WEEK_OVERHAUL, ProposalType.UPDATE_WEEK, "week",
                                brevity=Brevity.EXPANDED,
                                memory=self._schedule_actions() + self._side_actions())
        if self._day_change():
            return self._change(Intent.DAY_CHANGE, ProposalType.UPDATE_DAY, "day",
                                target=self._edit_day(), memory=self._side_actions())
        return self._model_route()

    # -- the one point where the intent model decides ------------------------------------------
    def _model_route(self) -> RoutingDecision:
        a, dialogue = self.a, self.dialogue
        again = self._same_question_other_subject()
        if again is not None:
            return again
        # The model is asked only where its answer can matter (it costs about a millisecond):
        # a short message that could stand for an earlier turn, a question with a plan topic,
        # and whatever the informational rules below leave.
        if dialogue is not None and a.word_count <= DIALOGUE_WORDS \
                and (dialogue.last_coach or dialogue.pending_proposal) and self._bare():
            reading = self._reading()
            if reading.confidence >= DIALOGUE_CONFIDENT:
                followed = self._dialogue_act(reading.top)
                if followed is not None:
                    return followed
        if self.has_plan and plan_topic(a) is not None:
            reading = self._reading()
            if reading.top is ModelIntent.PLAN_QUESTION and reading.confidence >= CONFIDENT:
                return self._done(Intent.PLAN_QUESTION, "model_plan_question",
                                  brevity=Brevity.EXPANDED)
        if a.cues.analytics:
            return self._done(Intent.PROGRESS_REVIEW, "progress", tools=self._tools(),
                              memory=self._side_actions())
        if a.cues.form or a.body.faults or (a.cues.why and a.exercises.mentions):
            return self._done(Intent.FORM_QA, "form", memory=self._side_actions())
        if a.cues.session:
            return self._done(Intent.CONVERSATION, "session", memory=self._side_actions())
        side = self._side_actions()
        if side:
            return self._done(Intent.MEMORY_UPDATE, "memory", memory=side)
        if a.body.chronic and not a.body.acute:  # "my lower back, you know, for years": on file
            return self._done(Intent.MEMORY_UPDATE, "known_condition")
        if a.cues.greeting or a.cues.thanks or a.cues.motivation:
            return self._done(Intent.CONVERSATION, "conversation")
        reading = self._reading()
        top, sure = reading.top, reading.confidence >= CONFIDENT
        if sure and top is ModelIntent.CONVERSATION:
            return self._done(Intent.CONVERSATION, "model_conversation")
        if sure and top is ModelIntent.FORM_QA and a.exercises.mentions:
            return self._done(Intent.FORM_QA, "model_form")
        if sure and top is ModelIntent.PROGRESS_REVIEW and a.exercises.slugs:
            return self._done(Intent.PROGRESS_REVIEW, "model_progress", tools=self._tools())
        action = self._model_action(reading)
        if action is not None:
            return action
        if self._undo_after_accept(reading):
            # "Undo that", "annulla la modifica" after the change was accepted: a plan once
            # accepted is rolled back by a new change, not in one step; the reply says so and
            # what to ask for instead.
            return self._done(Intent.REJECT_PROPOSAL, NOTHING_TO_UNDO)
        if sure and top is ModelIntent.REJECT and not (dialogue and dialogue.pending_proposal):
            # "Leave it as it was" with nothing staged: nothing changes, and saying so is
            # the answer (a question about what they meant would be a miss).
            return self._done(Intent.REJECT_PROPOSAL, NOTHING_STAGED)
        if a.exercises.mentions and a.cues.asks and not (a.framing or a.body.conditions) \
                and not self._asks_for_a_change():
            # "whats the right way to do bulgarians", "lat machine dove devo tirare la barra":
            # a question about a named exercise that asks for no change is about doing it.
            return self._done(Intent.FORM_QA, "exercise_question", memory=self._side_actions())
        if not self.has_plan:
            # Before a plan, the honest answer already asks the one question that matters:
            # equipment, days and session length.
            return self._done(Intent.UNKNOWN, "unknown")
        if a.framing & {"hypothetical", "injection", "reported"}:
            # "Pretend I have a full gym": the reply says why nothing changes; a question
            # about what the user meant would invite them to confirm the pretence.
            return self._done(Intent.UNKNOWN, "framed")
        return self._done(Intent.CLARIFY, "model_unsure")

    def _asks_for_a_change(self) -> bool:
        """"can I do the squat on wednesday instead": a day, a length or an edit named beside
        the exercise is a change asked as a question, not a technique question. A move verb
        alone is not ("pueden pasar las rodillas de la punta del pie": knees passing the toes);
        a move asked for names its days."""
        a, r = self.a, self.a.requests
        return bool(a.time.weekdays or a.time.moves or a.time.minutes or a.time.days_per_week
                    or a.exercises.swap_requested or r.shorten or r.rest_day
                    or r.deload or r.add_exercise or r.remove_exercise or r.change)

    def _undo_after_accept(self, reading: IntentReading) -> bool:
        """An undo with nothing staged, after an earlier coach turn (with none, there is
        nothing it could undo). "Cancel the change" reads between undo and rejection (staged,
        both turn it down), so the two are read together, undo clearly among them."""
        dialogue = self.dialogue
        if dialogue is None or not dialogue.last_coach or dialogue.pending_proposal:
            return False
        undo = reading.probability(ModelIntent.UNDO)
        either = undo + reading.probability(ModelIntent.REJECT)
        return reading.top in (ModelIntent.UNDO, ModelIntent.REJECT) \
            and either >= DIALOGUE_CONFIDENT and undo >= UNDO_SHARE

    def _busy_only_as_reason(self) -> bool:
        """"Make Thursday a rest day, work is crazy this week": a busy stretch said beside a
        change of a named day is why that day changes, not a week to shorten."""
        a, r = self.a, self.a.requests
        return all(e.busy for e in a.events) and bool(a.time.weekdays) \
            and (r.rest_day or r.deload or r.remove_exercise or r.add_exercise)

    def _after_this_week(self, event: EventMention) -> bool:
        sunday = self.a.today + dt.timedelta(days=6 - self.a.today.weekday())
        return event.start is not None and event.start > sunday

    def _model_action(self, reading: IntentReading) -> RoutingDecision | None:
        """A change the model is sure of where the rules found the slots but not the cue:
        "sin zancadas el viernes" is a day change, "me torcí la muñeca" a physical state."""
        a = self.a
        if reading.confidence < ACTION_CONFIDENT or a.framing:
            return None
        filled: MessageAnalysis | None = None
        if reading.top is ModelIntent.ACUTE_STATE:
            filled = with_model_condition(a)
        elif reading.top is ModelIntent.MEMORY_UPDATE:
            filled = with_model_resolution(a, self.memory)
        if filled is not None:
            decided = _Router(filled, self.has_plan, self.memory).decide()
            return decided.model_copy(update={
                "rules": (f"model_{reading.top.value}", *decided.rules),
                "reading": self._ranked()})
        if not self.has_plan:
            return None
        if reading.top is ModelIntent.PLAN_QUESTION:
            self.a = with_session_question(a)
            return self._done(Intent.CONVERSATION, "model_session")
        if reading.top is ModelIntent.GYM_SWAP and (a.exercises.mentions or a.gear.busy
                                                    or a.exercises.families):
            reason = SwapReason.GEAR_BUSY if a.gear.busy else SwapReason.PREFERENCE
            return self._change(Intent.GYM_SWAP, ProposalType.UPDATE_DAY, "model_swap",
                                target=self._live_day(), swap=self._swap(reason),
                                brevity=Brevity.ULTRA_BRIEF)
        # A change needs something to change: "move it" or "swap it" alone is ambiguous, and
        # gets the question (it names no day, exercise, part or schedule).
        named = bool(a.time.days or a.time.relative or a.exercises.mentions
                     or a.exercises.families or a.body.groups or a.time.minutes)
        schedule = bool(len(a.time.weekdays) >= 2 or a.time.days_per_week or a.time.minutes
                        or a.requests.week_scope or a.requests.mix_up or a.requests.lasting)
        if reading.top is ModelIntent.DAY_CHANGE and named:
            return self._change(Intent.DAY_CHANGE, ProposalType.UPDATE_DAY, "model_day",
                                target=self._edit_day())
        if reading.top is ModelIntent.WEEK_OVERHAUL and schedule:
            return self._change(Intent.WEEK_OVERHAUL, ProposalType.UPDATE_WEEK, "model_week",
                                brevity=Brevity.EXPANDED, memory=self._schedule_actions())
        return None

    def _reading(self) -> IntentReading:
        if self.reading is None:
            self.reading = read_intent(self.a.text)
        return self.reading

    def _bare(self) -> bool:
        """Nothing in the message the rules can read as a fact of its own ("sii duro con me"
        is a tone, not a yes): only then may it stand for an earlier turn's words."""
        a = self.a
        return not (self._side_actions() or a.cues.analytics or a.cues.form
                    or a.exercises.mentions or a.body.groups or a.body.conditions)

    def _dialogue_act(self, act: ModelIntent) -> RoutingDecision | None:
        """A short follow-up read against the last turns, or None when they give it no
        meaning (then the message is read on its own)."""
        dialogue = self.dialogue
        assert dialogue is not None
        if act is ModelIntent.CONFIRM:
            if dialogue.offer is not None and self.reread is not None:
                return self._as_message(dialogue.offer, "dialogue_confirm_offer")
            if dialogue.pending_proposal:
                return self._done(Intent.CONFIRM_STAGED, "dialogue_confirm_staged")
        if act in (ModelIntent.REJECT, ModelIntent.UNDO) and dialogue.pending_proposal:
            self.reject_pending = True
            return self._done(Intent.REJECT_PROPOSAL, f"dialogue_{act.value}_staged")
        follows = act in (ModelIntent.FOLLOW_UP, ModelIntent.WEEK_OVERHAUL)
        if follows and dialogue.last_user and self.reread is not None:
            another = self._another_move(dialogue.last_user)
            if another is not None:
                return another
        if act is ModelIntent.FOLLOW_UP and dialogue.last_user and self.reread is not None:
            day = self._named_day()
            if day is None:
                return None
            earlier = self._as_message(dialogue.last_user, "dialogue_same_on_day")
            if earlier.proposal_type is not ProposalType.UPDATE_DAY:
                return None
            return earlier.model_copy(update={"target_day": day})
        return None

    def _same_question_other_subject(self) -> RoutingDecision | None:
        """"Why no biceps this week?" then "what about legs?" (then "and calves?"); "how is my
        bench going?" then "and squats?": a short message that only names another muscle or
        exercise asks the last question again about it (a question about the plan, progress
        or technique). Earlier follow-ups of the same kind are passed over to find it."""
        a, dialogue = self.a, self.dialogue
        if dialogue is None or self.reread is None or not _only_names_a_subject(a) \
                or self._side_actions():
            return None
        for text in dialogue.recent_users:
            earlier = self.reread(text)
            asked = _Router(earlier, self.has_plan, self.memory).decide()
            if asked.intent not in SAME_QUESTION_INTENTS:
                if _only_names_a_subject(earlier):
                    continue  # "what about legs?" before this "and calves?"
                return None
            subject: dict[str, object] = {"exercises": a.exercises}
            if a.body.groups:
                subject["body"] = earlier.body.model_copy(update={"mentions": a.body.mentions})
            decided = _Router(earlier.model_copy(update=subject), self.has_plan,
                              self.memory).decide()
            if decided.intent is not asked.intent:
                return None
            return decided.model_copy(update={
                "rules": ("dialogue_same_question", *decided.rules), "reading": self._ranked()})
        return None

    def _week_asked_when_tired(self) -> bool:
        """A change of the whole week said outright (a deload week, a new block, more or less
        volume for a group) next to tiredness or soreness, with no pain or injury."""
        a, r = self.a, self.a.requests
        tired = {AcuteCondition.FATIGUE, AcuteCondition.SORENESS}
        if not self.has_plan or any(c.condition not in tired for c in a.body.acute):
            return False
        return bool(r.deload_week or r.new_block or (r.volume and a.body.groups))

    def _detail_for_added_day(self) -> RoutingDecision | None:
        """"Add a Saturday session from now on" then "make it a leg day": the day the last
        message added gets the focus this one names, in one proposal (the new one replaces
        the staged one, so it must hold both)."""
        a, dialogue = self.a, self.dialogue
        if dialogue is None or not dialogue.last_user or self.reread is None \
                or a.word_count > DIALOGUE_WORDS or a.time.days or not a.body.groups \
                or a.body.conditions or a.exercises.mentions or a.exercises.families:
            return None
        focus = focus_for(set(a.body.groups))
        earlier = self._as_message(dialogue.last_user, "dialogue_added_day_detail")
        added = earlier.schedule.added_days
        if focus is None or earlier.proposal_type is not ProposalType.UPDATE_WEEK \
                or len(added) != 1:
            return None
        schedule = earlier.schedule.model_copy(
            update={"day_focus": {**earlier.schedule.day_focus, added[0]: focus}})
        return earlier.model_copy(update={"schedule": schedule})

    def _another_move(self, last_user: str) -> RoutingDecision | None:
        """"Move thursday's workout to wednesday" then "and friday's to saturday?": the
        earlier move and this one, in one proposal (the new one replaces the staged one, so
        it must hold both)."""
        a = self.a
        named = list(dict.fromkeys(m.weekday for m in a.time.days if not m.reference))
        if len(named) != 2:
            return None
        earlier = self._as_message(last_user, "dialogue_another_move")
        if earlier.proposal_type is not ProposalType.UPDATE_WEEK or not earlier.schedule.moves:
            return None
        # The days as this message orders them: the session named first goes to the second,
        # unless its own markers say otherwise ("to saturday, friday's").
        move = a.time.moves[0] if a.time.moves else (named[0], named[1])
        schedule = earlier.schedule.model_copy(
            update={"moves": (*earlier.schedule.moves, move)})
        return earlier.model_copy(update={"schedule": schedule})

    def _as_message(self, text: str, rule: str) -> RoutingDecision:
        """Route `text` (the words a follow-up stands for) as if the user had sent it now."""
        assert self.reread is not None
        decided = _Router(self.reread(text), self.has_plan, self.memory).decide()
        return decided.model_copy(update={"rules": (rule, *decided.rules),
                                          "reading": self._ranked()})

    def _ranked(self) -> tuple[tuple[ModelIntent, float], ...] | None:
        return None if self.reading is None else self.reading.ranked

    # -- builders ------------------------------------------------------------------------------
    def _done(self, intent: Intent, rule: str, *, proposal: ProposalType = ProposalType.NONE,
              target: Weekday | None = None, memory: list[MemoryAction] | None = None,
              tools: list[ToolRequest] | None = None, missing: tuple[Essential, ...] = (),
              swap: SwapFacts | None = None, brevity: Brevity | None = None) -> RoutingDecision:
        self.rules.append(rule)
        if brevity is None:
            brevity = Brevity.EXPANDED if self.a.cues.why or self.a.tone.requested is \
                Tone.SCIENTIFIC else Brevity.BRIEF
        return RoutingDecision(
            intent=intent,
            proposal_type=proposal,
            target_day=target if proposal is ProposalType.UPDATE_DAY else None,
            reply_language=self.a.language.reply_language,
            brevity=brevity,
            memory_actions=tuple(_unique(memory or [])),
            tools=tuple(tools or ()),
            missing=missing,
            swap=swap,
            schedule=self._schedule(),
            rules=tuple(self.rules),
            reading=self._ranked(),
            reject_pending=self.reject_pending,
            analysis=self.a,
        )

    def _change(self, intent: Intent, proposal: ProposalType, rule: str, *,
                target: Weekday | None = None, memory: list[MemoryAction] | None = None,
                swap: SwapFacts | None = None, brevity: Brevity | None = None
                ) -> RoutingDecision:
        if not self.has_plan:
            self.rules.append("no_plan")
            proposal = ProposalType.NONE
        return self._done(intent, rule, proposal=proposal, target=target, memory=memory,
                          swap=swap, brevity=brevity)

    # -- onboarding ----------------------------------------------------------------------------
    def _profile_facts(self) -> bool:
        a = self.a
        # "On Thursday I only have half an hour" is about one day, not the usual session.
        one_day = len(a.time.weekdays) == 1 or any(r.offset >= 0 for r in a.time.relative) \
            or a.requests.shorten
        return bool(
            a.gear.states_inventory or a.gear.home or a.time.days_per_week
            or (a.time.minutes and not one_day) or a.goals.goal or a.quantities.age
            or a.goals.experience or a.goals.priority_groups
            or a.cues.plan_request or a.cues.start_over
            or (len(a.time.weekdays) >= 2 and not a.events)
        )

    def _only_greets(self) -> bool:
        a = self.a
        return (a.cues.greeting or a.cues.thanks) and not (
            a.body.conditions or a.events or a.exercises.mentions or a.cues.analytics
            or a.cues.form
        )

    def _onboarding(self) -> RoutingDecision:
        a = self.a
        # What memory lacks (the profile builder's word), unless this message says it.
        said = {Essential.EQUIPMENT: a.gear.states_inventory,
                Essential.SCHEDULE: bool(a.time.days_per_week or len(a.time.weekdays) >= 2),
                Essential.SESSION_LENGTH: bool(a.time.minutes)}
        missing = [e for e in self.memory.missing if not said[e]]
        memory = self._staple_actions(force_goal=False) + self._side_actions() \
            + self._onboarding_complaints()
        if missing:
            return self._done(Intent.ONBOARDING_QUESTION, "onboarding_incomplete",
                              memory=memory, missing=tuple(missing))
        return self._done(Intent.ONBOARDING, "onboarding", proposal=ProposalType.UPDATE_WEEK,
                          memory=memory, brevity=Brevity.EXPANDED)

    # -- intents' conditions -------------------------------------------------------------------
    def _asks_about_the_plan(self) -> bool:
        """"Why only two sets of shoulder press on Monday?", "which day is leg day?", "why is
        Wednesday empty?": a question about what the plan holds, asked with no request to
        change it (a day or muscle named in it is what it asks about, not a day to edit)."""
        a, r = self.a, self.a.requests
        if not self.has_plan or a.body.conditions or a.gear.busy or a.time.moves:
            return False
        if r.add_exercise or r.remove_exercise or r.move_days or r.shorten or r.mix_up \
                or r.deload or r.new_block or r.volume or a.exercises.swap_requested \
                or a.time.minutes:
            return False
        if a.body.faults or a.cues.form:
            return False  # "should I end the set when my back rounds?": technique
        topic = plan_topic(a)
        # The sets of a lift and a day off are questioned with "why"; without it, "a set" or
        # "a day off" is more often a request ("give Thursday off").
        return topic is PlanTopic.COVERAGE or (topic in ANSWERABLE and a.cues.why)

    def _swap_requested(self) -> bool:
        a = self.a
        if a.gear.busy:
            return True
        return a.exercises.swap_requested and (a.exercises.out is not None
                                               or a.exercises.family_out is not None)

    def _week_change(self) -> bool:
        a, r = self.a, self.a.requests
        days = a.time.weekdays
        if a.time.moves or a.time.exchanges:
            return True  # a session moved or two swapped: two days change at once
        added, dropped = self._days_in_out()
        if added or dropped:
            return True
        if self._standing_length():
            return True
        if r.move_days and len(days) >= 2:
            return True
        if r.mix_up or a.cues.start_over or a.cues.plan_request or a.goals.split:
            return True
        if r.new_block or (r.volume and a.body.groups):
            return True  # the engine's StartBlock and GroupVolume: the week changes
        if a.body.avoid.body_parts and not a.body.conditions:
            return False  # "화요일, 수요일, 목요일에도 어깨 운동 빼 줘": those days, not a schedule
        # "Move to Mon, Wed, Fri", "posso allenarmi solo lunedì, mercoledì e venerdì".
        # "Only Saturday and Sunday", "주말에만": two days said as the whole set are a schedule.
        fewest = 2 if a.time.only_days and (r.train_verb or r.lasting) else 3
        if len(days) >= fewest and (r.change or r.week_scope or a.goals.day_focus
                                    or r.train_verb or r.lasting):
            return True
        # "Weekends only", "solo fines de semana": the days alone, nothing else named.
        if a.time.only_days and set(days) == {Weekday.SATURDAY, Weekday.SUNDAY} and not (
                a.events or a.body.conditions or a.body.acute or self._named_exercise()):
            return True
        if a.time.days_per_week and (r.change or r.week_scope or a.goals.goal or r.train_verb):
            return True
        if r.deload and (a.time.week in ("this_week", "next_week") or not self._named_day()):
            return bool(r.week_scope or a.time.week or r.deload_week)
        return bool(a.goals.goal and r.change and r.week_scope)

    def _named_exercise(self) -> bool:
        a = self.a
        return bool(a.exercises.mentions or a.exercises.families or a.body.groups)

    def _days_in_out(self) -> tuple[tuple[Weekday, ...], tuple[Weekday, ...]]:
        """Days that join or leave the schedule: one more day with the day it goes on ("a
        fifth day, wednesday works", "하루 더, 수요일"), or a day added or dropped with words
        that make it last ("from now on drop wednesday", "add tuesdays going forward").
        An exercise or muscle named makes it a change of that day's content instead."""
        a, r = self.a, self.a.requests
        days = a.time.weekdays
        if not days or self._named_exercise() or a.time.moves or a.time.exchanges \
                or a.events:
            return (), ()
        lasting = r.lasting or a.time.days_per_week is not None
        if r.extra_day or (r.add_exercise and lasting):
            return days, ()
        if r.remove_exercise and lasting:
            return (), days
        return (), ()

    def _standing_length(self) -> bool:
        """"All my sessions 45 minutes from now on", "una hora por sesión a partir de ahora":
        a session length for every day of the week, with no one day named."""
        a, r = self.a, self.a.requests
        return bool(a.time.minutes and (r.lasting or r.every_session)
                    and not self._named_day() and not a.time.mentions_today
                    and not a.events and not a.body.acute)

    def _day_change(self) -> bool:
        a, r = self.a, self.a.requests
        has_day = bool(self._named_day() or a.selected_day or a.time.mentions_today)
        if a.time.minutes and (has_day or r.shorten):
            return True
        if a.body.avoid.body_parts and not a.body.conditions and has_day:
            return True  # "keep my shoulders out of Thursday", "sin hombros el jueves"
        if r.shorten and has_day:
            return True
        # "Drop" or "add" with nothing named to drop or add ("drop the drill sergeant act")
        # is no exercise change.
        named = bool(a.exercises.mentions or a.exercises.families or a.body.groups)
        if (r.rest_day or r.deload or ((r.add_exercise or r.remove_exercise) and named)) \
                and has_day:
            return True
        if a.goals.day_focus and len(a.time.weekdays) <= 2 and (r.change or has_day):
            return True
        return bool((a.exercises.mentions or a.exercises.families)
                    and (r.add_exercise or r.remove_exercise) and has_day)

    # -- days ----------------------------------------------------------------------------------
    def _named_day(self) -> Weekday | None:
        a = self.a
        for mention in a.time.days:
            if not mention.reference:
                return mention.weekday
        ahead = [r for r in a.time.relative if r.offset > 0]
        if ahead:
            return WEEKDAYS[ahead[0].date.weekday()]
        return None

    def _live_day(self) -> Weekday:
        """Swaps and acute states: the day on screen, else a day named ahead, else today."""
        if self.a.selected_day is not None:
            return self.a.selected_day
        return self._named_day() or self.a.today_weekday

    def _edit_day(self) -> Weekday:
        """Day changes: the day the user names, else the day on screen, else today."""
        return self._named_day() or self.a.selected_day or self.a.today_weekday

    # -- facts for the composer ----------------------------------------------------------------
    def _swap(self, reason: SwapReason) -> SwapFacts | None:
        a = self.a
        mention = next((m for m in a.exercises.mentions if m.role == "out"), None)
        if mention is None and a.gear.busy and a.exercises.mentions:
            mention = a.exercises.mentions[-1]
        out = mention.slug if mention is not None else None
        # A family word ("the flyes") stands for whichever member the day holds.
        family = mention.family if mention is not None else ()
        if out is None:
            word = a.exercises.family_out or (a.exercises.families[-1] if a.gear.busy and
                                              a.exercises.families else None)
            family = word.slugs if word is not None else ()
        if out is None and not family and not a.gear.busy:
            return None
        return SwapFacts(exercise_out=out, out_family=family, exercise_in=a.exercises.wanted,
                         busy_gear=a.gear.busy, reason=reason)

    def _schedule(self) -> ScheduleFacts:
        a = self.a
        # The days of a move are the old and the new day, not a schedule.
        moving = bool(a.time.moves or a.time.exchanges)
        added, dropped = self._days_in_out()
        days = a.time.weekdays if len(a.time.weekdays) >= 2 and not moving \
            and not (added or dropped) else ()
        return ScheduleFacts(
            added_days=added,
            dropped_days=dropped,
            training_days=days,
            days_per_week=a.time.days_per_week,
            minutes=a.time.minutes,
            previous_minutes=a.time.previous_minutes,
            day_focus=a.goals.day_focus,
            keep_focus=a.goals.keep_focus,
            moves=a.time.moves,
            exchanges=a.time.exchanges,
            lasting=a.requests.lasting,
            split=a.goals.split,
        )

    def _tools(self) -> list[ToolRequest]:
        a = self.a
        tools: list[ToolRequest] = []
        span = a.cues.weeks_back
        for slug in a.exercises.slugs:
            if a.cues.progress or a.cues.history or not a.cues.records:
                tools.append(ToolRequest(name=ToolName.HISTORY, exercise_slug=slug, limit=span))
            if a.cues.records:
                tools.append(ToolRequest(name=ToolName.RECORDS, exercise_slug=slug))
        if a.cues.volume:
            groups = list(a.body.groups)
            for slug in a.exercises.slugs:
                groups += [g for g in sorted(default_catalog().get(slug).primary_groups)
                           if g not in groups]
            tools += [ToolRequest(name=ToolName.VOLUME, muscle_group=g, limit=span)
                      for g in groups]
        return tools

    # -- memory --------------------------------------------------------------------------------
    def _staple_actions(self, force_goal: bool) -> list[MemoryAction]:
        """Tier 1 facts the message states: equipment, goal/schedule, chronic conditions."""
        a = self.a
        actions: list[MemoryAction] = []
        if a.gear.states_inventory:
            actions.append(self._staple(StapleCategory.EQUIPMENT))
        if force_goal or a.goals.goal or a.goals.priority_groups or a.time.days_per_week \
                or a.time.minutes or a.goals.experience:
            actions.append(self._staple(StapleCategory.GOAL))
        actions += self._chronic_actions()
        return actions

    def _staple(self, category: StapleCategory) -> MemoryAction:
        existing = self.memory.staple(category)
        if existing is not None:
            return MemoryAction(operation=Operation.UPDATE, tier=Tier.STAPLES, category=category,
                                memory_id=existing.memory_id)
        return MemoryAction(operation=Operation.CREATE, tier=Tier.STAPLES, category=category)

    def _chronic_actions(self) -> list[MemoryAction]:
        actions: list[MemoryAction] = []
        for report in self.a.body.chronic:
            known = [f for f in self.memory.conditions_on(report.body_part)
                     if f.category is StapleCategory.CHRONIC_CONDITION]
            if not known:
                actions.append(MemoryAction(operation=Operation.CREATE, tier=Tier.STAPLES,
                                            category=StapleCategory.CHRONIC_CONDITION,
                                            body_part=report.body_part))
        return actions

    def _onboarding_complaints(self) -> list[MemoryAction]:
        """Pain told while introducing oneself ("כואבת לי הכתף", "my knee hurts") answers the
        welcome's question about injuries: a standing condition, unless the sentence dates it
        ("since yesterday"), which makes it a state with an expiry."""
        actions: list[MemoryAction] = []
        for report in self.a.body.acute:
            if report.dated:
                actions += [a for a in self._acute_actions() if a.body_part is report.body_part]
            elif not [f for f in self.memory.conditions_on(report.body_part)
                      if f.category is StapleCategory.CHRONIC_CONDITION]:
                actions.append(MemoryAction(operation=Operation.CREATE, tier=Tier.STAPLES,
                                            category=StapleCategory.CHRONIC_CONDITION,
                                            body_part=report.body_part))
        return actions

    def _acute_actions(self) -> list[MemoryAction]:
        actions: list[MemoryAction] = []
        for report in self.a.body.acute:
            known = [f for f in self.memory.conditions_on(report.body_part, report.condition)
                     if f.tier is Tier.PHYSIOLOGICAL and f.condition is report.condition]
            if known:
                continue  # never re-create an active fact
            actions.append(MemoryAction(operation=Operation.CREATE, tier=Tier.PHYSIOLOGICAL,
                                        body_part=report.body_part, condition=report.condition))
        return actions

    def _event_actions(self) -> list[MemoryAction]:
        return [MemoryAction(operation=Operation.UPDATE if e.replaces else Operation.CREATE,
                             tier=Tier.SITUATIONAL, event=e.name, memory_id=e.replaces)
                for e in self.a.events if e.dated or e.travel]

    def _cancel_actions(self) -> list[MemoryAction]:
        """"The trip got cancelled": DELETE the Tier 3 items it was."""
        actions: list[MemoryAction] = []
        for event in self.a.cancelled_events:
            for fact in self.memory.events_like(event.kind, event.travel):
                actions.append(MemoryAction(operation=Operation.DELETE, tier=Tier.SITUATIONAL,
                                            event=fact.event, memory_id=fact.memory_id))
        return actions

    def _resolution_actions(self) -> list[MemoryAction]:
        actions: list[MemoryAction] = []
        for resolution in self.a.body.resolved:
            for fact in self.memory.conditions_on(resolution.body_part, resolution.condition):
                actions.append(MemoryAction(
                    operation=Operation.DELETE, tier=fact.tier, category=fact.category,
                    body_part=resolution.body_part or (fact.body_parts or (None,))[0],
                    condition=fact.condition, memory_id=fact.memory_id,
                ))
        return actions

    def _schedule_actions(self) -> list[MemoryAction]:
        """The goal staple holds the schedule: a new one updates it. Moving one session is an
        edit of this week's plan; only a move meant to last ("from now on") changes the
        schedule, and then the composer writes the whole new set of days."""
        a = self.a
        moving = bool(a.time.moves or a.time.exchanges)
        added, dropped = self._days_in_out()
        if a.time.days_per_week or (len(a.time.weekdays) >= 2 and not moving) \
                or (moving and a.requests.lasting) or a.goals.goal or a.goals.priority_groups \
                or added or dropped or self._standing_length():
            return [self._staple(StapleCategory.GOAL)]
        return []

    def _side_actions(self) -> list[MemoryAction]:
        """Memory-only facts any message may carry: tone, equipment change, chronic facts."""
        a = self.a
        actions: list[MemoryAction] = []
        preference = self.memory.staple(StapleCategory.PREFERENCE)
        if a.tone.requested is not None:
            if preference is not None and preference.tone is not a.tone.requested:
                actions.append(MemoryAction(operation=Operation.UPDATE, tier=Tier.STAPLES,
                                            category=StapleCategory.PREFERENCE,
                                            tone=a.tone.requested,
                                            memory_id=preference.memory_id))
            elif preference is None:
                actions.append(MemoryAction(operation=Operation.CREATE, tier=Tier.STAPLES,
                                            category=StapleCategory.PREFERENCE,
                                            tone=a.tone.requested))
        elif (a.tone.revoked is not None or a.tone.revoked_any) and preference is not None \
                and (a.tone.revoked_any or preference.tone in (a.tone.revoked, None)):
            actions.append(MemoryAction(operation=Operation.DELETE, tier=Tier.STAPLES,
                                        category=StapleCategory.PREFERENCE,
                                        tone=preference.tone, memory_id=preference.memory_id))
        if a.gear.change or (a.gear.states_inventory and self.has_plan):
            actions.append(self._staple(StapleCategory.EQUIPMENT))
        actions += self._chronic_actions()
        if self.has_plan and a.goals.goal and a.requests.change:
            actions.append(self._staple(StapleCategory.GOAL))
        return actions


def _only_names_a_subject(a: MessageAnalysis) -> bool:
    """A short message that names a muscle or an exercise and asks nothing of its own: no
    pain, day, length, event, cue of a question kind or request to change anything."""
    if a.word_count > DIALOGUE_WORDS or a.framing or a.empty:
        return False
    if not (a.body.groups or a.exercises.slugs):
        return False  # (a family alone, "and rows?", names no one exercise to look up)
    r = a.requests
    return not (a.body.conditions or a.body.faults or a.body.resolved or a.time.days
                or a.time.relative or a.time.minutes or a.events or a.cancelled_events
                or a.cues.analytics or a.cues.form or a.exercises.swap_requested
                or a.gear.mentioned or r.add_exercise or r.remove_exercise or r.move_days
                or r.rest_day or r.shorten or r.deload or r.volume or r.change or r.mix_up
                or r.new_block)


def _unique(actions: list[MemoryAction]) -> list[MemoryAction]:
    """Each action once, and one per stored item an UPDATE or DELETE names ("my lower back is
    fine, put the deadlifts back": two words for the back, one item to delete)."""
    kept: list[MemoryAction] = []
    named: set[str] = set()
    for action in dict.fromkeys(actions):
        if action.memory_id is not None:
            if action.memory_id in named:
                continue
            named.add(action.memory_id)
        kept.append(action)
    return kept
