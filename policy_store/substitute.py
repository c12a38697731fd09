"""Borrowing another owner's policy (shared scope): the names it mentions are replaced by one's own.

A policy records its *bindings*, role -> value ("self" -> "Isabella Rodriguez", "first" -> "Isabella",
"home" -> "the_ville:Isabella Rodriguez's apartment"). A query brings its own. Every text and address of
the borrowed variant has the owner's values replaced by the querier's for the roles both have, so
"Isabella is brewing coffee" at Isabella's kitchen becomes "Klaus is brewing coffee" at Klaus's.
"""

from __future__ import annotations

import re
from typing import Any

from policy_store.model import ActionSpec, Condition, Requirement, Step


def mapping(owner: dict[str, str], querier: dict[str, str]) -> dict[str, str]:
    """Owner value -> querier value for the roles both name (identical values dropped)."""
    return {
        owner[role]: querier[role]
        for role in owner.keys() & querier.keys()
        if owner[role] and owner[role] != querier[role]
    }


def _pattern(names: dict[str, str]) -> re.Pattern[str] | None:
    if not names:
        return None
    # Longest first so "Isabella Rodriguez" wins over "Isabella"; word edges so "Sam" spares "Samples".
    alternatives = sorted(names, key=len, reverse=True)
    return re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n in alternatives) + r")(?!\w)")


class Substitution:
    """Replace names in texts, steps and conditions."""

    def __init__(self, names: dict[str, str]) -> None:
        self.names = names
        self._pattern = _pattern(names)

    def text(self, value: str) -> str:
        """``value`` with every bound name replaced."""
        if self._pattern is None or not value:
            return value
        return self._pattern.sub(lambda m: self.names[m.group(0)], value)

    def _triple(self, triple: tuple[str, str, str]) -> tuple[str, str, str]:
        return (self.text(triple[0]), self.text(triple[1]), self.text(triple[2]))

    def _any(self, value: Any) -> Any:
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {k: self._any(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return type(value)(self._any(v) for v in value)
        return value

    def action(self, spec: ActionSpec | None) -> ActionSpec | None:
        """The action with names replaced."""
        if spec is None or self._pattern is None:
            return spec
        return ActionSpec(
            address=self.text(spec.address),
            emoji=spec.emoji,
            event=self._triple(spec.event),
            obj_state=self.text(spec.obj_state),
            obj_emoji=spec.obj_emoji,
            obj_event=self._triple(spec.obj_event),
            extra=self._any(spec.extra),
        )

    def steps(self, steps: tuple[Step, ...]) -> tuple[Step, ...]:
        """Steps with names replaced."""
        if self._pattern is None:
            return steps
        return tuple(Step(text=self.text(s.text), minutes=s.minutes, action=self.action(s.action)) for s in steps)

    def value(self, value: dict[str, Any]) -> dict[str, Any]:
        """An answer with names replaced in its strings."""
        return self._any(value) if self._pattern is not None else value

    def condition(self, condition: Condition) -> Condition:
        """The condition with names replaced in its targets and states."""
        if self._pattern is None:
            return condition
        requires = tuple(
            Requirement(
                target=self.text(r.target),
                kind=r.kind,
                free=r.free,
                state=self.text(r.state) if r.state else r.state,
            )
            for r in condition.requires
        )
        return Condition(requires=requires, window=condition.window, minutes=condition.minutes)
