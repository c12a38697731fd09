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

    def max_length(self, *path: str) -> int | None:
        """The ``maxLength`` the answer schema sets for the string at ``path`` (property names; an array
        is passed through to its items): ``max_length("items", "subtask")``. None when the schema sets
        none or the call carries no schema."""
        node: Any = self.schema
        for key in (*path, None):
            node = _resolved(node, self.schema)
            while isinstance(node, dict) and node.get("type") == "array":
                node = _resolved(node.get("items"), self.schema)
            if key is None or not isinstance(node, dict):
                break
            node = node.get("properties", {}).get(key)
        limit = node.get("maxLength") if isinstance(node, dict) else None
        return int(limit) if limit is not None else None

    def max_items(self, *path: str) -> int | None:
        """The ``maxItems`` the answer schema sets for the list at ``path`` (property names):
        ``max_items("items")``. None when the schema sets none or the call carries no schema."""
        node: Any = _resolved(self.schema, self.schema)
        for key in path:
            node = node.get("properties", {}).get(key) if isinstance(node, dict) else None
            node = _resolved(node, self.schema)
        limit = node.get("maxItems") if isinstance(node, dict) else None
        return int(limit) if limit is not None else None


def _resolved(node: Any, root: Any) -> Any:
    """``node`` with a local ``$ref`` ("#/$defs/Subtask") followed, and an optional's non-null branch."""
    while isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/"):
            target: Any = root
            for part in ref[2:].split("/"):
                target = target.get(part, {}) if isinstance(target, dict) else {}
            node = target
        elif "anyOf" in node:
            branches = [b for b in node["anyOf"] if isinstance(b, dict) and b.get("type") != "null"]
            node = branches[0] if branches else None
        else:
            break
    return node


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
