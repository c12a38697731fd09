"""Answers to judging tasks: ranking interview answers by believability.

A stand-in for a judge model, for tests and for exercising the evaluation without a model: it ranks
what the prompt shows by how much an answer speaks to the question and to who the person is (MiniLM
similarity), marks down answers that say nothing ("I'm not sure", "nothing comes to mind"), and
breaks near ties with the call's random draw, as a sampling judge would. It is not a source of
believability figures: recorded evaluations name the model that judged.
"""

from __future__ import annotations

import re

from aga.simulator.meaning import similarities
from aga.simulator.prompt import Prompt, answers

# (an interview without memories is shown "(nothing)" as what the character knows, and may say just that)
EMPTY = re.compile(r"not sure|nothing (in particular )?comes to mind|no idea|don't know|do not know|\(nothing\)", re.I)


def _believability(p: Prompt, texts: list[str]) -> list[float]:
    """How much each answer speaks to the question and to the person, with a little sampling noise;
    answers that say nothing are marked down."""
    # Without the character's name on either side: an answer in the first person ("I am carving ...") is
    # no less the character's than one that names them ("Ishikawa Goro is carving ..."), as a judge reads it.
    name = p.get("name")
    texts = [_unnamed(t, name) for t in texts]
    to_question = similarities(p.get("question"), texts)
    to_person = similarities(_unnamed(p.get("persona"), name), texts)
    # The past days shown beside the answers (``--judge-memories``): an answer that recalls them reads
    # as more believable than one that could have been said by anyone with this background.
    evidence = p.get("evidence")
    to_days = similarities(evidence, texts) if evidence.strip() else [0.0] * len(texts)
    scores = []
    for i, text in enumerate(texts):
        score = float(to_question[i]) + 0.5 * float(to_person[i]) + 0.5 * float(to_days[i])
        score += p.rng.uniform(-0.05, 0.05)
        if EMPTY.search(text) or len(text.split()) < 4:
            score -= 1.0
        scores.append(score)
    return scores


def _unnamed(text: str, name: str) -> str:
    """``text`` without ``name`` or a word of it (a person said of themselves: 'I')."""
    for said in sorted({name, *name.split()}, key=len, reverse=True) if name.strip() else ():
        text = re.sub(rf"\b{re.escape(said)}(?:'s)?\b", "", text)
    return re.sub(r"\s+", " ", text).strip()


@answers("eval.rank_answers")
def rank_answers(p: Prompt) -> dict[str, list[str]]:
    """Labels of the shown answers, the one closest to the question and the person first."""
    shown = [re.match(r"^([A-Z]):\s*(.*)$", line.strip()) for line in p.get("answers").splitlines()]
    labelled = [(m.group(1), m.group(2)) for m in shown if m]
    if not labelled:
        return {"ranking": []}
    scores = _believability(p, [t for _, t in labelled])
    order = sorted(range(len(labelled)), key=lambda i: -scores[i])
    return {"ranking": [labelled[i][0] for i in order]}


@answers("eval.compare_answers")
def compare_answers(p: Prompt) -> dict[str, str]:
    """The more believable of two answers, by the same reading as a ranking."""
    a, b = _believability(p, [p.get("answer_a"), p.get("answer_b")])
    return {"better": "A" if a >= b else "B"}


@answers("eval.score_answer")
def score_answer(p: Prompt) -> dict[str, int]:
    """A score of one answer alone, by the same reading (about 0.3 for an answer beside the point, 1.0
    for one close to the question and the person, below 0 for one that says nothing) on 1-10."""
    (reading,) = _believability(p, [p.get("answer")])
    return {"score": max(1, min(10, round(1 + 9 * reading)))}


NOT_KNOWING = re.compile(
    r"\b(?:no|not that I know|haven't|have not|never|don't|do not|not aware|not sure|no idea|nothing)\b", re.I
)
STRANGER = re.compile(r"\bstrangers?\b|\b(?:never|not|haven't|hasn't) (?:yet )?met\b", re.I)
WHEN = re.compile(
    r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d{1,2}(?::\d\d)?\s*(?:am|pm))\b", re.I
)


@answers("eval.knows_news")
def knows_news(p: Prompt) -> dict[str, bool]:
    """Knows: the answer tells what happens (a word of the news's own that is not a name, with a name,
    time or second such word beside it), or reads like the news once the names are left out of both;
    and it does not open with a denial. Invents: it names a day or time the news does not."""
    answer, fact, question = p.get("answer"), p.get("fact"), p.get("question")
    names = _names(fact) - _words(question)
    # What happens is said in the news's own words that name nothing: a word of a place's name is none,
    # even where the question asks about that place ("Is anything happening at the market this week?" of
    # a borehole opened at "Amaoji Main Market": an answer that the speaker sells at her stall in Amaoji
    # Main Market told nothing, and was counted as knowing the news, with the place's other words beside).
    # (A one-word name the question asks about stays a word of what happens: "the harbour Regatta".)
    what = {w for w in _content_words(fact) if w not in names | _long_names(fact)}
    said = _content_words(answer)
    told = {w for w in what if any(_same_word(w, s) for s in said)}
    # An answer that only takes up the question's word ("a party sometime") tells nothing of the news.
    beside = bool(_words(answer) & names) or bool(set(re.findall(r"\d+", answer)) & set(re.findall(r"\d+", fact)))
    tells = bool(told) and (beside or len(told) >= 2 or bool(told - _words(question)))
    # The whole sentences' meaning is dominated by names: "an afternoon at <the news's place> with <its
    # host>" reads close to the news without a word of what happens there, so it counts only when the
    # answer also reads like the news with the names left out of both.
    close = bool(answer) and float(similarities(fact, [answer])[0]) > 0.45
    close = close and float(similarities(_without(fact, names), [_without(answer, names)])[0]) > 0.5
    denies = bool(NOT_KNOWING.search(answer[:60]))
    knows = (tells or close) and not denies
    # A day or an hour the news does not name ("5 to 7 pm" names both 5 and 7).
    named = set(re.findall(r"[a-z]+|\d+", " ".join(WHEN.findall(fact)).lower())) | set(re.findall(r"\d+", fact))
    said_when = [set(re.findall(r"[a-z]+day|\d+", m.lower())) for m in WHEN.findall(answer)]
    invents = knows and any(not (words & named) for words in said_when)
    return {"knows": knows, "invents": invents}


def _words(text: str) -> set[str]:
    return {_bare(w) for w in re.findall(r"[A-Za-z][\w'’]*", text)}


def _bare(word: str) -> str:
    """A word in lower case without its possessive ("Isabella's" -> "isabella")."""
    return re.sub(r"['’]s$", "", word.lower())


def _names(fact: str) -> set[str]:
    """Words the news writes with a capital (people, places, days), its opening word only when a second
    capitalised word follows it ("Ann Lee's party ...", not "Elections for mayor ...")."""
    words = re.findall(r"[A-Za-z][\w'’]*", fact)
    out = {_bare(w) for i, w in enumerate(words) if i and w[0].isupper()}
    if len(words) > 1 and words[0][0].isupper() and words[1][0].isupper():
        out.add(_bare(words[0]))
    return out


def _long_names(fact: str) -> set[str]:
    """Words of the names of two words or more the news writes ("Amaoji Main Market", "Local Government
    Chairman"), in lower case."""
    runs = re.findall(r"[A-Z][\w'’]*(?:\s+[A-Z][\w'’]*)+", fact)
    return {_bare(w) for run in runs for w in run.split()}


def _without(text: str, names: set[str]) -> str:
    return " ".join(w for w in re.findall(r"[A-Za-z][\w'’]*|\d+", text) if _bare(w) not in names)


def _same_word(a: str, b: str) -> bool:
    """One word in two forms ("organising" / "organised", "party" / "parties"): a shared start of five
    letters; a word shorter than that only as itself."""
    n = min(5, len(a), len(b))
    return a[:n] == b[:n] and (n == 5 or len(a) == len(b))


@answers("eval.knows_person")
def knows_person(p: Prompt) -> dict[str, bool]:
    """Knows: the answer names the person or says something about them, and does not open with a denial."""
    answer, other = p.get("answer"), p.get("other")
    first = other.split()[0] if other else ""
    # "A stranger to me", "we have never met": not knowing, said anywhere in the answer.
    denies = bool(NOT_KNOWING.search(answer[:60]) or STRANGER.search(answer))
    says_something = len(answer.split()) >= 6 or (first and first.lower() in answer.lower())
    return {"knows": bool(says_something) and not denies}


def _content_words(text: str) -> set[str]:
    """Words of four letters or more, lower case (enough to tell what a sentence is about)."""
    return {w for w in re.findall(r"[a-z]{4,}", text.lower())} - {"that", "with", "this", "from", "have", "will"}
