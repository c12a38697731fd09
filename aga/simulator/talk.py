"""Deciding to talk or wait, re-planning around it, and the lines of a conversation.

Everything is read from the prompt: what the two are doing (nobody asleep is talked to), what the
memories and the relation the prompt lists give to say, what has been said. Whether to talk at all is
decided as often as the original study's GPT-3.5 decided it (see ``TALK_CHANCE``). News is
told first because it rates as important by its text (see ``importance``), not because a scenario says
it is news.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from aga.simulator.importance import rate
from aga.simulator.lemmas import getAllLemmas
from aga.simulator.occasions import (
    ANSWERS,
    BY_NAME_CHANCE,
    aspects_of,
    by_its_name,
    invitation_answer,
    makes,
    occasion_in,
)
from aga.simulator.paraphrase import OPENERS, canonical, vary
from aga.simulator.paraphrase import utterance as say
from aga.simulator.prompt import Prompt, answers
from aga.simulator.text import (
    CAP,
    KIN_OF,
    NAMED,
    OF_A_PAIR,
    OF_TALKING,
    PARTICLE,
    as_said_to,
    bullet_lines,
    clean_topic,
    is_schedule,
    leading_name,
    lemma,
    sentences,
    swap_persons,
    tells_nothing,
    thing_of,
    told_of,
    within,
    without_step,
)
from policy_store import rescale

START = "[The conversation has not started yet"
# Per line after the greeting: about 11 lines on average under the 16-line cap, the mean of the original
# study's 3-agent day (8 conversations of 2 to 16 lines, mean 10.9; benchmarks/data/original_ville3_day1.json).
END_CHANCE = 0.07
# How a talk is ended. One sentence of twelve words ended every talk on every seed, so two lines that
# ended talks read alike whatever else they said. (Each begins "Anyway, ", which tells the rest of the
# line from the leave-taking when a line is taken up.)
# A goodbye in two parts, put together freely: four whole goodbyes were said again in talk after talk of a day (session
# 80; see _WORDINGS). Each leave opens on "Anyway, ", where what a line tells ends (said_plainly, _news_in).
_LEAVES = ("Anyway, I should get back to what I was doing.", "Anyway, I'd better get going.",
           "Anyway, I'll let you get on.", "Anyway, I must be off.", "Anyway, I'd best be going.",
           "Anyway, I'll let you get back to it.")  # fmt: skip
_GOODBYES = ("See you later!", "Take care!", "See you soon!", "Talk to you later!", "Bye for now!", "Talk soon!")
CLOSINGS = tuple(f"{leave} {bye}" for leave in _LEAVES for bye in _GOODBYES)
NEWS = 6  # a topic rated at least this is news worth telling
# How often a line after the greeting tells news the memories hold (when there is some not yet said).
# On the recorded realism prompts the 0.5B and 1.5B both brought up such news in 28% of their lines
# (18 lines each, benchmarks/results/realism.json); at 0.6 the simulator did in 44%.
NEWS_CHANCE = 0.3
# How often the answer to "would X initiate a conversation with Y?" is yes: the rate of the original
# study's GPT-3.5 day of the 3-agent town, as far as its saved memories show it (`python -m
# benchmarks.talk_reference`): of 11 meetings it would have asked about, the 8 where both could start a
# conversation all became one and the 3 where only one could did not; the likeliest rate per decision
# is 0.60 (95% 0.32-0.86). The embedded models, asked the same captured prompts (`aga bench talk`,
# benchmarks/results/talk_decisions*.md): the 0.5B says yes to 65%, the 1.5B to 31% (below GPT-3.5's
# interval); neither says yes more often the closer the relation shown (rises -12 and -4 points, no more
# than the seed alone changes), nor the more of the memories shown name the other (0.5B: 59% of its
# answers when two sentences or fewer name them, 69% when more; 1.5B: 43% and 15%). At the 1.5B's 31%
# a ville3 day had 4.7 conversations (3-7 over seeds) against the original's 8 (issue 12 asks for the
# original's frequency). A rule that rose with the closeness line (12% -> 38%), which no model does,
# made Social Memory's runs talk more than the baseline's: a difference of the simulator, not of the
# mechanism.
TALK_CHANCE = 0.6
# How often a line takes up what the other just said, when it told something (not a greeting, not
# small talk). `aga bench topics` (benchmarks/results/talk_topics.md) sorts each line by what of its
# prompt it takes up: the 1.5B's lines after the greeting took up an earlier line in 13% and 16% (two
# captures; the 0.5B's, of the few that were lines at all, 15%); the simulator's in 3%, when it did so
# only for a short last line, 40% of the time and after news and memories had had their chance.
REACT_CHANCE = 0.4
# How often a line that neither takes up nor tells news mentions another memory (else small talk). On
# the same prompts the 1.5B made small talk of about half its lines after the greeting (54% over two
# captures) and mentioned a memory in 16%; at 0.5 the simulator made small talk of 35% and mentioned a
# memory in 30% (benchmarks/results/talk_topics.md).
MENTION_CHANCE = 0.3
# How often a line that tells news or mentions a memory adds what the speaker makes of it ("... Are you
# going?"). On the recorded utterance prompts the 1.5B's lines ran to 16.5 words at the median (p90 41);
# the simulator's, with a remark half the time, to 12 (p90 28), and it said the same short mention on
# two seeds of one prompt ("So, I stream games on Twitch in the evenings") where the 1.5B never repeated
# a line (benchmarks/results/realism.json).
REMARK_CHANCE = 0.8
# What the first line carries after its greeting. The original study's GPT-3.5 day (its 8 conversations,
# read from the saved memories, session 62): 7 first lines were a greeting and a topic in one line, 1 a
# greeting alone; 4 of 8 spoke of what the listener was doing ("enjoying your meal?"), 5 of 8 brought up
# the speaker's news or plan, 2 both. The 1.5B, asked 15 openings captured from ville3 and harbour6
# runs twice each: 2 of 30 were a greeting or a question alone, about 15 spoke of what the listener was
# doing ("How's the rock-pool project coming along?"), about 10 of the speaker's own news or work. The
# simulator greeted and said nothing else, so every talk opened with one of ten lines and the same
# greeting came back on two seeds of a prompt (benchmarks/results/realism_utterance.md).
OPEN_SEEN_CHANCE = 0.5  # of what the listener is seen doing, when the prompt shows it
# ... and of that, how often the step in brackets, when "Current context" shows one ("watching a show
# (playing cards)"): in both captures of first lines (benchmarks/results/talk_openings*.json) the two
# embedded models' lines took up words of the listener's step 17 times in 116 and of their activity 35
# times ("I know you love playing cards"); the simulator spoke only of the activity.
OPEN_STEP_CHANCE = 1 / 3
OPEN_NEWS_CHANCE = 0.5  # of news the memories hold
# What the speaker is to tell everyone (a party's organiser, a warning) opens nearly every talk: GPT-3.5's
# party organiser brought it up in all 4 of her first lines, the 1.5B in 6 of its 7 first lines as her (the
# 15 openings above and the opening among the realism prompts).
OPEN_DUTY_CHANCE = 0.8
# When neither: another memory, else the greeting alone: about 1 in 16 first lines of a speaker with news,
# 1 in 8 of one without (GPT-3.5: 1 of 8; the 1.5B: 2 of 30).
OPEN_MENTION_CHANCE = 0.75
# "Ana Lima knows Bo Reyes as her cousin and ...": how a cast's relation is remembered. It is standing
# knowledge, not news: the embedded models recite one in 8% of their lines (some of them said back
# after the other recited it), the simulator did in 31%, because such a line rates high by its words
# ("partner", "love", "by marriage") and was told first as news. Told to the one it names ("I know you
# as my wife") it is no topic at all.
_NAMED = NAMED
# A relation as remembered ("Ana Lima knows Bo Reyes as cousin", "I know ..."), or as said and retold
# ("Bo is my cousin", "Bo is Ana Lima's cousin"): since relations are said as people say them, the said
# form was told on as news ("Word is, Funmilayo is Tunde Adeyemi's mother"), even to Tunde ("By the way,
# Funmilayo is your mother"), and summed up a market town's talks.
# (and who someone is in a family said plainly, "Luvsangiin Tsermaa is the grandmother of the camp": an
# outside tester's herders told it as news 11 times, to her own son too, session 66)
_KIN_WORDS = (
    r"mother|mum|mom|father|dad|parents?|son|daughter|child|wife|husband|partner|spouse|sister|brother|"
    r"siblings?|aunt|uncle|niece|nephew|cousin|grand\w*|gran|granny|grandad|in-law|stepmother|stepfather|"
    r"stepson|stepdaughter|twin"
)
# Who one is to someone, after a word that says how ("swimming friend", "fishing partner").
_ONE_TO_SOMEONE = r"(?:friend|partner|buddy|mate|pal|companion|coach|teacher|instructor|rival|neighbou?r|colleague)s?"
_RELATION = re.compile(
    rf"^(?:(?:{_NAMED} knows|I know) {_NAMED} as\b|{_NAMED} is (?:my|your|his|her|their|{_NAMED}['’]s) "
    # (a word in -ing is no relation but before whom one is to them: "Harriet Lusk's swimming friend" was told
    # to the friend herself, "you are my swimming friend", session 70)
    # (but a word in -ing inside another is: "Sofia is Giovanni Ferrero's tasting-room host" was news, session 71)
    rf"(?!\w+ing\b(?!-)(?! {_ONE_TO_SOMEONE}\b))"
    rf"|{_NAMED} is (?:the|a|an) (?:\w+ )?(?:{_KIN_WORDS})\b)"
)


# How someone one knows is brought up: not as a thought ("I keep thinking about how Tunde is my son").
# (seven ways, not four: a relation said with the same feeling came word for word on two seeds of one
# recorded prompt, where the 1.5B said no line twice; realism_utterance.json, session 65)
_OF_SOMEONE = ("You know, ", "Oh, and ", "By the way, ", "Did I tell you? ", "I meant to say, ", "Actually, ", "So, ")
_RELATION_PARTS = re.compile(rf"^({_NAMED}) knows ({_NAMED}) as (.+?)\.?$")
# A label that says whom it is by a clause of its own ("the chemist I buy my tablets from") or with an
# article is said with "the"; a plain one ("husband", "old friend") is one's own ("my husband").
_CLAUSE_IN_LABEL = re.compile(r"\b(?:I|my|me|who|whose|whom|that|which|where)\b|\bof\b")
_ARTICLE = re.compile(r"^(?:the|a|an|my|one of)\b", re.IGNORECASE)


# How often a relation is said with the feeling the memory holds ("Nessa is my fellow trader on the
# waterfront. I like her straight talk."): the 1.5B recited 5 of its 9 relations in the recorded utterance
# answers with it ("I know Idris Vane as uncle by marriage and fond of his quiet ways"; realism*.json,
# talk_*.json); the simulator said the label alone, the same words on every seed.
FEELING_CHANCE = 0.5
# A feeling as the cast and the memories write it: in brackets after the label, or run on after "and" as a
# verb ("loves her dearly"), "is ..." or a word of feeling towards someone ("fond of his quiet ways").
_FEELING_START = (
    r"(?:\w+s\s+(?:her|him|them|me|you)\b|is\s|has a\s|"
    r"(?:a little |very |quite )?(?:in )?\w+ (?:of|to|about) (?:her|him|them|his|their)\b)"
)
_FEELING = re.compile(rf"\(feeling: (?P<f>[^)]+)\)|,?\s+and\s+(?P<g>{_FEELING_START}.*)$")


# Sayings whose "his" or "her" is the one who feels ("under her wing", "in his prayers", "on her mind").
_HOLDERS_OWN = re.compile(r"\b(under|in|on|off|at the back of) (?:his|her) (wing|prayers|mind|heart|thoughts|hands)\b")


def _feeling_said(feeling: str) -> str:
    """A feeling towards someone as its holder says it: "likes her straight talk" -> "I like her straight
    talk", "fond of his quiet ways" -> "I'm fond of his quiet ways"; '' for one that is no clause
    ("friendly"). Its "her" and "him" are the one felt for, and stay."""
    feeling = feeling.strip(" .")
    # Where a thing can only be the holder's own, its "his" or "her" is said "my": "has taken the homesick
    # girl under her wing" was said "I have taken the homesick girl under her wing" (session 69's
    # outside cannery town).
    feeling = _HOLDERS_OWN.sub(r"\1 my \2", feeling)
    if _KEPT_QUIET.search(feeling):
        return ""  # (a crush is kept quiet, as any secret: see ``_KEPT_QUIET``)
    if feeling.startswith("is "):
        return _ours(f"I'm {_holders_verbs(feeling[3:])}")
    # (a word in -s that is no verb is a state: "curious about her" was said "I curious about her", session 70)
    if re.match(r"\w+s\b", feeling) and not re.match(r"\w+(?:ous|ss|less|ious)\b", feeling):
        return _ours("I " + re.sub(r"^\w+s\b", lambda m: lemma(m.group(0)), _holders_verbs(feeling)))
    if re.match(r"(?:a little |very |quite )?(?:in )?\w+ (?:of|to|about)\b", feeling):
        return _ours(f"I'm {_holders_verbs(feeling)}")
    return ""


# A verb of a feeling after "and", "but", "or" or a comma: "loves him and wishes he slept at night", "depends on
# him, thinks he overcharges", "finds him too loud but likes him" (said "... but likes him", session 74), and after
# a state: an outside tester's retired miner said "I'm proud of him and wishes he had gone to college" (session
# 82). Only a word that goes on to what it is about: at the end, or before another "and", a word in -s is a noun's
# plural ("fond of his cats and dogs").
_FEELING_VERB = re.compile(r"(\b(?:and|but|or) |, )(\w+s)\b(?= (?!(?:and|or)\b)\w)")


def _holders_verbs(feeling: str) -> str:
    """``feeling``'s verbs after its first word as its holder says them ("and wishes he" -> "and wish he")."""
    return _FEELING_VERB.sub(lambda m: m.group(1) + lemma(m.group(2)), feeling)


# Words in -s that are no plural of a noun (see ``_ours``).
_NO_PLURAL = frozenset(("his", "is", "was", "has", "does", "this", "us", "yes", "as", "its", "ours", "whereas"))
_IRREGULAR_PLURAL = frozenset(("children", "people", "men", "women", "folk", "grandchildren", "family", "parents"))


def _ours(said: str) -> str:
    """A feeling said by its holder, with "they" the two of them where it can be no one else: "loves her and
    hates that their shifts never meet" was said "I love her and hate that their shifts never meet" by an outside
    tester's night-shift miner of his wife (session 82). Only once the one felt for is "him" or "her": "them" may be
    the one felt for ("fond of them"), and after a plural ("fond of her children and proud of their manners"), "their"
    is theirs."""

    def plural(word: str) -> bool:
        low = word.lower()
        if low in _IRREGULAR_PLURAL:
            return True
        if not low.endswith("s") or low in _NO_PLURAL:
            return False
        nouns = getAllLemmas(low).get("NOUN", ())
        return bool(nouns) and low not in nouns

    first = re.search(r"\b(?:they|their|them|themselves)\b", said)
    if not first:
        return said
    before = re.findall(r"[A-Za-z]+", said[: first.start()])
    if not {"him", "her"} & set(before) or any(plural(w) for w in before):
        return said
    swaps = {"they": "we", "their": "our", "them": "us", "themselves": "ourselves"}
    return re.sub(r"\b(?:they|their|them|themselves)\b", lambda m: swaps[m.group(0)], said)


# Verbs whose "her" is the one given to ("gives her credit", "sells her rice"), not whose thing it is.
_GIVES = (
    r"gives?|gave|lends?|lent|sends?|sent|brings?|brought|teach(?:es)?|taught|tells?|told|shows?|showed|owes?|owed|"
    r"pays?|paid|offers?|offered|sells?|sold|buys?|bought|hands?|handed|writes?|wrote|saves?|saved|leaves|left|"
    r"cooks?|cooked|makes?|made|finds?|found|gets?|got"
)


# A relation as a reflection sums it up ("Priya Castell is Harriet Lusk's swimming friend, and Harriet confides
# in her"; notes._relation_insight).
_RELATION_SUMMED = re.compile(rf"^({_NAMED}) is ({_NAMED})['’]s (.+?)(?:, and {CAP}[\w'’-]* (.+?))?\.?$")


def _as_remembered(relation: str) -> str:
    """A relation as a reflection sums it up, in the form the cast's is remembered in ("Harriet Lusk knows
    Priya Castell as swimming friend (feeling: confides in her)"); any other text as it is."""
    text = relation.strip()
    if kept := _RELATION_PARTS.match(text):
        # ("Idris Vane knows Nessa Pellow as the girl he taught to row, and Idris is proud of her")
        knower, known, label = kept.groups()
        felt = re.match(rf"(.+?), and {re.escape(knower.split()[0])} (.+)$", label)
        return f"{knower} knows {known} as {felt.group(1)} (feeling: {felt.group(2)})" if felt else relation
    m = _RELATION_SUMMED.match(text)
    if not m:
        return relation
    known, knower, label, feeling = m.groups()
    return f"{knower} knows {known} as {label}" + (f" (feeling: {feeling})" if feeling else "")


def _relation_said(relation: str, speaker: str, rng: random.Random | None = None) -> str | None:
    """A cast's relation of the speaker's ("Ana Lima knows Bo Reyes as cousin") as the speaker says it:
    "Bo is my cousin"; "Ngozi Eze knows ... as chemist she buys her tablets from" -> "Ngozi is the
    chemist I buy my tablets from". None for anyone else's relation (heard and remembered): whose "she" a
    label means is not known then. With ``rng``, what the speaker feels for them is said after it at
    times ("Bo is my cousin. I trust him."), when the memory says it with a verb."""
    m = _RELATION_PARTS.match(_as_remembered(relation))
    if not m or m.group(1) != speaker:
        return None
    knower, known, label = m.groups()
    felt = _FEELING.search(label)
    feeling = ((felt.group("f") or felt.group("g")) if felt else "").strip(" .")
    label = re.sub(r"\s*\(.*$", "", label).strip()  # (a feeling left in brackets)
    # A feeling run on after "and" is no part of what they are ("sister-in-law by marriage and loves her
    # dearly"): the label ends before it.
    label = re.split(rf",?\s+and\s+(?=\w+\s+(?:her|him|them|me|you)\b|{_FEELING_START})", label)[0]
    # The label's pronouns are the knower's: said as "I is <label>" by them, then the "I am" taken off
    # (a clause after a comma too: "the teacher, whose mother he cremated" was said by the one who did).
    label = re.sub(r",\s+(?=(?:whose|who|whom|that|which)\b)", " ", label)
    said = as_said_to(f"{knower} is {label}", knower, "")
    label = said[len("I am ") :] if said.startswith("I am ") else label
    # (as_said_to turns "he carries" into "I carry"; a pronoun it leaves is the knower's still: "whose
    # mother he cremated", "whom she taught")
    label = re.sub(r"\b(?:he|she)\b", "I", label)
    # ("who gives her credit": her, not her credit; as_said_to has made it "my" already)
    label = re.sub(
        rf"\b({_GIVES}) (?:her|my)\b(?= (?:credit|a |an |the |some |lessons|advice|money|work)\b)", r"\1 me", label
    )
    label = re.sub(r"\bhis\b|\bher\b(?=\s+[a-z])(?!\s+(?:to|for|with|from|at|in|on|and|or|by)\b)", "my", label)
    label = re.sub(r"\b(?:him|her)\b", "me", label)
    if not label:
        return None
    if not _ARTICLE.match(label):
        label = f"the {label}" if _CLAUSE_IN_LABEL.search(label) else f"my {label}"
    said = f"{_called(known, speaker)} is {label}"
    if rng is not None and (felt_said := _feeling_said(feeling)) and rng.random() < FEELING_CHANCE:
        said = f"{said}. {felt_said}"
    return said


# A given name romanised from Korean, or from Chinese as in Taiwan, is two syllables joined by a hyphen, the second in
# lower case ("Ji-hye", "Min-jun", "Ing-wen"), and follows the family name: an outside tester's Incheon town was
# greeted "Hi Seo" and "Hello there, Choi" (two of its people were Chois; session 79). A double-barrelled family name
# has two capitals ("Smith-Jones").
_GIVEN_AFTER_FAMILY = re.compile(r"^[A-Z][a-z]+-[a-z]+$")


def _first(name: str) -> str:
    """The name ``name`` is called by: its first word, or a hyphenated given name written after the family name."""
    words = name.split()
    if not words:
        return "there"
    return words[1] if len(words) == 2 and _GIVEN_AFTER_FAMILY.match(words[1]) else words[0]


def _called(name: str, by: str) -> str:
    """The part of ``name`` that ``by`` calls them by: the first word, or the last where the two share the
    first (a family name written first: "Hi Sato!" was a husband's greeting to his wife Sato Michiko)."""
    first = _first(name)
    return name.split()[-1] if by and first == _first(by) and len(name.split()) > 1 else first


@answers("react.decide_talk")
def decide_talk(p: Prompt) -> dict[str, object]:
    """Yes at the rate the original's GPT-3.5 said yes, whatever relation the prompt shows (no model
    measured says yes more often for a closer one); never to someone asleep or while asleep."""
    if re.search(r"\bsleep", p.get("action") + " " + p.get("other_action"), re.IGNORECASE):
        return {"reasoning": "one of them is asleep", "decision": False}
    decision = p.rng.random() < TALK_CHANCE
    why = (
        f"{p.get('name')} sees {p.get('other')} and has a moment to spare"
        if decision
        else f"{p.get('name')} is busy {p.get('action')}"
    )
    return {"reasoning": why, "decision": decision}


@answers("react.decide_wait")
def decide_wait(p: Prompt) -> dict[str, object]:
    """Wait about half the time."""
    wait = p.rng.random() < 0.5
    return {"reasoning": "it would be awkward to share" if wait else "there is room for both", "decision": wait}


_LINE = re.compile(r"^(\d{1,2}:\d\d [AP]M) ~ (\d{1,2}:\d\d [AP]M) -- (.*)$")


def _minute(clock: str) -> int:
    h, rest = clock.split(":")
    m, half = rest.split()
    return (int(h) % 12 + (12 if half == "PM" else 0)) * 60 + int(m)


@answers("react.replan")
def replan(p: Prompt) -> dict[str, object]:
    """The window as planned, with the inserted activity at now and the rest moved after it."""
    window = [m.groups() for m in map(_LINE.match, p.get("original").splitlines()) if m]
    inserted, minutes = p.get("inserted", "chatting"), p.number("inserted_minutes", 10)
    total = p.number("total_minutes", 60)
    now = _minute(p.get("now")) if re.match(r"\d{1,2}:\d\d [AP]M$", p.get("now")) else None
    before: list[tuple[str, int]] = []
    after: list[tuple[str, int]] = []
    if window and now is not None:
        start = _minute(window[0][0])
        if now > start:
            before.append((window[0][2], now - start))
        for a, b, task in window:
            lo, hi = _minute(a), _minute(b) or 1440
            resume = max(lo, now + minutes)
            if hi > resume:
                after.append((task, hi - resume))
    items = [*before, (inserted, minutes), *after]
    fitted = rescale([m for _, m in items], total)  # the window must still add up, as the prompt asks
    # A decomposed block is shown as "activity (step)", each part as long as the schema allows: copied
    # whole it can be longer than a subtask may be, so it is shortened to the schema's limit.
    limit = p.max_length("items", "subtask")
    return {
        "items": [{"subtask": within(t, limit), "minutes": m} for (t, _), m in zip(items, fitted, strict=True) if m > 0]
    }


@answers("converse.relationship")
def relationship(p: Prompt) -> dict[str, str]:
    """What the statements say of the two, or that they hardly know each other."""
    name, other = p.get("name"), p.get("other")
    about = [s for s in bullet_lines(p.get("statements")) if _first(other) in s]
    if not about:
        return {"text": f"{name} and {other} hardly know each other."}
    picked = p.rng.sample(about, k=min(2, len(about)))
    return {"text": f"{name} knows {other}: " + " ".join(x.rstrip(".") + "." for x in picked)}


# A memory that is itself a line of talk ("Let's catch up again soon") is not something to tell.
_SPOKEN = re.compile(r"^(?:I|I'm|I've|Let's|You|We|How|What|Hi|Hey|Oh)\b|\?$")


def _content(memory: str) -> str:
    """A memory reduced to what it says: without the frames thoughts put around it (see clean_topic)
    and the openers of a line of talk it was copied from ("Truth is, ..."), nested in any order."""
    text = memory
    while (stripped := _FRAMES.sub("", clean_topic(text))) != text:
        text = stripped
    return text


# Someone's doing as a statement ("Bo Lenn is mending the nets by the slipway"): its doing, long enough
# to be that doing and no other.
_DOING = re.compile(rf"^{NAMED} (?:is|was) (\w+ing\b.{{12,}})")


def _topics(candidates: list[str], said: str, listener: str = "", speaker: str = "") -> list[str]:
    # "... is resting at home (making a cup of tea)": the step in brackets is how the runtime records a
    # decomposed action, not something a person says; and the same activity remembered at five of its
    # steps is one thing to talk about, not five. A day plan's list of times is no news either.
    topics = list(dict.fromkeys(without_step(_content(t)) for t in candidates))
    # A note that joins two things ("I am the treasurer of ...; Blessing is sewing ...", a day's revised
    # note) is two things to say, not one line.
    topics = list(dict.fromkeys(part for t in topics if not is_schedule(t) for part in _parts(t)))
    # Being in this very conversation ("... is chatting with Maria Lopez") is no news to tell Maria.
    talking = r"\b(?:chatting|talking|speaking|conversing)\b"
    who = rf"\b(?:{re.escape(_first(listener))}|{re.escape(_called(listener, speaker))})\b"
    here = re.compile(rf"{talking}.*{who}|{who}.*{talking}") if listener else None
    # What was said is compared as ``vary`` leaves it comparable: "Klaus often studies at the library"
    # was told as "I often read at the library", not found in the talk, and told again three lines on.
    heard = canonical(said)
    heard_names = canonical(_first_names(said))
    return [
        t
        for t in topics
        if t
        and len(t) > 12
        and not (listener and _RELATION.match(t) and re.search(who, t))  # "I know you as my wife"
        # nor what the listener heard, told back to them: "Word is you have heard on the radio that a
        # snowstorm will close the road" was said to the one who heard it (an outside tester's town)
        and not (listener and re.match(rf"(?:{re.escape(listener)}|{who})\s+{_LEARNT}", t))
        # nor what one has drawn about the two of them ("Truth is, I and you talk often" was said), nor about
        # talking with a third: "So, I enjoy talking with Agnes Wassillie." was news to an outside tester's
        # town (session 69); who talks with whom is a thought, not a thing to tell
        and not (listener and OF_A_PAIR.match(t) and re.search(who, t))
        and not OF_TALKING.match(t)
        and not t.endswith((" is idle", " are idle", SMALL_TALK_ONLY))
        and not tells_nothing(t)  # (a memo of a talk that told nothing: "I was just thinking: We caught up briefly.")
        and not _CONFIDED.search(t)
        # What a thing is doing or that someone was asleep is seen, not told: "Did you hear? ambulance is
        # being used", "Someone told me you are sleeping" (an outside tester's town).
        and not _SEEN_ONLY.search(t)
        # A line of an earlier talk said to someone ("I hear you are sending the weather report"): its
        # "you" was that listener, and said to this one it pins their activity on the wrong person.
        and not re.match(r"(?:you|your|you're|you've)\b", t, re.IGNORECASE)
        # ... nor who the listener is, told to them: "So, you are the estate manager." was said to him
        and not (listener and re.match(_WHO_YOU_ARE, as_said_to(t, speaker, listener)))
        and canonical(t)[:40] not in heard
        # ... nor as it was said: "Harriet Lusk knows Elif Karsan as ..." said by Harriet is "I know Elif
        # Karsan as ...", and checked only in the third person it was said four times in one talk; and
        # with a name said whole or by its first word ("Funmilayo Adeyemi is my mother" after
        # "Funmilayo is my mother", three times in one talk).
        and canonical(as_said_to(t, speaker, listener))[:40] not in heard
        and canonical(_first_names(as_said_to(t, speaker, listener)))[:30] not in heard_names
        and not ((r := _relation_said(t, speaker)) and canonical(_first_names(r)) in heard_names)
        # ... nor what someone is doing, said already of them in other words: "Still meeting the fishing
        # boats on Harbour Quay?", confirmed, was followed by "I noticed you are meeting the fishing
        # boats on Harbour Quay." (harbour6)
        and not ((doing := _DOING.match(t)) and canonical(doing.group(1))[:30] in heard)
        and not _told_in_other_words(t, said)
        and not _SPOKEN.search(t)
        and not (here and here.search(t))
        and not _IN_TALK.search(t)
    ]


# Words that say nothing of what a thing is about, or only how one came to know it.
_NOT_ABOUT = frozenset((
    "have", "been", "that", "this", "with", "from", "will", "about", "must", "before", "then", "after", "when",
    "what", "they", "them", "their", "there", "here", "were", "would", "could", "should", "into", "over", "just",
    "also", "very", "some", "more", "heard", "hear", "hears", "read", "reads", "know", "knows", "told", "learnt",
    "learned", "says", "said", "think", "thinks", "thinking", "keep", "keeps", "your", "mine", "ours",
))  # fmt: skip


def _told_in_other_words(topic: str, said: str) -> bool:
    """Whether what ``topic`` is about was said already in this talk, in other words: nearly every word of it
    that says what it is about is in what was said. A chief winemaker told her hailstorm twice in one talk,
    from "I have heard the forecast of a hailstorm on Thursday ..." and "I read the forecast: a hailstorm will
    hit ... on Thursday ..." (an outside tester's wine estate, session 71). (Hand-written, not MiniLM: two
    doings at one place share most of a sentence's meaning and are two things to tell.)"""
    words = _long_words(topic) - _NOT_ABOUT
    return len(words) >= 4 and len(words & _long_words(said)) >= 0.8 * len(words)


def _long_words(text: str) -> set[str]:
    """The words of four letters or more in ``text``, in lower case: what a check of whether a thing was said
    already compares (see ``_told_in_other_words`` and ``_known``)."""
    return set(re.findall(r"[^\W\d_]{4,}", text.lower()))


def _parts(note: str) -> list[str]:
    """The things a note joins with "; ", each said on its own: a later part's "he" or "she" is the name the
    first part opens with ("... not even his daughter; he is the only one at Cascina Ferrero who knows" was told
    as "I meant to say, he is the only one ...", by the one it is about, session 71), and a part whose pronoun
    has no name to stand for is left out."""
    parts = [x.strip() for x in note.split("; ") if x.strip()]
    name = leading_name(parts[0])[0] if parts else ""
    # A name said as whose ("Raghunath's wife and sons live in Allahabad; he lives alone") is the one a later
    # "he" stands for, unless what is his is a kin of that pronoun ("Ana's brother is ill; he ..."): "my lives
    # alone" was said (an outside tester's railway junction, session 75).
    whose = re.sub(r"['’]s$", "", name)
    out = parts[:1]
    for part in parts[1:]:
        m = re.match(r"(?:he|she|they)\b(?=\s+[a-z])", part, re.IGNORECASE)
        if m and name and m.group(0).lower() != "they":  # (a "they" may be more than the one named)
            kin = re.match(rf"\s*({KIN_OF.get(m.group(0).lower(), 'x^')})\b", parts[0][len(name) :])
            out.append((f"{name} {kin.group(1)}" if whose != name and kin else whose) + part[m.end() :])
        elif not m:
            out.append(part)
    return out


_WHO_YOU_ARE = re.compile(r"you are (?:a|an|the|my|our|his|her|their|one of)\b(?! \w+ing\b)")
# Having come to know something: what follows is news one has, not news about one.
_LEARNT = r"(?:has |had |have )?(?:heard|hears|learn(?:ed|t|s)|found out|finds out|been told|was told|reads?|knows?)\b"


def _first_names(text: str) -> str:
    """``text`` with each name of two or more words cut to its first ("Funmilayo Adeyemi" -> "Funmilayo")."""
    return re.sub(rf"\b({CAP}[\w'’-]+)(?: (?:{PARTICLE} )*{CAP}[\w'’-]+)+", r"\1", text)


# (nor is the runtime's wait for someone to finish, "waiting to start scrolling through the news", which an
# outside tester's jeep driver told three times in one talk)
_SEEN_ONLY = re.compile(
    r"\b(?:is|are) (?:being used|in use|being slept in|sleeping|asleep|waiting to start)\b", re.IGNORECASE
)


# Someone having been in a conversation ("Klaus Mueller is chatting with Isabella Rodriguez") is a
# memory of an activity that is over by the time it could be told; said, it reads as happening now
# ("I am chatting with Isabella").
_IN_TALK = re.compile(r"\bis (?:chatting|talking|speaking|conversing) with\b")
_ON_THE_PHONE = re.compile(
    r"(?:calling|phoning|ringing|texting|messaging|video[- ]calling|skyping|on the phone)\b"
    r"(?! (?:out|in|at|by|round|on (?:the|a|an|his|her|their) \w+ (?:shop|house|office)))",
    re.IGNORECASE,
)


# Ways of bringing up a topic and of taking up what the other just said; the line's own words carry
# its opener, so no second one is added.
TELL = (
    "Did you hear? ", "By the way, ", "You know, ", "I heard that ", "Have you heard? ", "Someone told me ",
    "Word is, ", "Apparently ", "I just found out that ", "Guess what I heard: ",
)  # fmt: skip
MENTION = (
    "I was just thinking: ", "You know, ", "Funny thing, ", "I keep thinking about how ", "Oh, and ",
    "It crossed my mind that ", "Speaking of which, ", "I meant to say, ",
)  # fmt: skip
FOLLOW_UP = (
    "How did that go?", "What do you make of it?", "Tell me more.", "Is that so?", "How do you feel about it?",
    "I didn't know that.", "That must keep you busy.", "How is that going?", "Since when?", "Good for you.",
    "That's a lot on your plate.", "I had no idea.",
)  # fmt: skip
REMARKS = (
    "Are you going?", "What do you think?", "Everyone's talking about it.", "I can hardly wait.",
    "I thought you'd want to know.", "Should be interesting.", "Can you believe it?", "We'll see how it goes.",
    "I'm curious what comes of it.", "Keep it in mind.",
)  # fmt: skip
# Remarks that only suit some news: going to and waiting for are said of an occasion, and what
# everyone talks about or one can hardly believe is someone else's news, not one's own day ("Guess what?
# I am locking the market gate. Everyone's talking about it." was a night watchman's line).
_OCCASION_REMARKS = frozenset(("Are you going?", "I can hardly wait.", "Should be interesting."))
_OTHERS_REMARKS = frozenset(("Everyone's talking about it.", "Can you believe it?"))
_TO_KEEP = frozenset(("Keep it in mind.", "I thought you'd want to know."))
_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
# (a month is a date with its day: "the grass will not last until the end of August" was asked "Are you
# going?" in an outside tester's steppe camp, session 66)
_OCCASION = re.compile(
    rf"\b(?:today|tonight|tomorrow|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|{_MONTH}\s+\d{{1,2}}\b|"
    rf"\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}|\d{{1,2}}(?::\d\d)?\s*[ap]m|party|festival|fair|"
    r"concert|wedding|funeral|regatta|meeting|election|ceremony|celebration|parade|market day|contest|"
    r"competition|dance|picnic|feast|gathering)\b",  # (not "service", "show", "race": to service an engine)
    re.IGNORECASE,
)


def remarks_on(topic: str) -> tuple[str, ...]:
    """The remarks that suit ``topic`` (as said): an occasion's for news of one, others' for news that
    is not the speaker's own."""
    own = topic.startswith(("I ", "I'm ", "my ", "My "))
    # (what has the speaker in it anywhere is not what everyone talks about: "Maria Lopez has been on my
    # mind. Everyone's talking about it." was said)
    mine = own or re.search(r"\b(?:I|I'm|my|My|me)\b", topic) is not None
    # A closing road or an illness is no occasion to look forward to: "I can hardly wait." followed a
    # storm warning in an outside tester's town.
    occasion = _OCCASION.search(topic) is not None and not _BAD_NEWS.search(topic)
    # What one is doing right now is nothing the listener needs to keep: "Truth is, I am waking up for the
    # morning routine, making the bed. Keep it in mind." was said (a ville3 day, session 64).
    doing = own and re.match(r"(?:I am|I'm) \w+ing\b", topic) is not None and not occasion
    # Nor is what someone else is at, said as it is: "Word is, Morwenna Vane is still answering a call on the radio.
    # Everyone's talking about it." was said (harbour6, session 74).
    plain = not occasion and _PLAIN_DOING.match(topic) is not None and not _BAD_NEWS.search(topic)
    return tuple(
        # (whoever organises it asks if one will come: "I have promised the cedar fox to the priest before
        # the lantern festival. Will you come?" was a carver's, and met with "I'll try to make it")
        _INVITE if own and r == "Are you going?" and makes(topic) else r
        for r in REMARKS
        if (occasion or r not in _OCCASION_REMARKS)
        and not ((mine or plain) and r in _OTHERS_REMARKS)
        and not (doing and r in _TO_KEEP)
    ) + (_OWN_REMARKS if own and _UNDER_WAY.match(topic) and not _BAD_NEWS.search(topic) else ())


# Someone at something, as one sees it: "Ana is mending the nets", "Elif Karsan has been opening the shop for much of
# the day".
_PLAIN_DOING = re.compile(r"(?:[A-Z][\w'-]*\s+){1,4}(?:is|are|has been|have been)\s+(?:still\s+)?\w+ing\b")


# One's own news that is under way, which "Wish me luck", "Any ideas?" suit: not a fact of one's past or
# one's family ("I grew up in a village near Tafraoute before coming to Fes. Any ideas?" was said).
_UNDER_WAY = re.compile(
    r"(?:I am|I'm|I've been|I have been|I will|I'll|I want|I need|I plan|I hope|I have to|I must|I'm going|"
    r"I am going|I'm trying|I am trying|My \w+ (?:is|are) (?:coming|on|at|next))\b",
    re.IGNORECASE,
)


_INVITE = "Will you come?"
# What one says after one's own news, so that it is not said with half the remarks others' news has
# (the same line twice for one prompt was the result, where the embedded models never repeat one).
_OWN_REMARKS = ("Wish me luck.", "I'll let you know how it goes.", "It keeps me busy.", "Any ideas?")


# Small talk by what it does in a talk. A reaction answers what the other just said, so it comes first and
# only after a statement ("Well, same here. I didn't know that." was said to "Someone told me you are
# opening Hobbs Cafe", and "I've been meaning to ask you something. I know what you mean." in one line);
# a question ends a line, and "I've been meaning to ask you something" leads into one.
_SAME = ("Same here.", "I know what you mean.")  # to a statement of the other's own
_TOLD = ("Really? Tell me more.", "That sounds great.")  # to something the other told
_EATEN = "Have you eaten yet?"
_EATING = re.compile(r"\b(?:breakfast|brunch|lunch|dinner|supper|tea|meal|snack|eat|eating)\b", re.IGNORECASE)
_QUESTIONS = ("How has your week been?", _EATEN, "What have you been up to?",
              "Everything all right with you?", "How are things with you?", "Any news on your side?",
              "How are you keeping?", "Busy day?")  # fmt: skip
_LEAD_IN = "I've been meaning to ask you something."
_STATEMENTS = (
    # ("Let's catch up again soon." takes leave, and was said mid-talk with the talk going on: harbour6, session 70)
    "I have been busy with my work lately.", "It's good to see a familiar face.", "It is nice to run into you.",
    "It's been a long day.", "The weather has been something lately.", "I hope things are going well for you.",
    "I could use a break myself.", "Time flies, doesn't it?", "Things have been quiet on my end.",
    "It's good to hear a friendly voice.", "I'm glad I ran into you.", "Funny how the days go by.",
    "I was hoping I'd see you.", "It's been quite a week.", "I've had a lot to think about.", "I can't complain.",
    "I could do with a holiday.", "It's been busy, but good.", "Work keeps me on my toes.",
    "It's nice to have a moment to chat.", "Everything's fine on my side.",
)  # fmt: skip
SMALL_TALK = (*_STATEMENTS, *_SAME, *_TOLD, *_QUESTIONS, _LEAD_IN)
# Each of them in other words too, one drawn each time it is said (see ``_reworded``): drawn from one wording
# each, a speaker said the same sentences in talk after talk of a day ("How are you keeping?" in six of an outside
# tester's Incheon talks), where GPT-3.5's three people of the original study's day said 2% of what they said in
# one of their talks again in another, word for word (benchmarks/realism_reference.py: said_again_share; session
# 80). Which one is said is still chosen by what it is (kin do not say they ran into each other, "Have you eaten?"
# is asked over a meal); the words are the speaker's.
_WORDINGS: dict[str, tuple[str, ...]] = {
    "I have been busy with my work lately.": ("Work has kept me busy lately.", "I've had my hands full with work.",
                                              "Work has been keeping me busy.", "I've been up to my ears in work."),
    "It's good to see a familiar face.": ("It's always good to see a familiar face.",
                                          "It's good to see someone I know."),
    "It is nice to run into you.": ("It's nice running into you.", "What luck, running into you.",
                                    "It's a nice surprise to run into you."),
    "It's been a long day.": ("It has been a long day.", "The day has felt long.", "It's been one of those long days."),
    "The weather has been something lately.": ("The weather has been strange lately.",
                                               "The weather has been all over the place.",
                                               "It's been odd weather lately."),
    "I hope things are going well for you.": ("I hope all is well with you.", "I hope you're keeping well.",
                                              "I hope life is treating you well."),
    "I could use a break myself.": ("I could do with a break myself.", "I need a breather myself.",
                                    "I wouldn't say no to a break."),
    "Time flies, doesn't it?": ("Time does fly, doesn't it?", "Where does the time go?",
                                "The days fly by, don't they?"),
    "Things have been quiet on my end.": ("Things have been quiet on my side.", "It's been quiet for me lately.",
                                          "Not much has happened on my end."),
    "It's good to hear a friendly voice.": ("It's always good to hear a friendly voice.",
                                            "It's good to hear a voice I know."),
    "I'm glad I ran into you.": ("I'm glad we ran into each other.", "I'm happy I caught you.", "Glad I caught you."),
    "Funny how the days go by.": ("Funny how fast the days go by.", "Funny how the weeks slip past.",
                                  "Funny how quickly a day goes."),
    "I was hoping I'd see you.": ("I was hoping to see you.", "I hoped I might see you today.",
                                  "I'd hoped to bump into you."),
    "It's been quite a week.": ("It's been quite the week.", "What a week it has been.", "This week has been a lot."),
    # (not "on my mind", which tells a thought of the listener: "you have been on my mind")
    "I've had a lot to think about.": ("I've had a lot going on in my head.", "There's been a lot to think through.",
                                       "I've had plenty to think about."),
    "I can't complain.": ("Can't complain.", "I've no complaints.", "I have nothing to complain about."),
    "I could do with a holiday.": ("I could use a holiday.", "I'm ready for a holiday.", "I'd love a few days off."),
    "It's been busy, but good.": ("It's been busy, but in a good way.", "Busy, but good.",
                                  "It's been a busy time, but a good one."),
    "Work keeps me on my toes.": ("Work keeps me going.", "Work never lets up.", "Work keeps me on the go."),
    "It's nice to have a moment to chat.": ("It's nice to have a minute to chat.", "It's nice to stop and chat.",
                                            "It's good to have a chance to chat."),
    "Everything's fine on my side.": ("All's well on my side.", "Everything's fine with me.", "All fine on my end."),
    "How has your week been?": ("How's your week been?", "How has your week gone?", "Has it been a good week?"),
    _EATEN: ("Have you had anything to eat?", "Have you eaten?"),
    "What have you been up to?": ("What have you been doing with yourself?", "What's new with you?",
                                  "What have you been busy with?"),
    "Everything all right with you?": ("All well with you?", "Is everything all right with you?",
                                       "Everything going all right?"),
    "How are things with you?": ("How are things?", "How are things going with you?", "How's everything with you?"),
    "Any news on your side?": ("Any news from your side?", "Anything new with you?", "What's the news with you?"),
    "How are you keeping?": ("How are you getting on?", "How are you holding up?", "How have you been keeping?"),
    "Busy day?": ("Busy day today?", "Has it been a busy day?", "Had a busy day?"),
    # ... and the words said after news or a sighting, which came back as often (session 80's harbour6 day: "I had no
    # idea.", "How is that going?" in two talks of one speaker each). Chosen by what they suit (a follow-up of what
    # is over, a remark on an occasion), then worded.
    "How did that go?": ("How did it go?", "Did it go well?"),
    "What do you make of it?": ("What do you think of it?", "What's your take on it?"),
    "Tell me more.": ("I'd like to hear more.", "Do tell me more."),
    "Is that so?": ("Is that right?", "Is that a fact?"),
    "How do you feel about it?": ("How does that make you feel?", "How does that sit with you?"),
    "I didn't know that.": ("I never knew that.", "That's news to me.", "I hadn't heard that."),
    "That must keep you busy.": ("That must keep you on the go.", "That sounds like a lot of work.",
                                 "That must take up your time."),
    "How is that going?": ("How's that going?", "How is it going so far?", "How is that coming along?"),
    "Since when?": ("Since when is that?", "How long has that been?"),
    "Good for you.": ("Good on you.", "Nice one."),
    "That's a lot on your plate.": ("That's a lot to take on.", "That's quite a load."),
    "I had no idea.": ("I'd no idea.", "I had no idea at all.", "I never would have guessed."),
    "Are you going?": ("Will you be there?", "Are you going yourself?"),
    "What do you think?": ("What do you reckon?", "What would you say?"),
    "Everyone's talking about it.": ("Everybody's talking about it.", "It's all anyone talks about."),
    "I can hardly wait.": ("I can't wait.", "I'm counting the days."),
    "I thought you'd want to know.": ("I thought you should know.", "I thought I'd let you know."),
    "Should be interesting.": ("That should be interesting.", "It should be interesting."),
    "Can you believe it?": ("Can you imagine?", "Would you believe it?"),
    "We'll see how it goes.": ("We'll see how it turns out.", "Time will tell."),
    "I'm curious what comes of it.": ("I wonder what will come of it.", "I'm curious how it turns out."),
    "Keep it in mind.": ("Bear it in mind.", "Keep that in mind."),
    "Need a hand?": ("Can I give you a hand?", "Want a hand?"),
    "Don't let me keep you.": ("I won't keep you.", "I won't hold you up."),
    "How long have you been at it?": ("Have you been at it long?",),
    "Nearly done?": ("Almost done?", "Nearly finished?"),
    "Rather you than me.": ("Better you than me.", "I don't envy you."),
    "Enjoy it.": ("Enjoy yourself.", "Make the most of it."),
    "Good idea.": ("Sounds like a good idea.", "Not a bad idea."),
    "I might do the same.": ("I might do the same myself.", "I could do with the same."),
    "Wish me luck.": ("Fingers crossed.",),
    "I'll let you know how it goes.": ("I'll tell you how it goes.",),
    "It keeps me busy.": ("It keeps me on the go.",),
    "Any ideas?": ("Any thoughts?",),
}  # fmt: skip


def _reworded(line: str, rng: random.Random) -> str:
    """``line`` with each of its sentences that is a small-talk sentence said in one of its wordings."""
    return " ".join(
        rng.choice((part, *_WORDINGS[part])) if part in _WORDINGS else part for part in re.split(r"(?<=[.!?])\s+", line)
    )


# The canonical form of each other wording -> that of the sentence it says, longest first (see ``_as_said``).
_WORDED = {canonical(w.rstrip(".!?")): canonical(k.rstrip(".!?")) for k, ws in _WORDINGS.items() for w in ws}
_WORDED_PATTERN = re.compile("|".join(re.escape(w) for w in sorted(_WORDED, key=len, reverse=True)))


def _as_said(heard: str) -> str:
    """``heard`` (canonical text) with every small-talk wording said as the sentence it words: what was said
    in other words was said ("Work has kept me busy lately" is "I have been busy with my work lately")."""
    return _WORDED_PATTERN.sub(lambda m: _WORDED[m.group(0)], heard)


# Small talk of people who meet now and then, which family at home do not say to each other.
_RARE_MEETING = frozenset(
    ("It's good to see a familiar face.", "It is nice to run into you.", "How has your week been?",
     "I'm glad I ran into you.", "I was hoping I'd see you.", "What have you been up to?",
     "It's good to hear a friendly voice.", "I hope things are going well for you.")
)  # fmt: skip


# Bringing up something about oneself or about the listener: "Did you hear? I want..." is not said.
OWN = ("You know, ", "Guess what? ", "So, ", "Actually, ", "I should tell you, ", "Truth is, ", "Between us, ",
       "Honestly, ")  # fmt: skip
YOURS = ("I hear ", "So, ", "Someone told me ", "I gather ", "Word is ", "I noticed ")


_KEPT_QUIET = re.compile(
    r"\b(?:secret\w*|crush|private\w*|confiden\w*|don't tell|nobody knows|no one knows|worried|afraid|ashamed)\b",
    re.IGNORECASE,
)


SEEN = ("I see ", "I noticed ", "So, ", "Looks like ", "Still ")
# What is said after what one sees the listener doing: "I see you are serving behind the counter. What do
# you make of it?" was said on two seeds of one prompt, word for word (benchmarks/results/realism.json).
_SEEN_REMARKS = ("Need a hand?", "Don't let me keep you.", "How long have you been at it?", "Nearly done?",
                 "That must keep you busy.", "How is that going?", "Rather you than me.")  # fmt: skip
# ... and after a meal or a rest one sees: "you are enjoying lunch. Rather you than me." was said (an outside
# tester's onsen town, session 61)
_SEEN_AT_EASE = ("Don't let me keep you.", "Enjoy it.", "Good idea.", "I might do the same.")
_AT_EASE = re.compile(
    r"\b(?:eat\w*|breakfast|lunch|dinner|supper|meal|snack|tea|coffee|relax\w*|rest|resting|naps?|napping|break|"
    r"unwind\w*|lounging|bath|bathing|soak\w*)\b",
    re.IGNORECASE,
)
_MEAL_WORK = re.compile(
    r"\b(?:cook\w*|prepar\w*|serv\w*|making|fixing|clearing|washing up|delivering)\b", re.IGNORECASE
)


def _at_ease(doing: str) -> bool:
    """Whether ``doing`` is a meal or a rest (not cooking or serving one: cooking lunch is work)."""
    return bool(_AT_EASE.search(doing)) and not _MEAL_WORK.search(doing)


_DOING_NOW = re.compile(r"^you(?: are|'re) (?=\w+ing\b)")
_UNTIL = re.compile(r",?\s+(?:until|till)\s.*$")


def _of_the_listener(topic: str) -> bool:
    """Whether ``topic`` (as said to the listener) tells them about themselves, not the speaker's own
    thought of them ("you have been on my mind")."""
    return topic.startswith(("you ", "your ")) and not re.search(r"\b(?:I|me|my|mine)\b", topic)


def _framed(topic: str, frames: tuple[str, ...], rng: random.Random) -> str:
    """A topic with an opener that suits whom it is about."""
    if topic.startswith(("I ", "my ")):
        frames = OWN
    elif topic.startswith(("you ", "your ")):
        # ... but what the speaker feels or thinks of the listener is the speaker's own to say: "Someone
        # told me you have been on my mind" was said (a ville3 day, session 60); and what the listener is
        # doing now is seen, not heard of ("Someone told me you are eating a piece of toast").
        frames = OWN if not _of_the_listener(topic) else SEEN if _DOING_NOW.match(topic) else YOURS
    frame = rng.choice(frames)
    if frames is SEEN and _UNTIL.search(topic) and rng.random() < 0.5:
        # What one sees is said as one sees it, half the time without how long it goes on ("I see you are
        # serving behind the counter", not always "... until the cafe closes", which the memory says).
        topic = _UNTIL.sub("", topic)
    if frame == "Still ":
        # asked, of what the listener is doing now: "Still serving behind the counter?"
        return f"Still {_DOING_NOW.sub('', topic, count=1).strip()}?"
    if frame == "Between us, " and not _KEPT_QUIET.search(topic):
        # "Between us" only for what is kept quiet: "Between us, I am announcing on my show that ..." was
        # an outside tester's radio presenter's news. (Drawn again only then, so that the other lines are
        # drawn as before.)
        frame = rng.choice([f for f in OWN if f != frame])
    if frame.rstrip().endswith(("?", ":")) and topic[:1].islower():
        topic = topic[0].upper() + topic[1:]  # a new sentence: "Guess what? You have been on my mind."
    elif (frame.rstrip()[-1:].isalpha() or frame.rstrip().endswith(",")) and _SENTENCE_OPENER.match(topic):
        # Inside the sentence a frame begins, a memory's first word is no sentence's first word: "I keep
        # thinking about how The new borehole ..." was said (a name keeps its capital).
        topic = topic[0].lower() + topic[1:]
    return frame + topic


_SENTENCE_OPENER = re.compile(
    r"(?:The|A|An|This|That|These|Those|It|There|Today|Tomorrow|Yesterday|Our|Their|His|Her|Its|Some|Everyone|"
    r"Everybody|Nobody|Someone|Somebody)\b"
)


# Where a long piece of news is cut when told: before a phrase that only adds to it ("... party at the
# cafe | for my customers and neighbours | on February 14, 2023 | from 5 pm to 7 pm").
_PHRASE = re.compile(r",?\s+(?=(?:at|for|with|in|on|from|near|by|during|about)\s)")
# A phrase that says when is what a listener needs to act on news; it is kept.
_WHEN = re.compile(
    r"\d|\b(?:today|tonight|tomorrow|mornings?|afternoons?|evenings?|nights?|days?|weeks?|weekends?|months?|"
    r"years?|hours?|"
    r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|January|February|March|April|May|June|July|August|September|"
    r"October|November|December)\b",
    re.IGNORECASE,
)


_A_VERB_AFTER_COLON = r"\b(?:will|is|are|was|were|has|have|had|must|can|could|would|should|may|might)\b"


def told_briefly(topic: str, rng: random.Random) -> str:
    """A long piece of news as a person tells it rather than recites it: a phrase after its first 40
    characters and after its first phrase ("focuses | on gentrification" keeps its object) that does not
    say when is left out half the time, and so are the year of a date and a list after a colon.

    The 1.5B told a party "at Hobbs Cafe on February 14 from 5 pm to 7 pm", leaving out the "for my
    customers and neighbours" and the year its prompt gave (benchmarks/results/realism.json); the same
    30 words recited on every seed are no line a model says. The first 40 characters stay as they are:
    they are how a talk knows the news was told already (see ``_topics``).
    """
    if len(topic.split()) < 12:
        return topic
    kept: list[str] = []
    start = 0
    for i, m in enumerate([*_PHRASE.finditer(topic), None]):
        end = m.start() if m else len(topic)
        piece = topic[start:end]
        # (nor the phrase a "be" needs: "your party at Hobbs Cafe has been | on your mind" was said "I gather
        # your party at Hobbs Cafe.", its verb cut with it; ville3, session 70)
        after_be = bool(kept) and re.search(r"\b(?:is|are|was|were|been|be|am)\s*$", "".join(kept)) is not None
        if i < 2 or start < 40 or after_be or _WHEN.search(piece) or rng.random() < 0.5:
            kept.append(piece)
        if m:
            start = m.end() - 1  # keep the space before the phrase
    text = "".join(kept)
    colon = text.find(":", 40)
    # (not the news a colon opens: "Chiara Ferrero read the forecast: a hailstorm will hit ..." was told as "Chiara
    # Ferrero looks through the forecast.", an outside tester's wine estate, session 71)
    news = colon > 0 and re.search(_A_VERB_AFTER_COLON, text[colon + 1 : colon + 50]) is not None
    if colon > 0 and not news and rng.random() < 0.5:  # and the list a colon opens ("on Saturday June 8: rowing ...")
        text = text[:colon]
    if rng.random() < 0.5:
        text = re.sub(r"(\b\d{1,2}(?:st|nd|rd|th)?),? \d{4}\b", r"\1", text)
    # What a left-out phrase leaves at the end is cut with it: "I am worried about Wila, a pregnant llama
    # who is not eating, and." was said three times in an outside tester's town.
    words = text.rstrip(" ,;").split(" ")
    while len(words) > 4 and words[-1].lower().strip(",;") in _CUT_ENDS:
        words.pop()
    return " ".join(words).rstrip(" ,;")


# Words a sentence cut short does not end on (not "her" or "it", which end "... medicine for her").
_CUT_ENDS = frozenset(
    ("and", "or", "but", "so", "that", "who", "which", "whether", "a", "an", "the", "to", "of", "will", "would",
     "can", "could", "must", "should", "is", "are", "was", "were", "has", "have", "had")
)  # fmt: skip


def _line(
    p: Prompt, topics: list[str], turn: int, said: list[str], currently: str, duty: str = ""
) -> dict[str, object]:
    """Greeting first; then news (rated important by its text), another topic, taking up what was just
    said, or small talk."""
    rng = p.rng
    other = _called(p.get("other"), p.get("name"))
    news = [t for t in topics if not _RELATION.match(t) and rate(t, currently, 0.5, 0) >= NEWS]
    # What the speaker is to tell everyone is the news they bring up (an outside tester's lock keeper,
    # who "must warn the boaters and the town" of the lock's closing, told a vicar's visits instead).
    told = [t for t in topics if duty and t[:30] == duty[:30]]
    news = told or news
    # (and it may be brought up by what one asks of everyone or does for it: see ``occasions``)
    aspects = aspects_of(currently, p.get("name")) if told else ()
    framed = True
    # What the other just said, if it told something after its greeting (a first line may: "Hi Bo! Still
    # mending the nets?").
    taken: list[str] | None = None
    last = ""
    if turn >= 1:
        # (after the greeting: a first line tells what follows its "Hi Bo!")
        last = _after_greeting(said[-1].split(" Anyway, ")[0], p.get("name"))
        gist = _gist_of(last).split()
        taken = gist if _tells(gist, last, p.get("name")) else None
    if turn >= 1 and _TAKES_LEAVE.search(said[-1]):
        # Told goodbye, one says goodbye and the talk ends: "Let's catch up again soon." was said back as a
        # question, "Right, Let's catch up again soon? Since when?", with the talk going on
        # (benchmarks/results/realism.json). A model's leave-taking may not end the talk itself.
        return {"utterance": _parting(said[-1], _called(p.get("other"), p.get("name")), p.get("other_action"), rng),
                "end": True}  # fmt: skip
    if turn == 0:
        label = _label(p)
        kin = _KIN.search(label) is not None
        other = _ADDRESS.get(m.group(1).lower(), other) if (m := _ELDER.search(label)) else other
        greetings = [
            f"Hi {other}! How are you doing today?",
            f"Hey {other}, good to see you.",
            f"Oh, hi {other}!",
            f"Hello there, {other}.",  # not "Morning": the prompt shows no time of day
            f"{other}, there you are!",
            f"Good to see you, {other}. Busy day?",
            f"Hi {other}, what are you up to?",
        ]
        if not kin:
            # Surprise at meeting, or at not having met for a while, is not how one greets family: an
            # outside tester's night worker met his daughter at home with "I didn't expect to see you here".
            greetings += [
                f"{other}! Fancy meeting you here.",
                f"Hello {other}, how have you been?",
                "Oh, hello! I didn't expect to see you here.",
            ]
        line = rng.choice(greetings)
        if opened := _opening(p, topics, news, aspects, bool(told), rng):
            # (after a greeting that asks nothing: "Hi Klaus! How are you doing today? Still sketching?")
            hellos = (f"Hi {other}!", f"Hey {other}!", f"Oh, hi {other}!", f"Hello there, {other}.",
                      f"Good to see you, {other}.", f"Hello {other}!", f"{other}, there you are!")  # fmt: skip
            line = f"{rng.choice(hellos)} {opened}"
    elif turn >= 1 and (answer := invitation_answer(said[-1].split(" Anyway, ")[0], rng)):
        # An invitation is answered ("Are you coming to my party?" was met with "Busy day?"): whether
        # the listener comes is what the memory of the talk is then to hold.
        line = answer  # (said as it is: no opener before "Count me in")
    elif (still := _STILL.search(last)) and rng.random() < ANSWER_CHANCE:
        # Asked whether one is still at it, one says so ("Still mending the nets?" was met with "Busy day?").
        # (as the one asked says it: "True, I am still working towards your physics degree" was said)
        line = f"{rng.choice(CONFIRMS)}I am still {swap_persons(still.group(1))}."
    elif (asked := _how_one_is(last)) and rng.random() < HOW_ONE_IS_CHANCE:
        # (said as it is: no opener before "Not bad, thanks")
        line, framed = _answered(asked, _own_doing(p), rng), True
    elif taken is not None and rng.random() < REACT_CHANCE:
        # Said back to whoever said it, so their "I" is "you" ("I am on the ward" -> "you are on the
        # ward?"), as far as its first clause: a long line is taken up by what it is about.
        whole = re.split(r"[,;:]| and (?:am|is|are|was|have|has) ", swap_persons(" ".join(taken)))[0].split()
        head = whole[:12]
        if len(whole) > 12:
            # Cut short, a clause ends before the phrase it was cut in: "you fell off the lift last week in
            # front?" and "I am driving the bus between the Village square." were said back.
            # (not in a quantity: "you put a lot of time into leading the pickers ..." was said back "Oh, you put a
            # lot? Tell me more.", session 71)
            cut = next(
                (
                    i
                    for i in range(4, len(head))
                    if head[i].lower() in _PHRASE_HEADS
                    and head[i - 1].lower() not in _QUANTITIES
                    # (nor before an infinitive's verb: "I want the hut keeper and the bus driver to hear about
                    # the closure first" was said back "Oh, you want the hut keeper and the bus driver?", session 72)
                    and not (head[i].lower() == "to" and i + 1 < len(head) and _a_verb_only(head[i + 1]))
                ),
                len(head),
            )
            head = head[:cut]
        # (but "where to" is whole: "asking the passenger where to" was said back "... the passenger where")
        # (nor is "who to talk to": "Yes, I am making a list of who to talk." was said, session 79)
        while len(head) > 4 and head[-1].lower() in _DANGLING and not _WHOLE_ENDING.search(" ".join(head)):
            head.pop()  # "... at Hobbs Cafe for her" -> "... Cafe"
        said_back = " ".join(head)
        # The listener's own occasion is taken up by its name half the time ("How are the plans for your
        # party going?"), not said back: cut at twelve words, "I want as many people as possible to come
        # to my Valentine's Day party" was said back as "you want as many people as possible?" on seed
        # after seed (realism_utterance.json, session 63).
        yours = " ".join(whole)
        by_name = by_its_name(yours, rng) if occasion_in(yours).startswith("your ") else ""
        # ... or by what it is about, half the time ("Oh, a research paper? How is that going?"): the
        # same line said back in full from seed to seed is no more varied than the line itself.
        thing = thing_of(said_back)
        if by_name and rng.random() < BY_NAME_CHANCE:
            line = by_name
        elif re.match(r"(?:I|I'm|my)\b", said_back):
            # What the other said of oneself is confirmed, not met with surprise ("Hm, I am planning the
            # rest of the day while eating? I had no idea." was said to "I noticed you are planning ...").
            line = f"{rng.choice(CONFIRMS)}{said_back}."
        elif re.match(r"(?:a|an|the|your|my|some) (?!(?:but|and|or|so)\b)\w{3,}", thing) and rng.random() < 0.5:
            line = f"{rng.choice(ECHOES)}{thing}? {rng.choice(_follow_ups(said_back))}"
        else:
            ups = _follow_ups(said_back)
            if _known(said_back, p):
                # What the listener's own memories in the prompt hold already is no surprise: an outside
                # tester's night watchman, told of the strike meeting three times, said "I didn't know that.", and
                # a ship's master, who had handed the father the telex, "Hm, your wife Maureen gave birth to their
                # first child? Since when?" (session 74).
                ups = [x for x in ups if x not in _NEWS_TO_ME] or ups
                line = f"{rng.choice(_HEARD_ALREADY)} {rng.choice(ups)}"
            else:
                line = f"{rng.choice(ECHOES)}{said_back}? {rng.choice(ups)}"
    elif news and rng.random() < NEWS_CHANCE:
        whole = as_said_to(rng.choice(news), p.get("name"), p.get("other")).rstrip(".")
        topic = told_briefly(whole, rng)
        line = _framed(topic, TELL, rng)
        if named := _by_name(whole, said, rng, aspects) or _by_its_thing(whole, said, rng):
            line = named
        elif rng.random() < REMARK_CHANCE:  # and what the speaker makes of it: telling it twice is not a copy
            # (of the listener's own doings, a question: "Word is you are rebuilding the engine ... Keep
            # it in mind." was said)
            line = _and(line, rng.choice(_remarks(topic)))
    elif topics and rng.random() < MENTION_CHANCE:
        # A relation to a third person only when nothing else is left to say: the 1.5B recited one in
        # 3% of its lines on the simulator's own talks (benchmarks/results/talk_topics.md).
        pool = [t for t in topics[:8] if not _RELATION.match(t)] or topics[:8]
        chosen = rng.choice(pool)
        if _RELATION.match(chosen):
            # Said as people say whom they know ("Chukwuemeka is my husband"), not as the memory reads
            # ("I know Chukwuemeka Okafor as husband" was said by an outside tester's trader, with "We'll
            # see how it goes." after it); nothing is remarked on it, and one that cannot be said so
            # leaves small talk.
            # (as the prompt lists it, with the feeling the topic's cleaning left out)
            listed = bullet_lines(p.get("memories")) + sentences(p.get("summary"))
            felt = next((m for m in listed if m.startswith(chosen) and "(feeling:" in m), chosen)
            relation = _relation_said(felt, p.get("name"), rng)
            # (not to family, who know whom the speaker knows: an outside tester's skipper told his partner "So,
            # Agnes is my mother", and she told his mother "Peter is my partner's father"; session 69)
            relation = "" if _KIN.search(_label(p)) else relation
            line, framed = (rng.choice(_OF_SOMEONE) + relation, True) if relation else (rng.choice(SMALL_TALK), False)
        else:
            whole = as_said_to(chosen, p.get("name"), p.get("other")).rstrip(".")
            topic = told_briefly(whole, rng)
            line = _framed(topic, MENTION, rng)
            if named := _by_name(whole, said, rng):
                line = named
            elif rng.random() < REMARK_CHANCE:  # and a question or a word on it, as with news
                line = _and(line, rng.choice(_remarks(topic)))
    else:
        # Two parts, as people say them ("It's been a long day. How has your week been?"): a model
        # does not say the very same sentence in conversation after conversation.
        # Family are not met by chance nor caught up with: an outside tester's trader told her husband
        # "I'm glad I ran into you" and "Let's catch up again soon".
        kin = _KIN.search(_label(p)) is not None
        # What was said in this talk already is not said again: "I have been busy with my work lately"
        # opened four lines running of a market town's couple.
        heard = _as_said(canonical(" ".join(said)))
        # Whether one has eaten is asked over a meal the prompt shows one having or about to have: said at any
        # hour, "Have you eaten yet?" was 21 lines of an outside tester's circus, at 8 and 10 am (session 73).
        eating = _EATING.search(f"{p.get('action')} {p.get('other_action')}") is not None

        def fresh(lines: tuple[str, ...]) -> list[str]:
            kept = [x for x in lines if not (kin and x in _RARE_MEETING) and (eating or x != _EATEN)]
            return [x for x in kept if canonical(x.rstrip(".!?")) not in heard] or kept

        # A greeting tells nothing to react to: "Hello there, Bram." was met with "I had no idea."
        before = _after_greeting(said[-1], p.get("name")) if said else ""
        if all(_is_greeting(x, p.get("name")) for x in re.split(r"(?<=[.!?])\s+", before.strip())):
            before = ""
        line, framed = rng.choice(_small_talk_opening(before, fresh, _known(before, p))), False
        if line == _LEAD_IN:
            line = f"{line} {rng.choice(fresh(_QUESTIONS))}"
        elif line in _QUESTIONS and rng.random() < 0.85:
            # a question ends the line, said after a word of one's own as often as other small talk has
            # two parts (alone, four questions said word for word were the same line in talk after talk)
            line = f"{rng.choice(fresh(_STATEMENTS))} {line}"
        elif (line in _STATEMENTS or not line.endswith(("?", "Tell me more."))) and rng.random() < 0.85:
            # (not after a request to go on: "Really? Tell me more. I've had a lot to think about." was said)
            # (a statement may end on a tag, "Time flies, doesn't it?"; a follow-up that asks ends the line)
            line = f"{line} {rng.choice([x for x in (*fresh(_STATEMENTS), *fresh(_QUESTIONS)) if x != line])}"
    end = turn >= 2 and rng.random() < END_CHANCE
    # (every line ends as a sentence does: "Oh, and Rosa is my wife" and "So, Luca is my dormitory neighbour" ended
    # on nothing, session 71)
    line = line if line.endswith((".", "!", "?")) else line + "."
    if end:
        line += f" {rng.choice(CLOSINGS)}"
    line = _reworded(line, rng)
    return {"utterance": say(line, rng) if not framed else vary(line, rng), "end": end}


# Asked how one is, or what one has been doing, one now and then says so, from what "Current context"
# shows one doing ("I'm doing well, thanks for asking. I've been working on reordering the sections. How
# about you?" was the 1.5B's); a closed set of small talk in its place met "What have you been up to?"
# with "Honestly, it is nice to run into you". Each embedded model answered 3 of its 12 answers to the
# recorded prompts whose last line asks so (benchmarks/results/realism_utterance.json, session 64).
HOW_ONE_IS_CHANCE = 0.25
_HOW_ONE_IS = {
    "well": ("How has your week been?", "Everything all right with you?", "How are things with you?",
             "How are you keeping?", "How are you doing today?", "How have you been?", "How are you?"),
    "doing": ("What have you been up to?", "Any news on your side?", "What are you up to?"),
    "busy": ("Busy day?",),
    # ... and how what one is seen doing goes ("Looks like you are going home for the day. How is that
    # going?" was met with "How are you keeping?")
    "going": ("How is that going?", "Nearly done?"),
    "how long": ("How long have you been at it?",),
    "hand": ("Need a hand?",),
    "eaten": ("Have you eaten yet?",),
}  # fmt: skip
_ASKED_HOW = {
    canonical(w.rstrip("?")): kind for kind, qs in _HOW_ONE_IS.items() for q in qs for w in (q, *_WORDINGS.get(q, ()))
}
# (each part in several wordings, put together freely: with five ways to say one is well and three to ask
# back, "I'm doing well, thanks for asking. I've been eating dinner. And you?" came word for word on two
# seeds of one recorded prompt, and "Not much. I've been busy ringing up a sale." on two of another, where
# the 1.5B said no line twice; realism*.json, session 65)
_SAID_HOW = {
    "well": ("I'm doing well, thanks for asking.", "Not bad, thanks.", "Pretty good, thank you.",
             "Fine, thanks.", "Can't complain, really.", "Good, thanks.", "Very well, thank you.",
             "I'm well, thanks.", "All good here.", "Oh, not too bad."),
    "doing": ("Not much.", "Oh, this and that.", "Nothing special.", "The usual.", "Nothing much, really.",
              "Same as ever.", "Just the usual."),
    "busy": ("Quite busy, yes.", "A little.", "Not too bad.", "Busy enough.", "Yes, rather."),
    "going": ("Getting there.", "Slowly, but surely.", "Nearly done.", "It's going well.", "Not bad, thanks."),
    "how long": ("A while now.", "Not long.", "Too long, if you ask me.", "Since early on."),
    "hand": ("Thanks, but I'm fine.", "That's kind of you, but I've got it.", "I'd be grateful, thanks."),
}  # fmt: skip
_BACK = ("How about you?", "And you?", "What about you?", "How about yourself?", "And yourself?")
_ATE = ("Just now, actually.", "I'm eating now.")
_NOT_EATEN = ("Not yet.", "Not yet, no.", "Not yet, I've been too busy.")


def _how_one_is(line: str) -> str:
    """What ``line``'s last sentence asks of the listener (a key of ``_HOW_ONE_IS``), or ''."""
    last = re.split(r"(?<=[.!?])\s+", line.strip())[-1] if line.strip() else ""
    # ("Hi Tam, what are you up to?": a greeting before the question, said as varied)
    asked = re.sub(r"^(?:hi|hey|hello|oh|so|well|honestly)\b[^,!?]*[,!]\s*", "", canonical(last.rstrip("?")))
    return _ASKED_HOW.get(asked, "") if last.endswith("?") else ""


def _own_doing(p: Prompt) -> str:
    """What the speaker was doing, as "Current context" shows it, said by them ("I am comparing two
    sources"), or '' when it is nothing one tells (idle, asleep, this very talk)."""
    doing = _doing_now(p.get("action"))
    # (getting up or going to bed is no answer to how one has been: "I've been busy getting up" was said)
    if re.match(r"(?:getting up|waking up|going to bed|heading to bed|getting ready for bed)\b", doing):
        doing = ""
    doing = doing or _doing_now(_step_of(p.get("action")))
    return as_said_to(f"{p.get('name')} is {doing}", p.get("name"), p.get("other")) if doing else ""


def _answered(asked: str, doing: str, rng: random.Random) -> str:
    """The answer to a question of ``_HOW_ONE_IS`` kind ``asked``, with what one is doing where it says
    something ("Not yet. I've been mending the nets."), and now and then the question asked back."""
    said_as = ("I've been ", "I'm just ", "I've been busy ", "Just ", "Mostly ")
    if _at_ease(doing):
        # (a meal or a rest keeps no one busy: "The usual. I've been busy having dinner." was said, an outside
        # tester's Incheon town, session 79)
        said_as = tuple(x for x in said_as if "busy" not in x)
    busy = re.sub(r"^I am ", rng.choice(said_as), doing) if doing else ""
    if asked == "eaten":
        eating = bool(doing) and re.search(r"\b(?:eat\w*|breakfast|lunch|dinner|supper|meal|snack)\b", doing)
        parts = [rng.choice(_ATE if eating else _NOT_EATEN)]
        parts += [f"{busy}."] if busy and not eating and rng.random() < 0.5 else []
    elif asked in ("going", "hand", "how long"):
        return rng.choice(_SAID_HOW[asked])  # (what one is doing was just said, by the one asking)
    else:
        parts = [rng.choice(_SAID_HOW[asked])] + ([f"{busy}."] if busy and rng.random() < 0.7 else [])
    if asked != "eaten" and rng.random() < 0.4:
        parts.append(rng.choice(_BACK))
    return " ".join(parts)


def _opening(
    p: Prompt, topics: list[str], news: list[str], aspects: tuple[str, ...], duty: bool, rng: random.Random
) -> str:
    """What a first line says after its greeting (see ``OPEN_SEEN_CHANCE``), or '' for the greeting
    alone: what the listener is doing, as "Current context" shows it, and news, in that order (GPT-3.5's
    "enjoying your meal? I'm planning a party ..."); else another memory."""
    parts: list[str] = []
    doing = _doing_now(p.get("other_action"))
    # (a step of a meal is the meal's: "Still leaving a little on the plate? That must keep you busy." was said to
    # one having lunch, an outside tester's Incheon town, session 79)
    at_ease = _at_ease(doing)
    if doing and (step := _doing_now(_step_of(p.get("other_action")))) and rng.random() < OPEN_STEP_CHANCE:
        doing = step  # (what they are at within it: "I see you are playing cards")
    if doing and rng.random() < OPEN_SEEN_CHANCE:
        topic = as_said_to(f"{p.get('other')} is {doing}", p.get("name"), p.get("other"))  # ("for your class")
        parts.append(_and(_framed(topic, SEEN, rng), rng.choice(_about_you(topic, at_ease))))
    # (one's secret is no way to open a talk: "Hi Isabella! Guess what? I have a secret crush on Klaus")
    news = [t for t in news if not _KEPT_QUIET.search(t)]
    if news and rng.random() < (OPEN_DUTY_CHANCE if duty else OPEN_NEWS_CHANCE):
        whole = as_said_to(rng.choice(news), p.get("name"), p.get("other")).rstrip(".")
        topic = told_briefly(whole, rng)
        told = _by_name(whole, [], rng, aspects) or _by_its_thing(whole, [], rng) or _framed(topic, TELL, rng)
        parts.append(told if told.endswith("?") else _and(told, rng.choice(_remarks(topic))))
    pool = [t for t in topics[:8] if not _RELATION.match(t) and not _KEPT_QUIET.search(t)]
    if not parts and pool and rng.random() < OPEN_MENTION_CHANCE:
        topic = told_briefly(as_said_to(rng.choice(pool), p.get("name"), p.get("other")).rstrip("."), rng)
        # ("Speaking of which" speaks of nothing yet)
        parts.append(_framed(topic, tuple(x for x in MENTION if x != "Speaking of which, "), rng))
    return " ".join(x if x.endswith(("?", "!", ".")) else x + "." for x in parts)


def _remarks(topic: str) -> list[str] | tuple[str, ...]:
    """What is said after ``topic`` (as said to the listener): to them of their own doings, a question or
    a word on it as seen; else what suits the news."""
    return _about_you(topic) if _of_the_listener(topic) else remarks_on(topic)


# A line that takes leave: its last sentence is a goodbye ("See you later!", "Take care!", "Let's catch up again
# soon.", "Anyway, I must be off."), from its start ("I was hoping I'd see you." is none).
_TAKES_LEAVE = re.compile(
    r"(?:^|[.!?]\s+)(?:(?:anyway|well|okay|ok|right|so|oh),?\s+)?(?:see you\b|take care\b|good ?bye\b|bye\b|"
    r"talk (?:to you )?(?:later|soon)\b|let's catch up\b|"
    r"I(?: must| should|'d better| had better|'d best) (?:be off|get going|be going|get back to (?!you\b))|"
    r"I'll let you get (?:on|back)\b)[^.!?]*[.!]*\s*$",
    re.IGNORECASE,
)
# The parts of a goodbye said back, put together so that two goodbyes seldom read alike.
_PARTING_OKS = ("All right.", "Sure.", "Of course.", "Okay then.", "Right.")
_PARTING_NICE = ("It was good to see you.", "Nice talking to you.", "Glad we had a chat.", "Good to catch up.")
_PARTING_AT_WORK = ("Don't work too hard.", "Good luck with it.", "I'll let you get back to it.",
                    "Don't let me hold you up.")  # fmt: skip
_PARTING_AT_EASE = ("Enjoy the rest of it.", "Enjoy it.", "Don't let me keep you.")
_PARTINGS = ("See you soon", "Take care", "Bye for now", "See you around", "Talk soon", "See you later", "Bye")


def _parting(line: str, other: str, other_action: str, rng: random.Random) -> str:
    """A goodbye said back to ``line``, which took leave: an agreement to what it proposed ("Let's catch up
    again soon" -> "Yes, let's."), a kind word or a wish on what the one leaving goes back to, then the leave."""
    parts: list[str] = []
    if re.search(r"\blet's\b|\bwe should\b", line, re.IGNORECASE):
        parts.append(rng.choice(("Yes, let's.", "Definitely.", "I'd like that.", "Yes, soon.")))
    elif re.search(r"\b(?:take care|have a good \w+)[.!]*\s*$", line, re.IGNORECASE):
        parts.append(rng.choice(("You too.", "And you.", "Thanks, you too.")))
    elif rng.random() < 0.5:
        parts.append(rng.choice(_PARTING_OKS))
    doing = _doing_now(other_action)
    if doing and rng.random() < 0.5:
        parts.append(rng.choice(_PARTING_AT_EASE if _at_ease(doing) else _PARTING_AT_WORK))
    elif rng.random() < 0.5:
        parts.append(rng.choice(_PARTING_NICE))
    leave = rng.choice(_PARTINGS)
    parts.append(f"{leave}, {other}!" if other and rng.random() < 0.4 else f"{leave}!")
    return " ".join(parts)


def _step_of(action: str) -> str:
    """The step in brackets after an activity ("watching a show (playing cards)" -> "playing cards"), or ''.
    What one is thinking or deciding is not seen: it is no step to speak of."""
    m = re.search(r"\(([^()]+)\)\s*$", action)
    step = m.group(1).strip() if m else ""
    return "" if re.match(r"(?:thinking|wondering|deciding|remembering|considering|worrying)\b", step) else step


def _doing_now(action: str) -> str:
    """What someone is doing, as "Current context" shows it, said as one sees it: the activity's main
    clause, without the step in brackets ("having lunch, adding salt (checking the phone)" -> "having
    lunch"); '' when it is no activity one sees ("idle", "chatting with ...": the talk is this one)."""
    doing = without_step(action).split(", ")[0].strip().rstrip(".")
    if not re.match(r"\w+ing\b", doing) or _IN_TALK.search(f"is {doing}") or _SEEN_ONLY.search(f"is {doing}"):
        return ""
    if _ON_THE_PHONE.match(doing):
        # One talking face to face is not on the phone: an outside tester's glaciologist said "Actually, I
        # am calling a friend." in ten lines of his talks.
        return ""
    return doing


def _after_greeting(line: str, listener: str) -> str:
    """``line`` from its first sentence that is not a greeting to ``listener`` ("Hi Bo! Still mending the
    nets?" -> "Still mending the nets?"); a line that is all greeting stays as it is."""
    parts = re.split(r"(?<=[.!?])\s+", line.strip())
    while len(parts) > 1 and _is_greeting(parts[0], listener):
        parts.pop(0)
    return " ".join(parts)


# A greeting, once the name it is said to is left out ("Hey Bo, good to see you." -> "Hey, good to see you").
_GREETING = re.compile(
    r"^(?:oh,?\s*)?(?:(?:hi|hey|hello|hello there|morning|good (?:morning|afternoon|evening))\b|"
    r"(?:(?:so |really )?(?:good|great|lovely|nice|wonderful) to (?:see|run into) you)|fancy meeting you here|"
    r"i didn't expect to see you here|there you are)",
    re.IGNORECASE,
)


def _is_greeting(sentence: str, listener: str) -> bool:
    """Whether ``sentence`` greets (``listener``'s name, alone or in a greeting), asking or telling nothing."""
    called = _called_pattern(listener)
    bare = called.sub("", sentence) if called is not None else sentence
    bare = re.sub(r"\s+([,.!?])", r"\1", bare).strip(" ,.!?")
    return not bare or (_GREETING.match(bare) is not None and not sentence.rstrip().endswith("?"))


# One's own doings brought up by what they are about, as often as an occasion is by its name: the 1.5B said
# "I've been really busy with my research paper" and "I've been working on reordering the sections" where
# the memory read "... is writing a research paper on how gentrification affects low-income communities"
# (benchmarks/results/realism_utterance.json, session 62); the simulator recited the memory, so two
# tellings on two seeds were the same sentence under two openers (similarity 0.9 and more).
_OWN_THING = ("I've been busy with {t}.", "{T} is keeping me busy.", "I'm still working on {t}.",
              "I've been getting on with {t}.")  # fmt: skip
_DOING_OWN = re.compile(r"^I (?:am|have been|'ve been|have spent [\w\s]*?) (?:\w+ing)\b")


# People one leads, teaches or looks after, said as a group: no thing one works on.
_PEOPLE_LED = re.compile(
    r"\b(?:children|people|pupils|customers|guests|patients|crew|team|staff|visitors|students|workers|pickers|"
    r"pluckers|farmers|volunteers|players|singers|dancers|helpers|members|walkers|riders|climbers|villagers|"
    r"passengers|novices|apprentices|recruits|beginners|learners|shoppers|buyers|readers|listeners|viewers|"
    r"clients|residents|tenants|lodgers|monks|nuns|herders|fishermen|men|women|boys|girls|kids|class)$"
)


def _by_its_thing(topic: str, said: list[str], rng: random.Random) -> str:
    """What the speaker is doing (``topic`` as said: "I am writing a research paper on ...") brought up by
    what it is about half the time ("I've been busy with my research paper."), or ''. Not once the talk
    has named it (it is then told in full), nor bad news, nor what is about no thing of a few words."""
    if not _DOING_OWN.match(topic) or _BAD_NEWS.search(topic):
        return ""
    thing = thing_of(topic)
    m = re.match(r"(a|an|the|my) (\w[\w' -]*)$", thing)
    if not m or len(thing.split()) > 5 or m.group(2).lower() in " ".join(said).lower():
        return ""
    # (nor someone asked to do something: "asking a friend to help" was "I've been busy with my friend to help.",
    # an outside tester's tea estate, session 71)
    if re.search(r"\bto \w+$", m.group(2)):
        return ""
    # (nor people one leads or looks after: "I'm still working on the pickers.", session 71)
    if _PEOPLE_LED.search(m.group(2)):
        return ""
    if rng.random() >= BY_NAME_CHANCE:
        return ""
    called = ("my " if m.group(1) in ("a", "an") else f"{m.group(1)} ") + m.group(2)  # one's own paper
    line = rng.choice(_OWN_THING)
    if re.fullmatch(r"\w+[^su']s", called.split()[-1]) and m.group(1) != "a":
        line = line.replace("{T} is", "{T} are")  # ("The pickers is keeping me busy." was said, session 71)
    return line.replace("{t}", called).replace("{T}", called[0].upper() + called[1:])


def _told_after_greeting(line: str, listener: str) -> str:
    """What a first line tells after its greeting ("Hi Bo! Still mending the nets?" -> "Still mending the
    nets?"), '' when it is all greeting."""
    rest = _after_greeting(line, listener)
    return "" if _is_greeting(re.split(r"(?<=[.!?])\s+", rest)[0], listener) else rest


def _by_name(topic: str, said: list[str], rng: random.Random, aspects: tuple[str, ...] = ()) -> str:
    """News that names an occasion, brought up by the occasion's name (or, one's own, by ``aspects``)
    half the time (see ``occasions``), or ''. Not when the talk has named it already (the news is then told in full, as
    one goes on to the details) nor of bad news ("Have you heard about the funeral?" is no way to tell
    of a death)."""
    occasion = occasion_in(topic)
    if not occasion or _BAD_NEWS.search(topic):
        return ""
    if occasion.split(" ", 1)[1].lower() in " ".join(said).lower() or rng.random() >= BY_NAME_CHANCE:
        return ""
    return by_its_name(topic, rng, aspects)


def _about_you(topic: str, at_ease: bool = False) -> list[str]:
    """What is asked or said after telling the listener about the listener: a question to them, not
    surprise at one's own words; of what they are doing now, a word on it as one sees it (``at_ease``: what
    they are doing is a meal or a rest, which a step of it may not say)."""
    if _DOING_NOW.match(topic):
        return list(_SEEN_AT_EASE if at_ease or _at_ease(topic) else _SEEN_REMARKS)
    return [x for x in _follow_ups(topic) if x not in _NEWS_TO_ME]


def _and(line: str, remark: str) -> str:
    """``line`` with ``remark`` said after it ("Still serving?" asks already; no "." after it)."""
    return f"{line} {remark}" if line.endswith(("?", "!", ".")) else f"{line}. {remark}"


def _small_talk_opening(before: str, fresh: Callable[[tuple[str, ...]], list[str]], known: bool = False) -> list[str]:
    """What small talk may open with after the other's line ``before``: a statement, a question or a
    lead-in to one, and a reaction where one fits: none to a question or to a line about the listener
    ("I hear you are opening the cafe"); "Same here" to the other's small talk, "Tell me more" and the
    follow-ups to something they told."""
    # (the lead-in once a talk, as any small talk: both of an outside tester's father and daughter said "I've been
    # meaning to ask you something" in turn, session 78; ``fresh`` of it alone would keep it, as it keeps the last
    # of any lines all said already)
    out = [*fresh(_STATEMENTS), *fresh(_QUESTIONS), *(x for x in fresh((*_STATEMENTS, _LEAD_IN)) if x == _LEAD_IN)]
    last = re.split(r"(?<=[.!?])\s+", before.strip())[-1] if before.strip() else ""
    if not last or last.endswith("?"):
        return out
    if re.search(r"\b(?:you|your|you're|you've)\b", before, re.IGNORECASE):
        return out
    if before.startswith(CONFIRMS):
        # What one confirms of oneself, the other had just said: "Yes, I am the estate manager." was met
        # with "I didn't know that." (an outside tester's tea estate)
        return out
    # (small talk is met with small talk; news with a word on it: "Same here." to "I am writing a paper
    # on gentrification" says the listener writes one too)
    news = _news_in(before)
    if not news:
        return out + fresh(_SAME)
    # (nor surprise at what the listener remembers already: see ``_known``)
    return out + [
        x
        for x in (*_TOLD, *_follow_ups(news))
        if not (x in _GOOD_ONLY and _BAD_NEWS.search(news)) and not (known and x in _NEWS_TO_ME)
    ]


# Family, as the relation the prompt shows names them (general English kin words).
_KIN = re.compile(rf"\b(?:{_KIN_WORDS})\b", re.IGNORECASE)
# One's elders in the family are called by what they are to one ("Hello there, Mum."), not by name.
_ELDER = re.compile(
    r"^(?:my |their |his |her )?(mother|mum|mom|father|dad|grandmother|grandfather|gran|granny|grandad|grandpa|"
    r"grandma|nan|nana)\b(?!-in-law| in law)",  # (a father-in-law is no "Dad")
    re.IGNORECASE,
)
_ADDRESS = {
    "mother": "Mum", "mum": "Mum", "mom": "Mom", "father": "Dad", "dad": "Dad", "grandmother": "Gran",
    "grandfather": "Grandad", "gran": "Gran", "granny": "Granny", "grandad": "Grandad", "grandpa": "Grandpa",
    "grandma": "Grandma", "nan": "Nan", "nana": "Nana",
}  # fmt: skip
# The relation the baseline prompt states ("Vreni Pirchner is Lisl Pirchner's mother.").
_RELATION_LINE = re.compile(r"^.+? is .+?['’]s (.+?)\.?$", re.MULTILINE)


def _label(p: Prompt) -> str:
    """What the other is to the speaker, as the prompt shows it: the Social Memory prompt's label, or the
    baseline prompt's relation line; '' for a stranger."""
    if p.get("label"):
        return p.get("label")
    line = p.get("relation_phrase")
    m = _RELATION_LINE.match(line.strip()) if line and not line.rstrip(".").endswith(p.get("other")) else None
    return m.group(1) if m else ""


ECHOES = ("Oh, ", "Hm, ", "Right, ")  # taking up what the other just said
# "Still mending the nets?": what one is seen doing, asked of one (see ``_framed``).
_STILL = re.compile(r"(?:^|[.!?]\s+)Still (\w+ing\b[^?]*)\?")
ANSWER_CHANCE = 0.8  # a question put to one is mostly answered, not passed over for small talk
CONFIRMS = ("Yes, ", "That's right, ", "Ha, yes, ", "True, ")  # ... when it was said of oneself
# A phrase whole with its last small word: "where to", "who to talk to", "what to ask about".
_WHOLE_ENDING = re.compile(
    r"(?:\bwhere to|\b(?:who|whom|what|which|where)\s+to\s+[\w'-]+\s+(?:to|with|for|on|about|at|in))$", re.IGNORECASE
)


def _tells(gist: list[str], line: str, listener: str) -> bool:
    """Whether a line told something to take up: a statement of four words or more that is not small
    talk ("nice to run into me?") and not a greeting ("Hi Zoë! How are you?" is not Zoë's to say back)."""
    return (
        len(gist) >= 4
        # How two people know each other, recited, is not news to take up ("Hm, the but hate?" was said
        # back to "I know Vreni as daughter and love her but hate her fussing").
        and not _RELATION.match(" ".join(gist))
        and not line.startswith(CONFIRMS)  # "Yes, I am ..." tells back what was just said ("Right, that's right?")
        and ":" not in line
        and canonical(" ".join(gist)) not in _SMALL
        and not _addresses(line, listener)
        and not _is_greeting(line, listener)  # ("I didn't expect to see you here" is no news to say back)
    )


# What is asked after something that is over, and what is said to good news only: "you fell off the
# lift last week? Since when?" and "... Good for you." were said to an outside tester's teacher.
_PAST = re.compile(
    r"\b(?:was|were|had|did|fell|went|came|broke|lost|yesterday|ago|last (?:week|night|year|month))\b|\w+ed\b|"
    # (and the common irregular pasts: "your wife gave birth to your first child? Since when?" was said, session 74)
    r"\b(?:gave|got|took|made|left|told|found|bought|sold|sent|won|began|became|saw|heard|brought|caught|wrote|"
    r"said|met|paid|kept|held|spent|built|ran|rang|sang|swam|drove|rode|flew|threw|grew|knew|forgot|stole|hid)\b"
)
_BAD_NEWS = re.compile(
    r"\b(?:fell|fall\w*|broke\w*|lost|hurt\w*|ill|sick|died|dead|death|worr\w*|risk|danger\w*|accident|clos\w*|"
    r"cancel\w*|short of|delayed|problem|trouble|injur\w*|pain|avalanche|storm|flood\w*|fire|late|miss\w*|"
    r"killed|wolf|wolves|drought|shortage|stolen|theft|thie\w*|"
    # (an outside tester's forecaster told of "a deep low that will bring a blizzard" with "I can hardly wait."
    # and "I've been busy with my blizzard.", session 67)
    r"blizzards?|gales?|hurricanes?|typhoons?|cyclones?|tornado\w*|snowstorms?|whiteouts?|deep low|high winds|"
    # (and "a hailstorm will hit ...": "I can hardly wait." and "Are you going?" were said to it, session 71)
    r"hail\w*|(?:thunder|rain|wind|dust|sand|ice)storms?|frost|"
    r"warnings?|evacuat\w*|landslides?|earthquakes?|outbreaks?|epidemic|"
    # (and a joint that gives, or an inspector's visit: "Oh, Tomasz Wieczorek's right shoulder slipped? Good for
    # you." and "I can hardly wait." to the council's animal inspection were an outside tester's circus's, session 72)
    r"slip|slips|slipped|slipping|giving out|gave out|sprain\w*|bruis\w*|lame|limp\w*|inspect\w*|audit\w*|"
    # (and a thing that fails: "So, your collapsing ladder still collapses at the wrong moment. Good for you.", 73)
    r"collaps\w*|jammed|leak|leaks|leaking|leaked|wrong moment|rusted|rusty|rotten|rotting|cracked|snapped)\b",
    re.IGNORECASE,
)
_ONGOING_ONLY = {"Since when?", "How is that going?", "That must keep you busy.", "That's a lot on your plate."}
_GOOD_ONLY = {"Good for you.", "That sounds great."}


def _follow_ups(said: str) -> list[str]:
    """The follow-up questions and words that suit what was just said: "How did that go?" only of what is
    over ("I want as many people as possible to come to my party." - "How did that go?" was said)."""
    past = _PAST.search(said) is not None
    out = [x for x in FOLLOW_UP if not ((x in _ONGOING_ONLY and past) or (x in _OVER_ONLY and not past))]
    # (of what is not the listener's own, no word on theirs: "Oh, Elif Karsan has been opening the shop for much of
    # the day? That must keep you busy." was said, session 74)
    theirs = re.match(r"(?:you|your)\b", said, re.IGNORECASE) is not None
    out = [x for x in out if theirs or x not in _YOURS_ONLY]
    return [x for x in out if not (_BAD_NEWS.search(said) and x in _GOOD_ONLY)] or list(FOLLOW_UP)


_YOURS_ONLY = frozenset(("That must keep you busy.", "Good for you.", "That's a lot on your plate."))


def _known(text: str, p: Prompt) -> bool:
    """Whether a memory or a summary line the prompt shows says most of what ``text`` says: its words of
    four letters or more, at least three of them, two in three found in one line."""
    words = _long_words(text)
    if len(words) < 3:
        return False
    for line in bullet_lines(p.get("memories")) + sentences(p.get("summary")):
        if len(words & _long_words(line)) >= 2 * len(words) / 3:
            return True
    return False


_OVER_ONLY = {"How did that go?"}
# What one says to news one knows already.
_HEARD_ALREADY = ("Yes, I heard.", "So I heard.", "I know, I heard about it.", "Yes, I know.")
# What the one who tells the listener about the listener does not add: "I noticed you are planning a
# party. I didn't know that." (a ville3 day, session 60) - they knew it, they just said it.
_NEWS_TO_ME = {"I didn't know that.", "I had no idea.", "Is that so?"}


# Words that open a phrase a clause may be cut before.
# ("you have heard on the radio that a snowstorm?" was said back: "that" opens a clause to cut before)
_PHRASE_HEADS = {"at", "in", "on", "for", "with", "to", "from", "of", "between", "about", "by", "into", "near",
                 "after", "before", "during", "because", "while", "until", "since", "so", "but", "that"}  # fmt: skip
# Words a phrase goes on after as part of one thing: "a lot of time into", "much of the day".
_QUANTITIES = frozenset(("lot", "lots", "much", "most", "bit", "some", "all", "one", "time", "deal", "couple",
                         "plenty", "part", "rest", "kind", "sort", "none", "each", "glass", "cup", "pint", "bottle",
                         "piece", "slice", "bowl", "plate", "pair", "group", "bunch", "basket", "bag"))  # fmt: skip
# Words a clause cut short must not end on.
# (nor on a verb that needs its rest: "you have heard on the radio that a snowstorm will?" was said back)
_DANGLING = {"a", "an", "the", "for", "to", "with", "on", "at", "in", "of", "and", "or", "her", "his", "their",
             "my", "your", "our", "its", "from", "by", "about", "that", "some", "but", "so", "who", "which",
             "will", "would", "can", "could", "must", "should", "may", "might", "shall", "is", "are", "was",
             "were", "be", "been", "has", "have", "had", "do", "does", "did", "not"}  # fmt: skip
# Every opener a line may carry, the longest first ("I should tell you, " before "I "): a line taken up
# or remembered is what it says without them.
_FRAMES = re.compile(
    "^(?:"
    + "|".join(
        re.escape(x.strip())
        for x in sorted({*TELL, *MENTION, *OPENERS, *OWN, *YOURS, *SEEN, *ECHOES, *CONFIRMS}, key=len, reverse=True)
        if x.strip()
    )
    + r")(?![\w'’])\s*"  # a whole opener: "So, " is not the start of "Sounds"
)


def _a_verb_only(word: str) -> bool:
    """Whether ``word`` can only be a verb ("hear", not "work" or "school")."""
    lemmas = getAllLemmas(word.lower())
    return "VERB" in lemmas and "NOUN" not in lemmas


def _gist_of(line: str) -> str:
    """What a line said, without its openers and frames, in lower case where it is not a name."""
    text = line.split(". ")[0].split("? ")[-1]
    if text.rstrip().endswith("?"):
        return ""  # a question is answered, not said back ("What do you make of it?")
    while (stripped := _FRAMES.sub("", text)) != text:
        text = stripped
    text = text.rstrip(".!?")
    return text[0].lower() + text[1:] if re.match(r"(?:That|It|The|This|We)\b", text) else text


def _addresses(line: str, name: str) -> bool:
    """Whether ``line`` speaks to ``name`` by their first name (a greeting, a question put to them)."""
    called = _called_pattern(name)
    return called is not None and called.search(line) is not None


def _called_pattern(name: str) -> re.Pattern[str] | None:
    """What ``name`` is called by in talk: the first name, or the last, as one of the same family does
    ("Hi Michiko!" to Sato Michiko; see _called); None for no name."""
    if not name.strip():
        return None
    return re.compile(rf"\b(?:{'|'.join(sorted({re.escape(_first(name)), re.escape(name.split()[-1])}))})\b")


def _said_by(block: str) -> list[tuple[str, str]]:
    """(who, line) for each line of a conversation block ('Ana Lima: Hi Bo!')."""
    if block.startswith(START):
        return []
    return [(who, line) for who, line in (ln.split(": ", 1) for ln in block.splitlines() if ": " in ln)]


def _said_lines(block: str) -> list[str]:
    return [line for _, line in _said_by(block)]


# Said as varied ("It is lovely to run into you"), small talk is still small talk: an outside tester's
# talks were summed up as "conversing about It is lovely to run into Tomasz Wilk" (rated 10 for "love").
_SMALL = {
    canonical(x.rstrip(".!?"))
    for x in (
        *SMALL_TALK,
        *FOLLOW_UP,
        *REMARKS,
        _INVITE,
        *_OWN_REMARKS,
        *_SEEN_REMARKS,
        *_SEEN_AT_EASE,
        *ANSWERS,
        *(a for said in _SAID_HOW.values() for a in said),
        *_ATE,
        *_NOT_EATEN,
        *_BACK,
        # (one has heard already, which tells nothing: "I know, I heard about it" was a talk's summary, then told on
        # as "Someone told me Hamisi Salum knows, they heard about it", session 78)
        *_HEARD_ALREADY,
        *(w for ws in _WORDINGS.values() for w in ws),
    )
}


def said_plainly(line: str) -> str:
    """A line without its openers and frames (of any kind, nested) and without a goodbye."""
    text = line.split(" Anyway, ")[0]
    while (stripped := _FRAMES.sub("", clean_topic(text))) != text:
        # A verb of hearing before a thing is what one does, no frame: "I hear all the village gossip across my
        # counter" was summed up as "all the village gossip across Burgi's counter" and told as news with "Word
        # is, ..." (session 72).
        if (heard := _HEARS_A_THING.match(clean_topic(text))) and not _a_clause(clean_topic(text)[heard.end() :]):
            break
        text = stripped
    return text.rstrip(".!?")


def _a_clause(words: str) -> bool:
    """Whether ``words`` hold a finite verb: an auxiliary, or a word in -s or -ed that is only a verb ("the road
    will close", "the baker sells bread"; not "all the village gossip across my counter")."""
    return any(
        re.fullmatch(_AUXILIARY, w) or (re.fullmatch(r"[a-z]+(?:s|ed)", w) and _a_verb_only(w))
        for w in re.findall(r"[a-z]+", words.lower())
    )


_AUXILIARY = r"is|are|was|were|will|would|has|have|had|can|could|must|should|may|might|shall|does|did|do"
_HEARS_A_THING = re.compile(
    r"^(?:I hear|I gather|I noticed|Someone told me)\s+(?:all|the|a|an|some|lots|plenty|every|many|much|most)\b"
)


def _news_in(line: str) -> str:
    """What a line tells, if anything: its first statement, plainly (see :func:`said_plainly`), and ''
    for small talk or a question ("I could use a break myself. What do you make of it?" tells nothing)."""
    # (split before the openers come off: said_plainly takes a line's last "?" with them, and "Are you
    # coming to my party?" was summed up as "Are Maria Lopez coming to Isabella Rodriguez's party")
    for sentence in re.split(r"(?<=[.!?])\s+", line.split(" Anyway, ")[0].strip()):
        plain = said_plainly(sentence)
        if plain and canonical(plain) not in _SMALL and not sentence.rstrip().endswith("?"):
            return plain
    return ""


# A sentence of the speaker's "Currently" that says they are to tell people: "he must warn the boaters
# and the town", "invites everyone she meets to come", "asks everyone she meets to enter a crew".
_TO_TELL = re.compile(
    # (and "means to tell the fishermen he sees": an outside tester's fish counter told no one of the opener)
    r"\b(?:must|has to|have to|needs? to|wants? to|is going to|should|means? to|plans? to|intends? to|hopes? to)"
    r"\s+(?:warn|tell|let|inform|invite|ask)\b|"
    # (and "every quarryman he meets", "urges every singer": an outside tester's union secretary never told
    # the strike meeting his Currently said he asks every quarryman about)
    r"\b(?:warns?|tells?|invites?|inviting|asks?|asking|telling|warning|urg(?:es?|ing)|remind(?:s|ing)?|begs?|"
    r"begging)\s+(?:everyone|everybody|all|people|anyone|whoever|every\s+\w+|each\s+\w+|all\s+the\s+\w+)\b|"
    r"\bspread\w* the word\b|\blet\w* everyone know\b|"
    # (and whom one wants to know it: an outside tester's farmer, who "will want the circus lot to know" of the snow
    # warning, told it once in a day, session 72)
    r"\b(?:wants?|wanting|will want|would want)\s+(?:[\w'’]+\s+){1,5}?to\s+(?:know|hear)\b",
    re.IGNORECASE,
)


def _to_tell(currently: str) -> str:
    """What the speaker's "Currently" says they are to tell everyone, or ''. The telling sentence's own
    news, before its telling clause ("Sallow Lock will close ..., and he must warn the boaters"), else the
    first sentence it refers to ("organising a party ... She ... invites everyone she meets to come")."""
    said = sentences(currently)
    for i, sentence in enumerate(said):
        m = _TO_TELL.search(sentence)
        if not m:
            continue
        own = re.split(rf",?\s+(?:and|but|so)\s+(?:he|she|they|{CAP}\w+)\s*$", sentence[: m.start()])[0].strip(" ,;")
        # (and no "and" left where the telling clause began: "... who is not eating, and wants to ask
        # Carmen ..." told "... not eating, and.")
        own = re.sub(r",?\s+(?:and|but|so)$", "", own)
        # (its own news wherever it is: "X is on the night count. Fish and Game has announced an opener ..., and
        # he means to tell the fishermen" tells the opener, not the night count)
        # (one that goes on about the first, by its pronoun, tells the first: "She is collecting decorations
        # and invites everyone she meets" is of the party before it)
        if len(own.split()) >= 6 and (i == 0 or not re.match(r"(?:he|she|they|it)\b", own, re.IGNORECASE)):
            return own
        return said[0] if i > 0 else ""
    return ""


@answers("converse.utterance")
def utterance(p: Prompt) -> dict[str, object]:
    """A line from the memories the baseline prompt lists."""
    said = _said_lines(p.get("conversation"))
    currently = re.search(r"^Currently: (.*)$", p.get("identity"), re.MULTILINE)
    now = currently.group(1) if currently else ""
    duty = _to_tell(now)
    candidates = [x for x in (duty,) if x] + bullet_lines(p.get("memories"))[:8]
    candidates = not_confided(not_kept_from(candidates, now, p.get("other")), now)
    # What an earlier talk with the listener was about, as the memories show it, is not told to them again: an
    # outside tester's night porter told his fox by the hen house to one novice four times in a day.
    before = _talked_of_with(bullet_lines(p.get("memories")), p.get("other"))
    candidates = [x for x in candidates if canonical(without_step(_content(x)))[:40] not in before]
    candidates = [x for x in candidates if not _done_elsewhere(x, p.get("name"), now, p.get("action"))]
    candidates = [x for x in candidates if not _seen_doing_else(x, p.get("other"), p.get("other_action"))]
    candidates = _not_known_to_kin(candidates, p)
    candidates = _not_known_to_both(candidates, p)
    duty = duty if duty in candidates else ""
    # Nor is what the prompt's past context shows their last talk said ("Earlier they talked: ... So, I have heard
    # a fox near the hen house ..."): the same porter told his fox to one novice four times in a day, each time
    # with that line in his prompt (session 71).
    heard = " ".join([*said, p.get("past_context")])
    topics = _topics(candidates, heard, p.get("other"), p.get("name"))
    return _line(p, topics, len(said), said, now, duty)


# How long a thing has been so: "for twelve years", "since 1998", "all her life".
_LONG_STANDING = re.compile(
    r"\bfor (?:[\w-]+ )?(?:years|decades)\b|\bsince (?:\d{4}|childhood|(?:he|she|they) was|(?:he|she|they) were)\b|"
    r"\ball (?:his|her|their|my|your) (?:life|lives|working life)\b",
    re.IGNORECASE,
)


def _not_known_to_kin(candidates: list[str], p: Prompt) -> list[str]:
    """``candidates`` without what the speaker's family have long known of the speaker or of themselves: "Guess
    what? I have run Talgasse Pharmacy for twelve years." was said to the speaker's husband (session 72)."""
    if not _KIN.search(_label(p)):
        return candidates
    firsts = {n.split()[0] for n in (p.get("name"), p.get("other")) if n}
    whose = rf"^(?:{'|'.join(re.escape(n) for n in firsts)})\b"
    return [x for x in candidates if not (re.match(whose, x) and _LONG_STANDING.search(x))]


def _not_known_to_both(candidates: list[str], p: Prompt) -> list[str]:
    """``candidates`` without a standing fact of the speaker and the listener together, which both know: "Guess what?
    You teach me in my suneung English class." was a pupil's news to his teacher, of the statement "Seo Ji-hye teaches
    Choi Jae-won in her suneung English class" (session 79)."""
    me, you = p.get("name"), p.get("other")
    if not me or not you:
        return candidates

    def named(text: str, name: str) -> bool:
        return re.search(rf"\b(?:{re.escape(name)}|{re.escape(_first(name))})\b", text) is not None

    def standing(text: str) -> bool:
        m = re.match(rf"(?:{re.escape(me)}|{re.escape(you)})\s+([a-z]+)\b", text)
        return m is not None and m.group(1).endswith("s") and m.group(1) not in ("is", "has", "was", "does")

    return [x for x in candidates if not (named(x, me) and named(x, you) and standing(_content(x)))]


def _done_elsewhere(memory: str, name: str, currently: str, action: str) -> bool:
    """Whether ``memory`` sees the speaker at something that is neither what they are doing now nor what their
    "Currently" says they are busy with, or at a meal or a rest: told, it is "I am meeting friends at Bar Sport" said
    over lunch at the canteen (an outside tester's wine estate had 33 such lines, session 71), "I am eating
    breakfast" said at 3 pm and "Truth is, I am having lunch, finishing the last few bites. I'm curious what comes of
    it." (harbour6, session 74)."""
    m = re.match(rf"{re.escape(name)} is (\w+ing\b.*)", without_step(_content(memory))) if name else None
    if not m:
        return False
    doing = canonical(m.group(1))
    if _at_ease(doing):
        return True  # (what the listener sees, and nothing to tell)
    # (a prompt that shows no action of the speaker's leaves what they do now unknown)
    now = canonical(without_step(action))
    return bool(now) and doing[:25] not in canonical(currently) and doing[:20] != now[:20]


def _seen_doing_else(memory: str, listener: str, other_action: str) -> bool:
    """Whether ``memory`` is the listener seen at something (a step in brackets, a place, a chat) that is not what the
    prompt shows them doing now: told, it is "you are doing a jigsaw puzzle" said to one rehearsing on the trapeze
    (18 such lines in an outside tester's circus, session 73). A meal or a rest is seen at one moment, with or without
    a place: "So, you are grabbing a morning meal" was said at 9 pm (an outside tester's Dar es Salaam town, session
    78)."""
    m = re.match(rf"{re.escape(listener)} is (\w+ing\b.*)", _content(memory)) if listener and other_action else None
    if not m:
        return False
    seen = m.group(1)
    placed = re.search(rf"\(|\b(?:at|in|on) (?:the )?{CAP}|^(?:chatting|waiting to start)\b", seen)
    if not placed and not _at_ease(seen):
        return False
    # (one text the start of the other is the same thing: seen "having lunch", now "having lunch at the canteen")
    then, now = canonical(without_step(seen))[:20], canonical(without_step(other_action))[:20]
    return not (then.startswith(now) or now.startswith(then))


def _talked_of_with(memories: list[str], listener: str) -> set[str]:
    """What the memories say earlier talks with ``listener`` were about ("Pascal Vidal and Luc Arnaud were
    conversing about how Pascal Vidal has heard a fox ..."), each as its first 40 characters, compared as
    ``canonical`` leaves them."""
    return {
        canonical(clean_topic(m))[:40]
        for m in memories
        if "conversing about" in m and listener and _names_listener(m.split(" conversing about ")[0], listener)
    }


_SURPRISE = re.compile(r"\b(?:surprise|secret\w*|behind (?:his|her|their) back)\b", re.IGNORECASE)


# What someone was asked to keep, or promised to keep: not told to anyone, by the one who confided it, by the one
# it was confided to, nor by whoever heard it after. An outside tester's novice master told a novice's wish to
# leave, confided "and asked him to keep it secret", 7 times, and it reached the abbot in 75 minutes (session 70).
# (and what one keeps to oneself for now: an outside tester's abbot "has decided to keep the bishop's visit to
# himself until Chapter on Friday", "so far he is the only one who knows")
_CONFIDED = re.compile(
    r"\b(?:keep (?:it|this|that|(?:the|his|her|their) [\w'’ ]{1,40}?) (?:a )?secret|"
    r"keep (?:it|this|that|(?:the|his|her|their) [\w'’ ]{1,40}?) (?:quiet|to (?:him|her|them|my|your)sel\w+)|"
    r"(?:asked|told|made) (?:him|her|them|me|you|\w+) (?:to )?(?:tell no one|tell nobody|not to tell|promise)|"
    r"tell no one|tell nobody|not to tell anyone|promised? not to tell|in confidence|confided|"
    r"(?:the )?only one who knows|no ?one else knows|nobody else knows|"
    # (and what one has told no one, or is the only one somewhere to know, or wants kept secret: an outside
    # tester's estate owner "has told no one else about the sale of the estate ...; he is the only one at Cascina
    # Ferrero who knows" told it 15 times, and it reached the daughter it was kept from seven times, session 71)
    r"told no ?one|told nobody|(?:has|have|had)(?:n[’']t| not) told anyone|"
    # (and the one person one has told: "the only person she has told the truth to is Margit Halász", "He has told
    # only Linda Kowalski", session 73)
    r"(?:has|have|had) told only\b|only (?:person|one) (?:he|she|they|I) (?:has |have |had )?(?:ever )?told|"
    r"only one (?:at|in|on|of) [\w'’ -]{1,40}? who knows(?! how\b)|kept (?:a )?secret|secret from|"
    # (and what one hides or keeps from someone, or has not told them: an outside tester's catcher, who "hasn't told
    # Ines ... and is keeping it from Walter too", told his failing shoulder 11 times, 9 times to those two; its
    # statement "... and he hid the pain from Ines Duarte", session 72)
    r"(?:has|have|had)(?:n[’']t| not) (?:yet )?told (?!(?:you|me)\b)[\w'’]+|"
    r"(?:keep|keeps|keeping|kept|hide|hides|hiding|hid|hidden) (?:it|this|that|(?:the|his|her|their) [\w'’ ]{1,40}?) "
    r"from (?:(?-i:[A-Z])|(?:him|her|them|everyone|everybody|anyone|his|her|their)\b))",
    re.IGNORECASE,
)
# Words of keeping something, which say nothing of what is kept.
_OF_KEEPING = frozenset(("decided", "himself", "herself", "themselves", "until", "secret", "knows", "asked",
                         "promised", "nobody", "confided", "means", "announce", "everyone"))  # fmt: skip


def not_confided(candidates: list[str], currently: str) -> list[str]:
    """``candidates`` without what was confided or is kept for now (see ``_CONFIDED``), nor what shares two of
    its words: the abbot's letter "Bishop Laurent Vernier will visit the abbey" is what he keeps to himself."""
    kept = [x for x in [*candidates, *sentences(currently)] if _CONFIDED.search(x)]
    # What "it" is, when a sentence of "Currently" keeps it: the sentence before ("Since November Tomasz's right
    # shoulder has been giving out ... He hasn't told Ines ..., and he is keeping it from Walter too").
    said = sentences(currently)
    came = [said[i - 1] for i in range(1, len(said)) if _CONFIDED.search(said[i]) and _OF_WHAT_CAME.search(said[i])]
    words = {w[:5] for x in [*kept, *came] for w in _content_words(x) - _OF_KEEPING}
    # ... told in other words, by the stems of its words and the names of things in what is kept: "Tom filled in the
    # Burlington Fire Department application ..." is the "applied for a job with the Burlington Fire Department" he
    # keeps from his wife, and he told it to her (an outside tester's fire station, session 73)
    words |= {w for x in came for w in _names_of_things(x)}

    def stems(text: str) -> set[str]:
        return {w[:5] for w in _content_words(text)} | _names_of_things(text)

    return [x for x in candidates if not _CONFIDED.search(x) and len(stems(x) & words) < 2]


# Three capitalised words or more in a row: a thing's or a place's name when the last is an English noun ("the
# Burlington Fire Department", "Cold Hollow Fire Station"), a person's otherwise ("Valentina Huerta Araya"; a title
# before a name, "Captain Ed Kowalski", ends in no noun either).
_CAPITALISED_RUN = re.compile(r"\b(?:[A-Z][a-z'’]+\s+){2,}[A-Z][a-z]+\b")


def _names_of_things(text: str) -> set[str]:
    """The stems (first five letters, lower case) of the words of five letters or more of the names of things and
    places in ``text`` (see ``_CAPITALISED_RUN``)."""
    runs = [m.group(0).split() for m in _CAPITALISED_RUN.finditer(text)]
    return {w.lower()[:5] for run in runs if "NOUN" in getAllLemmas(run[-1].lower()) for w in run if len(w) >= 5}


# A sentence that keeps what the one before it said: by a pronoun, or by a telling with no object of its own.
_OF_WHAT_CAME = re.compile(
    r"^(?:he|she|they|it)\b|\b(?:it|this|that)\b|\btold [\w'’]+\s*(?:[,.;]|$|,? who\b)", re.IGNORECASE
)


def kept_from(topic: str, listener: str) -> bool:
    """Whether ``topic`` is a surprise or a secret about ``listener`` (by any word of their name), which is
    not told to them ("Maria has a secret crush on Klaus" is not said to Klaus; told to a third person it is
    gossip, which people do share): an outside tester's night foreman told his niece, twice, of the surprise
    party for her birthday his "Currently" said he kept secret from her (session 69)."""
    # (and a worry or a fear about them: an outside tester's novice told his abbot "Actually, I am afraid of
    # disappointing Dom Benoît, the abbot.", session 70)
    if not listener or not (_SURPRISE.search(topic) or _KEPT_QUIET.search(topic)):
        return False
    return _names_listener(topic, listener, by_last=True)


def _names_listener(topic: str, listener: str, by_last: bool = False) -> bool:
    """Whether ``topic`` names ``listener`` in full or by the first word of their name, and with ``by_last`` by
    its last (a family name written first: "Sato Michiko" is called "Michiko" by another Sato). Not by the
    last otherwise: family share it ("Marlon Dizon" is no word about Kristine Dizon)."""
    words = listener.split()
    said = {listener, words[0], *(words[-1:] if by_last else [])} if words else set()
    return any(re.search(rf"\b{re.escape(w)}\b", topic) for w in said)


def not_kept_from(candidates: list[str], currently: str, listener: str) -> list[str]:
    """``candidates`` without what is kept from ``listener``: a surprise or secret about them (see
    ``kept_from``, in the candidates or the speaker's "Currently"), and whatever else names them and shares
    a word with it ("asked the cook to bake a cake for Kristine's birthday", of her surprise party)."""
    secrets = [x for x in [*candidates, *sentences(currently)] if kept_from(x, listener)]
    if not secrets:
        return candidates
    words = {w for x in secrets for w in _content_words(x)}
    return [
        x
        for x in candidates
        if not kept_from(x, listener) and not (_names_listener(x, listener) and _content_words(x) & words)
    ]


_COMMON = frozenset(("would", "could", "should", "about", "after", "before", "their", "there", "which", "while",
                     "other", "every", "being", "where", "going", "since", "still", "always", "around"))  # fmt: skip


def _content_words(text: str) -> set[str]:
    """The lower-case words of five letters or more in ``text`` that say what it is about (no names)."""
    return {w for w in re.findall(r"\b[a-z]{5,}\b", text) if w not in _COMMON}


@answers("converse.utterance_social")
def utterance_social(p: Prompt) -> dict[str, object]:
    """A line from what the Social Memory prompt shows: the notes on the partner and the last round.

    The prompt shows only the last round, so the turn is 0 at the start and counted as 2 or more after.
    """
    said = _said_lines(p.get("last_round"))
    turn = 0 if not said else 2 + len(said)
    currently = re.search(r"^Currently: (.*)$", p.get("identity"), re.MULTILINE)
    now = currently.group(1) if currently else ""
    duty = _to_tell(now)
    candidates = [x for x in (duty,) if x] + sentences(p.get("summary"))
    candidates = _not_known_to_kin(not_confided(not_kept_from(candidates, now, p.get("other")), now), p)
    duty = duty if duty in candidates else ""
    topics = _topics(candidates, " ".join(said), p.get("other"), p.get("name"))
    return _line(p, topics, turn, said, now, duty)


# What a talk of small talk alone was about. Remembered, it is nothing to bring up in the next talk ("Oh,
# and how their days are going. I thought you'd want to know." was said in a ville3 day, session 61).
SMALL_TALK_ONLY = "how their days are going"


@answers("converse.summary")
def summary(p: Prompt) -> dict[str, str]:
    """'conversing about' the most important thing said (by its text), else the day. It is said of the
    two, not by either, so a speaker's "I" is their name ("I am crossing off the list" said by Bo Reyes
    -> "Bo Reyes is crossing off the list")."""
    said = _said_by(p.get("conversation"))
    # The first line, after its greeting: what it tells after "Hi Bo!" ("Hi Bo! I am organising the
    # regatta ...") is said as much as any other line.
    lines = [(who, line if i else _told_after_greeting(line, next((w for w, _ in said if w != who), "")))
             for i, (who, line) in enumerate(said)]  # fmt: skip
    body = [(who, plain) for who, line in lines if len(plain := _news_in(line)) > 20]
    # An occasion brought up by its name is what the talk was about, asked or told ("Are you coming to
    # my party?"; see ``occasions``), without the line's frames ("Still organising a party?" was summed up
    # as "Still's party").
    # (sentence by sentence: whose occasion it is is said in its own sentence. "Looks like you are looking
    # something up online. ... Truth is, I am organising a Valentine's Day party" was summed up as the
    # listener's party, and she thought it hers all day; ville3, session 70)
    body += [
        (who, named)
        for who, line in lines
        for sentence in re.split(r"(?<=[.!?])\s+", line.strip())
        if (named := occasion_in(said_plainly(sentence)))
    ]
    if not body:
        return {"text": f"conversing about {SMALL_TALK_ONLY}"}
    # A relation recited in passing is not what a talk was about when anything else was said (it
    # rates high by its words, "love", "by marriage", and summed up most of a town's talks).
    # Nor, told beside something dated or an occasion, is anything else: an outside tester's priest told
    # of the estate's Durga Puja on Friday, and the talk was summed up by the relation he recited after it
    # (both rated 7), so the listener kept nothing of the festival.
    who, best = max(
        body, key=lambda b: (not _RELATION.match(b[1]), _OCCASION.search(b[1]) is not None, rate(b[1], "", 0.5, 0))
    )
    listener = next((w for w, _ in said if w != who), "")
    # What one is doing, said without a subject ("Mostly flying passengers up the coast.", an answer to how
    # one has been), is the speaker's: "conversing about Mostly flying ..." was written, and a reflection
    # read "Mostly" as someone's name (an outside tester's Alaskan town, session 69).
    best = as_own_doing(best)
    return {"text": f"conversing about {_as_topic(told_of(best, who, listener))[:200]}"}


def as_own_doing(line: str) -> str:
    """A doing said without a subject ("Mostly flying passengers up the coast.", "Just making an offering.")
    as the speaker's: "I am flying passengers up the coast"; any other line as it is."""
    line = re.sub(r"^(?:just|mostly|still|only)\s+(?=\w+ing\b)", "", line, flags=re.IGNORECASE)
    doing = re.match(r"([A-Za-z]+ing) ", line)
    if doing and doing.group(1).lower() not in _ING_NOUNS and lemma(doing.group(1).lower()) != doing.group(1).lower():
        return f"I am {line[0].lower()}{line[1:]}"
    return line


# Words in -ing that are no doing ("Nothing much", "Morning, all", "Something came up").
_ING_NOUNS = frozenset(("nothing", "something", "anything", "everything", "morning", "evening", "building",
                        "ceiling", "wedding", "meeting", "feeling", "being", "thing", "spring", "king"))  # fmt: skip


# A finite verb: the told line is a statement, which follows "conversing about" as "how ...".
_FINITE = re.compile(r"\b(?:is|are|was|were|has|have|had|will|would|can|could|must|should|does|do|did|may|might)\b")


def _as_topic(told: str) -> str:
    """A statement as what a talk was about, after "conversing about": someone's ongoing activity as
    they do it ("Ana Ruiz organising the regatta"), any other statement as "how ..." ("how the pass road
    will close on Saturday"). "conversing about Ilse Brunnthaler is posting the bulletin" was written
    to an outside tester's memories."""
    if told.startswith("how "):
        return told  # (a summary retold: "conversing about how how Jonas worries ..." was written)
    name, rest = leading_name(told)
    ongoing = re.match(r"(?:is|are) (\w+ing\b.*)$", rest)
    if name and ongoing and not _FINITE.search(ongoing.group(1)):  # "... and her brother is helping": a statement
        return f"{name} {ongoing.group(1)}"
    first = rest.split(" ", 1)[0] if name else ""
    if _FINITE.search(told) or (first and not first.endswith("ing") and lemma(first) != first):
        # (a sentence's first word is none inside it: "conversing about how The Port Merrow Regatta ...")
        return f"how {told[0].lower() + told[1:] if _SENTENCE_OPENER.match(told) else told}"
    return told
