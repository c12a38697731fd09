"""Mind wandering: rare memories favoured, drawn by the run's RNG, only when the run asks for it."""

from __future__ import annotations

from collections import Counter

from aga.cognition.wandering import wandering, wandering_text
from aga.memory import MemoryKind
from aga.sim.run import Run
from tests.fakes import HashEmbedder

RARE = [f"Klaus found a {thing} on the way home" for thing in ("kite", "violin", "map", "fossil", "postcard")]


def _run(tmp_path, *, mind_wandering: bool) -> Run:
    run = Run.create(
        "ville3", model="scripted/default", hours=0.01, run_id=f"mw{int(mind_wandering)}",
        embedder=HashEmbedder(), mind_wandering=mind_wandering,
    )  # fmt: skip
    klaus = run.rt.agents["Klaus Mueller"]
    for _ in range(60):  # one memory over and over: one big cluster
        run.rt.memory.add(klaus.name, MemoryKind.EVENT, ("Klaus", "is", "studying"),
                          "Klaus is studying in the library", 3, run.rt.now, step=0)  # fmt: skip
    for text in RARE:
        run.rt.memory.add(klaus.name, MemoryKind.EVENT, ("Klaus", "found", "x"), text, 3, run.rt.now, step=0)
    for _ in range(40):
        run.rt.memory.add(klaus.name, MemoryKind.EVENT, ("Klaus", "is", "idle"), "Klaus is idle", 1, run.rt.now, step=0)
    return run


def test_rare_memories_are_favoured_over_a_frequent_one(tmp_path):
    run = _run(tmp_path, mind_wandering=True)
    try:
        klaus = run.rt.agents["Klaus Mueller"]
        drawn = Counter(t for _ in range(200) for t in wandering(run.rt, klaus, 2))
        assert len(set(wandering(run.rt, klaus, 4))) == 4  # without replacement: as many as asked
    finally:
        run.close()
    assert "Klaus is idle" not in drawn  # routine observations are left out
    rare = sum(drawn[t] for t in RARE)
    # With weights 1 / cluster size the 60 copies weigh as much as one rare memory; uniform weights
    # would draw the frequent one ten times as often as all rare ones together.
    assert rare > 3 * drawn["Klaus is studying in the library"]
    assert all(drawn[t] > 0 for t in RARE)


def test_without_mind_wandering_nothing_is_drawn_and_the_rng_is_untouched(tmp_path):
    run = _run(tmp_path, mind_wandering=False)
    try:
        klaus = run.rt.agents["Klaus Mueller"]
        state = run.rt.rng.getstate()
        assert wandering(run.rt, klaus, 3) == [] and wandering_text(run.rt, klaus, 3) == ""
        assert run.rt.rng.getstate() == state
    finally:
        run.close()


def test_mind_wandering_reaches_the_prompts_and_survives_a_resume(tmp_path, monkeypatch):
    from aga.simulator import HOOKS

    shown: dict[str, list[str]] = {"plan.decompose": [], "plan.daily": []}
    for task in shown:
        answer = HOOKS[task]

        def seen(p, answer=answer, task=task):
            shown[task].append(p.get("inspiration"))
            return answer(p)

        monkeypatch.setitem(HOOKS, task, seen)
    run = Run.create("ville3", model="scripted/default", hours=10, run_id="mwrun", embedder=HashEmbedder(),
                     mind_wandering=True)  # fmt: skip
    run.advance()
    run.close()
    assert any("come to" in text for text in shown["plan.decompose"])
    with Run.open("mwrun", embedder=HashEmbedder()) as opened:
        assert opened.rt.mind_wandering


def test_a_run_written_before_mind_wandering_existed_opens_without_it(tmp_path):
    import sqlite3

    run = Run.create("ville3", model="scripted/default", hours=0.01, run_id="old", embedder=HashEmbedder())
    run.close()
    with sqlite3.connect(tmp_path / "runs" / "old" / "aga.db") as conn:
        conn.execute("alter table run_info drop column mind_wandering")
    with Run.open("old", embedder=HashEmbedder()) as opened:
        assert opened.rt.mind_wandering is False


def test_the_drawn_memories_are_listed_one_a_line_even_with_semicolons_of_their_own(tmp_path):
    run = _run(tmp_path, mind_wandering=True)
    try:
        klaus = run.rt.agents["Klaus Mueller"]
        plan = "This is Klaus's plan for Monday: wake up at 7:00 am;\nhave breakfast at 8:00 am"
        run.rt.memory.add(klaus.name, MemoryKind.PLAN, ("Klaus", "plan", "day"), plan, 5, run.rt.now, step=0)
        lines = [wandering_text(run.rt, klaus, 6).splitlines() for _ in range(30)]
    finally:
        run.close()
    assert all(x[0] == "Things that come to Klaus Mueller's mind:" for x in lines)
    assert all(len(x) == 7 and all(line.startswith("- ") for line in x[1:]) for x in lines)
    # The plan memory, drawn at least once, is one line with its semicolon and without its line break.
    assert any("- This is Klaus's plan for Monday: wake up at 7:00 am; have breakfast at 8:00 am" in x for x in lines)
