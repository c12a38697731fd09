"""The simulated clock.

Nothing in the simulation reads the wall clock: every timestamp (memory creation, recency decay,
ledger rows) comes from a :class:`Clock` that the caller injects. The default implementation advances
in fixed steps (10 simulated seconds, as in the original Smallville) and round-trips to JSON so that a
checkpoint restores the exact time.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Protocol


class Clock(Protocol):
    """Anything that can tell the current simulated time."""

    def now(self) -> datetime:
        """Return the current simulated time."""
        ...


@dataclass
class SimClock:
    """A clock that starts at ``start`` and moves forward ``step`` at a time."""

    start: datetime
    step: timedelta = timedelta(seconds=10)
    steps: int = 0
    # Agents running ahead of each other (aga.sim.ahead) are at different steps at once: each thread
    # can pin the clock to its agent's step; every other thread still reads ``steps``. A context
    # variable, not a thread-local: the calls of one decision made at once (Runtime.gather) run in
    # other threads with a copy of their caller's context, and must read the caller's step.
    _pins: ContextVar[int | None] = field(
        default_factory=lambda: ContextVar("aga_clock_pin", default=None), init=False, repr=False, compare=False
    )

    def current_step(self) -> int:
        """The step the calling thread is at: its pinned step, else ``steps``."""
        pinned = self._pins.get()
        return self.steps if pinned is None else pinned

    def now(self) -> datetime:
        """Current simulated time for the calling thread: ``start + current_step() * step``."""
        return self.start + self.current_step() * self.step

    @contextmanager
    def pinned(self, step: int) -> Iterator[None]:
        """Within the block, this thread reads the clock at ``step`` (other threads are unaffected)."""
        token = self._pins.set(step)
        try:
            yield
        finally:
            self._pins.reset(token)

    def advance(self, n: int = 1) -> datetime:
        """Move ``n`` steps forward and return the new time."""
        if n < 0:
            raise ValueError(f"a simulated clock only moves forward; got n={n}")
        self.steps += n
        return self.now()

    def to_json(self) -> dict[str, Any]:
        """State as JSON-serialisable data."""
        return {"start": self.start.isoformat(), "step_seconds": self.step.total_seconds(), "steps": self.steps}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SimClock:
        """Rebuild a clock from :meth:`to_json` output."""
        return cls(
            start=datetime.fromisoformat(data["start"]),
            step=timedelta(seconds=float(data["step_seconds"])),
            steps=int(data["steps"]),
        )
