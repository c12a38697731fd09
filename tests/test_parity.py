"""Parity measures that can fail: each is shown failing on a town or answer set built to fail it."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from types import SimpleNamespace

import pytest
from sqlmodel import create_engine

from benchmarks.bench_tokens import beyond_spread, hits
from benchmarks.hit_judge import activity_words, names_other_activity
from benchmarks.parity import _main, actions_per_waking_hour, novelty, repairs
from benchmarks.place_fit import Stay, persona_places, place_fit


def _sector(name: str, arenas: dict[str, list[str]], residents: tuple[str, ...] = ()) -> SimpleNamespace:
    return SimpleNamespace(
        name=name,
        private=bool(residents),
        residents=residents,
        arenas={a: SimpleNamespace(name=a, objects={o: [] for o in objs}) for a, objs in arenas.items()},
    )


# A market town of other trades, written for this test: nothing of any bundled town.
TOWN = SimpleNamespace(
    sectors={
        s.name: s
        for s in (
            _sector("Ana's cottage", {"bedroom": ["bed", "wardrobe"], "kitchen": ["stove", "kitchen table"]}, ("Ana",)),
            _sector("Bo's house", {"bedroom": ["bed"], "kitchen": ["stove"]}, ("Bo",)),
            _sector("Mill Lane bakery", {"bakehouse": ["bread oven", "dough table"], "shop": ["counter", "shelves"]}),
            _sector("Riverside park", {"lawn": ["bench", "pond"]}),
            _sector("Town library", {"reading room": ["bookshelf", "desk"]}),
            _sector("Fish market", {"stalls": ["fish stall", "scales"]}),
            _sector("Forge", {"smithy": ["anvil", "furnace"]}),
            _sector("Town hall", {"council chamber": ["long table", "podium"]}),
        )
    }
)
PERSONA = "Ana Ruiz is the baker at Mill Lane bakery. On quiet evenings she reads at the Town library."
DAY = [
    ("kneading dough for the morning loaves", "Mill Lane bakery", "bakehouse", 120),
    ("baking bread in the oven", "Mill Lane bakery", "bakehouse", 90),
    ("selling bread to customers at the counter", "Mill Lane bakery", "shop", 180),
    ("eating lunch on a bench by the pond", "Riverside park", "lawn", 45),
    ("reading a novel", "Town library", "reading room", 90),
    ("cooking dinner", "Ana's cottage", "kitchen", 60),
]


@pytest.fixture(scope="module")
def embedder():
    from aga.sim.run import default_embedder

    return default_embedder()


def _places() -> dict[str, list]:
    return {"Ana": persona_places(TOWN, PERSONA, "Ana", "Ana's cottage")}


def test_places_offered_are_the_agents_own_and_public_ones_described_with_the_persona() -> None:
    places = _places()["Ana"]
    sectors = {p.sector for p in places}
    assert "Bo's house" not in sectors and "Ana's cottage" in sectors
    bakehouse = next(p for p in places if p.arena == "bakehouse")
    assert "is the baker at Mill Lane bakery" in bakehouse.description and "bread oven" in bakehouse.description
    park = next(p for p in places if p.sector == "Riverside park")
    assert "baker" not in park.description  # only sentences naming the sector are added to it
    assert all(p.home == (p.sector == "Ana's cottage") for p in places)


def test_activity_place_agreement_is_high_when_people_go_where_things_are_done(embedder) -> None:
    stays = [Stay("Ana", a, s, r, m) for a, s, r, m in DAY] + [
        Stay("Ana", "sleeping", "Ana's cottage", "bedroom", 480, asleep=True)
    ]
    fit = place_fit(stays, _places(), embedder)
    assert fit.waking_minutes == sum(m for *_, m in DAY)  # sleep is left out
    assert fit.agreement is not None and fit.agreement >= 0.8
    assert fit.away is not None and fit.away > 0.8


def test_a_town_where_nobody_leaves_home_fails_both_measures(embedder) -> None:
    at_home = [Stay("Ana", a, "Ana's cottage", "bedroom", m) for a, _, _, m in DAY]
    fit = place_fit(at_home, _places(), embedder)
    assert fit.away == 0.0
    assert fit.agreement is not None and fit.agreement < 0.3


def test_random_trades_and_someone_elses_home_do_not_fit(embedder) -> None:
    forge = [Stay("Ana", a, "Forge", "smithy", m) for a, _, _, m in DAY]
    assert (place_fit(forge, _places(), embedder).agreement or 0) < 0.3
    # Bo's kitchen is no place of Ana's at all, however well it suits cooking.
    elsewhere = [Stay("Ana", "cooking dinner", "Bo's house", "kitchen", 60)]
    assert place_fit(elsewhere, _places(), embedder).agreement == 0.0


def test_the_hit_judge_reads_the_subtask_and_drops_light_verbs_names_and_times() -> None:
    assert activity_words("having lunch (ordering food)") == activity_words("ordering the food")
    assert names_other_activity("tidying the bedroom", "stretching") is True
    assert names_other_activity("having a shower", "having lunch") is True  # "having" is no activity
    assert names_other_activity("making breakfast", "preparing breakfast in the morning") is False
    assert names_other_activity("chatting with Maria", "chatting with Klaus") is False
    assert names_other_activity("talking to Bo in the afternoon", "reading with Bo in the afternoon") is True
    assert names_other_activity("doing it", "sleeping") is None
    assert names_other_activity("making a quick call", "planning the party") is True  # "call" is no stop word


def _decisions(pairs: list[tuple[str, str, float]]):
    from sqlmodel import Session

    from aga.storage.decisions import DecisionLog, PolicyDecision

    engine = create_engine("sqlite://")
    DecisionLog(engine)
    with Session(engine) as session:
        for i, (asked, reused, sim) in enumerate(pairs):
            session.add(
                PolicyDecision(
                    step=i,
                    sim_time=datetime(2024, 1, 1),
                    agent="Ana",
                    kind="action",
                    text=asked,
                    hit=True,
                    similarity=sim,
                    reason="hit",
                    matched=reused,
                )
            )
        session.add(
            PolicyDecision(
                step=99,
                sim_time=datetime(2024, 1, 1),
                agent="Ana",
                kind="action",
                text="x",
                hit=False,
                reason="nothing similar enough",
            )
        )
        session.commit()
    return engine


def test_hits_that_all_reuse_another_activity_score_one_and_show_examples() -> None:
    wrong = [
        ("baking bread (kneading dough)", "baking bread (sweeping the floor)", 0.91),
        ("tidying the bedroom", "stretching", 0.886),
        ("selling bread (counting change)", "selling bread (greeting a customer)", 0.9),
    ]
    got = hits(_decisions(wrong))["action"]
    assert got["hits"] == 3 and got["lookups"] == 4
    assert got["other_activity"] == 1.0
    assert got["other_activity_examples"][0]["similarity"] == 0.91  # the most similar wrong hit first


def test_hits_on_the_same_activity_score_zero() -> None:
    same = [
        ("baking bread (kneading dough)", "baking bread (kneading the dough)", 0.97),
        ("making breakfast", "preparing breakfast", 0.9),
        ("sleeping", "sleeping", 1.0),
    ]
    got = hits(_decisions(same))["action"]
    assert got["other_activity"] == 0.0 and got["other_activity_examples"] == []


def test_novelty_drops_to_zero_when_a_town_lives_the_same_day_again() -> None:
    day = {"sleeping", "baking bread", "selling bread", "having lunch"}
    same = {("Ana", date(2024, 1, 1)): day, ("Ana", date(2024, 1, 2)): set(day), ("Bo", date(2024, 1, 1)): {"x"}}
    same[("Bo", date(2024, 1, 2))] = {"x"}
    assert novelty(same) == [2.5, 0.0]
    varied = dict(same)
    varied[("Ana", date(2024, 1, 2))] = {"sleeping", "visiting the fish market", "mending a sack"}
    assert novelty(varied) == [2.5, 1.0]


def test_a_detail_added_to_an_hours_block_is_no_new_main_activity() -> None:
    day1 = {"opening the bakery", "selling bread"}
    day2 = {"opening the bakery, answering a phone call", "selling bread, restocking the shelves"}
    mains = {("Ana", date(2024, 1, 1)): {_main(b) for b in day1}, ("Ana", date(2024, 1, 2)): {_main(b) for b in day2}}
    assert novelty(mains) == [2.0, 0.0]


def _ledger(rows: list[tuple[str, str, bool]]):
    from aga.llm.ledger import Ledger, LedgerRow

    engine = create_engine("sqlite://")
    ledger = Ledger(engine, "r")
    for task, outcome, repaired in rows:
        ledger.record(
            LedgerRow(
                run_id="r",
                module=task.split(".")[0],
                task=task,
                model="m",
                provider="p",
                outcome=outcome,
                repaired=repaired,
            )
        )
    return engine


def test_validity_bought_by_repairs_shows_up_per_agent_day() -> None:
    clean = _ledger([("plan.hourly", "ok", False), ("act.sector", "ok", False), ("act.sector", "cache-hit", False)])
    got = repairs(clean, "r", agent_days=2)
    assert got["repairs_per_agent_day"] == 0 and got["share_schedule_answers_as_given"] == 1.0
    forced = _ledger(
        [
            ("plan.hourly", "ok", True),
            ("plan.hourly", "failsafe", False),
            ("act.sector", "ok", True),
            ("plan.decompose", "ok", False),
        ]
    )
    got = repairs(forced, "r", agent_days=2)
    assert got["repairs_per_agent_day"] == 1.0 and got["failsafes_per_agent_day"] == 0.5
    assert got["share_schedule_answers_as_given"] == pytest.approx(1 / 3, abs=1e-3)
    assert got["repairs_and_failsafes_by_task"]["plan.hourly"] == {"repairs": 1, "failsafes": 1, "calls": 2}


def test_a_measure_beyond_the_seeds_spread_is_marked() -> None:
    base = {"mean": 0.8, "sd": 0.02}
    assert beyond_spread({"mean": 0.79, "sd": 0.03}, base) is False
    assert beyond_spread({"mean": 0.5, "sd": 0.03}, base) is True
    assert beyond_spread({"mean": 0.5, "sd": 0.0}, {"mean": 0.8, "sd": 0.0}) is None
    # Fewer repairs than the baseline is no failure; more is.
    assert beyond_spread({"mean": 0.0, "sd": 0.0}, {"mean": 0.6, "sd": 0.1}, "repairs_per_agent_day") is False
    assert beyond_spread({"mean": 1.2, "sd": 0.0}, {"mean": 0.6, "sd": 0.1}, "repairs_per_agent_day") is True


def test_the_parity_table_says_how_many_marks_chance_alone_would_give() -> None:
    """The 2-sd rule on three seeds a side marks an unchanged measure about one time in 25: a table of
    many measures and rungs gets a few marks from chance, and says how many it would expect beside how
    many it got. More seeds make the rule's chance rate fall."""
    from benchmarks.bench_tokens import _parity_lines, chance_rate

    assert 0.03 < chance_rate(3, 3) < 0.05
    assert chance_rate(2, 2) > chance_rate(3, 3) > chance_rate(5, 5) > chance_rate(10, 10)
    assert chance_rate(1, 1) == 0.0  # nothing is judged with one seed a side
    seeds = [0, 1, 2]
    same, moved = {"mean": 0.8, "sd": 0.02}, {"mean": 0.5, "sd": 0.02}
    parity = {
        "baseline": {"conversations": same, "activity_place_agreement": same, "repairs_per_agent_day": same},
        "aga": {"conversations": same, "activity_place_agreement": moved, "repairs_per_agent_day": same},
    }
    runs = {n: {s: {"parity": {}} for s in seeds} for n in parity}
    lines = "\n".join(_parity_lines({"parity": parity, "seeds": seeds, "runs": runs}, runs, list(parity)))
    assert "aga: activity place agreement." in lines
    # Three judgments of aga, one of them one-sided (repairs): 2.5 times the rule's rate.
    expected = 2.5 * chance_rate(3, 3)
    assert f"about {expected:.1f} ✗ would appear were no rung to change anything; 1 appeared" in lines


def test_news_is_known_only_by_those_whose_memories_name_it_as_a_word() -> None:
    from sqlmodel import Session, SQLModel

    from aga.memory.nodes import MemoryNode
    from aga.scenario.schema import NewsSpec
    from benchmarks.parity import _news

    news = NewsSpec(id="vote", about="Bo runs for mayor", keywords=["election", "mayor"], seeded_in=["Bo"])
    assert news.mentioned_in("Ana heard Bo is running in the Election") and news.mentioned_in("the MAYOR's race")
    assert not news.mentioned_in("Ana reviews a selection of pastries")  # a word inside another is not it
    engine = create_engine("sqlite://")
    SQLModel.metadata.create_all(engine, tables=[MemoryNode.__table__])
    when = datetime(2023, 2, 13, 9)
    said = {"Ana": "Ana talked with Bo about the election", "Cy": "Cy arranged a selection of fish",
            "Di": "Di sold a selection of bread", "Bo": "Bo plans his election campaign"}  # fmt: skip
    with Session(engine) as session:
        for agent, text in said.items():
            session.add(MemoryNode(agent=agent, kind="event", subject=agent, predicate="is", object="x",
                                   description=text, importance=3, created=when, last_accessed=when))  # fmt: skip
        session.commit()
    scenario = SimpleNamespace(cast=[SimpleNamespace(name=n) for n in said], spec=SimpleNamespace(news=[news]))
    # Substring matching read "selection" as the election: 3 of 3 would "know" it.
    assert _news(engine, scenario) == {"vote": "1/3"}


def _acted(agent: str, day_start: datetime, blocks: list[tuple[int, int]]) -> list[tuple[str, datetime, int, bool]]:
    """An agent's actions: a night's sleep, then blocks of (minutes, steps), each step an equal share."""
    rows = [(agent, day_start - timedelta(hours=8), 480, True)]
    at = day_start
    for minutes, steps in blocks:
        for _ in range(steps):
            rows.append((agent, at, minutes // steps, False))
            at += timedelta(minutes=minutes // steps)
    return rows


def test_a_day_acted_in_long_coarse_blocks_takes_fewer_actions_an_hour() -> None:
    morning = datetime(2024, 1, 1, 7)
    hourly = _acted("Ana", morning, [(60, 6)] * 12) + _acted("Bo", morning, [(60, 5)] * 12)
    # The same twelve waking hours as four three-hour blocks, each split as a model splits a long block.
    coarse = _acted("Ana", morning, [(180, 8)] * 4) + _acted("Bo", morning, [(180, 9)] * 4)
    assert actions_per_waking_hour(hourly) == pytest.approx(5.5, abs=0.01)  # sleep is not counted
    assert actions_per_waking_hour(coarse) < 3.0
    # Across seeds the coarse day is a parity miss against the hourly one.
    base = {"mean": 5.5, "sd": 0.3}
    assert beyond_spread({"mean": actions_per_waking_hour(coarse) or 0.0, "sd": 0.2}, base) is True
    assert beyond_spread({"mean": 5.3, "sd": 0.2}, base) is False


def test_an_action_cut_short_lasts_until_the_next_one() -> None:
    start = datetime(2024, 1, 1, 9)
    # A 30-minute step interrupted after 10 minutes by a conversation, then one 10-minute step.
    rows = [("Ana", start, 30, False), ("Ana", start + timedelta(minutes=10), 10, False)]
    assert actions_per_waking_hour(rows) == pytest.approx(6.0)
    assert actions_per_waking_hour([("Ana", start, 480, True)]) is None
