"""Which Lifestyle Policy store a run uses, and with which options.

A store persists across runs of the same scenario, cast and model (the paper's figures come after
warm-up runs that filled it): by default ``runs/policies/<scenario>-<cast hash>/<model>/``. A run can
name another folder (``--policy-store``) or start from an empty one of its own inside the run folder
(``--fresh-policies``), which leaves the shared store untouched. The choice is recorded with the run,
so ``aga resume`` reopens the same store with the same options.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from aga.config import policies_dir
from aga.embeddings.base import Embedder
from policy_store import ACTION, DEFAULT_THRESHOLDS, PLAN, PolicyStore, PolicyStoreInUse, StoreConfig, parse_thresholds

POLICY_MODES = ("lifestyle", "aga")


@dataclass(frozen=True)
class PolicyOptions:
    """How a run uses the policy store (all JSON-able, stored with the run)."""

    store: str | None = None  # a folder; None for the default shared one
    fresh: bool = False  # an empty store inside the run folder
    scope: str = "agent"  # agent | shared
    thresholds: dict[str, float] = field(default_factory=dict)  # kind -> cosine similarity
    bypass: bool = False
    max_policies: int = 10_000
    # The AGA reference code asks for the day's schedule in one call; this keeps the baseline's hourly loop.
    hourly_schedule: bool = False
    # The reference code reuses an action only for the same text; by default a similar one will do.
    exact_actions: bool = False
    # Reuse of event ratings: ours, neither paper has it.
    importance: bool = True
    # The one-call day's long blocks decomposed an hour at a time, so that the day is acted as finely as
    # the baseline's hour-by-hour blocks are (ours: a saving measured at the baseline's grain of acting).
    hour_blocks: bool = False

    @classmethod
    def parse(
        cls,
        *,
        store: str | None = None,
        fresh: bool = False,
        scope: str = "agent",
        thresholds: list[str] | None = None,
        bypass: bool = False,
        max_policies: int = 10_000,
        hourly_schedule: bool = False,
        exact_actions: bool = False,
        importance: bool = True,
        hour_blocks: bool = False,
    ) -> PolicyOptions:
        """Options from command-line values, with errors naming the option."""
        if store and fresh:
            raise ValueError("--policy-store and --fresh-policies exclude each other: pick one")
        if scope not in ("agent", "shared"):
            raise ValueError(f"--policy-scope {scope}: use agent or shared")
        if hour_blocks and hourly_schedule:
            raise ValueError(
                "--hour-blocks cuts the one-call day's long blocks into hours; --hourly-schedule asks no "
                "one-call day (its blocks are hours already): drop one of them"
            )
        if max_policies < 1:
            raise ValueError(f"--policy-max {max_policies}: must be at least 1")
        try:
            parsed = parse_thresholds(thresholds or [])
        except ValueError as exc:
            raise ValueError(f"--policy-threshold: {exc}") from None
        # The store takes any kind (a game may cache its own); the town looks up only these, so another
        # name ("Plan", "plans") is a typo that would silently change nothing.
        unknown = sorted(set(parsed) - set(DEFAULT_THRESHOLDS))
        if unknown:
            raise ValueError(
                f"--policy-threshold: no policy kind {', '.join(repr(k) for k in unknown)}; the kinds are "
                f"{', '.join(DEFAULT_THRESHOLDS)}, e.g. plan=0.9"
            )
        options = cls(
            store, fresh, scope, parsed, bypass, max_policies, hourly_schedule, exact_actions, importance, hour_blocks
        )
        options.config()  # validates threshold ranges now, not at the first lookup
        return options

    def config(self) -> StoreConfig:
        """The library's configuration for these options."""
        thresholds = self.thresholds or StoreConfig().thresholds
        return StoreConfig(
            scope=self.scope,  # type: ignore[arg-type]
            thresholds=dict(thresholds),
            bypass=self.bypass,
            max_policies=self.max_policies,
            kinds=None if self.importance else frozenset({PLAN, ACTION}),
            exact=frozenset({ACTION}) if self.exact_actions else frozenset(),
        )

    def to_json(self) -> str:
        """Stored with the run."""
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str | None) -> PolicyOptions:
        """Inverse of :meth:`to_json` (defaults for runs recorded before options existed)."""
        return cls(**json.loads(text)) if text else cls()


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-") or "model"


def default_store(scenario_name: str, cast: list[str], model: str) -> Path:
    """The shared store of a scenario, cast and model."""
    digest = hashlib.sha1("\n".join(sorted(cast)).encode()).hexdigest()[:8]
    return policies_dir() / f"{scenario_name}-{digest}" / _slug(model)


def store_folder(options: PolicyOptions, *, run_root: Path, scenario_name: str, cast: list[str], model: str) -> Path:
    """Where the run's store lives."""
    if options.fresh:
        return run_root / "policies"
    if options.store:
        return Path(options.store).expanduser()
    return default_store(scenario_name, cast, model)


def open_store(folder: Path, embedder: Embedder, options: PolicyOptions) -> PolicyStore:
    """Open the store for a run (it holds the store's lock until the run closes)."""
    try:
        return PolicyStore.open(folder, embedder, options.config())
    except PolicyStoreInUse as exc:
        hint = "`--policy-store FOLDER`, or `--fresh-policies` for one inside the run"
        raise PolicyStoreInUse(f"{exc} ({hint})") from None


def describe(store: PolicyStore) -> dict[str, Any]:
    """Counts for the start-of-run line."""
    return {kind: int(entry["policies"]) for kind, entry in store.stats().items()}


# Ticks one owner can take in one step before they tie (ties fall back to hits, then the owner's ids).
SAME_STEP = 1_024


def step_ticks(store: PolicyStore, clock: Callable[[], int], cast: Sequence[str]) -> Callable[[str], int]:
    """Least-recently-used ticks from the simulated step for a store whose agents think concurrently:
    ordered by (step, the owner's place in the cast, the owner's own order within the step), so that
    which policies a full store evicts does not depend on which agent's thread wrote first. Above every
    tick the store already holds (a store outlives runs, whose steps start again at 0)."""
    base = store.first_tick
    place = {name: i for i, name in enumerate(sorted(cast))}
    width = len(place) + 1  # owners not in the cast come last
    within: dict[str, tuple[int, int]] = {}  # owner -> (step, ticks given in it so far)

    def ticks(owner: str) -> int:
        step = clock()
        last, count = within.get(owner, (step, 0))
        count = count + 1 if last == step else 1
        within[owner] = (step, count)
        return base + (step * width + place.get(owner, width - 1)) * SAME_STEP + min(count, SAME_STEP - 1)

    return ticks
