"""The Lifestyle Policy in the town: runs fill a store, later runs reuse it, conditions see the town."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from aga.agents.state import is_sleep
from aga.cli import app
from aga.cognition.lifestyle import TownChecker, requirements
from aga.llm.ledger import Outcome
from aga.routine import asleep_at, bed_hour_of
from aga.sim.policies import PolicyOptions
from aga.sim.run import Run
from aga.world import Address
from policy_store import ActionSpec, Requirement
from tests.fakes import HashEmbedder

HOURS = 10.0  # midnight to 10 am: waking, morning routines, breakfast, work


def _run(run_id: str, store: Path, hours: float = HOURS, seed: int = 0) -> Run:
    run = Run.create(
        "ville3",
        model="scripted/default",
        mode="lifestyle",
        hours=hours,
        run_id=run_id,
        seed=seed,
        embedder=HashEmbedder(),
        policies=PolicyOptions(store=str(store)),
    )
    run.advance()
    return run


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("lifestyle")
    import os

    os.environ["AGA_RUNS_DIR"] = str(tmp / "runs")
    store = tmp / "store"
    first = _run("first", store)
    first_totals = first.rt.gateway.ledger.totals("module")
    first_calls = {t.key: t.llm_calls for t in first.rt.gateway.ledger.totals("task")}
    first.close()
    second = _run("second", store)
    return first_totals, first_calls, second, store


def test_second_run_reuses_plans_actions_and_ratings(two_runs):
    _, first_calls, second, _ = two_runs
    hits = {t.key: t.cache_hits for t in second.rt.gateway.ledger.totals("task")}
    assert hits.get("plan.decompose", 0) >= 1
    assert hits.get("act.sector", 0) >= 5 and hits.get("act.emoji", 0) >= 5
    assert hits.get("perceive.importance", 0) >= 5
    # What the reuse saves is measured per cached task: the whole run's call count is not a saving to
    # assert here, because reused plans change where agents go and whom they meet (a second run seen
    # with 18 talk decisions and twice the reflection of the first's 2), which is the token benchmark's
    # to weigh over seeds, not a ten-hour test's.
    calls = {t.key: t.llm_calls for t in second.rt.gateway.ledger.totals("task")}
    for cached in ("act.sector", "act.arena", "act.object", "act.emoji"):
        assert calls.get(cached, 0) < first_calls[cached], (cached, calls.get(cached), first_calls[cached])
    rows = second.rt.gateway.ledger.rows()
    saved = [r for r in rows if r.outcome == Outcome.CACHE_HIT.value]
    assert saved and all(r.similarity is not None for r in saved)
    assert sum(r.saved_prompt_tokens for r in saved) > 0


def test_reused_schedules_still_fill_the_day(two_runs):
    _, _, second, _ = two_runs
    for agent in second.rt.agents.values():
        assert sum(item.minutes for item in agent.state.schedule) == 24 * 60
        reused = [item for item in agent.state.schedule if item.similarity is not None]
        for item in reused:
            assert item.minutes >= 1


def test_policy_modes_plan_the_day_in_one_call(two_runs):
    _, _, second, _ = two_runs
    calls = {t.key: t.llm_calls for t in second.rt.gateway.ledger.totals("task")}
    assert calls.get("plan.schedule") == len(second.rt.agents)
    assert "plan.hourly" not in calls
    for agent in second.rt.agents.values():
        tasks = [item.task for item in agent.state.schedule]
        assert is_sleep(_task_at(agent, bed_hour_of(agent.persona.lifestyle))) and len(set(tasks)) >= 4, tasks


def _task_at(agent, hour: int) -> str:
    """What ``agent``'s schedule for the day holds at ``hour``."""
    start = 0
    for item in agent.state.schedule:
        if start <= hour * 60 < start + item.minutes:
            return item.task
        start += item.minutes
    return ""


def test_store_survives_and_is_inspectable_from_the_cli(two_runs, monkeypatch: pytest.MonkeyPatch):
    _, _, second, store = two_runs
    monkeypatch.setenv("AGA_RUNS_DIR", str(store.parent / "runs"))
    second.close()
    runner = CliRunner()
    stats = runner.invoke(app, ["policy", "stats", str(store), "--json"])
    assert stats.exit_code == 0, stats.output
    data = json.loads(stats.output)
    assert data["plan"]["policies"] >= 1 and data["action"]["hits"] >= 1
    table = runner.invoke(app, ["policy", "stats", str(store)])  # piped: rich assumes 80 columns
    lines = table.output.splitlines()
    assert table.exit_code == 0 and max(map(len, lines)) <= 80, table.output
    assert any(line.split("│")[1].strip() == "mean hit similarity" for line in lines if line.count("│") > 2)
    listed = json.loads(runner.invoke(app, ["policy", "list", "second", "--kind", "plan", "--json"]).output)
    assert listed and all(p["kind"] == "plan" for p in listed)
    owner = listed[0]["owner"]
    mine = json.loads(runner.invoke(app, ["policy", "list", "second", "--owner", owner.split()[0], "--json"]).output)
    assert mine and {p["owner"] for p in mine} == {owner}  # a first name stands for the full one
    nobody = runner.invoke(app, ["policy", "list", "second", "--owner", "Nobody Here"])
    assert "no owner 'Nobody Here' in this store; its owners are" in str(nobody.exception)  # not an empty list
    shown = runner.invoke(app, ["policy", "show", str(store), str(listed[0]["id"])])
    assert shown.exit_code == 0 and "variant 0" in shown.output
    decisions = json.loads(runner.invoke(app, ["policy", "decisions", "second", "--json"]).output)
    summary = decisions["summary"]
    assert summary["plan"]["hits"] >= 1 and summary["action"]["lookups"] >= summary["action"]["hits"] >= 5
    assert summary["action"]["tokens_saved"] > 0
    hits = [d for d in decisions["decisions"] if d["hit"]]
    assert hits and all(d["tokens_saved"] is not None for d in hits)
    assert all(d["similarity"] is None or 0 < d["similarity"] <= 1.0001 for d in decisions["decisions"])
    table = runner.invoke(app, ["policy", "decisions", "second", "--misses", "--kind", "action"])
    assert table.exit_code == 0 and "hit rate" in table.output


def _with_own_store(run_id: str) -> None:
    """A short run with a store of its own, to import into."""
    Run.create(
        "ville3", model="scripted/default", mode="lifestyle", hours=0.1, run_id=run_id,
        policies=PolicyOptions(fresh=True), embedder=HashEmbedder(),
    ).close()  # fmt: skip


def _exported(two_runs, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, dict]:
    """The second run's store exported to a file (the CLI embeds with the test's embedder)."""
    import aga.cli.policy as policy_cli

    monkeypatch.setattr(policy_cli, "_LazyEmbedder", HashEmbedder)
    out = tmp_path / "policies.json"
    assert CliRunner().invoke(app, ["policy", "export", str(two_runs[3]), "--out", str(out)]).exit_code == 0
    return out, json.loads(out.read_text())


def test_policy_export_import_purge_from_the_cli(two_runs, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    out, exported = _exported(two_runs, tmp_path, monkeypatch)
    runner = CliRunner()
    copy = tmp_path / "copy"
    done = runner.invoke(app, ["policy", "import", str(copy), str(out)])
    assert done.exit_code == 0, done.output
    stats = json.loads(runner.invoke(app, ["policy", "stats", str(copy), "--json"]).output)
    assert sum(int(k["policies"]) for k in stats.values()) == len(exported["policies"])
    found = json.loads(runner.invoke(app, ["policy", "search", str(copy), "having breakfast", "--json"]).output)
    assert found and found[0]["similarity"] > 0
    purged = runner.invoke(app, ["policy", "purge", str(copy), "--kind", "importance", "--yes"])
    assert purged.exit_code == 0 and "deleted" in purged.output
    stats = json.loads(runner.invoke(app, ["policy", "stats", str(copy), "--json"]).output)
    assert stats["importance"]["policies"] == 0 and stats["plan"]["policies"] >= 1
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    failed = runner.invoke(app, ["policy", "import", str(copy), str(bad)])
    assert failed.exit_code != 0 and "not JSON" in str(failed.exception or failed.output)
    bad.write_text("[1, 2]")
    failed = runner.invoke(app, ["policy", "import", str(copy), str(bad)])
    assert isinstance(failed.exception, ValueError) and "not a policy export (a JSON list" in str(failed.exception)
    failed = runner.invoke(app, ["policy", "import", str(copy), str(tmp_path)])  # a folder, not a file
    assert "is a folder; give a JSON file written by `aga policy export`" in str(failed.exception)
    Run.create("ville3", model="scripted/default", hours=0.1, run_id="no-store-run", embedder=HashEmbedder()).close()
    monkeypatch.chdir(tmp_path)
    into_baseline = runner.invoke(app, ["policy", "import", "no-store-run", str(out)])
    assert "used no policy store" in str(into_baseline.exception)  # not a new store named after the run
    assert not (tmp_path / "no-store-run").exists()
    # A kind no town or household looks up is refused before a store is made.
    odd = {**exported, "policies": [{**exported["policies"][0], "kind": "plans"}]}
    bad.write_text(json.dumps(odd))
    failed = runner.invoke(app, ["policy", "import", str(tmp_path / "new"), str(bad)])
    assert "policies[0] has kind 'plans', which no town or household looks up" in str(failed.exception)
    assert not (tmp_path / "new").exists()
    # Into a run's store: owners who are not in its cast are said (their policies would lie unused).
    strangers = {**exported, "policies": [{**p, "owner": "Nobody Here"} for p in exported["policies"]]}
    bad.write_text(json.dumps(strangers))
    _with_own_store("with-store")
    warned = runner.invoke(app, ["policy", "import", "with-store", str(bad)])
    assert warned.exit_code == 0, warned.output
    assert "1 owner(s) not in the run's cast" in " ".join(warned.output.split()) and "Nobody Here" in warned.output


def test_an_import_refuses_decisions_the_town_cannot_carry_out_and_names_places_it_lacks(
    two_runs, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    out, exported = _exported(two_runs, tmp_path, monkeypatch)
    runner = CliRunner()
    first = {kind: next(n for n, p in enumerate(exported["policies"]) if p["kind"] == kind) for kind in
             ("importance", "plan", "action")}  # fmt: skip

    def broken(kind: str, **change: object) -> Path:
        data = json.loads(out.read_text())
        data["policies"][first[kind]]["variants"][0].update(change)
        bad = tmp_path / f"bad-{kind}.json"
        bad.write_text(json.dumps(data))
        return bad

    refused = {
        "importance": (broken("importance", value={"rating": "high"}), "its rating 'high' is not a whole number"),
        "plan": (broken("plan", steps=[]), "it has no step that lasts a minute or more"),
        "action": (broken("action", steps=[{"text": "idle", "minutes": 5}]), "its first step has no action"),
    }
    for kind, (bad, why) in refused.items():
        failed = runner.invoke(app, ["policy", "import", str(tmp_path / f"new-{kind}"), str(bad)])
        said = " ".join(str(failed.exception).split())
        assert f"policies[{first[kind]}].variants[0] ({kind} " in said and why in said, said
        assert not (tmp_path / f"new-{kind}").exists()  # nothing imported, no store made
    # Into a run's store: places its town lacks are said (the decisions needing them never apply).
    data = json.loads(out.read_text())
    for policy in data["policies"]:
        if policy["kind"] == "action":
            policy["variants"][0]["steps"][0]["action"]["address"] = "the Ville:Moon Base:dome:telescope"
    moved = tmp_path / "moved.json"
    moved.write_text(json.dumps(data))
    _with_own_store("with-town")
    warned = runner.invoke(app, ["policy", "import", "with-town", str(moved)])
    assert warned.exit_code == 0, warned.output
    said = " ".join(warned.output.split())
    assert "place(s) or object(s) not in the run's town" in said and "Moon Base" in said


def test_a_stored_decision_the_town_cannot_carry_out_is_a_miss_not_a_crash(tmp_path: Path):
    # A store filled by other code (the library's own import, another host) may hold what the CLI's import
    # refuses: the town treats such a match as a miss and says why in its decision log.
    from aga.agents import ScheduleItem
    from aga.cognition.lifestyle import reuse_action, reuse_rating
    from policy_store import Condition, Draft, Step

    run = Run.create(
        "ville3", model="scripted/default", mode="lifestyle", hours=0.1, run_id="odd",
        policies=PolicyOptions(fresh=True), embedder=HashEmbedder(),
    )  # fmt: skip
    try:
        rt = run.rt
        agent = rt.agents[sorted(rt.agents)[0]]
        store = rt.lifestyle
        store.write(Draft(kind="importance", owner=agent.name, text="a loud bang outside", value={"rating": "high"},
                          condition=Condition(), minutes=0))  # fmt: skip
        nowhere = ActionSpec(address="the Ville:Moon Base:dome:telescope", emoji="🔭")
        store.write(Draft(kind="action", owner=agent.name, text="stargazing", condition=Condition(), minutes=30,
                          steps=(Step(text="stargazing", minutes=30, action=nowhere),)))  # fmt: skip
        assert reuse_rating(rt, agent, "a loud bang outside") is None
        assert reuse_action(rt, agent, ScheduleItem("stargazing", 30), 30) is None
        reasons = {d.kind: d.reason for d in rt.decisions.rows()}
        assert reasons["importance"].startswith("unusable: its rating 'high'")
        assert reasons["action"] == "unusable: the Ville:Moon Base:dome:telescope: no such place in the town"
    finally:
        run.close()


def test_checker_sees_unknown_places_and_busy_exclusive_objects(two_runs):
    _, _, second, _ = two_runs
    rt = second.rt
    klaus, isabella = rt.agents["Klaus Mueller"], rt.agents["Isabella Rodriguez"]
    checker = TownChecker(rt, klaus)
    assert checker.unmet(Requirement(target="the Ville:Nowhere:room")) == "no such place in the town"
    home = "the Ville:Isabella Rodriguez's apartment:main room"
    assert checker.unmet(Requirement(target=home)) in {"not a place the agent knows", "someone else's home"}
    counter = "the Ville:Hobbs Cafe:cafe:behind the cafe counter"
    klaus.state.learn_place("Hobbs Cafe", "cafe", "behind the cafe counter")
    assert isabella.state.action is not None
    isabella.state.action.address = counter
    isabella.state.action.minutes = 10_000
    isabella.state.action.obj_description = "being used to serve coffee"
    # Nobody at the counter yet: where the day left each one is the simulator's doing, not the test's.
    at_counter = set(rt.scenario.town.tiles_of(Address.parse(counter)))
    for someone in rt.agents.values():
        if someone.state.tile in at_counter:
            home = Address.parse(f"the Ville:{someone.persona.living_area}")
            someone.state.tile = rt.scenario.town.tiles_of(home)[0]
    needs = requirements(ActionSpec(address=counter), free=True)
    # Chosen from afar, the counter is not taken yet (as in the original, an object shows its user's
    # action only once the user is there): free, and idle.
    assert not any(checker.unmet(r) for r in needs)
    assert rt.object_state(counter) == "idle"
    isabella.state.tile = rt.scenario.town.tiles_of(Address.parse(counter))[0]
    assert "in use by Isabella Rodriguez" in [checker.unmet(r) for r in needs]
    assert rt.object_state(counter) == "being used to serve coffee"
    assert rt.occupant(counter, besides="Isabella Rodriguez") is None  # nobody else
    # Two at the counter: the first by name is its user, whichever of them asks about the other.
    saved = klaus.state.action, klaus.state.tile
    klaus.state.action = dataclasses.replace(isabella.state.action, obj_description="being wiped down")
    klaus.state.tile = isabella.state.tile
    assert rt.object_state(counter) == "being used to serve coffee"  # Isabella before Klaus
    assert rt.occupant(counter, besides="Isabella Rodriguez") == "Klaus Mueller"
    assert rt.occupant(counter, besides="Klaus Mueller") == "Isabella Rodriguez"
    klaus.state.action, klaus.state.tile = saved
    isabella.state.action.minutes = 0  # her action is over: the counter is free again, though she stands there
    assert not any(checker.unmet(r) for r in needs) and rt.object_state(counter) == "idle"
    isabella.state.action.minutes = 10_000
    seating = "the Ville:Hobbs Cafe:cafe:cafe customer seating"  # shared: never "in use"
    klaus.state.learn_place("Hobbs Cafe", "cafe", "cafe customer seating")
    isabella.state.action.address = seating
    isabella.state.tile = rt.scenario.town.tiles_of(Address.parse(seating))[0]
    assert not any(checker.unmet(r) for r in requirements(ActionSpec(address=seating), free=True))


def test_sleep_is_never_replaced_by_something_else(two_runs):
    _, _, second, _ = two_runs
    for agent in second.rt.agents.values():
        # (the day starts asleep for a night that starts before midnight; one after it is slept from its bedtime)
        wake, bed = agent.state.wake_hour, bed_hour_of(agent.persona.lifestyle)
        for hour in range(24):
            assert is_sleep(_task_at(agent, hour)) == asleep_at(hour, wake, bed), (agent.name, hour)


def test_fresh_policies_and_bypass_from_the_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    import aga.sim.run as run_module

    monkeypatch.setattr(run_module, "default_embedder", HashEmbedder)
    runner = CliRunner()
    args = ["run", "ville3", "--hours", "1", "-m", "scripted/default", "--mode", "lifestyle", "--quiet"]
    out = runner.invoke(app, [*args, "--run-id", "fresh", "--fresh-policies"])
    assert out.exit_code == 0, out.output
    assert (tmp_path / "runs" / "fresh" / "policies" / "policies.db").exists()
    out = runner.invoke(app, [*args, "--run-id", "off", "--fresh-policies", "--policy-bypass"])
    assert out.exit_code == 0, out.output
    bypassed = json.loads(runner.invoke(app, ["policy", "stats", "off", "--json"]).output)
    assert bypassed["importance"]["policies"] == 0 and bypassed["importance"]["bypassed"] > 0
    both = runner.invoke(app, [*args, "--run-id", "x", "--fresh-policies", "--policy-store", str(tmp_path / "s")])
    assert both.exit_code != 0 and "exclude each other" in str(both.exception or both.output)
    bad = runner.invoke(app, [*args, "--run-id", "y", "--policy-threshold", "plan:0.9"])
    assert "KIND=VALUE" in str(bad.exception or bad.output)
    typo = runner.invoke(app, [*args, "--run-id", "z", "--policy-threshold", "Plan=0.5"])
    assert "no policy kind 'Plan'; the kinds are plan, action, importance" in str(typo.exception or typo.output)


def test_resume_reopens_the_same_store(tmp_path: Path):
    store = tmp_path / "store"
    run = Run.create(
        "ville3",
        model="scripted/default",
        mode="lifestyle",
        hours=3,
        run_id="again",
        embedder=HashEmbedder(),
        policies=PolicyOptions(store=str(store), thresholds={"plan": 0.8, "action": 0.8, "importance": 0.95}),
    )
    run.close()
    reopened = Run.open("again", embedder=HashEmbedder())
    assert reopened.rt.lifestyle is not None
    assert Path(reopened.rt.lifestyle.location) == store.resolve()
    assert reopened.rt.lifestyle.config.threshold("importance") == 0.95
    reopened.close()


def test_the_paper_faithful_mechanisms_from_the_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """--exact-actions reuses an action only for its own text; --no-importance-cache rates every event."""
    import aga.sim.run as run_module
    from aga.storage import make_engine, resolve_run
    from aga.storage.decisions import DecisionLog
    from policy_store import same_text_key

    monkeypatch.setattr(run_module, "default_embedder", HashEmbedder)
    store = tmp_path / "paper-store"
    args = ["run", "ville3", "--hours", "8", "-m", "scripted/default", "--mode", "lifestyle", "--quiet",
            "--policy-store", str(store), "--exact-actions", "--no-importance-cache"]  # fmt: skip
    for seed, run_id in ((1, "fill"), (0, "paper")):
        out = CliRunner().invoke(app, [*args, "--run-id", run_id, "--seed", str(seed)])
        assert out.exit_code == 0, out.output
    rows = DecisionLog(make_engine(resolve_run("paper").database_url)).rows()
    hits = [r for r in rows if r.kind == "action" and r.hit and r.reason == "hit"]
    assert hits, "an eight-hour morning repeats some action text"
    assert all(same_text_key(r.matched or "") == same_text_key(r.text) and r.similarity == 1.0 for r in hits)
    assert not [r for r in rows if r.kind == "importance"]
    stats = json.loads(CliRunner().invoke(app, ["policy", "stats", "paper", "--json"]).output)
    assert stats.get("importance", {}).get("policies", 0) == 0 and stats["action"]["policies"] > 0
