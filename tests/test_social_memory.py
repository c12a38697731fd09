"""The social_memory library on its own: folding, assessing, history replay, budgets, network measures."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlmodel import create_engine

from social_memory import Relation, RelationUpdate, SocialMemory, approximate_tokens, measures, trim
from tests.imports import assert_standalone

ROOT = Path(__file__).resolve().parents[1]
T0 = datetime(2023, 2, 13, 0, 0)


@pytest.fixture
def social(tmp_path: Path) -> SocialMemory:
    return SocialMemory(create_engine(f"sqlite:///{tmp_path / 'social.db'}"), budget_tokens=40)


class Recorder:
    """A summariser that appends the new events, counting its calls (or failing on demand)."""

    def __init__(self, fail: bool = False) -> None:
        self.calls: list[list[str]] = []
        self.fail = fail

    def __call__(self, relation: Relation, events, budget: int) -> str | None:
        self.calls.append(list(events))
        if self.fail:
            return None
        return " ".join([relation.summary, *events]).strip()


def test_strangers_by_default_and_seeded_relations(social: SocialMemory):
    assert social.relation("Ana", "Bob").closeness == 0 and social.relation("Ana", "Bob").label == "stranger"
    assert not social.relation("Ana", "Bob").known
    social.seed("Ana", "Bob", label="husband", closeness=10, feeling="loves him", when=T0)
    assert social.relation("Ana", "Bob").closeness == 10
    assert social.relation("Bob", "Ana").closeness == 0  # ordered pairs: Bob's view is another relation


def test_fold_calls_the_llm_only_for_new_memories(social: SocialMemory):
    summarise = Recorder()
    assert social.fold(
        "Ana", "Bob", [("1", "Bob fixed the roof."), ("2", "Bob likes jazz.")], summarise, when=T0, step=1
    )
    assert not social.fold(
        "Ana", "Bob", [("2", "Bob likes jazz."), ("1", "Bob fixed the roof.")], summarise, when=T0, step=2
    )
    assert len(summarise.calls) == 1
    assert social.fold(
        "Ana", "Bob", [("1", "Bob fixed the roof."), ("3", "Bob is running for mayor.")], summarise, when=T0, step=3
    )
    assert summarise.calls[-1] == ["Bob is running for mayor."]  # only the new one is folded
    relation = social.relation("Ana", "Bob")
    assert set(relation.folded) == {"1", "2", "3"} and "mayor" in relation.summary


def test_failed_fold_keeps_the_summary_and_retries_the_memories_later(social: SocialMemory):
    social.fold("Ana", "Bob", [("1", "Bob fixed the roof.")], Recorder(), when=T0, step=1)
    failing = Recorder(fail=True)
    assert social.fold("Ana", "Bob", [("2", "Bob likes jazz.")], failing, when=T0, step=2)
    assert social.relation("Ana", "Bob").summary == "Bob fixed the roof."
    assert social.relation("Ana", "Bob").folded == ("1",)
    working = Recorder()
    social.fold("Ana", "Bob", [("2", "Bob likes jazz.")], working, when=T0, step=3)
    assert working.calls == [["Bob likes jazz."]]


def test_malformed_assessment_keeps_the_previous_values(social: SocialMemory):
    social.seed("Ana", "Bob", label="neighbour", closeness=3, feeling="friendly", when=T0)
    kept = social.assess("Ana", "Bob", [("Ana", "Hi"), ("Bob", "Hello")], lambda r, d: None, when=T0, step=1)
    assert (kept.label, kept.feeling, kept.closeness, kept.conversations) == ("neighbour", "friendly", 3, 1)
    closer = social.assess(
        "Ana",
        "Bob",
        [("Ana", "Thanks for the help")],
        lambda r, d: RelationUpdate(label="friend", feeling="grateful", closeness=r.closeness + 1),
        when=T0 + timedelta(hours=1),
        step=2,
    )
    assert (closer.label, closer.closeness, closer.conversations) == ("friend", 4, 2)


def test_history_replays_the_matrix_of_any_day(social: SocialMemory):
    names = ["Ana", "Bob", "Cid"]
    social.seed("Ana", "Bob", label="neighbour", closeness=3, when=T0)
    social.assess(
        "Cid",
        "Ana",
        [],
        lambda r, d: RelationUpdate(label="acquaintance", feeling="ok", closeness=2),
        when=T0 + timedelta(hours=30),
        step=5,
    )
    social.assess(
        "Ana",
        "Bob",
        [],
        lambda r, d: RelationUpdate(label="friend", feeling="warm", closeness=6),
        when=T0 + timedelta(hours=50),
        step=9,
    )
    day0 = social.matrix(names, T0)
    day1 = social.matrix(names, T0 + timedelta(days=1))
    day2 = social.matrix(names, T0 + timedelta(days=2))
    assert day0 == [[0, 3, 0], [0, 0, 0], [0, 0, 0]]
    assert day1 == day0
    assert day2 == [[0, 3, 0], [0, 0, 0], [2, 0, 0]]
    assert social.matrix(names) == [[0, 6, 0], [0, 0, 0], [2, 0, 0]]
    history = social.history("Ana", "Bob")
    assert [c.cause for c in history] == ["seed", "dialogue"] and history[-1].relation.closeness == 6


def test_truncate_after_a_checkpoint_restores_earlier_relations(social: SocialMemory, tmp_path: Path):
    social.seed("Ana", "Bob", label="neighbour", closeness=3, when=T0)
    social.assess(
        "Ana", "Bob", [], lambda r, d: RelationUpdate(label="friend", feeling="warm", closeness=6), when=T0, step=10
    )
    assert social.truncate_after(5) == 1
    assert social.relation("Ana", "Bob").closeness == 3
    reopened = SocialMemory(create_engine(f"sqlite:///{tmp_path / 'social.db'}"))
    assert reopened.relation("Ana", "Bob").label == "neighbour"


def test_summary_kept_under_the_token_budget(social: SocialMemory):
    long_events = [(str(i), f"Fact number {i} about Bob and the garden they share.") for i in range(30)]
    social.fold("Ana", "Bob", long_events, Recorder(), when=T0, step=1)
    summary = social.relation("Ana", "Bob").summary
    assert approximate_tokens(summary) <= 40 and summary.endswith("garden they share.")
    assert trim("one two three four five six", 2, lambda t: len(t.split())) == "five six"


def test_a_cut_summary_keeps_names_with_titles_whole():
    words = lambda t: len(t.split())  # noqa: E731
    said = "Bob fixed the fence. Ana works at St. Brigid's Hospital."
    assert trim(said, 6, words) == "Ana works at St. Brigid's Hospital."
    assert trim(said, 3, words) == "St. Brigid's Hospital."  # not "Brigid's Hospital.", as if "St." ended one


def test_summary_without_spaces_still_fits_its_budget():
    # A script without spaces between words, and one pasted blob: word-by-word trimming cannot cut them.
    cjk = "安娜和鲍勃一起在花园里种了番茄。" * 20
    kept = trim(cjk, 10, approximate_tokens)
    assert approximate_tokens(kept) <= 10 and kept.endswith("种了番茄。")
    blob = "x" * 1000
    assert approximate_tokens(trim(blob, 10, approximate_tokens)) <= 10


def test_bad_budget_and_times_are_refused(tmp_path):
    engine = create_engine(f"sqlite:///{tmp_path / 'social.db'}")
    for budget in (0, -5, 2.5):
        with pytest.raises(ValueError, match="budget_tokens"):
            SocialMemory(engine, budget_tokens=budget)
    social = SocialMemory(engine)
    with pytest.raises(ValueError, match="time zone"):
        social.seed("Ana", "Bob", label="x", closeness=3, when=T0.replace(tzinfo=UTC))
    with pytest.raises(TypeError, match="datetime"):
        social.seed("Ana", "Bob", label="x", closeness=3, when="yesterday")
    asked: list[str] = []

    def summarise(relation, events, budget):
        asked.append("yes")
        return "summary"

    with pytest.raises(ValueError, match="fold: .*time zone"):
        social.fold("Ana", "Bob", [("1", "x")], summarise, when=T0.replace(tzinfo=UTC), step=1)
    assert asked == []  # refused before the summariser was paid for
    assert social.relations() == []


def test_network_measures():
    before = [[0, 3, 0], [0, 0, 0], [0, 0, 0]]
    after = [[0, 6, 0], [5, 0, 0], [0, 1, 0]]
    out = measures(after, before, threshold=3)
    assert out["density"] == pytest.approx(2 / 6)
    assert out["mean_closeness"] == pytest.approx(12 / 6)
    assert out["changed_pairs"] == 3


def test_library_never_imports_aga():
    assert_standalone("social_memory")


def test_fold_refuses_ids_or_answers_that_are_not_text_before_storing(social: SocialMemory, tmp_path: Path):
    with pytest.raises(TypeError, match=r"events\[0\] is \(17, 'Bob fixed the roof'\); give \(memory id, text\)"):
        social.fold("Ana", "Bob", [(17, "Bob fixed the roof")], Recorder(), when=T0, step=1)
    with pytest.raises(TypeError, match="the summariser returned a int"):
        social.fold("Ana", "Bob", [("17", "Bob fixed the roof")], lambda *_: 3, when=T0, step=1)
    # nothing unreadable was stored: the database opens again
    again = SocialMemory(create_engine(f"sqlite:///{tmp_path / 'social.db'}"), budget_tokens=40)
    assert again.relation("Ana", "Bob").folded == ()
