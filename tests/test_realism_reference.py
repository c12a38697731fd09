"""The reference variety measures on hand-made inputs, including low-variety ones where a measure must fail."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.realism_reference import (
    add_chat_figures,
    bootstrap_day,
    bootstrap_said_again,
    count_blocks,
    cross_block_repeat_share,
    distinct_activities,
    distinct_share,
    exact_repeats,
    figures_only,
    group_blocks,
    importance_distribution,
    is_chat_insert,
    mean_per_day,
    normalise,
    original_statistics,
    said_again_pairs,
    said_again_share,
    schedule_stats,
    sentences_of,
    split_decomposed,
    substeps_per_block,
)

REFERENCE = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "original_ville3_day1.json"


def test_normalise_drops_case_punctuation_and_spacing() -> None:
    assert normalise("  Eat   LUNCH, at the Café! ") == "eat lunch at the café"
    assert normalise("to-do list") == "to do list"
    assert normalise("") == ""


def test_distinct_share_and_exact_repeats_on_varied_answers() -> None:
    answers = ["Eat lunch.", "eat  lunch", "Read a book"]
    assert distinct_share(answers) == pytest.approx(2 / 3)
    assert exact_repeats(answers) == pytest.approx(1 / 3)
    assert distinct_share(["a", "b", "c", "d"]) == 1.0
    assert exact_repeats(["a", "b", "c", "d"]) == 0.0


def test_distinct_share_and_exact_repeats_flag_a_repetitive_source() -> None:
    answers = ["Taking a break"] * 9 + ["taking a break!"]
    assert distinct_share(answers) == pytest.approx(0.1)
    assert exact_repeats(answers) == pytest.approx(0.9)


def test_distinct_share_and_exact_repeats_of_nothing() -> None:
    assert distinct_share([]) == 0.0
    assert exact_repeats([]) == 0.0


def test_schedule_blocks_and_distinct_activities() -> None:
    day = ["sleeping", "having breakfast", "working", "Working", "having lunch", "working", "sleeping"]
    assert count_blocks(day) == 6  # the two adjacent "working" runs merge
    assert count_blocks(day, merge_adjacent=False) == 7
    assert distinct_activities(day) == 4
    assert schedule_stats(day) == {"blocks": 6, "distinct_activities": 4, "distinct_share": round(4 / 7, 4)}


def test_schedule_measures_on_a_monotonous_day() -> None:
    day = ["working"] * 5
    assert count_blocks(day) == 1
    assert distinct_activities(day) == 1
    stats = mean_per_day([day, ["sleeping", "working", "sleeping"]])
    assert stats == {"days": 2, "blocks_mean": 2.0, "distinct_activities_mean": 1.5}
    assert mean_per_day([]) == {"days": 0, "blocks_mean": 0.0, "distinct_activities_mean": 0.0}


def test_substeps_per_block_counts_distinct_substeps() -> None:
    assert substeps_per_block([["pack bag", "check email", "Pack bag."], ["walk"]]) == pytest.approx(1.5)
    assert substeps_per_block([["a", "b", "c"], ["d", "e", "f"]]) == 3.0
    assert substeps_per_block([["take a break"] * 4]) == 1.0  # low variety: one distinct step
    assert substeps_per_block([[], []]) == 0.0


def test_cross_block_repeat_share() -> None:
    varied = [["eat", "pay"], ["read", "write"]]
    assert cross_block_repeat_share(varied) == 0.0
    half = [["take a break", "eat"], ["take a break", "read"]]
    assert cross_block_repeat_share(half) == pytest.approx(0.5)
    assert cross_block_repeat_share(half, pooled=True) == pytest.approx(0.5)
    # Repeats inside one block do not count, only repeats of another block's steps.
    assert cross_block_repeat_share([["eat", "eat"], ["read"]]) == 0.0
    # Low variety: every block is the same template.
    assert cross_block_repeat_share([["take a break", "check phone"]] * 3) == 1.0
    uneven = [["x", "a", "b", "c"], ["x"]]
    assert cross_block_repeat_share(uneven) == pytest.approx((1 / 4 + 1) / 2)
    assert cross_block_repeat_share(uneven, pooled=True) == pytest.approx(2 / 5)
    assert cross_block_repeat_share([]) == 0.0


def test_importance_distribution() -> None:
    ratings = [2, 4, 4, 4, 5, 5, 7, 9]
    dist = importance_distribution(ratings)
    assert dist["n"] == 8
    assert dist["mean"] == 5.0
    assert dist["sd"] == 2.0
    assert dist["histogram"]["4"] == 3
    assert sum(dist["histogram"].values()) == 8
    assert dist["out_of_range"] == 0


def test_importance_distribution_of_a_constant_rater_and_odd_values() -> None:
    flat = importance_distribution([3] * 6)
    assert flat["sd"] == 0.0  # a rater that always says 3 has no spread
    assert flat["histogram"]["3"] == 6
    odd = importance_distribution([0, 11, 5])
    assert odd["out_of_range"] == 2
    assert odd["histogram"]["5"] == 1
    empty = importance_distribution([])
    assert (empty["n"], empty["mean"], empty["sd"]) == (0, 0.0, 0.0)


def test_split_and_group_decomposed_entries() -> None:
    assert split_decomposed("watching TV (turning on the TV)") == ("watching TV", "turning on the TV")
    assert split_decomposed("sleeping") == ("sleeping", None)
    entries = ["sleeping", "cooking (boil water)", "cooking (stir)", "reading (open book)", "cooking (serve)"]
    assert group_blocks(entries) == [
        ("cooking", ["boil water", "stir"]),
        ("reading", ["open book"]),
        ("cooking", ["serve"]),
    ]
    assert is_chat_insert("on the way to paying the bill")
    assert is_chat_insert("Conversing about the party")
    assert not is_chat_insert("talking to the staff")


def _scratch() -> dict:
    return {
        "name": "Ann Lee",
        "f_daily_schedule_hourly_org": [["sleeping", 420], ["working", 120], ["eating lunch", 60], ["sleeping", 0]],
        "f_daily_schedule": [
            ["sleeping", 420],
            ["working (check email)", 30],
            ["working (take a break)", 15],
            ["working (on the way to write report)", 0],
            ["working (conversing about the weekend)", 5],
            ["working (write report)", 70],
            ["eating lunch (order food)", 10],
            ["eating lunch (take a break)", 50],
            ["sleeping", 0],
        ],
    }


def _nodes() -> dict:
    def node(kind: str, subject: str, description: str, poignancy: int, filling: list | None = None) -> dict:
        return {
            "type": kind,
            "subject": subject,
            "description": description,
            "poignancy": poignancy,
            "filling": filling or [],
        }

    return {
        "node_1": node("event", "Ann Lee", "Ann Lee is checking email", 2),
        "node_2": node("event", "Ann Lee", "Ann Lee is checking email", 4),
        "node_3": node("event", "the Ville:office:desk", "desk is idle", 1),
        "node_4": node("event", "Bo Park", "Bo Park is reading", 3),
        "node_5": node("event", "Ann Lee", "Ann Lee is conversing about the weekend", 6),
        "node_6": node("chat", "Ann Lee", "conversing about the weekend", 5, [["Ann Lee", "Hi"], ["Bo Park", "Hey"]]),
        "node_7": node("thought", "Ann Lee", "Ann Lee likes her work", 8),
    }


def test_original_statistics_on_a_hand_made_day() -> None:
    stats = original_statistics(_scratch(), _nodes())
    assert stats["schedule"] == {"blocks": 3, "blocks_unmerged": 3, "distinct_activities": 3, "minutes": 600}
    dec = stats["decomposition"]
    assert dec["block_instances"] == 2
    assert dec["actions"] == 5  # the two chat-inserted sub-steps are left out
    assert dec["chat_inserted_substeps"] == 2
    assert dec["distinct_actions"] == 4
    assert dec["repeat_share"] == 0.2
    assert dec["substeps_per_block_mean"] == 2.5
    assert dec["distinct_substeps_per_block_mean"] == 2.5
    assert dec["cross_block_repeat_share"] == pytest.approx(round((1 / 3 + 1 / 2) / 2, 4))
    assert dec["undecomposed_entries"] == 1  # the 420-minute sleep; zero-minute padding is ignored
    mem = stats["memory"]
    assert (mem["events"], mem["own_action_events"], mem["own_chat_events"]) == (5, 2, 1)
    assert (mem["other_persona_events"], mem["object_events"], mem["thoughts"], mem["chats"]) == (1, 1, 1, 1)
    assert mem["own_action_events_repeat_share"] == 0.5
    assert mem["chat_lines_mean"] == 2.0
    imp = stats["importance"]
    assert imp["events_all"]["mean"] == pytest.approx(3.2)
    assert imp["events_own_actions"]["mean"] == 3.0
    assert imp["thoughts"]["histogram"]["8"] == 1
    assert imp["chats"]["n"] == 1
    assert figures_only(stats) == []


def test_committed_reference_holds_figures_only() -> None:
    document = json.loads(REFERENCE.read_text())
    assert set(document) == {"source", "how", "per_agent", "overall"}
    assert document["source"]["commit"] == "7ad910cac16f59b444df6bba45752a4fc1cde7da"
    assert set(document["per_agent"]) == {"Isabella Rodriguez", "Klaus Mueller", "Maria Lopez"}
    assert figures_only(document["per_agent"]) == []
    assert figures_only(document["overall"]) == []
    for agent in document["per_agent"].values():
        assert agent["schedule"]["minutes"] == 1440
        assert 0.0 < agent["decomposition"]["repeat_share"] < 1.0
        assert sum(agent["importance"]["events_all"]["histogram"].values()) == agent["memory"]["events"]


def test_a_repetitive_source_falls_below_the_original() -> None:
    """The measures can fail: a template decomposer is less varied than the original on every one."""
    overall = json.loads(REFERENCE.read_text())["overall"]
    template = [["get ready", "take a break", "check phone", "take a break"]] * 10
    actions = [s for block in template for s in block]
    assert 1 - exact_repeats(actions) < 1 - overall["repeat_share_mean"]
    assert substeps_per_block(template) < overall["distinct_substeps_per_block_mean"]
    assert cross_block_repeat_share(template) > overall["cross_block_repeat_share_mean"]
    assert importance_distribution([3] * 40)["sd"] < overall["importance"]["events_own_actions"]["sd"]


def test_the_committed_per_block_figures_give_the_reference_means_and_its_interval() -> None:
    """The per-block lists are the values the day's means are means of, and the stored interval is what
    bootstrap_day gives on them (a copy edited by hand, or lists from another file, fail here)."""
    document = json.loads(REFERENCE.read_text())
    for agent in document["per_agent"].values():
        dec = agent["decomposition"]
        blocks = dec["per_block"]
        assert len(blocks["distinct_substeps"]) == dec["block_instances"]
        assert len(blocks["hour_block_distinct_substeps"]) == dec["hour_blocks"]
        assert (
            round(sum(blocks["distinct_substeps"]) / dec["block_instances"], 4)
            == dec["distinct_substeps_per_block_mean"]
        )
        assert sum(blocks["cross_block_repeat_share"]) / dec["block_instances"] == pytest.approx(
            dec["cross_block_repeat_share"], abs=1e-4
        )
        assert (
            round(sum(blocks["hour_block_distinct_substeps"]) / dec["hour_blocks"], 4)
            == dec["hour_block_distinct_substeps_mean"]
        )
    overall = document["overall"]
    blocks_only = {k: v for k, v in overall["bootstrap_95"].items() if k != "said_again_share_mean"}
    assert blocks_only == bootstrap_day(document["per_agent"])
    for key, (lo, hi) in overall["bootstrap_95"].items():
        assert lo < overall[key] < hi


def test_per_block_figures_and_the_bootstrap_on_a_made_up_day() -> None:
    from benchmarks.realism_reference import per_block_figures

    blocks = [(["a", "b", "b"], 60), (["b", "c"], 120), ([], 60), (["d", "e", "f", "g"], 50)]
    figures = per_block_figures(blocks)
    assert figures == {
        "distinct_substeps": [2, 2, 4],
        "cross_block_repeat_share": [round(2 / 3, 4), 0.5, 0.0],
        "hour_block_distinct_substeps": [2, 4],
    }
    # Blocks all alike leave nothing to resample: the interval is the figure itself; blocks that differ
    # give an interval around their mean, wider for the agent whose blocks differ more.
    same = {"A": {"decomposition": {"per_block": {"distinct_substeps": [5] * 8, "cross_block_repeat_share": [0.2] * 8,
                                                  "hour_block_distinct_substeps": [5] * 4}}}}  # fmt: skip
    assert bootstrap_day(same)["distinct_substeps_per_block_mean"] == [5.0, 5.0]
    spread = {"A": {"decomposition": {"per_block": {"distinct_substeps": [2, 9, 3, 8, 4, 7, 5, 6],
                                                    "cross_block_repeat_share": [0.0, 0.5] * 4,
                                                    "hour_block_distinct_substeps": [2, 9]}}}}  # fmt: skip
    lo, hi = bootstrap_day(spread)["distinct_substeps_per_block_mean"]
    assert lo < 5.5 < hi and hi - lo > 1.5
    assert bootstrap_day(spread) == bootstrap_day(spread)  # seeded: the stored interval can be checked


def test_what_a_speaker_says_again_in_another_talk_is_counted_per_pair_of_their_talks() -> None:
    """A speaker's stock sentence in talk after talk counts; a greeting by the partner's name does not, nor what
    another speaker says; a day of stock small talk scores above GPT-3.5's day."""
    assert sentences_of("Hi Maria! How are you?  Fine.") == ["hi maria", "how are you", "fine"]
    day = [
        [["Ana", "Hi Bo! I have been busy with my work lately."], ["Bo", "Same here. Busy day?"]],
        [["Ana", "Hi Cy! I have been busy with my work lately. Any news?"], ["Cy", "I have been busy too."]],
        [["Bo", "The nets are torn."], ["Cy", "Busy day?"]],
    ]
    pairs = said_again_pairs(day)
    # Ana: talk 0 -> 1 shares 1 of her 2 sentences, talk 1 -> 0 shares 1 of 3; Bo's and Cy's talks share nothing
    # of their own (Cy's "Busy day?" was Bo's before).
    assert sorted(p[3] for p in pairs if p[0] == 0) == [0.3333, 0.5]
    assert [p[3] for p in pairs if p[0] != 0] == [0.0, 0.0, 0.0, 0.0]
    assert said_again_share(day) == {"mean": round((0.5 + 0.3333) / 6, 4), "pairs": 6}
    assert said_again_share([]) == {"mean": 0.0, "pairs": 0}
    overall = json.loads(REFERENCE.read_text())["overall"]
    stock = [[["Ana", "Hi! How are you keeping? It's been a long day."], ["Bo", f"Fine. Line {i}."]] for i in range(4)]
    assert said_again_share(stock)["mean"] > overall["said_again_share_mean"]
    varied = [[["Ana", f"The {w} nets are torn."], ["Bo", f"The {w} boat leaks."]] for w in ("red", "blue", "old")]
    assert said_again_share(varied)["mean"] <= overall["said_again_share_mean"]


def test_the_committed_conversation_figures_give_their_mean_and_interval(tmp_path: Path) -> None:
    """The stored pairs are what the day's mean is a mean of, and the stored interval is what bootstrap_said_again
    gives on them; copies of the chat nodes that miss a conversation are refused."""
    document = json.loads(REFERENCE.read_text())
    overall = document["overall"]
    pairs = overall["said_again_pairs"]
    assert len(pairs) == 72 and all(len(p) == 4 and 0.0 <= p[3] <= 1.0 for p in pairs)
    assert round(sum(p[3] for p in pairs) / len(pairs), 4) == overall["said_again_share_mean"]
    assert bootstrap_said_again(pairs) == overall["bootstrap_95"]["said_again_share_mean"]
    lo, hi = overall["bootstrap_95"]["said_again_share_mean"]
    assert lo <= overall["said_again_share_mean"] <= hi
    # (one conversation, stored in both its speakers' memories, against the reference's 8)
    talk = {"type": "chat", "created": "2023-02-13 09:55:50", "filling": [["A", "Hi."], ["B", "Hello."]]}
    paths = {}
    for name in ("A", "B"):
        paths[name] = str(tmp_path / f"{name}.json")
        Path(paths[name]).write_text(json.dumps({"node_1": talk}))
    with pytest.raises(ValueError, match="1 conversations, the reference counted 8"):
        add_chat_figures(document, paths)
