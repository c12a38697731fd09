"""What one call shows the simulator: the task's name, the prompt, the values it shows, the schema."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Prompt:
    """One call as the simulator sees it.

    ``shown`` holds the template's variables as rendered into ``text``: every value in it appears in the
    prompt verbatim (the gateway sends nothing else), so reading a value here is reading the prompt.
    """

    task: str
    text: str
    shown: Mapping[str, str]
    schema: dict[str, Any] | None
    rng: random.Random

    def get(self, name: str, default: str = "") -> str:
        """The value the prompt shows for ``name`` (``default`` when the template has no such variable)."""
        value = self.shown.get(name)
        return default if value is None else str(value)

    def number(self, name: str, default: int) -> int:
        """A number the prompt shows (``default`` when it shows none)."""
        try:
            return int(str(self.shown.get(name, "")).strip())
        except ValueError:
            return default


Answer = dict[str, Any] | str
Hook = Callable[[Prompt], Answer]
HOOKS: dict[str, Hook] = {}


def answers(*names: str) -> Callable[[Hook], Hook]:
    """Register the decorated function as the simulator's answer to the tasks ``names``."""

    def register(fn: Hook) -> Hook:
        for name in names:
            HOOKS[name] = fn
        return fn

    return register
