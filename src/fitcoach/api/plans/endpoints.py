"""GET /api/plans/current and GET /api/plans/week/{date}."""

from __future__ import annotations

import datetime as dt

from fastapi import APIRouter, Response

from fitcoach.api.dependencies import CallerDep, DatabaseDep, NowDep, SettingsDep
from fitcoach.api.errors import AUTH_ERROR_RESPONSES, NotFound, error_responses
from fitcoach.api.plans.loads import plan_with_loads, plate_steps
from fitcoach.api.plans.materialise import WEEK, materialise, resolve
from fitcoach.api.plans.repository import PlanRepository
from fitcoach.api.plans.service import overlay, this_week
from fitcoach.brain.ports import UserSettings
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.settings import Settings
from fitcoach.timekeeping import local_week_start, week_start

router = APIRouter(prefix="/api/plans", tags=["plans"],
                   responses=AUTH_ERROR_RESPONSES)

PLAN_VERSION_HEADER = "X-Fitcoach-Plan-Version"

@router.get("/current", response_model=WeeklyPlan,
            responses={**error_responses({404: "the user has never accepted a plan"}),
                       204: {"description": "no plan yet, asked with `?optional=true`"}})
def read_current_plan(caller: CallerDep, database: DatabaseDep, now: NowDep,
                      settings: SettingsDep, response: Response, optional: bool = False
                      ) -> WeeklyPlan | Response:
    """The plan of the caller's current week (their time zone), completed days marked, and
    each planned exercise with history carrying its `last` session and, for loaded work,
    `target_weight_lbs` by double progression (DESIGN D10).

    The plan's version is in the `X-Fitcoach-Plan-Version` header. A user who has not
    accepted a plan yet gets 404; with `?optional=true` (the web client's start-up question,
    for which "none yet" is an answer, not an error) 204 with no body.
    """
    user_id = caller.user_id
    with database.read() as session:
        found = this_week(session, user_id, caller.timezone, now)
        plan = overlay(session, user_id, found[1].plan) if found else None
        if found is not None and plan is not None and (found[1].stored
                                                       or not found[1].storable):
            plan = plan_with_loads(session, caller, plan, now, plate_steps(settings))
    if found is None or plan is None:
        if optional:
            return Response(status_code=204)
        raise NotFound("no plan yet: accept a proposal from the coach first")
    stored, week = found
    response.headers[PLAN_VERSION_HEADER] = str(stored.version)
    if week.stored or not week.storable:
        return plan
    this_monday = local_week_start(now, caller.timezone)
    return _answer_kept(database, caller, this_monday, this_monday, now, response,
                        settings) or plan


def _answer_kept(database: DatabaseDep, caller: UserSettings, monday: dt.date,
                 this_monday: dt.date, now: dt.datetime, response: Response,
                 settings: Settings) -> WeeklyPlan | None:
    """The kept week, its version header from the same transaction (an Accept may have
    committed since the read)."""
    kept = _kept(database, caller, monday, this_monday, now, settings)
    if kept is None:
        return None
    version, plan = kept
    response.headers[PLAN_VERSION_HEADER] = str(version)
    return plan


def _kept(database: DatabaseDep, caller: UserSettings, monday: dt.date, this_monday: dt.date,
          now: dt.datetime, settings: Settings) -> tuple[int, WeeklyPlan] | None:
    """Keep a week read for the first time (DESIGN D10) and answer it, completions overlaid
    and loads from the logs. The write re-reads under the user's lock, so two first reads
    keep one week."""
    user_id = caller.user_id
    with database.write(lock_user=user_id) as session:
        latest = PlanRepository(session).latest(user_id)
        week = resolve(session, user_id, monday, this_monday, latest, now) if latest else None
        if week is None:
            return None
        materialise(session, user_id, week, now)
        return week.version, plan_with_loads(session, caller,
                                             overlay(session, user_id, week.plan), now,
                                             plate_steps(settings))


@router.get("/week/{date}", response_model=WeeklyPlan,
            responses=error_responses({404: "no plan for that week (before the first one, "
                                            "or later than next week)"}))
def read_week_plan(date: dt.date, caller: CallerDep, database: DatabaseDep, now: NowDep,
                   settings: SettingsDep, response: Response) -> WeeklyPlan:
    """The plan of the week holding `date` (YYYY-MM-DD, weeks start Monday): a past week as
    it was, this week as `/current` shows it, next week as a preview (made the same way but
    not kept, so it still follows what is accepted before it starts), completed days marked
    and loads from the logs before each day (as `/current`).

    The version it was made from is in the `X-Fitcoach-Plan-Version` header.
    """
    user_id = caller.user_id
    monday, this_monday = week_start(date), local_week_start(now, caller.timezone)
    if monday > this_monday + WEEK:
        raise NotFound(f"no plan for the week of {monday.isoformat()}: "
                       "only next week can be previewed")
    with database.read() as session:
        latest = PlanRepository(session).latest(user_id)
        week = resolve(session, user_id, monday, this_monday, latest, now) if latest else None
        plan = overlay(session, user_id, week.plan) if week else None
        if week is not None and plan is not None and (week.stored or not week.storable):
            plan = plan_with_loads(session, caller, plan, now, plate_steps(settings))
    if week is None or plan is None:
        raise NotFound(f"no plan for the week of {monday.isoformat()}")
    response.headers[PLAN_VERSION_HEADER] = str(week.version)
    if not week.stored and week.storable:
        plan = _answer_kept(database, caller, monday, this_monday, now, response,
                            settings) or plan
    return plan
