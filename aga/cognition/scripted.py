"""The scripted simulator's answers to the cognitive tasks: a simulator, not a model.

Each hook turns a task's context into a plausible, schema-valid answer, so that a town run on
``scripted/...`` behaves coherently (people wake at their hour, work where their routine says, sleep at
night, talk about what they remember) and every cost figure is measured on real prompts. Hooks read
the structured keys the cognition code adds to the context (names starting with ``_``); variation comes
from the seeded RNG the provider passes in, so runs reproduce under the same seed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from aga.llm.providers.paraphrase import utterance, vary
from aga.llm.tasks import SimRequest

Hook = Callable[[SimRequest], Any]
HOOKS: dict[str, Hook] = {}


def hook(name: str) -> Callable[[Hook], Hook]:
    """Register the simulator's answer for task ``name``."""

    def register(fn: Hook) -> Hook:
        HOOKS[name] = fn
        return fn

    return register


# ----------------------------------------------------------------- helpers
_IMPORTANCE = (
    (("valentine", "party", "mayor", "election", "candidacy", "crush", "love", "fight", "break up"), 7),
    (("conversing", "chat", "talk", "meeting", "exam", "deadline", "paper", "research", "stream"), 4),
    (("eating", "breakfast", "lunch", "dinner", "coffee", "reading", "working", "studying"), 2),
    (("sleep", "idle", "brushing", "shower", "walking", "bed"), 1),
)

EMOJI = (
    (("sleep", "bed", "nap"), "😴"),
    (("coffee", "cafe", "brew"), "☕"),
    (("breakfast", "lunch", "dinner", "eat", "meal", "snack", "cook"), "🍳"),
    (("shower", "bath", "wash", "brush"), "🚿"),
    (("read", "study", "research", "paper", "library", "homework", "class", "lecture"), "📚"),
    (("write", "draft", "journal", "notes"), "✍️"),
    (("talk", "chat", "convers", "call"), "💬"),
    (("walk", "jog", "run", "park", "exercise"), "🚶"),
    (("party", "valentine", "decorat"), "🎉"),
    (("shop", "grocer", "buy", "supplies", "store"), "🛒"),
    (("stream", "game", "computer", "email"), "💻"),
    (("music", "piano", "guitar", "compos"), "🎵"),
    (("paint", "draw", "art", "sketch"), "🎨"),
)

PLACE_HINTS = (
    (
        (
            "sleep",
            "bed",
            "nap",
            "shower",
            "bathroom",
            "morning routine",
            "get ready",
            "getting ready for bed",
            "wake",
            "home",
            "dress",
            "stream",
            "her room",
            "his room",
            "relaxing",
        ),
        "@home",
    ),
    (("cafe", "coffee", "counter", "customers", "open the", "close the", "barista"), "Hobbs Cafe"),
    (
        ("library", "class", "lecture", "research", "study", "studying", "paper", "college", "homework", "campus"),
        "Oak Hill College",
    ),
    (("pub", "bar", "drink", "beer"), "The Rose and Crown Pub"),
    (("grocer", "medicine", "pharmacy", "market", "prescription"), "The Willows Market and Pharmacy"),
    (("supplies", "decoration", "hardware", "supply"), "Harvey Oak Supply Store"),
    (("walk", "park", "jog", "run", "picnic", "fresh air"), "Johnson Park"),
)

ARENA_HINTS = (
    (("sleep", "bed", "nap", "dress", "closet", "desk", "stream", "game"), ("bedroom", "room")),
    (("cook", "breakfast", "lunch", "dinner", "kitchen", "meal", "snack", "dishes"), ("kitchen",)),
    (("shower", "bath", "brush", "toilet", "wash"), ("bathroom",)),
    (("pharmacy", "prescription", "medicine", "pharmacist"), ("pharmacy",)),
    (("library", "read", "research", "paper", "book", "study"), ("library",)),
    (("class", "lecture", "teach"), ("classroom",)),
    (("tv", "television", "relax", "sofa", "family"), ("common room",)),
)

OBJECT_HINTS = (
    (("sleep", "nap", "bed"), ("bed",)),
    (("coffee", "serve", "counter", "customers", "cafe", "order"), ("behind the cafe counter", "cafe counter")),
    (("cook", "breakfast", "lunch", "dinner", "meal"), ("cooking area", "kitchen sink", "refrigerator")),
    (("shower",), ("shower",)),
    (("brush", "wash"), ("bathroom sink", "kitchen sink")),
    (("read", "research", "paper", "study", "write", "homework", "email"), ("desk", "library table", "computer desk")),
    (("stream", "game"), ("game console", "desk")),
    (("piano", "music"), ("piano",)),
    (("paint",), ("easel",)),
    (("grocer", "shop", "buy"), ("grocery store shelf", "supply store product shelf")),
)


def _words(text: str) -> str:
    return text.lower()


def _hour_in(text: str, verbs: Sequence[str]) -> int | None:
    pattern = r"(?:" + "|".join(verbs) + r")\D{0,20}?(\d{1,2})(?::\d\d)?\s*(am|pm|a\.m\.|p\.m\.)?"
    m = re.search(pattern, text.lower())
    if not m:
        return None
    hour = int(m.group(1)) % 12 if m.group(2) else int(m.group(1))
    if m.group(2) and m.group(2).startswith("p"):
        hour += 12
    return hour % 24


def wake_hour_of(lifestyle: str) -> int:
    """The hour a lifestyle sentence says the persona gets up (7 when it does not say)."""
    hour = _hour_in(lifestyle, ("gets up", "get up", "wakes up", "wake up", "awakes", "awake", "rises"))
    return hour if hour is not None else 7


def bed_hour_of(lifestyle: str) -> int:
    """The hour a lifestyle sentence says the persona goes to bed (23 when it does not say)."""
    hour = _hour_in(lifestyle, ("goes to sleep", "go to sleep", "goes to bed", "go to bed", "sleeps", "bed"))
    return hour if hour is not None else 23


def _clock(hour: int) -> str:
    h = hour % 24
    return f"{(h % 12) or 12}:00 {'am' if h < 12 else 'pm'}"


def _strip_time(item: str) -> str:
    return re.sub(r"\s*(at|from|until|around)\s+\d{1,2}(:\d\d)?\s*(am|pm)?.*$", "", item, flags=re.IGNORECASE).strip()


def _pick(options: Sequence[str], text: str, hints: Sequence[tuple[tuple[str, ...], Any]]) -> str | None:
    low = text.lower()
    for words, targets in hints:
        if any(w in low for w in words):
            for target in targets if isinstance(targets, tuple) else (targets,):
                for option in options:
                    if target in option.lower():
                        return option
    return None


# ----------------------------------------------------------------- perceive
def _importance(req: SimRequest) -> dict[str, int]:
    text = _words(str(req.context.get("description", "")))
    base = 2
    for words, value in _IMPORTANCE:
        if any(w in text for w in words):
            base = value
            break
    return {"rating": max(1, min(10, base + req.rng.choice((-1, 0, 0, 1))))}


for _name in ("perceive.importance", "perceive.chat_importance", "perceive.thought_importance"):
    HOOKS[_name] = _importance


# ----------------------------------------------------------------- plan (day)
@hook("plan.wake_up")
def _wake_up(req: SimRequest) -> dict[str, int]:
    return {"hour": wake_hour_of(str(req.context.get("lifestyle", "")))}


MEALS = ("breakfast", "lunch", "dinner", "meal")


def _base_form(clause: str) -> str:
    """'opens Hobbs Cafe' -> 'open Hobbs Cafe' (third person to plan form)."""
    words = clause.split()
    if not words:
        return clause
    verb = words[0]
    irregular = {"goes": "go", "does": "do", "has": "have", "is": "be", "studies": "study", "tries": "try"}
    if verb.lower() in irregular:
        words[0] = irregular[verb.lower()]
    elif verb.endswith("ies") and len(verb) > 4:
        words[0] = verb[:-3] + "y"  # tidies -> tidy
    elif verb.endswith(("ches", "shes", "sses", "xes", "zes")):
        words[0] = verb[:-2]  # teaches -> teach
    elif verb.endswith("s") and not verb.endswith("ss") and len(verb) > 3:
        words[0] = verb[:-1]
    return " ".join(words)


def routine_items(requirement: str, after_hour: int) -> list[tuple[int, str]]:
    """(hour, clause) for the clauses of a daily routine, each at its stated hour or after the previous."""
    items: list[tuple[int, str]] = []
    hour = after_hour
    # "and" joins clauses only before a lower-case word: "The Rose and Crown Pub" stays whole.
    for clause in re.split(r"[.;,]|\band\b(?=\s+[a-z])|\bthen\b", requirement):
        clause = re.sub(r"^\s*[A-Z][a-z]+ [A-Z][a-z]+\s+", "", clause.strip())  # drop a leading full name
        clause = re.sub(r"^(He|She|They)\s+", "", clause)
        clause = re.sub(r"\b(every day|everyday|each day|usually|often)\b", "", clause).strip()
        if len(clause) < 4:
            continue
        stated = _hour_in(clause, ("at", "from", "around", "by"))
        hour = max(hour + 1, stated if stated is not None else hour + 1)
        text = _strip_time(_base_form(clause))
        if text:
            items.append((hour, text))
    return items


def gerund(phrase: str) -> str:
    """'have breakfast' -> 'having breakfast' (plan form to the present continuous of actions)."""
    words = phrase.split()
    if not words or words[0].endswith("ing"):
        return phrase
    verb = words[0].lower()
    special = {
        "be": "being",
        "go": "going",
        "do": "doing",
        "see": "seeing",
        "lie": "lying",
        "get": "getting",
        "run": "running",
        "sit": "sitting",
        "shop": "shopping",
        "stop": "stopping",
        "put": "putting",
        "swim": "swimming",
        "set": "setting",
        "plan": "planning",
        "chat": "chatting",
        "jog": "jogging",
    }
    if verb in special:
        ing = special[verb]
    elif verb.endswith("ie"):
        ing = verb[:-2] + "ying"
    elif verb.endswith("e") and not verb.endswith("ee"):
        ing = verb[:-1] + "ing"
    else:
        ing = verb + "ing"
    return " ".join([ing, *words[1:]])


@hook("plan.daily")
def _daily(req: SimRequest) -> dict[str, list[str]]:
    lifestyle = str(req.context.get("lifestyle", ""))
    requirement = str(req.context.get("requirement", ""))
    wake = int(req.context.get("_wake_hour", wake_hour_of(lifestyle)))
    bed = bed_hour_of(lifestyle)
    dinner = _hour_in(lifestyle, ("dinner",)) or 18
    items = [(wake, "wake up and complete the morning routine"), (wake + 1, "have breakfast")]
    items += routine_items(requirement, wake + 1)
    items += [(12, "have lunch"), (dinner, "have dinner"), (bed if bed > wake else bed + 24, "go to bed")]
    items.sort(key=lambda x: x[0])
    return {"items": [f"{vary(text, req.rng)} at {_clock(hour)}" for hour, text in items]}


def _scripted_activity(hour: int, wake: int, bed: int, plan: list[tuple[int, str]]) -> str:
    """The plan-form activity of one hour: sleeping, a meal in its hour, else the latest activity started."""
    asleep = hour < wake or (bed > wake and hour >= bed) or (bed <= wake and bed <= hour < wake)
    if asleep:
        return "sleeping"
    current = "relaxing at home"
    for start, text in plan:
        if start <= hour and not any(m in text.lower() for m in MEALS):
            current = text
    for start, text in plan:
        if start == hour and any(m in text.lower() for m in MEALS):
            current = text
    if "go to bed" in current.lower() or ("morning routine" in current.lower() and hour > wake):
        current = "relaxing at home" if "morning routine" in current.lower() else "getting ready for bed"
    return current


def _plan_of(req: SimRequest) -> tuple[int, int, list[tuple[int, str]]]:
    wake = int(req.context["_wake_hour"])
    bed = bed_hour_of(str(req.context.get("_lifestyle", "")))
    plan = sorted((int(h), _strip_time(str(t))) for h, t in req.context.get("_plan_hours", []))
    return wake, bed, plan


@hook("plan.hourly")
def _hourly(req: SimRequest) -> dict[str, str]:
    wake, bed, plan = _plan_of(req)
    current = _scripted_activity(int(req.context["_hour"]), wake, bed, plan)
    return {"activity": current if current == "sleeping" else gerund(vary(current, req.rng))}


@hook("plan.schedule")
def _schedule(req: SimRequest) -> dict[str, list[dict[str, str]]]:
    wake, bed, plan = _plan_of(req)
    blocks: list[list[Any]] = []  # [plan-form activity, start hour, end hour]
    for hour in range(wake, 24):
        current = _scripted_activity(hour, wake, bed, plan)
        if current == "sleeping":
            break
        if blocks and blocks[-1][0] == current:
            blocks[-1][2] = hour + 1
        else:
            blocks.append([current, hour, hour + 1])
    return {
        "blocks": [
            {"activity": gerund(vary(text, req.rng)), "start": f"{start:02d}:00", "end": f"{end:02d}:00"}
            for text, start, end in blocks
        ]
    }


@hook("plan.decompose")
def _decompose(req: SimRequest) -> dict[str, list[dict[str, Any]]]:
    task = str(req.context.get("_task", "working"))
    total = int(req.context.get("_minutes", 60))
    # "having breakfast" -> steps about "breakfast": the activity's object, for natural sub-steps.
    thing = " ".join(task.split()[1:]) or task
    steps = [
        f"getting ready for {thing}",
        task,
        "taking a short break",
        f"continuing with {thing}",
        f"wrapping up {thing}",
    ]
    out = []
    left = total
    i = 0
    while left > 0:
        chunk = min(left, req.rng.choice((5, 10, 10, 15, 15, 20, 30)))
        text = steps[min(i, len(steps) - 1)] if left - chunk > 0 or i == 0 else steps[-1]
        out.append({"subtask": vary(text, req.rng), "minutes": chunk})
        left -= chunk
        i += 1
    return {"subtasks": out}


def _text_from_statements(req: SimRequest, prefix: str) -> dict[str, str]:
    statements = [s for s in req.context.get("_statements", []) if s]
    picked = req.rng.sample(statements, k=min(2, len(statements))) if statements else ["nothing much happened"]
    return {"text": vary(prefix + " " + "; ".join(picked), req.rng)}


HOOKS["plan.revise_note"] = lambda req: _text_from_statements(req, "I should remember that")
HOOKS["plan.revise_feelings"] = lambda req: _text_from_statements(req, "I feel good about my days, because")


@hook("plan.revise_currently")
def _revise_currently(req: SimRequest) -> dict[str, str]:
    return {"text": str(req.context.get("currently", ""))}


@hook("plan.revise_requirement")
def _revise_requirement(req: SimRequest) -> dict[str, str]:
    return {"text": str(req.context.get("requirement", ""))}


# ----------------------------------------------------------------- plan (action)
@hook("act.sector")
def _sector(req: SimRequest) -> dict[str, str]:
    options: list[str] = list(req.context.get("_options", []))
    action = str(req.context.get("action_description", ""))
    home = str(req.context.get("home_sector", ""))
    current = str(req.context.get("current_sector", ""))
    low = action.lower()
    for words, target in PLACE_HINTS:
        if any(w in low for w in words):
            if target == "@home" and home in options:
                return {"choice": home}
            if target in options:
                return {"choice": target}
    if current in options:
        return {"choice": current}
    return {"choice": home if home in options else req.rng.choice(options)}


@hook("act.arena")
def _arena(req: SimRequest) -> dict[str, str]:
    options: list[str] = list(req.context.get("_options", []))
    action = str(req.context.get("action_description", ""))
    name = str(req.context.get("name", ""))
    own = [o for o in options if name and name.split()[0] in o]
    low = action.lower()
    for words, targets in ARENA_HINTS:
        if any(w in low for w in words):
            if "bedroom" in targets and own:
                return {"choice": own[0]}
            for target in targets:
                for option in options:
                    if target in option.lower() and (name.split()[0] in option or "'s" not in option):
                        return {"choice": option}
    shared = [o for o in options if "'s" not in o]
    return {"choice": (own or shared or options)[0]}


@hook("act.object")
def _object(req: SimRequest) -> dict[str, str]:
    options: list[str] = list(req.context.get("_options", []))
    action = str(req.context.get("action_description", ""))
    chosen = _pick(options, action, OBJECT_HINTS)
    if chosen is None:
        words = set(re.findall(r"[a-z]+", action.lower()))
        overlap = [o for o in options if words & set(o.lower().split())]
        chosen = overlap[0] if overlap else req.rng.choice(options)
    return {"choice": chosen}


def _emoji(text: str) -> str:
    low = text.lower()
    for words, emoji in EMOJI:
        if any(w in low for w in words):
            return emoji
    return "🙂"


@hook("act.emoji")
def _act_emoji(req: SimRequest) -> dict[str, str]:
    return {"emoji": _emoji(str(req.context.get("action_description", "")))}


@hook("act.object_emoji")
def _obj_emoji(req: SimRequest) -> dict[str, str]:
    return {"emoji": _emoji(str(req.context.get("state", "")) + " " + str(req.context.get("object", "")))}


def _lemma(verb: str) -> str:
    if verb.endswith("ing") and len(verb) > 5:
        stem = verb[:-3]
        if len(stem) > 2 and stem[-1] == stem[-2]:
            stem = stem[:-1]
        return stem
    return verb


@hook("act.triple")
def _triple(req: SimRequest) -> dict[str, str]:
    name = str(req.context.get("name", ""))
    words = str(req.context.get("action_description", "")).split()
    if not words:
        return {"subject": name, "predicate": "is", "object": "idle"}
    if words[0].lower() in ("sleeping", "asleep"):
        return {"subject": name, "predicate": "is", "object": "sleep"}
    obj = " ".join(
        w
        for w in words[1:]
        if w.lower() not in ("a", "an", "the", "for", "to", "at", "in", "on", "her", "his", "their", "some")
    )[:80]
    return {"subject": name, "predicate": _lemma(words[0].lower()), "object": obj or words[0]}


@hook("act.object_state")
def _object_state(req: SimRequest) -> dict[str, str]:
    action = str(req.context.get("action_description", "")).lower()
    obj = str(req.context.get("object", "")).lower()
    if "bed" in obj and "sleep" in action:
        return {"state": "being slept in"}
    if "coffee" in action:
        return {"state": "brewing coffee"}
    return {"state": req.rng.choice(("being used", "in use"))}


@hook("act.object_triple")
def _object_triple(req: SimRequest) -> dict[str, str]:
    obj = str(req.context.get("object", ""))
    state = str(req.context.get("state", "being used"))
    words = state.split()
    if words and words[0] in ("being", "in"):
        return {"subject": obj, "predicate": "is", "object": state}
    return {"subject": obj, "predicate": _lemma(words[0]) if words else "is", "object": " ".join(words[1:]) or state}


# ----------------------------------------------------------------- react
@hook("react.decide_talk")
def _decide_talk(req: SimRequest) -> dict[str, Any]:
    closeness = int(req.context.get("_closeness", 0))
    chance = 0.2 + 0.06 * closeness
    decision = req.rng.random() < chance
    other = req.context.get("other", "them")
    reason = f"they know {other} (closeness {closeness}) and have a moment to spare" if decision else "they are busy"
    return {"reasoning": reason, "decision": decision}


@hook("react.decide_wait")
def _decide_wait(req: SimRequest) -> dict[str, Any]:
    wait = req.rng.random() < 0.5
    return {"reasoning": "it would be awkward to share" if wait else "there is room for both", "decision": wait}


@hook("react.replan")
def _replan(req: SimRequest) -> dict[str, Any]:
    from aga.cognition.repair import splice

    items = splice(
        [(str(t), int(m)) for t, m in req.context.get("_before", [])],
        str(req.context.get("inserted", "chatting")),
        int(req.context.get("inserted_minutes", 10)),
        [(str(t), int(m)) for t, m in req.context.get("_after", [])],
        int(req.context.get("total_minutes", 60)),
    )
    return {"items": [{"subtask": t, "minutes": m} for t, m in items]}


# ----------------------------------------------------------------- converse
@hook("converse.relationship")
def _relationship(req: SimRequest) -> dict[str, str]:
    name, other = req.context.get("name", ""), req.context.get("other", "")
    label = req.context.get("_label") or "acquaintances"
    return {"text": vary(f"{name} and {other} are {label}; they know each other from around town", req.rng)}


def _clean_topic(text: str) -> str:
    """A memory as something to say: the innermost 'conversing about ...', no 'X cares about this:'."""
    if "conversing about " in text:
        text = text.rsplit("conversing about ", 1)[1]
    text = re.sub(r"^.*? cares about this: ", "", text)
    text = re.sub(r"^For [A-Z][a-z]+ [A-Z][a-z]+'s planning: ", "", text)
    return text.strip().rstrip(".")


@hook("converse.utterance")
def _utterance(req: SimRequest) -> dict[str, Any]:
    """A line from the retrieved memories the baseline prompt lists (``_topics`` is their first eight)."""
    return _line(req, [str(t) for t in req.context.get("_topics", []) if t])


@hook("converse.utterance_social")
def _utterance_social(req: SimRequest) -> dict[str, Any]:
    """A line from what the Social Memory prompt shows: the summary of the partner and shared topics.

    Only prompt-visible text is used, so a run measures what the compressed prompt can carry (news
    spreads only if the fold kept it), not what the retrieval behind it happened to find.
    """
    summary = str(req.context.get("summary", ""))
    return _line(req, [x for x in _sentences(summary) if "someone from around town" not in x])


def _sentences(text: str) -> list[str]:
    """A summary's sentences (the fold writes one fact per sentence)."""
    return [x for x in re.split(r"(?<=\.)\s+", text) if x]


def _line(req: SimRequest, memories: list[str]) -> dict[str, Any]:
    """Greeting first; then news the speaker knows (60%), another topic (50%) or small talk."""
    turn = int(req.context.get("_turn", 0))
    max_turns = int(req.context.get("_max_turns", 16))
    topics = [_clean_topic(t) for t in memories]
    said = str(req.context.get("_said", req.context.get("conversation", "")))
    topics = [t for t in topics if t and not t.endswith(" is idle") and t not in said]
    keywords = [str(k).lower() for k in req.context.get("_news_keywords", [])]
    news = [t for t in topics if any(k in t.lower() for k in keywords)]
    other = str(req.context.get("other", "there")).split()[0]
    if turn == 0:
        line = f"Hi {other}! How are you doing today?"
    elif news and req.rng.random() < 0.6:
        line = req.rng.choice(("Did you hear? ", "By the way, ", "You know, ")) + req.rng.choice(news)
    elif topics and req.rng.random() < 0.5:
        topic = topics[req.rng.randrange(min(3, len(topics)))]
        line = req.rng.choice(("I was just thinking: ", "You know, ")) + topic
    else:
        line = req.rng.choice(
            (
                "That sounds great.",
                "I have been busy with my work lately.",
                "Let's catch up again soon.",
                "It is nice to run into you.",
                "I should get going soon.",
            )
        )
    end = turn >= 3 and (turn + 1 >= max_turns or req.rng.random() < 0.25)
    if end:
        line += " Anyway, I should get back to what I was doing. See you later!"
    return {"utterance": utterance(line, req.rng), "end": end}


# What a note-taker skips: passing sights of the partner, not facts about them.
_NOISE = re.compile(r" is (idle|chatting with|waiting to start|sleeping)\b")


@hook("social.fold")
def _fold(req: SimRequest) -> dict[str, str]:
    """As the prompt asks: keep the old notes, add the news and the facts about the other, cut to budget.

    News (a scenario keyword) is a shared topic even when the memory does not name the partner; passing
    sights ("X is chatting with Y") are left out as a note-taker would. The oldest sentences go first
    when the word budget is exceeded, news last.
    """
    other = str(req.context.get("other", ""))
    first = other.split()[0] if other else ""
    old = str(req.context.get("summary", ""))
    keywords = [str(k).lower() for k in req.context.get("_news_keywords", [])]
    events = [_clean_topic(str(e)) for e in req.context.get("_events", [])]
    events = [e for e in events if e and not _NOISE.search(e)]
    news = [e for e in events if any(k in e.lower() for k in keywords)]
    about = [e for e in events if first and first in e and e not in news]
    sentences = _sentences(old)
    for event in news[:2] + about[:2]:
        sentence = event.rstrip(".") + "."
        if sentence not in sentences:  # a note-taker does not write the same fact twice
            sentences.append(sentence)
    words = int(req.context.get("words", 100))

    def is_news(sentence: str) -> bool:
        return any(k in sentence.lower() for k in keywords)

    while len(" ".join(sentences).split()) > words and len(sentences) > 1:
        plain = [i for i, x in enumerate(sentences) if not is_news(x)]
        sentences.pop(plain[0] if plain else 0)
    text = " ".join(sentences)
    return {"summary": vary(text or f"{other} is someone from around town.", req.rng)}


@hook("social.assess")
def _assess(req: SimRequest) -> dict[str, Any]:
    """Closeness drifts up by one after a pleasant chat now and then; labels follow the new closeness."""
    closeness = int(req.context.get("closeness", 0))
    lines = [str(x) for x in req.context.get("_lines", [])]
    if len(lines) >= 4 and req.rng.random() < 0.5:
        closeness = min(10, closeness + 1)
    label = str(req.context.get("label", "stranger"))
    if label in ("stranger", "") and closeness >= 1:
        label = "acquaintance"
    elif label == "acquaintance" and closeness >= 5:
        label = "friend"
    feeling = req.rng.choice(("friendly", "warm", "curious", "at ease"))
    return {"label": label, "feeling": feeling, "closeness": closeness}


@hook("converse.summary")
def _summary(req: SimRequest) -> dict[str, str]:
    lines: list[str] = [str(x) for x in req.context.get("_lines", [])]
    keywords: list[str] = [str(k).lower() for k in req.context.get("_news_keywords", [])]
    about = next((ln for ln in lines if any(k in ln.lower() for k in keywords)), None)
    if about is None:
        about = next((ln for ln in lines[1:] if len(ln) > 20), "how their days are going")
    about = re.sub(
        r"^(Well, |I think |Honestly, |So, )?(Did you hear\? |By the way, |I was just thinking: |You know, )", "", about
    ).rstrip(".!?")
    return {"text": f"conversing about {about[:200]}"}


# ----------------------------------------------------------------- reflect and user
@hook("reflect.focal_points")
def _focal(req: SimRequest) -> dict[str, list[str]]:
    name = str(req.context.get("_name", "they"))
    statements = [s for s in req.context.get("_statements", []) if s]
    picks = req.rng.sample(statements, k=min(2, len(statements))) if statements else []
    questions = [f"What is {name} most focused on lately?"] + [f"Why is it that {s.rstrip('.')}?" for s in picks]
    return {"questions": questions[: int(req.context.get("n", 3))]}


@hook("reflect.insights")
def _insights(req: SimRequest) -> dict[str, Any]:
    name = str(req.context.get("_name", "they"))
    statements = [s for s in req.context.get("_statements", []) if s]
    if not statements:
        return {"insights": [{"insight": f"{name} has had a quiet time", "evidence": []}]}
    n = min(int(req.context.get("n", 5)), len(statements))
    picks = req.rng.sample(range(len(statements)), k=n)
    return {
        "insights": [
            {"insight": vary(f"{name} cares about this: {statements[i].rstrip('.')}", req.rng), "evidence": [i + 1]}
            for i in picks
        ]
    }


@hook("reflect.chat_planning")
def _chat_planning(req: SimRequest) -> dict[str, str]:
    return {"text": f"I should remember that we were {req.context.get('_summary', 'talking')}."}


@hook("reflect.chat_memo")
def _chat_memo(req: SimRequest) -> dict[str, str]:
    return {"text": f"I found it interesting that we were {req.context.get('_summary', 'talking')}."}


@hook("user.inner_thought")
def _inner(req: SimRequest) -> dict[str, str]:
    text = str(req.context.get("whisper", ""))
    for you, me in (
        ("You are", "I am"),
        ("you are", "I am"),
        ("You're", "I'm"),
        ("your", "my"),
        ("Your", "My"),
        ("You", "I"),
        ("you", "I"),
    ):
        text = re.sub(rf"\b{re.escape(you)}\b", me, text)
    return {"text": text}


@hook("user.interview_ideas")
def _ideas(req: SimRequest) -> dict[str, str]:
    memories = [str(m) for m in req.context.get("_memory_list", [])][:5]
    return {"text": "; ".join(memories) or "nothing in particular comes to mind"}


@hook("user.interview_answer")
def _answer(req: SimRequest) -> dict[str, str]:
    ideas = str(req.context.get("ideas", ""))
    first = ideas.split(";")[0].strip() if ideas else "I am not sure"
    return {"text": utterance(f"From what I remember, {first}.", req.rng)}
