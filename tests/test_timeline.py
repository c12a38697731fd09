"""The timeline's reading: what `aga log --agent` shows of one agent."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import create_engine

from aga.storage.timeline import Timeline


def test_an_agents_entries_include_the_conversations_it_was_the_partner_in(tmp_path):
    """A conversation is stored once, under whoever began it: `aga log --agent X --kind chat` showed none
    of those X was spoken to in."""
    timeline = Timeline(create_engine(f"sqlite:///{tmp_path / 'aga.db'}"))
    when = datetime(2023, 2, 13, 9)
    timeline.add(1, when, "Ana Costa", "chat", "about the fair", partner="Ana Lima", lines=[])
    timeline.add(2, when, "Zoë Nuñez", "chat", "about 100% rye", partner="Ana Costa", lines=[])
    timeline.add(3, when, "Ana Lima", "action", "baking bread")
    timeline.add(4, when, "Bo Reyes", "chat", "about the boat", partner="Ana Lima Jr", lines=[])
    timeline.add(5, when, "Bo Reyes", "action", "talking with Ana Lima", partner="Ana Lima")  # not a chat
    got = [(e.step, e.agent) for e in timeline.entries(agent="Ana Lima")]
    assert got == [(1, "Ana Costa"), (3, "Ana Lima")]
    assert [e.step for e in timeline.entries(agent="Ana Costa", kinds=["chat"])] == [1, 2]
    assert [e.step for e in timeline.entries(agent="Zoë Nuñez")] == [2]
