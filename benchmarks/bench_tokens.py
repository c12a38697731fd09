"""``aga bench tokens``: the paper's ablation and the saving split by mechanism, over seeds, with parity.

One scenario, one model, several seeds. Each *variant* is a mode with Lifestyle Policy options: the
paper's four modes (baseline, lifestyle, social, aga) and, with ``--mechanisms``, a ladder that adds
one mechanism at a time, so that a saving is split into what the papers do and what aga adds:

    (a) lp-paper       plan decompositions reused under conditions, actions only on the same text
    (b) lp-similar     + actions matched by similarity
    (c) lp-importance  + the event-importance cache (neither paper has it)
    (d) lifestyle      + the day's schedule in one call (the AGA reference code's, not the paper's text)
    (e) aga            + Social Memory = full aga;  aga-paper = (a) + Social Memory

``lifestyle-by-hour`` and ``aga-by-hour`` are (d) and (e) with the one-call day's long blocks decomposed
an hour at a time (``--hour-blocks``): they act as finely as the baseline, so their share is measured at
the baseline's grain of acting rather than estimated from the action counts.

The policy variants first run K warm-up runs (seeds seed+1000k, each a different day) that fill their
own store, as in the paper; the measured runs of one seed all share it. Every run is an ordinary run
folder under ``OUT/runs`` (``aga ledger``, ``aga show``, ``aga social`` work on them), and a finished
run is not run again: an interrupted benchmark continues where it stopped.

Each measured run's figures are written to ``MEASURED/<run>.json`` (default ``OUT/measured``) as soon as
its chain finishes, with the settings that made it and the code version. A run whose figures are there
is not run again even when its run folder is gone, so a ladder longer than one machine's life can be
finished in sittings: keep the small ``measured`` files (not the gigabytes of runs) and point
``--measured`` at them. A file made with other settings is an error, never mixed in.

Writes ``OUT/report.json``, ``OUT/report.md`` and ``OUT/shares.png``.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import os
import shutil
import signal
import statistics
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import time as clock_time
from datetime import timedelta
from pathlib import Path
from typing import Any

from benchmarks.report import code_version, machine


@dataclass(frozen=True)
class Variant:
    """A mode with the Lifestyle Policy options that make one rung of the mechanism ladder."""

    name: str
    mode: str
    label: str
    paper: bool  # every mechanism it uses is the paper's (the paper-faithful figure)
    options: dict[str, Any] = field(default_factory=dict)  # PolicyOptions fields
    mind_wandering: bool = False  # AGA appendix D (any mode)


_PAPER_LP = {"exact_actions": True, "importance": False, "hourly_schedule": True}
VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("baseline", "baseline", "the original architecture, every decision asked of the LLM", True),
        Variant(
            "lp-paper",
            "lifestyle",
            "(a) Lifestyle Policy as in the paper: plans reused under conditions, actions only on the same text",
            True,
            _PAPER_LP,
        ),
        Variant(
            "lp-similar",
            "lifestyle",
            "(b) + actions matched by similarity",
            False,
            {"importance": False, "hourly_schedule": True},
        ),
        Variant("lp-importance", "lifestyle", "(c) + the event-importance cache", False, {"hourly_schedule": True}),
        Variant(
            "lifestyle", "lifestyle", "(d) + the day's schedule in one call (all Lifestyle Policy mechanisms)", False
        ),
        Variant("social", "social", "Social Memory alone", True),
        Variant("aga-paper", "aga", "(a) + Social Memory: AGA as in the paper", True, _PAPER_LP),
        Variant("aga", "aga", "(e) + Social Memory: full aga", False),
        Variant("lifestyle-by-hour", "lifestyle", "(d), its long blocks decomposed an hour at a time (the "
                "baseline's grain of acting)", False, {"hour_blocks": True}),
        Variant("aga-by-hour", "aga", "full aga, its long blocks decomposed an hour at a time (the baseline's "
                "grain of acting)", False, {"hour_blocks": True}),
        Variant("baseline-mw", "baseline", "the original architecture + mind wandering (AGA appendix D)", True,
                mind_wandering=True),
        Variant("aga-mw", "aga", "full aga + mind wandering (AGA appendix D)", False, mind_wandering=True),
    )
}  # fmt: skip
MODES = ("baseline", "lifestyle", "social", "aga")  # the paper's ablation
MECHANISMS = ("baseline", "lp-paper", "lp-similar", "lp-importance", "lifestyle", "social", "aga-paper", "aga")
LADDER = ("baseline", "lp-paper", "lp-similar", "lp-importance", "lifestyle", "aga")  # one mechanism per rung
POLICY = ("lifestyle", "aga")
# Yu et al., AGA tokens / baseline tokens (3-agent town over two days after warm-up; 25-agent town).
PAPER = {"ville3": {"lifestyle": 0.402, "social": 0.586, "aga": 0.311}, "ville25": {"aga": 0.427}}
TARGETS = {"ville3": 0.25, "ville25": 0.35}
WARMUP_SEED_STEP = 1000  # warm-up k of seed s uses seed s + 1000k: never another measured seed's day


@dataclass(frozen=True)
class Planned:
    """One run of the benchmark."""

    run_id: str
    variant: str
    seed: int  # the run's own seed
    measured: bool
    group: int  # the measured seed this run belongs to (its store is the variant's for that seed)

    @property
    def mode(self) -> str:
        """The run's mode."""
        return VARIANTS[self.variant].mode


def plan(variants: Sequence[str], seeds: Sequence[int], warmup: int) -> list[Planned]:
    """The runs, in order: per seed, each policy variant's warm-ups before its measured run."""
    runs: list[Planned] = []
    for seed in seeds:
        for name in variants:
            if VARIANTS[name].mode in POLICY:
                runs += [
                    Planned(f"{name}-s{seed}-warmup{k}", name, seed + WARMUP_SEED_STEP * k, False, seed)
                    for k in range(1, warmup + 1)
                ]
            runs.append(Planned(f"{name}-s{seed}", name, seed, True, seed))
    return runs


def span(days: float) -> str:
    """A run's length as a person would say it: "2 simulated days", "0.5 simulated hours"."""
    if days >= 1:
        return f"{days:g} simulated day" + ("" if days == 1 else "s")
    hours = round(days * 24, 4)
    return f"{hours:g} simulated hour" + ("" if hours == 1 else "s")


def span_flag(days: float) -> str:
    """The ``aga bench tokens`` option that gives this length."""
    return f"--days {days:g}" if days >= 1 else f"--hours {round(days * 24, 4):g}"


def _options(planned: Planned, stores: Path) -> Any:
    from aga.sim.policies import PolicyOptions

    variant = VARIANTS[planned.variant]
    if variant.mode not in POLICY:
        return None
    return PolicyOptions(store=str(stores / f"{variant.name}-s{planned.group}"), **variant.options)


def measured_settings(planned: Planned, settings: dict[str, Any], warmup: int) -> dict[str, Any]:
    """What must match for a kept measurement to stand for this planned run."""
    start = settings.get("start")
    return {
        "scenario": str(settings["scenario"]),
        "span": span(settings["days"]),
        "model": settings["model"],
        "start": start.strftime("%H:%M") if start else None,
        "warmup_runs": warmup if planned.mode in POLICY else 0,
        "variant": planned.variant,
        "options": VARIANTS[planned.variant].options,
        "mind_wandering": VARIANTS[planned.variant].mind_wandering,
    }


class KeptFiguresError(ValueError):
    """A kept measured-run file that cannot stand for the planned run (other settings, unreadable)."""


def read_measured(path: Path, expected: dict[str, Any]) -> dict[str, Any] | None:
    """The kept record of a measured run (``settings``, ``code``, ``figures`` ...), or None when there is
    none; a file made with other settings (or unreadable) is an error that names it, so that figures of
    two different set-ups never mix."""
    if not path.exists():
        return None
    try:
        kept = json.loads(path.read_text())
        made_with = kept["settings"]
        kept["figures"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise KeptFiguresError(f"{path}: not a measured-run file ({exc}); delete it to run that run again") from None
    differ = {k: (made_with.get(k), v) for k, v in expected.items() if made_with.get(k) != v}
    if differ:
        said = ", ".join(f"{k} was {old!r}, now {new!r}" for k, (old, new) in differ.items())
        raise KeptFiguresError(
            f"{path}: measured with other settings ({said}); use another --measured folder or delete the file"
        )
    return dict(kept)


def write_measured(path: Path, planned: Planned, expected: dict[str, Any], code: str) -> dict[str, Any]:
    """Measure a finished run and keep its figures in ``path`` (atomically: a kill leaves either the old
    state or the whole file), with ``code``, the version the benchmark started with; returns the record."""
    from aga.storage.files import write_atomically

    figures = measure(planned.run_id, planned.mode)
    path.parent.mkdir(parents=True, exist_ok=True)
    kept = {
        "settings": expected,
        "code": code,
        "machine": machine(),
        "date": time.strftime("%Y-%m-%d"),
        "figures": figures,
    }
    write_atomically(path, json.dumps(kept, indent=2) + "\n")
    return kept


def _execute(
    planned: Planned,
    *,
    scenario: str,
    days: float,
    model: str,
    stores: Path,
    on_step: Callable[[Any], None] | None,
    start: clock_time | None = None,
    api_base: str | None = None,
    gateway_options: Any = None,
    stop: Any = None,
) -> None:
    """Create (or continue) one run and take it to its end (on ``api_base``, the model's server, when
    given: a server that moved between two sittings of a benchmark is the same model).

    Settings and status are read from the run's ``run_info`` row: opening a run reconciles its memories
    with their vector index, which takes minutes for a finished ville25 run that needs nothing.
    ``stop`` (a worker's :class:`_WorkerStop`) is polled between steps, as `aga run` polls Ctrl-C.
    """
    from aga.sim.run import Run, move_server, read_info
    from aga.storage import make_engine, resolve_run

    paths = resolve_run(planned.run_id, must_exist=False)
    options = _options(planned, stores)
    if paths.database.exists():
        engine = make_engine(paths.database_url)
        try:
            info = read_info(engine, paths.run_id)
            has_checkpoint = info is not None and _has_checkpoint(engine)
        finally:
            engine.dispose()
        if info is None:
            # Killed while being created, before it recorded its identity: nothing to continue.
            shutil.rmtree(paths.root)
        else:
            _same_run(info, planned, model=model, days=days, start=start, options=options)
            # A run stopped during its start-up (no checkpoint yet) is opened like any other: opening
            # finishes the start-up, keeping the memories already rated.
            if has_checkpoint and info.status == "finished":
                return
    if paths.database.exists():
        if api_base:
            move_server(planned.run_id, api_base)
        run = Run.open(planned.run_id, gateway_options=gateway_options)
    else:
        run = Run.create(
            scenario,
            model=model,
            mode=planned.mode,
            seed=planned.seed,
            hours=days * 24,
            run_id=planned.run_id,
            policies=options,
            start=start,
            api_base=api_base,
            gateway_options=gateway_options,
            mind_wandering=VARIANTS[planned.variant].mind_wandering,
        )
    if stop is not None and run.ahead:
        stop.grace_s = stop.AHEAD_GRACE_S
    try:
        run.advance(on_step=on_step, should_stop=stop)
    finally:
        run.close()


def chains(runs: Sequence[Planned]) -> list[list[Planned]]:
    """The runs grouped into chains that must run in order (one variant's store on one seed), longest
    first so that parallel workers finish together."""
    grouped: dict[tuple[str, int], list[Planned]] = {}
    for planned in runs:
        grouped.setdefault((planned.variant, planned.group), []).append(planned)
    return sorted(grouped.values(), key=len, reverse=True)


def _execute_parallel(
    runs: Sequence[Planned],
    settings: dict[str, Any],
    *,
    jobs: int,
    done: Callable[[list[Planned]], None] | None,
    keep: dict[str, Any],
) -> None:
    """Every chain in its own task, ``jobs`` processes at a time; the first failure is raised once the
    running chains have stopped (finished runs are kept, so running the command again continues)."""
    import concurrent.futures
    import multiprocessing

    from aga.sim import run as run_module

    # spawn, not fork: a forked copy of a process that has used torch's thread pool can hang.
    context = multiprocessing.get_context("spawn")
    threads = max(1, (os.cpu_count() or 1) // jobs)
    with concurrent.futures.ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=context,
        initializer=_worker_setup,
        # The workers use the same runs folder and embedder factory as this process.
        initargs=(os.environ["AGA_RUNS_DIR"], threads, run_module.default_embedder),
    ) as pool:
        futures = {pool.submit(_execute_chain, chain, settings, keep): chain for chain in chains(runs)}
        try:
            for future in concurrent.futures.as_completed(futures):
                future.result()
                if done:
                    done(futures[future])
        except BaseException as exc:
            for future in futures:
                future.cancel()
            if isinstance(exc, KeyboardInterrupt):
                # A Ctrl-C in a terminal reaches every worker; a TERM or an INT sent to this process
                # alone does not, and leaving the pool would wait for their chains to end (hours).
                # Each worker stops its run as `aga run` does: after the current step, checkpointed.
                for child in multiprocessing.active_children():
                    if child.pid is not None:
                        with contextlib.suppress(ProcessLookupError):
                            os.kill(child.pid, signal.SIGINT)
            raise


def _worker_setup(runs_dir: str, threads: int, embedder_factory: Any) -> None:
    # Each worker gets its share of the cores: torch's default of one thread per core in every process
    # oversubscribes the machine (measured: load 5.5 on 2 cores with two benchmark processes).
    os.environ["AGA_RUNS_DIR"] = runs_dir
    for name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[name] = str(threads)
    os.environ.setdefault("AGA_LLM_THREADS", str(threads))  # the embedded model's, unless chosen
    from aga.sim import run as run_module

    run_module.default_embedder = embedder_factory
    threading.Thread(target=_exit_with_parent, args=(os.getppid(),), daemon=True).start()
    signal.signal(signal.SIGINT, _interrupt_worker)


_busy = threading.Event()  # set while this worker process runs a chain


class _WorkerStop:
    """This worker's stop request, as `aga run` takes one (``aga.cli.run.StopRequest``, not imported:
    the CLI imports the benchmarks): the run stops after its current step, which is checkpointed, or
    between two model calls once the step has taken more than ``grace_s`` seconds; a second interrupt
    stops at once. Raising KeyboardInterrupt at the first, as this did, landed mid-step, where a run
    leaves its last checkpoint behind and marks itself stopped while the step's branches may still be
    writing; under load a run was once left marked running."""

    GRACE_S = 2.0
    AHEAD_GRACE_S = 30.0  # an ahead run stops once its agents have caught up (see aga.cli.run)

    def __init__(self) -> None:
        self.asked_at: float | None = None
        self.grace_s = self.GRACE_S

    def __call__(self) -> bool:
        return self.asked_at is not None

    def overdue(self) -> bool:
        """True once a stop was asked for more than ``grace_s`` seconds ago."""
        return self.asked_at is not None and time.monotonic() - self.asked_at > self.grace_s


_stop = _WorkerStop()  # once asked, this worker also refuses the chains already handed to it


def _interrupt_worker(signum: int, frame: Any) -> None:
    # Ctrl-C reaches every process of the terminal's group (and the benchmark's process passes on an
    # interrupt that reached it alone). A worker running a chain stops its run as `aga run` would (see
    # _WorkerStop) and refuses the chains already handed to it, which the pool can no longer cancel; an
    # idle one has nothing to keep and leaves quietly instead of printing the traceback of the queue it
    # was waiting on.
    if not _busy.is_set():
        os._exit(130)
    if _stop():
        raise KeyboardInterrupt  # asked twice: at once, from the last checkpoint
    _stop.asked_at = time.monotonic()


def _exit_with_parent(parent: int) -> None:
    # A worker runs a whole chain of runs; if the benchmark's process is killed (not interrupted, which
    # reaches the whole process group), the worker must not go on writing runs nobody waits for. Its
    # run is crash-safe, so ending it here loses no committed step.
    while os.getppid() == parent:
        time.sleep(2)
    os.kill(os.getpid(), signal.SIGTERM)


def _execute_chain(chain: list[Planned], settings: dict[str, Any], keep: dict[str, Any]) -> None:
    import dataclasses

    import torch

    from aga.llm.gateway import GatewayOptions

    if _stop():
        raise KeyboardInterrupt
    torch.set_num_threads(int(os.environ.get("OMP_NUM_THREADS", "1")))
    # The gateway polls the stop request between model calls, for a step that outlasts the grace.
    options = dataclasses.replace(settings.get("gateway_options") or GatewayOptions(), should_stop=_stop.overdue)
    settings = {**settings, "gateway_options": options}
    _busy.set()
    try:
        for planned in chain:
            _execute(planned, on_step=None, stop=_stop, **settings)
            if _stop():  # the run stopped where it was asked to (checkpointed), or had just finished
                raise KeyboardInterrupt
            _keep(planned, settings, keep)
    finally:
        _busy.clear()


def _keep(planned: Planned, settings: dict[str, Any], keep: dict[str, Any]) -> None:
    """Write a measured run's figures to the measured folder as soon as the run is finished."""
    if planned.measured:
        path = Path(keep["folder"]) / f"{planned.run_id}.json"
        write_measured(path, planned, measured_settings(planned, settings, keep["warmup"]), keep["code"])


def _has_checkpoint(engine: Any) -> bool:
    from sqlalchemy import inspect, text

    if not inspect(engine).has_table("checkpoint"):
        return False
    with engine.connect() as conn:
        return conn.execute(text("SELECT 1 FROM checkpoint LIMIT 1")).first() is not None


def _same_run(info: Any, planned: Planned, *, model: str, days: float, start: clock_time | None, options: Any) -> None:
    """Refuse to continue (or report) a run made with other settings than this benchmark's."""
    from aga.scenario.loader import load_scenario
    from aga.sim.policies import PolicyOptions
    from aga.storage import resolve_run

    began = info.start
    if began is None:  # written before run_info kept its start: the span is all that can be checked
        began = info.until - timedelta(days=days)
    default_start = start or load_scenario(info.scenario).spec.start.time()
    asked = {
        "mode": planned.mode,
        "model": model,
        "seed": planned.seed,
        "span": span(days),
        "start": default_start.strftime("%H:%M"),
        "policy options": _mechanisms(options),
        "mind wandering": VARIANTS[planned.variant].mind_wandering,
    }
    found = {
        "mode": info.mode,
        "model": info.model,
        "seed": info.seed,
        "span": span((info.until - began) / timedelta(days=1)),
        "start": began.strftime("%H:%M") if info.start is not None else asked["start"],
        "policy options": _mechanisms(PolicyOptions.from_json(info.policy_options) if info.policy_options else None),
        "mind wandering": bool(info.mind_wandering),
    }
    if asked != found:
        differ = ", ".join(f"{k} {found[k]} (asked: {asked[k]})" for k in asked if asked[k] != found[k])
        raise ValueError(
            f"{resolve_run(planned.run_id, must_exist=False).root} was made with other settings: {differ}; give "
            "another --out, or delete that folder to run it again"
        )


def _mechanisms(options: Any) -> str:
    """The options that make a variant, said briefly ("-" for a run without a policy store)."""
    if options is None:
        return "-"
    said = [f"{k}={getattr(options, k)}" for k in ("exact_actions", "importance", "hourly_schedule")]
    # Said only when on, so that runs measured before the option existed still match their settings.
    return ", ".join(said + (["hour_blocks=True"] if getattr(options, "hour_blocks", False) else []))


def measure(run_id: str, mode: str) -> dict[str, Any]:
    """Ledger totals and parity of a finished run."""

    from aga.llm.ledger import Ledger
    from aga.scenario.loader import load_scenario
    from aga.sim.run import read_info
    from aga.storage import make_engine, resolve_run
    from benchmarks.parity import parity

    paths = resolve_run(run_id)
    engine = make_engine(paths.database_url)
    info = read_info(engine, paths.run_id)
    assert info is not None
    ledger = Ledger(engine, paths.run_id)
    # Calls of steps a resume replayed were spent but are not what the run needs: counted apart.
    overall = ledger.totals(standing=True)[0]
    spent = ledger.totals()[0]

    def grouped(by: str) -> dict[str, dict[str, float]]:
        return {
            str(t.key): {
                "calls": t.llm_calls,
                "prompt_tokens": t.prompt_tokens,
                "completion_tokens": t.completion_tokens,
                "tokens": t.total_tokens,
                "cache_hits": t.cache_hits,
                "tokens_avoided": t.saved_prompt_tokens + t.saved_completion_tokens,
            }
            for t in ledger.totals(by, standing=True)
        }

    return {
        "run": run_id,
        "mode": mode,
        "seed": info.seed,
        "llm_calls": overall.llm_calls,
        "prompt_tokens": overall.prompt_tokens,
        "completion_tokens": overall.completion_tokens,
        "tokens": overall.total_tokens,
        "cost_usd": round(overall.cost_usd, 6),
        "calls_avoided": overall.cache_hits,
        "tokens_avoided": overall.saved_prompt_tokens + overall.saved_completion_tokens,
        "fail_safes": overall.failsafes,
        "replayed_calls": spent.llm_calls - overall.llm_calls,
        "replayed_tokens": spent.total_tokens - overall.total_tokens,
        "by_module": grouped("module"),
        "by_task": grouped("task"),
        "parity": parity(engine, load_scenario(info.scenario), mode, paths.run_id),
        "hits": hits(engine),
    }


def hits(engine: Any, examples: int = 6) -> dict[str, dict[str, Any]]:
    """Per policy kind: lookups, hits, the similarity of the hits (p10 / p50 / p90), the share reused for
    the very same text, the share whose reused text names another activity (:mod:`benchmarks.hit_judge`),
    and examples of hits on another text and of those on another activity (what was asked, what was
    reused; the most similar wrong ones first, since those are what a threshold lets through)."""
    import numpy as np
    from sqlalchemy import inspect

    from aga.storage.decisions import DecisionLog
    from benchmarks.hit_judge import names_other_activity
    from policy_store import same_text_key

    if not inspect(engine).has_table("policy_decision"):
        return {}
    # Lookups of steps a resume rolled back are not counted: the replayed step looked up again. Read
    # through DecisionLog (which adds the ``replayed`` column to a log written before it existed).
    rows = DecisionLog(engine).rows()[::-1]
    out: dict[str, dict[str, Any]] = {}
    for kind in sorted({r.kind for r in rows}):
        mine = [r for r in rows if r.kind == kind and r.reason != "step of a reused plan"]
        hit = [r for r in mine if r.hit]
        sims = [float(r.similarity) for r in hit if r.similarity is not None]
        other = [r for r in hit if same_text_key(r.matched or r.text) != same_text_key(r.text)]
        judged = [(r, names_other_activity(r.text, r.matched or r.text)) for r in other]
        wrong = [r for r, verdict in judged if verdict]
        out[kind] = {
            "lookups": len(mine),
            "hits": len(hit),
            "hit_rate": round(len(hit) / len(mine), 4) if mine else 0.0,
            "similarity": {f"p{q}": round(float(np.percentile(sims, q)), 3) for q in (10, 50, 90)} if sims else {},
            "same_text": round(1 - len(other) / len(hit), 4) if hit else None,
            "plan_steps_reused": sum(1 for r in rows if r.kind == kind and r.reason == "step of a reused plan"),
            # Hits whose reused text names another activity (benchmarks.hit_judge), over all hits.
            "other_activity": round(len(wrong) / len(hit), 4) if hit else None,
            "examples": [_example(r) for r in sorted(other, key=lambda r: r.similarity or 0)[:examples]],
            "other_activity_examples": [
                _example(r) for r in sorted(wrong, key=lambda r: -(r.similarity or 0))[:examples]
            ],
        }
    return out


def _example(row: Any) -> dict[str, Any]:
    return {"asked": row.text, "reused": row.matched, "similarity": round(float(row.similarity or 0), 3)}


def run_benchmark(
    scenario: str,
    *,
    days: float,
    model: str,
    seed: int,
    warmup: int,
    out: Path,
    modes: Sequence[str] = MODES,
    seeds: int = 1,
    progress: Any = None,
    start: clock_time | None = None,
    jobs: int = 1,
    done: Callable[[list[Planned]], None] | None = None,
    api_base: str | None = None,
    gateway_options: Any = None,
    measured: Path | None = None,
) -> dict[str, Any]:
    """Run (or continue) every planned run, then write the report; returns it.

    ``progress(planned)`` gives a per-step callback for a run (one process only); ``done(runs)`` is
    called as runs finish. With ``jobs`` > 1 the chains of runs (a variant's warm-ups and measured run
    on one seed, which share a store and must run in order) run in that many processes. Measured runs'
    figures are kept in ``measured`` (default ``OUT/measured``); a chain whose measured run is kept
    there is not run again (see the module's docstring).
    """
    out.mkdir(parents=True, exist_ok=True)
    os.environ["AGA_RUNS_DIR"] = str(out / "runs")
    measured_seeds = [seed + i for i in range(seeds)]
    everything = plan(modes, measured_seeds, warmup)
    began = time.perf_counter()
    settings = {
        "scenario": scenario,
        "days": days,
        "model": model,
        "stores": out / "stores",
        "start": start,
        "api_base": api_base,
        "gateway_options": gateway_options,
    }
    # The code is read once, here: the runs are made by what this process (and its workers) imported,
    # whatever is committed while they run.
    keep = {"folder": str(measured or out / "measured"), "warmup": warmup, "code": code_version()}

    def record(p: Planned) -> dict[str, Any] | None:
        return read_measured(Path(keep["folder"]) / f"{p.run_id}.json", measured_settings(p, settings, warmup))

    # A chain (a variant's warm-ups and its measured run on one seed) whose figures are kept is done.
    kept = [p.run_id for p in everything if p.measured and record(p) is not None]
    done_groups = {(p.variant, p.group) for p in everything if p.run_id in kept}
    runs = [p for p in everything if (p.variant, p.group) not in done_groups]
    if jobs > 1:
        _execute_parallel(runs, settings, jobs=jobs, done=done, keep=keep)
    else:
        for planned in runs:
            on_step = progress(planned) if progress else None
            _execute(planned, on_step=on_step, **settings)
            _keep(planned, settings, keep)
            if done:
                done([planned])
    results: dict[str, dict[int, dict[str, Any]]] = {name: {} for name in modes}
    codes: set[str] = set()
    for p in everything:
        if p.measured:
            # Every measured run has its record by now: kept from before, or written as its chain ended.
            found = record(p)
            assert found is not None, p.run_id
            results[p.variant][p.seed] = found["figures"]
            codes.add(str(found.get("code", "unknown")))
    report = {
        "scenario": scenario,
        "model": model,
        "simulated_days": days,
        "start": start.strftime("%H:%M") if start else None,
        "seeds": measured_seeds,
        "warmup_runs": warmup,
        "variants": {
            name: {
                "mode": VARIANTS[name].mode,
                "label": VARIANTS[name].label,
                "paper": VARIANTS[name].paper,
                "options": VARIANTS[name].options,
            }
            for name in modes
        },
        "runs": {name: {str(k): v for k, v in by_seed.items()} for name, by_seed in results.items()},
        "share_of_baseline": _shares(results),
        "share_at_baseline_actions": at_baseline_actions(results),
        "parity": _parity_summary(results),
        "paper": PAPER.get(Path(scenario).name, {}),
        "target_aga": TARGETS.get(Path(scenario).name),
        "wall_s": round(time.perf_counter() - began, 1),
        "kept_from_earlier": sorted(kept),  # measured runs whose figures came from an earlier sitting
        "code": sorted(codes),
        "machine": machine(),
        "date": time.strftime("%Y-%m-%d"),
    }
    (out / "report.json").write_text(json.dumps(report, indent=2) + "\n")
    (out / "report.md").write_text(markdown(report) + "\n")
    chart(report, out / "shares.png")
    if days >= 2:
        novelty_chart(report, out / "novelty.png")
    return report


def _sittings(report: dict[str, Any]) -> str:
    """A sentence for a report made in several sittings: which runs came from earlier ones, which code."""
    kept = report.get("kept_from_earlier") or []
    codes = report.get("code") or []
    said = ""
    if kept:
        said += f" Figures of {len(kept)} measured run(s) were kept from an earlier sitting ({', '.join(kept)})."
    if codes:
        said += f" Code: {', '.join(codes)}."
    return said


def cumulative_novelty(report: dict[str, Any], name: str) -> list[float]:
    """The variant's cumulative new main activities per agent by day, mean over seeds (AGA's Figure 6)."""
    days = [r["parity"].get("new_activities_by_day") or [] for r in report["runs"][name].values()]
    width = max((len(d) for d in days), default=0)
    means = [statistics.fmean(d[i] for d in days if len(d) > i) for i in range(width)]
    return list(itertools.accumulate(means))


def novelty_chart(report: dict[str, Any], path: Path) -> None:
    """Lines: each variant's cumulative new activities per agent, day by day (a town that lives the
    same day again goes flat)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.8))
    for name in report["runs"]:
        curve = cumulative_novelty(report, name)
        if curve:
            ax.plot(range(1, len(curve) + 1), curve, marker="o", label=name)
    ax.set_xlabel("simulated day")
    ax.set_ylabel("distinct main activities so far, per agent")
    ax.set_title(f"{report['scenario']}: novelty, {report['model']}, {len(report['seeds'])} seed(s)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def spread_of(values: Sequence[float]) -> dict[str, float]:
    """Mean, standard deviation (0 for one value), min and max, rounded."""
    return {
        "mean": round(statistics.fmean(values), 4),
        "sd": round(statistics.stdev(values), 4) if len(values) > 1 else 0.0,
        "min": round(min(values), 4),
        "max": round(max(values), 4),
    }


def _shares(results: dict[str, dict[int, dict[str, Any]]]) -> dict[str, dict[str, Any]]:
    """Each variant's tokens over the same seed's baseline tokens, per seed and over the seeds, and
    ``pooled``: all its seeds' tokens over all those seeds' baseline tokens.

    A seed's share divides by one baseline run, and a baseline that happens to talk more on that seed
    makes every variant look cheaper there; the pooled share weighs each seed by its baseline's size,
    so one small denominator moves it less. Both are reported; the mean stays the headline figure."""
    base = results.get("baseline", {})
    out: dict[str, dict[str, Any]] = {}
    for name, by_seed in results.items():
        seeds = [s for s in by_seed if s in base and base[s]["tokens"]]
        per = {s: by_seed[s]["tokens"] / base[s]["tokens"] for s in seeds}
        if per:
            pooled = sum(by_seed[s]["tokens"] for s in seeds) / sum(base[s]["tokens"] for s in seeds)
            out[name] = {
                **spread_of(list(per.values())),
                "pooled": round(pooled, 4),
                "by_seed": {str(s): round(v, 4) for s, v in per.items()},
            }
    return out


# Modules whose calls come once per action (where to go, what it looks like, how important it is): a
# variant that takes fewer actions asks them less often.
PER_ACTION_MODULES = ("act", "perceive")


def at_baseline_actions(results: dict[str, dict[int, dict[str, Any]]]) -> dict[str, dict[str, Any]]:
    """Each variant's share of the baseline's tokens had it taken as many actions as the baseline on the
    same seed: an estimate, its per-action modules' tokens scaled by the baseline's actions over its own.

    A day planned as a few long blocks, each split into a handful of steps (the one-call schedule; the
    real models split a long block as coarsely), is acted out in fewer actions, so part of such a
    variant's saving is acting more coarsely rather than a cache. The estimate assumes an extra action
    costs what the variant's actions cost on average, cache hits included; it is no measurement, and it
    is reported beside the measured share, never instead of it."""
    base = results.get("baseline", {})
    out: dict[str, dict[str, Any]] = {}
    for name, by_seed in results.items():
        if name == "baseline":
            continue
        per: dict[int, float] = {}
        ratios: list[float] = []
        for seed, r in by_seed.items():
            b = base.get(seed)
            actions, base_actions = r["parity"].get("actions"), (b or {}).get("parity", {}).get("actions")
            if not (b and b["tokens"] and actions and base_actions):
                continue
            per_action = sum(r["by_module"].get(m, {}).get("tokens", 0) for m in PER_ACTION_MODULES)
            ratio = base_actions / actions
            per[seed] = (r["tokens"] + per_action * (ratio - 1)) / b["tokens"]
            ratios.append(1 / ratio)
        if per:
            out[name] = {
                **spread_of(list(per.values())),
                "actions_of_baseline": spread_of(ratios),
                "by_seed": {str(s): round(v, 4) for s, v in per.items()},
            }
    return out


def _parity_summary(results: dict[str, dict[int, dict[str, Any]]]) -> dict[str, dict[str, dict[str, float]]]:
    """Per variant, each numeric parity measure's spread over the seeds."""
    out: dict[str, dict[str, dict[str, float]]] = {}
    for name, by_seed in results.items():
        keys = {k for r in by_seed.values() for k, v in r["parity"].items() if isinstance(v, int | float)}
        out[name] = {
            k: spread_of([float(r["parity"][k]) for r in by_seed.values() if r["parity"].get(k) is not None])
            for k in sorted(keys)
        }
    return out


def _pct(spread: dict[str, float]) -> str:
    if spread["min"] == spread["max"]:
        return f"{spread['mean']:.1%}"
    return f"{spread['mean']:.1%} ({spread['min']:.1%}-{spread['max']:.1%})"


def _mean(by_seed: dict[str, dict[str, Any]], key: str) -> float:
    return statistics.fmean(float(r[key]) for r in by_seed.values())


def markdown(report: dict[str, Any]) -> str:
    """The report as Markdown tables."""
    runs: dict[str, dict[str, dict[str, Any]]] = report["runs"]
    shares = report["share_of_baseline"]
    paper = report["paper"]
    variants = report["variants"]
    seeds = report["seeds"]
    names = list(variants)
    flags = " --mechanisms" if set(names) == set(MECHANISMS) else "".join(f" --mode {n}" for n in names)
    flags = "" if tuple(names) == MODES else flags
    lines = [
        f"# Tokens by mode: {report['scenario']}, {report['model']}, {span(report['simulated_days'])}\n",
        f"`aga bench tokens {report['scenario']} {span_flag(report['simulated_days'])} --model {report['model']} "
        f"--seed {seeds[0]} --seeds {len(seeds)} --warmup {report['warmup_runs']}{flags}"
        + (f" --start {report['start']}" if report.get("start") else "")
        + f"` on {report['machine']}, {report['date']}. "
        f"Seeds {', '.join(map(str, seeds))}: every variant is run on each; a policy variant first ran "
        f"{report['warmup_runs']} warm-up run(s) of the same length on other days (seed + 1000k) into a store of "
        "its own. Shares are each seed's tokens over that seed's baseline: mean (min-max) over the seeds; "
        "pooled: all seeds' tokens over all seeds' baseline tokens (one small baseline moves it less)."
        + _sittings(report)
        + "\n",
        "| variant | what it is | paper-faithful | share of baseline | pooled | paper | LLM calls | tokens | "
        "calls avoided |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name in names:
        by_seed = runs[name]
        share = shares.get(name)
        pooled = None if share is None or share.get("pooled") is None else f"{share['pooled']:.1%}"
        lines.append(
            f"| {name} | {variants[name]['label']} | {'yes' if variants[name]['paper'] else 'no (ours)'} | "
            f"{'-' if share is None else _pct(share)} | {pooled or '-'} | "
            f"{f'{paper[name]:.1%}' if name in paper else '-'} | "
            f"{_mean(by_seed, 'llm_calls'):,.0f} | {_mean(by_seed, 'tokens'):,.0f} | "
            f"{_mean(by_seed, 'calls_avoided'):,.0f} |"
        )
    # Each rung's saving is against the rung above it, so only the unbroken ladder from the baseline
    # down counts: past a missing rung, the next would take credit for two mechanisms (the four modes
    # alone go from baseline straight to lifestyle).
    ladder = list(itertools.takewhile(lambda n: n in shares, LADDER))
    if len(ladder) > 2:
        lines += [
            "",
            "## The saving by mechanism\n",
            "Each rung adds one mechanism to the one above it; its saving is the fall in the share of "
            "baseline tokens, mean over the seeds (a rise means the mechanism cost more than it saved). The "
            "last two columns are the same at the baseline's number of actions (an estimate, see below): "
            "what a rung saves by acting more coarsely is the difference.\n",
            "| rung | adds | share of baseline | saving against the rung above (points) | at the baseline's "
            "actions (estimate) | saving at the baseline's actions (points) |",
            "|---|---|---|---|---|---|",
        ]
        at = {"baseline": {"mean": 1.0}, **(report.get("share_at_baseline_actions") or {})}
        for above, here in itertools.pairwise(ladder):
            drop = (shares[above]["mean"] - shares[here]["mean"]) * 100
            same = f"{(at[above]['mean'] - at[here]['mean']) * 100:+.1f}" if above in at and here in at else "-"
            est = f"{at[here]['mean']:.1%}" if here in at else "-"
            lines.append(
                f"| {here} | {variants[here]['label']} | {_pct(shares[here])} | {drop:+.1f} | {est} | {same} |"
            )
        if "lp-paper" in shares:
            lines += [
                "",
                f"The paper-faithful Lifestyle Policy (lp-paper) comes to {_pct(shares['lp-paper'])} of "
                "baseline tokens; the mechanisms below it are aga's own.",
            ]
    replayed = {n: r for n, by in runs.items() for r in by.values() if r.get("replayed_calls")}
    if replayed:
        told = ", ".join(
            f"{r['run']} {r['replayed_calls']:,} calls ({r['replayed_tokens']:,} tokens)" for r in replayed.values()
        )
        lines += ["", f"Not counted above: calls of steps replayed after a resume ({told})."]
    target = report.get("target_aga")
    if target is not None and "aga" in shares:
        mean = shares["aga"]["mean"]
        verdict = "met" if mean <= target else f"missed by {mean - target:.1%} of baseline"
        lines += ["", f"Target: full aga at or below {target:.0%} of baseline tokens (mean over seeds): {verdict}."]
    lines += _acting_lines(report, names)
    modules = sorted({m for by in runs.values() for r in by.values() for m in r["by_module"]})
    lines += [
        "",
        "## Tokens by module (mean over seeds)\n",
        "| module | " + " | ".join(names) + " |",
        "|---|" + "---|" * len(names),
    ]
    for module in modules:
        cells = [
            f"{statistics.fmean(r['by_module'].get(module, {}).get('tokens', 0) for r in runs[n].values()):,.0f}"
            for n in names
        ]
        lines.append(f"| {module} | " + " | ".join(cells) + " |")
    lines += _hit_lines(runs, names)
    lines += _parity_lines(report, runs, names)
    return "\n".join(lines)


def _acting_lines(report: dict[str, Any], names: list[str]) -> list[str]:
    """The shares next to their estimate at the baseline's number of actions."""
    at = report.get("share_at_baseline_actions") or {}
    shown = [n for n in names if n in at and n in report["share_of_baseline"]]
    if not shown:
        return []
    out = [
        "",
        "## At the baseline's number of actions (an estimate)\n",
        "A variant whose agents take fewer actions asks the per-action tasks (where to go, what it looks "
        f"like, how important it is: modules {' and '.join(PER_ACTION_MODULES)}) less often, so part of its "
        "saving is acting more coarsely, not a cache (see actions per waking hour in the parity table). The "
        "estimate scales the variant's tokens in those modules by the baseline's actions over its own, seed "
        "by seed; it assumes an extra action costs what its actions cost on average, cache hits included.\n",
        "| variant | its actions, share of the baseline's | share of baseline (measured) | at the baseline's "
        "actions (estimate) |",
        "|---|---|---|---|",
    ]
    for n in shown:
        acted = at[n]["actions_of_baseline"]
        out.append(f"| {n} | {_pct(acted)} | {_pct(report['share_of_baseline'][n])} | {_pct(at[n])} |")
    return out


def _hit_lines(runs: dict[str, dict[str, dict[str, Any]]], names: list[str]) -> list[str]:
    """Policy lookups per variant and kind, with the similarity of their hits, and examples."""
    rows, examples, wrong = [], [], []
    for name in names:
        for seed, r in runs[name].items():
            for kind, h in r.get("hits", {}).items():
                sim = h["similarity"]
                same = "-" if h["same_text"] is None else f"{h['same_text']:.0%}"
                other = h.get("other_activity")
                rows.append(
                    f"| {name} | {seed} | {kind} | {h['lookups']:,} | {h['hits']:,} | {h['hit_rate']:.0%} | "
                    f"{sim.get('p10', '-')} / {sim.get('p50', '-')} / {sim.get('p90', '-')} | {same} | "
                    f"{'-' if other is None else f'{other:.1%}'} | {h['plan_steps_reused']:,} |"
                )
                examples += [(name, kind, e) for e in h["examples"][:2]]
                wrong += [(name, kind, e) for e in h.get("other_activity_examples", [])[:2]]
    if not rows:
        return []
    out = [
        "",
        "## Policy cache hits\n",
        "Lookups of the store (steps executed from a reused plan are counted apart), the similarity of the "
        "hits (p10 / p50 / p90), the share of hits reused for the very same text, and the share of hits "
        "whose reused text names another activity: the asked and the reused subtask share no activity word "
        "(stems of content words, leaving out names, light verbs such as having/making/working and times of "
        "day; `benchmarks/hit_judge.py`). That judge is a lower bound of wrong hits.\n",
        "| variant | seed | kind | lookups | hits | hit rate | hit similarity | same text | other activity "
        "| plan steps reused |",
        "|---|---|---|---|---|---|---|---|---|---|",
        *rows,
    ]
    for title, chosen in (
        ("Hits on another text (the least similar first)", examples),
        ("Hits judged to reuse another activity (the most similar first)", wrong),
    ):
        if chosen:
            out += ["", f"{title}:\n", "| variant | kind | similarity | asked | reused |", "|---|---|---|---|---|"]
            out += [f"| {n} | {k} | {e['similarity']} | {e['asked']} | {e['reused']} |" for n, k, e in chosen[:16]]
    return out


# What each parity measure says, for the report's readers (in the order of the table).
PARITY_MEASURES = {
    "activity_place_agreement": "share of waking minutes at a place among the best-fitting quarter of the "
    "agent's places for the activity, by meaning (random places: about 0.25)",
    "share_waking_minutes_away_from_home": "share of waking minutes outside one's own home",
    "share_requirement_windows_kept": "places and times the persona's day requirement names ('at Harbour "
    "Quay at 5 am', 'from 6 am until 1 pm') where the agent spent at least half of the window",
    "requirement_windows_judged": "such windows judged (each on every day the run covers whole)",
    "share_actions_at_valid_place": "actions at a place that exists and is not someone else's home "
    "(repairs hold LLM answers to it, execution conditions reused actions: it can only fail on a bug)",
    "repairs_per_agent_day": "answers changed by a task's repair, per agent-day",
    "failsafes_per_agent_day": "answers replaced by a fail-safe, per agent-day",
    "share_schedule_answers_as_given": "schedule answers (day, hours, decompositions, replans) used with "
    "no repair and no fail-safe",
    "day_hours_repaired_per_agent_day": "hours of the day's schedule the day repair changed (the model's "
    "sleep moved to the night, its daytime sleep made waking time), per agent-day",
    "actions_per_waking_hour": "actions taken awake per waking hour: how finely the day is acted out (a "
    "long block split into a few steps is acted more coarsely, and asks the action tasks less often)",
    "distinct_activities_per_agent_day": "schedule blocks per agent-day",
    "distinct_main_activities_per_agent_day": "main activities (a block before its first comma) per agent-day",
    "new_activities_per_agent_day_after_the_first": "main activities an agent had on no earlier day, per "
    "agent-day after the first (0: the same day again)",
    "share_days_without_repeated_meal": "agent-days without a meal had at two separate times",
    "conversations": "conversations held",
    "mean_conversation_lines": "lines per conversation",
    "relationships_changed": "ordered pairs whose closeness changed (Social Memory runs)",
    "agent_days": "agent-days measured",
    "actions": "actions taken",
}


# Measures where only one direction is worse: fewer repairs than the baseline is no misbehaviour.
WORSE_WHEN_HIGHER = frozenset({"repairs_per_agent_day", "failsafes_per_agent_day", "day_hours_repaired_per_agent_day"})
WORSE_WHEN_LOWER = frozenset({"share_schedule_answers_as_given", "share_requirement_windows_kept"})


def beyond_spread(variant: dict[str, float], baseline: dict[str, float], measure: str = "") -> bool | None:
    """Whether a variant's mean differs from the baseline's by more than twice the larger seed sd, in
    the direction that is worse for ``measure`` (either, for most), None when neither has a spread to
    judge by (e.g. one seed)."""
    sd = max(variant["sd"], baseline["sd"])
    if sd == 0:
        return None
    change = variant["mean"] - baseline["mean"]
    if measure in WORSE_WHEN_HIGHER:
        return change > 2 * sd
    if measure in WORSE_WHEN_LOWER:
        return -change > 2 * sd
    return abs(change) > 2 * sd


@functools.lru_cache(maxsize=64)  # asked once per judgment, with a handful of seed counts per report
def chance_rate(n_variant: int, n_baseline: int, draws: int = 20_000) -> float:
    """How often :func:`beyond_spread`'s two-sided rule marks a measure that did not change, with these
    seed counts: both rungs' seeds drawn from one normal distribution. By a seeded simulation, as the
    larger of two sample sds has no handy closed form; 0.0 where neither side has two seeds (nothing is
    judged then). A one-sided measure is marked half as often."""
    import numpy as np

    if max(n_variant, n_baseline) < 2:
        return 0.0
    rng = np.random.default_rng(0)
    variant, baseline = rng.normal(size=(draws, max(1, n_variant))), rng.normal(size=(draws, max(1, n_baseline)))
    sd = np.maximum(*(x.std(axis=1, ddof=1) if x.shape[1] > 1 else np.zeros(draws) for x in (variant, baseline)))
    return float(np.mean(np.abs(variant.mean(axis=1) - baseline.mean(axis=1)) > 2 * sd))


def _parity_lines(report: dict[str, Any], runs: dict[str, dict[str, dict[str, Any]]], names: list[str]) -> list[str]:
    parity = report["parity"]
    found = {k for n in names for k in parity.get(n, {})}
    keys = [k for k in PARITY_MEASURES if k in found] + sorted(found - set(PARITY_MEASURES))
    base = parity.get("baseline", {})
    out = [
        "",
        "## Behaviour parity (mean ± sd over the seeds)\n",
        "✗ marks a mean more than twice the larger seed sd away from the baseline's (a measure that did not "
        "hold; for repairs and fail-safes only a rise counts); with one seed nothing is marked. "
        "What repairs force (a 24-hour schedule, sleep at night) is "
        "not a measure of behaviour and is not listed; the repairs themselves are.\n",
        "| measure | " + " | ".join(names) + " | what it is |",
        "|---|" + "---|" * (len(names) + 1),
    ]
    missed: dict[str, list[str]] = {n: [] for n in names}
    # What the marks would be were no rung to change anything: the rule's chance rate, per judgment.
    chance, marked = 0.0, 0
    for key in keys:
        cells = []
        for n in names:
            s = parity.get(n, {}).get(key)
            if s is None:
                cells.append("-")
                continue
            verdict = beyond_spread(s, base[key], key) if n != "baseline" and key in base else None
            if verdict is not None and key not in ("agent_days", "actions"):
                one_sided = key in WORSE_WHEN_HIGHER or key in WORSE_WHEN_LOWER
                chance += chance_rate(len(runs.get(n, {})), len(runs.get("baseline", {}))) / (2 if one_sided else 1)
                marked += bool(verdict)
            if verdict:
                missed[n].append(key.replace("_", " "))
            mark = " ✗" if verdict and key not in ("agent_days", "actions") else ""
            cells.append(f"{s['mean']:.4g}" + (f" ± {s['sd']:.2g}" if s["sd"] else "") + mark)
        out.append(f"| {key.replace('_', ' ')} | " + " | ".join(cells) + f" | {PARITY_MEASURES.get(key, '')} |")
    curve = []
    for n in names:
        days = [r["parity"].get("new_activities_by_day") or [] for r in runs[n].values()]
        width = max((len(d) for d in days), default=0)
        means = [statistics.fmean(d[i] for d in days if len(d) > i) for i in range(width)]
        curve.append(" → ".join(f"{m:.1f}" for m in means) or "-")
    out.append("| new activities by day (novelty curve) | " + " | ".join(curve) + " | mean over agents and seeds |")
    cumulative = [" → ".join(f"{v:.1f}" for v in cumulative_novelty(report, n)) or "-" for n in names]
    out.append(
        "| distinct main activities so far, by day (cumulative novelty) | " + " | ".join(cumulative)
        + " | per agent, mean over seeds; `novelty.png` |"
    )  # fmt: skip
    news = sorted({k for n in names for r in runs[n].values() for k in r["parity"].get("news_known", {})})
    for item in news:
        cells = []
        for n in names:
            known = [r["parity"]["news_known"].get(item) for r in runs[n].values()]
            cells.append(" / ".join("-" if k is None else str(k) for k in known))
        out.append(f"| agents who know '{item}' (not seeded), by seed | " + " | ".join(cells) + " | |")
    held = [
        f"{n}: " + (", ".join(m for m in missed[n] if m not in ("agent days", "actions")) or "all held")
        for n in names
        if n != "baseline" and "baseline" in parity
    ]
    if held and len(report["seeds"]) > 1:
        out += ["", "Measures beyond the seeds' spread from the baseline: " + "; ".join(held) + "."]
        rate = chance_rate(len(report["seeds"]), len(report["seeds"]))
        out.append(
            f"\nBy chance alone: with {len(report['seeds'])} seeds a side the rule marks a measure that did not "
            f"change about {rate:.1%} of the time (a seeded simulation of normal seeds of equal spread; half that "
            f"for the one-sided measures), so of this table's judgments about {chance:.1f} ✗ would appear were no "
            f"rung to change anything; {marked} appeared. A lone ✗ is a lead to read in the runs, not a finding."
        )
    tasks = sorted(
        {t for n in names for r in runs[n].values() for t in r["parity"].get("repairs_and_failsafes_by_task", {})}
    )
    if tasks:
        out += ["", "Repairs / fail-safes by task (sum over the seeds):\n", "| task | " + " | ".join(names) + " |"]
        out.append("|---|" + "---|" * len(names))
        for task in tasks:
            cells = []
            for n in names:
                got = [r["parity"].get("repairs_and_failsafes_by_task", {}).get(task, {}) for r in runs[n].values()]
                cells.append(f"{sum(g.get('repairs', 0) for g in got)} / {sum(g.get('failsafes', 0) for g in got)}")
            out.append(f"| {task} | " + " | ".join(cells) + " |")
    return out


def chart(report: dict[str, Any], path: Path) -> None:
    """Bars: each variant's share of the baseline's tokens (range over seeds), next to the paper's."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [n for n in report["share_of_baseline"] if n != "baseline"]
    shares = [report["share_of_baseline"][n] for n in names]
    ours = [s["mean"] * 100 for s in shares]
    low = [(s["mean"] - s["min"]) * 100 for s in shares]
    high = [(s["max"] - s["mean"]) * 100 for s in shares]
    paper = [report["paper"].get(n, 0) * 100 for n in names]
    fig, ax = plt.subplots(figsize=(max(6, 1.1 * len(names)), 3.8))
    xs = range(len(names))
    ax.bar([x - 0.2 for x in xs], ours, width=0.4, yerr=[low, high], capsize=3, label="aga (measured, seed range)")
    ax.bar([x + 0.2 for x in xs], paper, width=0.4, label="Yu et al.", color="#bbbbbb")
    for x, value in zip(xs, ours, strict=True):
        ax.text(x - 0.2, value + 1, f"{value:.0f}%", ha="center", fontsize=8)
    ax.set_xticks(list(xs), labels=names, rotation=20, fontsize=8)
    ax.set_ylabel("% of baseline tokens")
    ax.set_ylim(0, 115)
    ax.set_title(
        f"{report['scenario']}, {span(report['simulated_days'])}, {report['model']}, {len(report['seeds'])} seed(s)"
    )
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
