"""The week generator: a valid plan for any valid profile."""

from fitcoach.programming.generator.gaps import Gap, GapReason
from fitcoach.programming.generator.generate import GenerationResult, generate_week
from fitcoach.programming.generator.suggestions import SuggestedEdit, all_suggestions

__all__ = [
    "Gap", "GapReason", "GenerationResult", "SuggestedEdit", "all_suggestions", "generate_week",
]
