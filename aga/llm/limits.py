"""Requests and tokens per minute: waiting before a request instead of being refused after it.

A provider's rate limit refuses what goes over it (429), and every refusal costs a round trip and a
back-off. With ``--rpm`` and ``--tpm`` set at (or a little under) the account's limits, the gateway
waits for room in the last minute's budget before it sends, so agents thinking at once queue here
rather than at the provider. litellm's Router keeps per-deployment ``rpm``/``tpm`` only to choose a
deployment, not to wait, so this small sliding window is written by hand.

A request's tokens are not known before it is answered, so it reserves an estimate (the prompt's
characters / 4 plus the answer's ``max_tokens``, what providers reserve too) and the reservation is
corrected to the real count when the answer comes.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

WINDOW_S = 60.0


@dataclass
class Reservation:
    """One request's place in the window."""

    at: float
    tokens: int


class RateLimiter:
    """A sliding one-minute window of requests and tokens, shared by every thread of a run."""

    def __init__(
        self,
        rpm: int | None = None,
        tpm: int | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        for name, value in (("--rpm", rpm), ("--tpm", tpm)):
            if value is not None and value < 1:
                raise ValueError(f"{name} {value}: give 1 or more (or leave it out for no limit)")
        self.rpm = rpm
        self.tpm = tpm
        self._clock = clock
        self._sleep = sleep
        self._lock = threading.Lock()
        self._window: deque[Reservation] = deque()

    def _room(self, tokens: int, now: float) -> float:
        """0 when a request of ``tokens`` fits now, else how long until the oldest entry leaves."""
        while self._window and now - self._window[0].at >= WINDOW_S:
            self._window.popleft()
        used = sum(r.tokens for r in self._window)
        fits_rpm = self.rpm is None or len(self._window) < self.rpm
        # A request bigger than the whole budget goes alone into an empty window, or it would wait forever.
        fits_tpm = self.tpm is None or used + tokens <= self.tpm or not self._window
        if fits_rpm and fits_tpm:
            return 0.0
        return max(0.01, WINDOW_S - (now - self._window[0].at))

    def acquire(self, tokens: int, *, check: Callable[[], None] | None = None) -> tuple[Reservation, float]:
        """Wait until a request of about ``tokens`` fits; returns its reservation and the seconds waited.

        ``check`` is called while waiting (it raises to stop, e.g. on Ctrl-C).
        """
        began = self._clock()
        while True:
            with self._lock:
                now = self._clock()
                wait = self._room(tokens, now)
                if wait == 0.0:
                    reservation = Reservation(now, tokens)
                    self._window.append(reservation)
                    return reservation, now - began
            if check is not None:
                check()
            self._sleep(min(wait, 0.25))

    def settle(self, reservation: Reservation, tokens: int) -> None:
        """Correct a reservation to the tokens the request really used."""
        with self._lock:
            reservation.tokens = tokens
