"""One table of English muscle-group words, read by the tools and the CLI."""

import pytest

from fitcoach.catalog.vocabulary import MuscleGroup, muscle_groups_named


@pytest.mark.parametrize(("word", "groups"), [
    ("Chest", (MuscleGroup.CHEST,)),
    ("  DELTS ", (MuscleGroup.SHOULDERS,)),
    ("upper_back", (MuscleGroup.BACK,)),
    ("upper-back", (MuscleGroup.BACK,)),
    ("abs", (MuscleGroup.CORE,)),
    ("arms", (MuscleGroup.BICEPS, MuscleGroup.TRICEPS)),
    ("legs", (MuscleGroup.QUADS, MuscleGroup.HAMSTRINGS, MuscleGroup.GLUTES,
              MuscleGroup.CALVES)),
    ("forearms", ()),
])
def test_words_name_groups(word: str, groups: tuple[MuscleGroup, ...]):
    assert muscle_groups_named(word) == groups


def test_every_group_is_named_by_its_own_name():
    for group in MuscleGroup:
        assert muscle_groups_named(group.value.lower()) == (group,)
