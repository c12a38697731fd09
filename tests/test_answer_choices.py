"""The options a prompt lists become the answer schema's choices (constrained decoding)."""

from __future__ import annotations

from datetime import time
from typing import Any

from aga.llm.gateway import Gateway
from aga.sim.run import Run
from tests.fakes import HashEmbedder


def test_the_place_prompts_offer_exactly_the_places_they_list(monkeypatch):
    seen: list[tuple[str, dict[str, str], Any]] = []
    call = Gateway.call

    def spy(self: Gateway, task: Any, context: Any, **kwargs: Any) -> Any:
        if task.name in ("act.sector", "act.arena", "act.object"):
            seen.append((task.name, task.shown(context), kwargs.get("choices")))
        return call(self, task, context, **kwargs)

    monkeypatch.setattr(Gateway, "call", spy)
    with Run.create("ville3", model="scripted/default", hours=1, run_id="choices", embedder=HashEmbedder(),
                    start=time(8, 0)) as run:  # fmt: skip
        run.advance()
    assert {name for name, _, _ in seen} == {"act.sector", "act.arena", "act.object"}
    for name, shown, choices in seen:
        assert choices == {"choice": shown["options"].split(", ")}, name
