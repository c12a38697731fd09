"""What a model talks about when the conversation is under way: its own plans, a relation, a memory?

A line of a conversation (``converse.utterance``) is written from what its prompt shows: the speaker's
identity (with the "Currently:" paragraph: what they are busy with, what they want everyone to hear),
the memories retrieved about the other, how the two know each other, and the conversation so far.
Which of these a line takes up decides what a town's conversations carry: seeded news travels only if
someone tells it. ``aga bench topics`` captures those prompts from a baseline run on the simulator,
puts each to every model under test, once per seed, and sorts every answer by what it is closest to
in meaning (MiniLM) among the things the prompt shows:

- ``own plans``: a sentence of the speaker's "Currently:" paragraph;
- ``relation``: a memory that states how two people know each other ("Ana Lima knows Bo Reyes as her
  cousin and ..."), or a line that recites one ("I know you as ...");
- ``memory``: any other retrieved memory;
- ``echo``: a line already said in this conversation (taking it up, saying it back);
- ``small talk``: nothing the prompt shows is close (greetings, "How has your week been?").

With ``--openings`` the prompts are those of a conversation's first line instead, and one more thing
the prompt shows can be taken up:

- ``their doing``: what the listener is doing, as the prompt's "Current context" says ("Klaus Mueller
  is sketching a graph"; without the runtime's step in brackets).

A first line often greets, remarks on what the listener is doing and brings up news in one: it is read
sentence by sentence, counted once under every class one of its sentences takes up (the shares may sum
to more than 100%), and under small talk when none takes anything up. GPT-3.5's first lines in the
original's 3-agent day did so in 7 of 8 talks (a greeting alone opened 1).

An answer that is no line of talk is counted apart (``refused``) and left out of the shares: a call that
ended in the fail-safe (the runtime refuses a copied format, "...", or an assistant's wording, then
gives up), or a recorded answer the runtime now refuses: a copy of the old format's "Ana Lima's next
line" (the 0.5B's, before session 44) or an assistant speaking of its prompt ("Could you please provide
more context?", refused since session 63).

The simulator is one of the models; the embedded ones are the reference. The shares are compared per
class: the simulator's should lie within the spread the real models span (a line reciting a relation
in one answer in two, where the real models do so in one in twenty, is a talk that no model holds).
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import time
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.report import write_pair
from benchmarks.scratch import observed_run, scratch_gateways, shown_lines, take_turns

TASK = "converse.utterance"
CLASSES = ("own plans", "relation", "memory", "echo", "small talk")
OPENING_CLASSES = ("their doing", "own plans", "relation", "memory", "small talk")
REFUSED = "refused"
SIMULATOR = "scripted/default"
# Closest-in-meaning below this is no topic of the prompt's: small talk. Set once (MiniLM cosine of a
# line against a sentence it paraphrases is typically 0.6-0.9, against an unrelated one 0.1-0.3) and
# the same for every model; the report gives the shares at two more cut-offs beside it.
CUT = 0.5
CUTS = (0.4, 0.5, 0.6)
# "X knows Y as <label> and <feeling>" (how a cast's relationship is remembered) and its recital in a
# line ("I know you as ...", "you know Nessa Pellow as ..."): a name is one to six capitalised words.
_NAME = r"(?:[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,5})"
RELATION = re.compile(rf"\b(?:knows?|knew)\s+(?:you|me|him|her|them|{_NAME})\s+as\b")
_CURRENTLY = re.compile(r"^Currently:\s*(.*)$", re.MULTILINE)


@dataclass
class TopicPrompt:
    """One utterance prompt taken mid-conversation: who speaks to whom, and the values it showed."""

    scenario: str
    agent: str
    other: str
    turn: int  # lines already said
    shown: dict[str, str]
    answers: dict[str, list[str]] = field(default_factory=dict)  # model -> line per seed


def _lines(block: str) -> list[str]:
    """The non-empty lines of a block, without a list's '- ' or '12. ' in front."""
    out = []
    for raw in block.splitlines():
        line = re.sub(r"^\s*(?:-|\d+\.)\s*", "", raw).strip()
        if line:
            out.append(line)
    return out


def candidates(shown: dict[str, str], openings: bool = False) -> list[tuple[str, str]]:
    """(class, text) of every statement the prompt shows that a line could take up; of a first line's
    prompt (``openings``) also what the listener is doing."""
    out: list[tuple[str, str]] = []
    doing = re.sub(r"\s*\(.*$", "", shown.get("other_action", "")).strip()
    if openings and doing and shown.get("other"):
        out.append(("their doing", f"{shown['other']} is {doing}"))
    currently = _CURRENTLY.search(shown.get("identity", ""))
    if currently:
        out += [("own plans", s) for s in re.split(r"(?<=[.!?])\s+", currently.group(1).strip()) if len(s) > 12]
    for memory in _lines(shown.get("memories", "")):
        out.append(("relation" if RELATION.search(memory) else "memory", memory))
    # The first line is the greeting: answering it in kind ("Morning, Priya." to "Morning, Morwenna.")
    # is small talk, as the module's list says, not taking up something said.
    for said in _lines(shown.get("conversation", ""))[1:]:
        line = said.split(": ", 1)[1] if ": " in said else said
        if len(line) > 12:
            out.append(("echo", line))
    return out


def classify(
    answer: str,
    shown: dict[str, str],
    embed: Callable[[list[str]], np.ndarray],
    cut: float = CUT,
    openings: bool = False,
) -> str:
    """The class of what ``answer`` takes up (see the module's list): a recited relation by its wording;
    the speaker's own plans when a sentence of "Currently:" is close (whatever else is closer: the
    same plans are often also a retrieved memory, "Ana is planning the fair", and a line about them
    takes up what the speaker is busy with either way); else the closest statement the prompt shows;
    small talk below ``cut``."""
    if is_refused(answer):
        return REFUSED
    if RELATION.search(answer):
        return "relation"
    found = candidates(shown, openings)
    if not answer.strip() or not found:
        return "small talk"
    vectors = embed([answer, *(text for _, text in found)])
    sims = vectors[1:] @ vectors[0]
    # The speaker's own plans, then what was said in this talk, come before a memory that says the
    # same: "Are you still writing that paper?" after "I am writing a paper" takes up the line, whether
    # or not a memory also holds the paper.
    # (and what the listener is doing before a memory of it: "Looks like you're knitting" takes up the
    # sight in front of the speaker, whether or not a memory also holds it)
    for kind in ("own plans", "echo", "their doing"):
        close = [float(s) for (k, _), s in zip(found, sims, strict=True) if k == kind]
        if close and max(close) >= cut:
            return kind
    best = int(np.argmax(sims))
    return found[best][0] if float(sims[best]) >= cut else "small talk"


def is_placeholder(answer: str) -> bool:
    """Whether ``answer`` says nothing: empty (a call that ended in the fail-safe) or the answer format's
    placeholder copied (what the runtime refuses, ``aga.cognition.answers.copies_placeholder``)."""
    from aga.cognition.answers import copies_placeholder

    return not answer.strip() or copies_placeholder(answer)


def is_refused(answer: str) -> bool:
    """Whether ``answer`` is no line of talk the runtime takes: it says nothing (:func:`is_placeholder`) or
    is an AI assistant's wording (``aga.cognition.answers.speaks_as_assistant``)."""
    from aga.cognition.answers import speaks_as_assistant

    return is_placeholder(answer) or speaks_as_assistant(answer)


def capture(
    scenario: str, *, hours: float, seed: int, start: time | None = None, openings: bool = False
) -> list[TopicPrompt]:
    """Run ``scenario`` on the simulator (baseline mode) and keep every utterance prompt after the
    greeting (the conversation has at least one line), or with ``openings`` every one of a first line."""
    kept: list[TopicPrompt] = []

    def observe(prompt: Any, answer: Any) -> None:
        if prompt.task != TASK:
            return
        shown = {k: str(v) for k, v in prompt.shown.items()}
        said = [x for x in _lines(shown.get("conversation", "")) if ": " in x]
        if bool(said) != openings:
            kept.append(TopicPrompt(scenario, shown.get("name", ""), shown.get("other", ""), len(said), shown))

    with observed_run(scenario, observe, "aga-topics-", hours=hours, seed=seed, start=start) as run:
        run.advance()
    return kept


def spread(prompts: Sequence[TopicPrompt], n: int) -> list[TopicPrompt]:
    """Up to ``n`` prompts, one speaker and listener pair at a time, in capture order (a long
    conversation of one pair does not fill the sample)."""
    pairs: dict[tuple[str, str], list[TopicPrompt]] = {}
    for p in prompts:
        pairs.setdefault((p.agent, p.other), []).append(p)
    return take_turns(pairs.values(), n)


def ask(
    prompts: Sequence[TopicPrompt], model: str, seeds: Sequence[int], on_call: Callable[[], None] | None = None
) -> None:
    """Put every prompt to ``model`` once per seed, through the gateway (as a run would). A call that
    ends in the task's fail-safe (no valid line after the retries: a copied placeholder, say) is kept
    as an empty answer, no line of the model's, and counted with the refused answers."""
    import aga.cognition.converse  # noqa: F401  (declares the task)
    from aga.llm.tasks import get_task

    task = get_task(TASK)
    assert task is not None
    with scratch_gateways(model, seeds, "aga-topics-ledger-") as gateways:
        for gateway in gateways:
            for p in prompts:
                answer = gateway.call(task, p.shown, agent=p.agent, facts=shown_lines(p.shown.get("conversation", "")))
                p.answers.setdefault(model, []).append("" if answer == task.failsafe else str(answer.utterance))
                if on_call is not None:
                    on_call()


def opening_classes(
    answer: str, shown: dict[str, str], embed: Callable[[list[str]], np.ndarray], cut: float = CUT
) -> set[str]:
    """Every class a first line takes up, sentence by sentence; {small talk} when none takes up anything."""
    if is_refused(answer):
        return {REFUSED}
    sentences = [x for x in re.split(r"(?<=[.!?])\s+", answer.strip()) if x]
    taken = {classify(x, shown, embed, cut, openings=True) for x in sentences} - {"small talk"}
    return taken or {"small talk"}


def shares(
    prompts: Sequence[TopicPrompt],
    model: str,
    embed: Callable[[list[str]], np.ndarray],
    cut: float = CUT,
    openings: bool = False,
) -> dict[str, float] | None:
    """Share of ``model``'s lines in each class (None when it gave none); refused answers are no line. Of
    first lines (``openings``): the share of lines that take up each class (see :func:`opening_classes`)."""
    answers = [(a, p.shown) for p in prompts for a in p.answers.get(model, [])]
    if openings:
        found = [opening_classes(a, shown, embed, cut) for a, shown in answers]
    else:
        found = [{classify(a, shown, embed, cut)} for a, shown in answers]
    found = [c for c in found if REFUSED not in c]
    if not found:
        return None
    return {c: round(sum(c in x for x in found) / len(found), 3) for c in (OPENING_CLASSES if openings else CLASSES)}


def verdict(by_model: dict[str, dict[str, Any]], simulator: str, classes: Sequence[str] = CLASSES) -> dict[str, str]:
    """Per class: whether the simulator's share lies within the span of the other models' shares (with
    a margin of one answer in ten: the samples are small). Empty without a reference model."""
    refs = [rows["shares"] for name, rows in by_model.items() if name != simulator and rows.get("shares")]
    own = by_model.get(simulator, {}).get("shares")
    if not refs or not own:
        return {}
    out = {}
    for c in classes:
        lo, hi = min(r[c] for r in refs), max(r[c] for r in refs)
        value = own[c]
        out[c] = "holds" if lo - 0.1 <= value <= hi + 0.1 else f"misses ({value} outside {lo}-{hi})"
    return out


def measure(
    prompts: Sequence[TopicPrompt],
    models: Sequence[str],
    embed: Callable[[list[str]], np.ndarray],
    openings: bool = False,
) -> dict:
    """Per model: class shares at the cut-off and beside it, and how long its lines are."""
    out: dict[str, Any] = {}
    for model in models:
        answers = [a for p in prompts for a in p.answers.get(model, [])]
        lines = [a for a in answers if not is_refused(a)]
        out[model] = {
            "answers": len(answers),
            "refused": sum(is_refused(a) for p in prompts for a in p.answers.get(model, [])),
            "shares": shares(prompts, model, embed, openings=openings),
            "shares_by_cut": {str(c): shares(prompts, model, embed, c, openings) for c in CUTS if c != CUT},
            "words_median": statistics.median(len(a.split()) for a in lines) if lines else None,
        }
    return out


def run(
    towns: Sequence[str],
    models: Sequence[str],
    *,
    hours: float,
    seed: int,
    seeds: int,
    per_town: int,
    start: time | None = None,
    tracker: Callable[[str, int], Callable[[], None]] | None = None,
    embed: Callable[[list[str]], np.ndarray] | None = None,
    reuse: dict[str, Any] | None = None,
    openings: bool = False,
) -> dict[str, Any]:
    """Capture, spread over pairs, ask every model, classify (the whole benchmark); with ``openings``,
    of a conversation's first lines.

    ``reuse``: an earlier report whose prompts are taken as they are (its towns, hours, seeds and
    sample) with the answers of every model it holds but the simulator's, which is asked again: a
    changed simulator is measured on the prompts the real models already answered.
    """
    if embed is None:
        from aga.embeddings.minilm import MiniLMEmbedder

        embed = MiniLMEmbedder().embed
    prompts: list[TopicPrompt] = []
    captured: dict[str, int] = {}
    if reuse is not None:
        towns, hours, seed, seeds = reuse["towns"], reuse["hours"], reuse["seed"], reuse["seeds"]
        per_town, captured = reuse["per_town"], reuse["captured"]
        openings = bool(reuse.get("openings", False))
        prompts = [TopicPrompt(**{**p, "answers": dict(p.get("answers", {}))}) for p in reuse["prompts"]]
        for p in prompts:
            p.answers.pop(SIMULATOR, None)
    else:
        for town in towns:
            got = capture(town, hours=hours, seed=seed, start=start, openings=openings)
            captured[town] = len(got)
            prompts += spread(got, per_town)
    for model in models:
        if prompts and all(len(p.answers.get(model, [])) == seeds for p in prompts):
            continue  # answered in the reused report
        for p in prompts:
            p.answers.pop(model, None)
        step = tracker(model, len(prompts) * seeds) if tracker is not None else None
        ask(prompts, model, [seed + i for i in range(seeds)], step)
    models = list(dict.fromkeys([*models, *(m for p in prompts for m in p.answers)]))
    by_model = measure(prompts, models, embed, openings)
    classes = OPENING_CLASSES if openings else CLASSES
    return {
        "openings": openings,
        "classes": list(classes),
        "towns": list(towns),
        "models": list(models),
        "hours": hours,
        "seed": seed,
        "seeds": seeds,
        "per_town": per_town,
        "cut": CUT,
        "captured": captured,
        "by_model": by_model,
        "verdict": verdict(by_model, SIMULATOR, classes),
        "prompts": [asdict(p) for p in prompts],
    }


def markdown(report: dict[str, Any], command: str, machine: str, date: str) -> str:
    """The report as Markdown: one row of class shares per model, and the simulator's verdict."""
    openings = bool(report.get("openings"))
    classes = report.get("classes") or CLASSES
    which = "that open a conversation" if openings else "after the greeting"
    out = [
        "# What the first line of a conversation takes up, per model"
        if openings
        else "# What a line of conversation takes up, per model",
        "",
        f"`{command}` on {machine}, {date}. Utterance prompts {which} captured from a baseline run "
        f"of {', '.join(report['towns'])} on the simulator ({report['hours']} simulated hours, seed "
        f"{report['seed']}; captured: {report['captured']}), up to {report['per_town']} per town, one "
        f"speaker and listener pair at a time; each put to every model {report['seeds']} times (one seed "
        "each). Every answer is sorted by the statement of its prompt it is closest to in meaning (MiniLM "
        f"cosine at least {report['cut']}; a line reciting how two people know each other is a relation "
        "by its wording)."
        + (
            " A first line is read sentence by sentence and counted under every class one of its sentences "
            "takes up (what the listener is doing: the prompt's Current context), so the shares may sum to "
            "more than 100%; small talk is a line none of whose sentences takes anything up."
            if openings
            else ""
        ),
        "",
        f"| model | answers | refused | {' | '.join(classes)} | words (median) |",
        "|---|---|---|" + "---|" * len(classes) + "---|",
    ]
    for model, rows in report["by_model"].items():
        s = rows["shares"] or {}
        cells = " | ".join(_pct(s.get(c)) for c in classes)
        out.append(
            f"| {model} | {rows['answers']} | {rows.get('refused', rows.get('placeholders', 0))} | {cells} "
            f"| {rows['words_median']} |"
        )
    out += [
        "",
        "Shares are of the lines said: an answer that ended in the fail-safe, copies the format's placeholder or "
        "is an AI assistant's wording (lines the runtime refuses) is counted under refused and left out.",
    ]
    out += ["", "At other cut-offs (the same answers):", ""]
    out += [f"| model | cut | {' | '.join(classes)} |", "|---|---|" + "---|" * len(classes)]
    for model, rows in report["by_model"].items():
        for cut, s in rows["shares_by_cut"].items():
            out.append(f"| {model} | {cut} | {' | '.join(_pct((s or {}).get(c)) for c in classes)} |")
    if report["verdict"]:
        said = "; ".join(f"{c} {v}" for c, v in report["verdict"].items())
        out += ["", f"Simulator vs the real models (within their span, one answer in ten either side): {said}."]
    return "\n".join(out) + "\n"


def _pct(value: Any) -> str:
    return "-" if value is None else f"{float(value):.0%}"


def write(report: dict[str, Any], out: Path, command: str, machine: str, date: str) -> tuple[Path, Path]:
    """Write ``talk_topics.json`` and ``talk_topics.md`` into ``out`` (``talk_openings.*`` of first lines)."""
    stem = "talk_openings" if report.get("openings") else "talk_topics"
    return write_pair(report, out, stem, markdown, command, machine, date)
