"""GET /api/exercises: the encyclopedia, the same for everyone."""

from __future__ import annotations

from functools import cache

from fastapi import APIRouter

from fitcoach.api.dependencies import CallerDep
from fitcoach.api.errors import AUTH_ERROR_RESPONSES
from fitcoach.api.exercises.schemas import ExerciseView
from fitcoach.catalog import CATALOG

router = APIRouter(prefix="/api/exercises", tags=["exercises"],
                   responses=AUTH_ERROR_RESPONSES)


@cache
def _encyclopedia() -> tuple[ExerciseView, ...]:
    return tuple(ExerciseView.of(exercise) for exercise in CATALOG)


@router.get("", response_model=list[ExerciseView])
def read_exercises(_caller: CallerDep) -> list[ExerciseView]:
    """Every exercise the coach may program: slug, name, gear, type, muscles, cues, …"""
    return list(_encyclopedia())
