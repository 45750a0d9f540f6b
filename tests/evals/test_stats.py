import pytest

from fitcoach.evals.stats import percentile


@pytest.mark.parametrize(("samples", "share", "expected"), [
    ([1, 2, 3, 4], 0.5, 2),
    (list(range(1, 101)), 0.95, 95),
    (list(range(1, 101)), 0.99, 99),
    (list(range(1, 101)), 0.29, 29),
    (list(range(1, 11)), 0.5, 5),
    (list(range(1, 11)), 0.99, 10),
    ([7, 3, 5], 0.0, 3),
    ([7, 3, 5], 1.0, 7),
    ([4.2], 0.99, 4.2),
    ([], 0.5, 0.0),
])
def test_nearest_rank(samples: list[float], share: float, expected: float):
    assert percentile(samples, share) == expected


def test_a_share_outside_zero_to_one_is_refused():
    with pytest.raises(ValueError, match="share"):
        percentile([1.0], 95)
