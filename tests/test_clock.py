"""The simulated clock."""

from datetime import datetime, timedelta

import pytest

from aga.clock import SimClock


def test_advance_and_round_trip():
    clock = SimClock(start=datetime(2023, 2, 13, 0, 0))
    clock.advance(360)
    assert clock.now() == datetime(2023, 2, 13, 1, 0)
    again = SimClock.from_json(clock.to_json())
    assert again == clock and again.step == timedelta(seconds=10)


def test_never_moves_backwards():
    with pytest.raises(ValueError):
        SimClock(start=datetime(2023, 2, 13)).advance(-1)
