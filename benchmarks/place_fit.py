"""Activity-place agreement: do people do things where those things are done?

A repair can make every place *valid* (it exists, it is not someone else's home), so validity says
nothing about behaviour: a town where everyone works, shops and eats in their own bedroom is valid.
This measure asks instead whether the place *fits* the activity, by meaning:

- every place an agent may use (each arena of a public sector, and of the agent's own home) is
  described by its arena, its sector and its objects, plus the persona's own sentences that name the
  sector ("Ana runs the bakery on Mill Lane") and, for the home, that it is the agent's home;
- an activity fits its place when the place is among the best-fitting quarter of all the places the
  agent could have used (cosine similarity of MiniLM embeddings of the activity and each description).
  A rank rather than a similarity threshold: it needs no calibration per town, and choosing places at
  random scores about 0.25 whatever the town;
- waking minutes are weighted by how long each action was planned to last; sleep is left out (it is
  at home by construction), as are chats and waits, which have no place of their own.

The share of waking minutes away from home is reported next to it: a town where nobody leaves home
scores 0 there, and badly on agreement whenever its people have anything to do outside.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

# Among the places the agent could have used, the chosen one must rank in this top share to fit.
TOP_SHARE = 0.25


@dataclass(frozen=True)
class Stay:
    """One action of an agent at a place, as the timeline recorded it."""

    agent: str
    activity: str
    sector: str
    arena: str
    minutes: int
    asleep: bool = False


@dataclass(frozen=True)
class Place:
    """A place an agent may use, and the words that describe it for that agent."""

    sector: str
    arena: str
    description: str
    home: bool = False


def persona_places(
    town: Any, persona_text: str, first_name: str, home: str, resident_of: Iterable[str] = ()
) -> list[Place]:
    """Every arena ``first_name`` may use in ``town`` (a built :class:`aga.world.Town`), described.

    ``persona_text`` is the persona's own description (what it does, where it works); its sentences
    that name a sector are added to that sector's places, which is how a stated workplace counts.
    """
    sentences = [s.strip() for s in re.split(r"(?<=[.;!?])\s+", persona_text) if s.strip()]
    allowed = {home, *resident_of}
    out = []
    for sector in town.sectors.values():
        if sector.private and sector.name not in allowed:
            continue
        about = [s for s in sentences if sector.name.lower() in s.lower()]
        for arena in sector.arenas.values():
            objects = ", ".join(sorted(arena.objects)[:8])
            text = f"{arena.name} in {sector.name}" + (f" ({objects})" if objects else "")
            if sector.name == home:
                text += f", {first_name}'s home"
            if about:
                text += ". " + " ".join(about)
            out.append(Place(sector.name, arena.name, text, home=sector.name == home))
    return out


@dataclass(frozen=True)
class PlaceFit:
    """Minutes of waking activity, those at a fitting place and those away from home."""

    waking_minutes: int
    fitting_minutes: int
    away_minutes: int
    by_agent: Mapping[str, tuple[int, int, int]]

    @property
    def agreement(self) -> float | None:
        """Share of waking minutes spent at a place that fits the activity (None without any)."""
        return self.fitting_minutes / self.waking_minutes if self.waking_minutes else None

    @property
    def away(self) -> float | None:
        """Share of waking minutes spent outside one's own home (None without any)."""
        return self.away_minutes / self.waking_minutes if self.waking_minutes else None


def place_fit(stays: Sequence[Stay], places: Mapping[str, Sequence[Place]], embedder: Any) -> PlaceFit:
    """Score every waking stay against the places its agent could have used (see the module doc).

    A stay at a place the agent may not use (not among its places) never fits.
    """
    texts = sorted({s.activity for s in stays if not s.asleep} | {p.description for v in places.values() for p in v})
    index = {t: i for i, t in enumerate(texts)}
    vectors = np.asarray(embedder.embed(texts), dtype=np.float32) if texts else np.zeros((0, 1), dtype=np.float32)
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    ranks: dict[tuple[str, str], dict[tuple[str, str], bool]] = {}
    for stay in stays:
        if stay.asleep or stay.minutes <= 0:
            continue
        own = places.get(stay.agent, ())
        home = {p.sector for p in own if p.home}
        row = totals[stay.agent]
        row[0] += stay.minutes
        row[2] += stay.minutes if stay.sector not in home else 0
        key = (stay.agent, stay.activity)
        if key not in ranks:
            ranks[key] = _fitting(vectors[index[stay.activity]], own, vectors, index)
        row[1] += stay.minutes if ranks[key].get((stay.sector, stay.arena), False) else 0
    by_agent = {agent: (w, f, a) for agent, (w, f, a) in totals.items()}
    return PlaceFit(
        waking_minutes=sum(v[0] for v in by_agent.values()),
        fitting_minutes=sum(v[1] for v in by_agent.values()),
        away_minutes=sum(v[2] for v in by_agent.values()),
        by_agent=by_agent,
    )


def _fitting(
    activity: np.ndarray, own: Sequence[Place], vectors: np.ndarray, index: Mapping[str, int]
) -> dict[tuple[str, str], bool]:
    """For each of an agent's places: is it in the best-fitting ``TOP_SHARE`` for this activity?"""
    if not own:
        return {}
    scores = vectors[[index[p.description] for p in own]] @ activity
    # A place fits when fewer than TOP_SHARE of the places fit better (ties count in its favour).
    better = (scores[None, :] > scores[:, None]).sum(axis=1) / len(own)
    return {(p.sector, p.arena): bool(b < TOP_SHARE) for p, b in zip(own, better, strict=True)}
