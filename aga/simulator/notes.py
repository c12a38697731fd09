"""Notes and thoughts: Social Memory's notes and judgements, reflection, the new-day revision, interviews.

Each answer is built from the statements, memories or conversation its prompt lists. What counts as
news to keep in notes is judged by the text's importance (see ``importance``).
"""

from __future__ import annotations

import re
from collections import Counter

from aga.simulator.importance import rate
from aga.simulator.meaning import similarities
from aga.simulator.paraphrase import canonical, vary
from aga.simulator.paraphrase import utterance as say
from aga.simulator.prompt import Prompt, answers
from aga.simulator.talk import (
    _ARTICLE,
    _CLAUSE_IN_LABEL,
    _FEELING,
    _KEPT_QUIET,
    _NAMED,
    _RELATION,
    _RELATION_PARTS,
    _RELATION_SUMMED,
    NEWS,
    _news_in,
    _relation_said,
    _said_by,
    as_own_doing,
    said_plainly,
)
from aga.simulator.text import (
    CAP,
    CHAT_MEMO,
    CHAT_PLANNING,
    INSIGHTS,
    NAMED,
    NOTHING_TOLD,
    OF_A_PAIR,
    OF_A_TOPIC,
    OF_ONE_TALK,
    OF_ONESELF,
    OF_SOMEONE,
    OF_TALKING,
    OF_TALKING_OFTEN,
    OF_TALKS,
    RECALL,
    REVISE_FEELINGS,
    REVISE_NOTE,
    as_said_to,
    bullet_lines,
    clean_topic,
    is_schedule,
    leading_name,
    sentences,
    tells_nothing,
    told_of,
    without_step,
)

# What a note-taker skips: passing sights of the partner, not facts about them.
_NOISE = re.compile(r" is (idle|chatting with|waiting to start|sleeping)\b")
_WAITING = re.compile(r"\bis waiting to start\b")


@answers("social.fold")
def fold(p: Prompt) -> dict[str, str]:
    """The old notes plus news and facts about the other from the new memories, cut to the word budget
    (plain sentences go first when cutting, news last)."""
    other = p.get("other")
    first = other.split()[0] if other else ""
    # What each memory says, without a thought's frame or a line's opener ("I found it interesting that
    # Truth is, ..."): a note holds the fact, not how it came to mind.
    events = [said_plainly(e) for e in bullet_lines(p.get("events"))]
    events = [e for e in events if e and not _NOISE.search(e)]
    news = [e for e in events if rate(e, "", 0.5, 0) >= NEWS]
    # About the other: their full name, or their first name as a word when it is not also the note-keeper's
    # (two Anas: "Ana Lima is having breakfast" is not about Ana Costa).
    own_first = p.get("name").split()[0] if p.get("name") else ""
    called = re.compile(rf"\b{re.escape(other)}\b" if first == own_first or not first else rf"\b{re.escape(first)}\b")
    about = [e for e in events if other and called.search(e) and e not in news]
    notes = sentences(p.get("summary")) if p.get("summary") not in ("", "nothing yet", "-") else []
    for event in news[:2] + about[:2]:
        sentence = event.rstrip(".") + "."
        if sentence not in notes:
            notes.append(sentence)
    words = p.number("words", 100)
    important = {s: rate(s, "", 0.5, 0) >= NEWS for s in notes}
    while len(" ".join(notes).split()) > words and len(notes) > 1:
        plain = [i for i, s in enumerate(notes) if not important.get(s, False)]
        notes.pop(plain[0] if plain else 0)
    return {"summary": vary(" ".join(notes) or f"{other} is someone from around town.", p.rng)}


_UNFRIENDLY = re.compile(r"\b(angry|annoyed|upset|disagree|rude|stop it|leave me alone|not now)\b", re.IGNORECASE)


@answers("social.assess")
def assess(p: Prompt) -> dict[str, object]:
    """Closeness moves by one after a conversation now and then: up after a long friendly one, down
    after an unfriendly one; the label follows the closeness."""
    closeness = p.number("closeness", 0)
    lines = [ln for ln in p.get("conversation").splitlines() if ln.strip()]
    if any(_UNFRIENDLY.search(ln) for ln in lines) and p.rng.random() < 0.5:
        closeness = max(0, closeness - 1)
    elif len(lines) >= 4 and p.rng.random() < 0.4:
        closeness = min(10, closeness + 1)
    label = p.get("label", "stranger")
    if label in ("stranger", "") and closeness >= 1:
        label = "acquaintance"
    elif label == "acquaintance" and closeness >= 5:
        label = "friend"
    feeling = p.rng.choice(("friendly", "warm", "curious", "at ease", "interested"))
    return {"label": label, "feeling": feeling, "closeness": closeness}


_ASLEEP = re.compile(r"^[^()]*\bis (?:sleeping|asleep)\b\W*$")
_A_THINGS_STATE = re.compile(r"^[^()]*\b(?:is|are) (?:in use|being used|idle|being slept in)\b")


def _owner(statements: list[str]) -> str:
    """The person most statements are about (the full name they most often open with)."""
    names = Counter(name for s in statements if (name := leading_name(s)[0]))
    return names.most_common(1)[0][0] if names else "they"


def _important(statements: list[str], k: int, p: Prompt) -> list[int]:
    """Indices of ``k`` statements, the more important more likely."""
    # A thing's state ("feed hopper is in use") is what one saw, not what one draws a conclusion from: an
    # outside tester's farmer concluded "It matters to Gwen that feed hopper is in use".
    # Nor is a day plan's list of hours ("Musa keeps coming back to this: wake up for the morning routine
    # at 3:00 pm; have breakfast at 4:00 pm; ..." was an outside tester's watchman's reflection).
    # Nor is someone asleep: "It matters to Klaus Mueller that Klaus Mueller is sleeping" was drawn.
    weights = [
        0.0
        if _A_THINGS_STATE.search(s)
        or is_schedule(clean_topic(s))
        or _ASLEEP.search(s)
        or tells_nothing(s)
        # (nor an earlier thought of who talks with whom, which the statements it came from say again: "It seems
        # that Étienne Lacombe caught up with Luc Arnaud" framed it anew in an outside tester's abbey, session 70)
        or OF_A_PAIR.match(clean_topic(s))
        # (nor a wait for something in use, the runtime's, not a doing: "It seems that Ioana Popescu is waiting to
        # start making a note about picking Nebbiolo" was an outside tester's wine estate's, session 71)
        or _WAITING.search(s)
        else rate(s, "", 0.5, 0) ** 2
        for s in statements
    ]
    chosen: list[int] = []
    pool = [i for i in range(len(statements)) if weights[i] > 0]
    while pool and len(chosen) < k:
        i = p.rng.choices(pool, weights=[weights[j] for j in pool])[0]
        chosen.append(i)
        pool.remove(i)
    return chosen


@answers("reflect.focal_points")
def focal_points(p: Prompt) -> dict[str, list[str]]:
    """Questions about the most important statements."""
    statements = bullet_lines(p.get("statements"))
    name = _owner(statements)
    n = p.number("n", 3)
    picks = [statements[i] for i in _important(statements, n - 1, p)]
    questions = [f"What is {name} most focused on lately?"] + [f"Why is it that {s.rstrip('.')}?" for s in picks]
    return {"questions": questions[:n]}


# How a model sums up several statements at once. The original's GPT-3.5 reflections generalise
# ("Klaus Mueller is dedicated to his research on gentrification", citing several statements); an
# insight that restates one statement in a frame ("Klaus Mueller cares about this: Klaus Mueller is
# checking emails (comparing two sources)") was every insight the simulator drew before session 59.
# None opens with "<name> is ...", so a later reflection does not read one back as an activity.
_OF_WORK = (
    "{name} has spent much of the day {activity}", "{name} puts a lot of time into {activity}",
    "{name} has been {activity} for much of the day",
)  # fmt: skip
_TALKED = re.compile(r"\b(?:conversing|chatting|talk(?:ed|ing)?|said|told|asked)\b", re.IGNORECASE)
# What someone is seen doing that is no pursuit to sum up: a state, a meal, rest ("Klaus has spent much
# of the day having lunch"), or a statement of how a day is spent ("puts a lot of time into spending ...").
_NO_PURSUIT = re.compile(
    r"^(?:chatting|conversing|sleeping|waiting|idle|on the way|spending|relaxing|resting|taking it easy|getting"
    r" ready|waking|going to bed|(?:eating|having|enjoying|cooking|making|grabbing) (?:an? |the |some )?"
    r"(?:\w+ )?(?:breakfast|lunch|dinner|supper|meal|snack)"
    # (nor is the way home: "I put a lot of time into going home for the day" was said, session 79)
    r"|(?:going|heading|walking|getting|coming|driving|cycling) (?:back )?home"
    # (nor is washing or dressing: "has been drying off with a towel for much of the day", session 69)
    r"|(?:taking|having) an? (?:\w+ )?(?:bath|shower|wash)|showering|bathing|washing|drying (?:off|himself|herself)"
    r"|brushing (?:his|her|their) (?:teeth|hair)|combing|shaving|getting (?:dressed|changed|washed)|dressing"
    r"|changing (?:into|out of|clothes)|using the (?:toilet|washroom|bathroom|lavatory|outhouse))\b"
)
THEMES_AT_MOST = 2  # of an answer's insights, how many sum up several statements; the rest are single


def _activity_of(statement: str, name: str) -> str:
    """The pursuit a statement sees ``name`` at ("Ana Lima is writing a paper, checking a citation
    (reading a journal article)" -> "writing a paper"), or "". Only an action seen at one of its steps
    (in brackets) is one: "Musa is asking the association for a second watchman because the market has
    grown" is what the persona is about, and "... for much of the day" after it was said."""
    m = re.match(rf"{re.escape(name)} is ([a-z]+ing\b[^(]*)\(", statement)
    if not m:
        return ""
    activity = m.group(1).split(",")[0].strip()
    return "" if _NO_PURSUIT.match(activity) else activity


# Where a statement names a person rather than a place: as its subject, or as whom one is with or knows
# ("Hobbs Cafe has been on Isabella's mind" was drawn when every capitalised name counted).
_PERSON_AT = re.compile(rf"(?:\bchatting with|\btalking (?:to|with)|\bknows|^{_NAMED} and) ({_NAMED})")


def _others_named(statements: list[str], name: str) -> list[str]:
    """The other people the statements name (as someone seen, talked with or known), most named first."""
    # A subject doing something ("Bo Lenn is mending nets") is someone; one that is in a state ("Ferry
    # Point Slipway is busy with boats") may be a place.
    people = {who for s in statements if (who := leading_name(s)[0]) and re.match(r"is \w+ing\b", leading_name(s)[1])}
    people |= {m.group(1) for s in statements for m in _PERSON_AT.finditer(s)}
    people = {who for who in people if who != name and " " in who}
    found = Counter(who for s in statements for who in people if who in s)
    return [who for who, _ in found.most_common()]


def _names(statement: str, name: str) -> bool:
    """Whether a statement names the person (in full, by first name) or is their own, in the first person."""
    first = name.split()[0] if name.split() else name
    return bool(name) and (
        re.search(rf"\b(?:{re.escape(name)}|{re.escape(first)})\b", statement) is not None
        or re.search(r"\b(?:I|me|my|our|we)\b", statement) is not None
    )


def _seen_or_said(statement: str) -> bool:
    """Whether a statement is something seen or said (an action, a talk), not a relation or an earlier
    thought (one of the frames a thought is written in)."""
    text = statement.rstrip(" .")
    if _RELATION.match(text) or OF_A_PAIR.match(text):
        return False
    return "conversing about" in text or bool(_TALKED.search(text)) or clean_topic(text) == text


def _talk_between(statement: str, name: str, other: str) -> bool:
    """Whether a statement is a talk between ``name`` and ``other``, seen ("Bo Lenn is chatting with Ana
    Ruiz") or summed up ("Ana Ruiz and Bo Lenn were conversing about ..."), as the runtime records one."""
    a, b = re.escape(name), re.escape(other)
    summed = rf"(?:{a} and {b}|{b} and {a}) were conversing about\b"
    seen = rf"(?:{a} is \w+ing with {b}|{b} is \w+ing with {a})\b"
    return re.match(f"{summed}|{seen}", statement.strip()) is not None


def _themes(statements: list[str], name: str, p: Prompt) -> list[tuple[str, list[int]]]:
    """Insights that sum up two or more statements: a pursuit they see the person at again and again,
    or someone they keep naming; each with the numbers of the statements it rests on, most cited first."""
    plain = [clean_topic(s) for s in statements]
    themes: list[tuple[str, list[int]]] = []
    by_activity: dict[str, list[int]] = {}
    said: dict[str, str] = {}  # each pursuit as first written (names in it keep their capitals)
    for i, s in enumerate(plain):
        if (activity := _activity_of(s, name)) and not is_schedule(s):
            by_activity.setdefault(activity.lower(), []).append(i)
            said.setdefault(activity.lower(), activity)
    for key, cited in by_activity.items():
        if len(cited) >= 2:
            activity = said[key]
            template = p.rng.choice(_OF_WORK)
            themes.append((template.format(name=name, activity=activity), cited))
    # Whom a statement names is read before its frame is taken off: "Tam and Ana were conversing about
    # the timetable" names Ana, its topic does not.
    for other in _others_named(statements, name):
        cited = [i for i, s in enumerate(statements) if other in s]
        # Only what was seen or said makes someone often around: "Abdelkader and Khadija cross paths often"
        # was drawn from his relation to her and from earlier thoughts, and he had never seen her (an outside
        # tester's medina).
        if len(cited) >= 2 and any(_seen_or_said(statements[i]) for i in cited):
            # ... and only a talk between the two of them makes them talk often: a statement naming the other
            # talking with a third ("Ingrid Solberg is chatting with Tomás") is no talk with the person (an
            # outside tester's mechanic "enjoys talking with Ingrid Solberg", and the two had never talked).
            # (a talk is one seen or summed up between the two: a note "from our talk" with a third that names
            # the other is none, and made two who never met "talk often")
            talked = any(_talk_between(statements[i], name, other) for i in cited)
            # Often is more than once: two talks summed up, or an earlier thought that they talk often. One
            # talk's summary, its two "is chatting with" sights and its memo were "talk often", and the
            # other's plan and a relation "seeing a lot of" someone never met (an outside tester's Alaskan
            # town, session 69): seen is seen at something, twice.
            talks = {s for s in statements if "conversing about" in s and _talk_between(s, name, other)}
            often = len(talks) >= 2 or any(OF_TALKING_OFTEN.match(statements[i].rstrip(" .")) for i in cited)
            # (seen with one's own eyes: a thought or a telling of it is no sight; "Franco Gallo is often around
            # when Davide Bruno is" was drawn of two who were never together, session 71)
            seen = sum(
                1
                for i in cited
                if re.match(rf"{re.escape(other)} is \w+ing\b", statements[i])
                and clean_topic(statements[i]) == statements[i].strip().rstrip(".")
            )
            if talked:
                templates = OF_TALKS if often else OF_ONE_TALK
            elif seen >= 2 or any(OF_A_PAIR.match(statements[i].rstrip(" .")) for i in cited):
                templates = OF_SOMEONE  # (seen twice, or thought so before)
            else:
                continue
            # (not what was thought of the two before, in other words: "Chiara Ferrero had a talk with Luca
            # Rinaldi" nine times in a day, session 71; a talk thought of once may still be thought often)
            if templates is OF_TALKS:
                before = OF_TALKING_OFTEN
            else:
                before = OF_TALKING if templates is OF_ONE_TALK else OF_A_PAIR
            if any(before.match(statements[i].rstrip(" .")) for i in cited):
                continue
            themes.append((p.rng.choice(templates).format(name=name, other=other), cited))
    p.rng.shuffle(themes)  # of themes as broad, any may come to mind first
    themes.sort(key=lambda t: -len(t[1]))
    return themes


# An insight drawn before, in any of the frames a single statement is drawn in (see ``_framed``) or as a theme.
_AN_INSIGHT = re.compile(
    "^(?:"
    + "|".join(
        re.escape(t).replace(r"\{name\}", NAMED).replace(r"\{it\}", ".+").replace(r"\{activity\}", ".+")
        for t in (*INSIGHTS, *OF_ONESELF, *OF_A_TOPIC, *_OF_WORK)
    )
    + ")"
)


@answers("reflect.insights")
def insights(p: Prompt) -> dict[str, object]:
    """Up to two insights that sum up what several statements have in common, citing them all; the rest
    one per chosen statement, citing it."""
    statements = bullet_lines(p.get("statements"))
    name = p.get("name", "they")
    n = p.number("n", 5)
    # What an earlier reflection drew already, shown among the statements, is not drawn again: an outside tester's
    # winemaker thought "Chiara Ferrero had a talk with Luca Rinaldi" nine times, and 415 of a day's 890 insights
    # were one person's earlier insight word for word (session 71).
    # (a relation summed up before is one too: "Rosa Bruno is Davide Bruno's wife, and Davide loves her")
    earlier = {i for i, s in enumerate(statements) if _AN_INSIGHT.match(s.strip()) or _RELATION_SUMMED.match(s.strip())}
    thought = {canonical(clean_topic(statements[i])) for i in earlier}
    shown = {canonical(s.strip().rstrip(".")) for s in statements}
    themes = [t for t in _themes(statements, name, p) if canonical(t[0]) not in shown | thought]
    themes = themes[: min(THEMES_AT_MOST, max(1, n - 1))]
    cited = {i for _, numbers in themes for i in numbers}
    again = earlier | {i for i, s in enumerate(statements) if canonical(clean_topic(s)) in thought}
    rest = [i for i in _important(statements, len(statements), p) if i not in cited]
    # (unless nothing else is shown: then it is what comes to mind)
    rest = [i for i in rest if i not in again] or ([] if themes else rest)
    # A passing moment (a meal, waking, a rest) is summed up only when nothing else is left: "It has
    # become plain that Idris Vane is having lunch" was a night keeper's insight (harbour6, session 69).
    # Nor is a chat seen, when anything else is drawn: "It is clear that Luc Arnaud is chatting with Étienne
    # Lacombe" and its like were 120 of an outside tester's abbey's 1335 insights in a day (session 72). Who talks
    # with whom is summed up over several statements (see ``_themes``), not concluded one chat at a time.
    rest = [i for i in rest if not _CHATTING.match(clean_topic(statements[i]))] or ([] if themes else rest)
    rest = sorted(rest, key=lambda i: _momentary(statements[i], name))[: max(0, n - len(themes))]
    if not themes and not rest:  # nothing but things' states
        return {"insights": [{"insight": f"{name} has had a quiet time", "evidence": []}]}
    drawn = [{"insight": vary(text, p.rng), "evidence": [i + 1 for i in numbers[:6]]} for text, numbers in themes]
    singles = [(i, vary(_single_insight(statements[i], name, p), p.rng)) for i in rest]
    # (a relation drawn before, shown without a frame: "Rosa Bruno is Davide Bruno's wife" was his insight 13 times
    # in a day, session 71; unless nothing else is drawn)
    singles = [(i, x) for i, x in singles if canonical(x.rstrip(".")) not in shown] or ([] if drawn else singles)
    drawn += [{"insight": text, "evidence": [i + 1]} for i, text in singles]
    return {"insights": drawn}


def _momentary(statement: str, name: str) -> bool:
    """Whether a statement sees ``name`` at a passing moment of the day (a meal, waking, a rest), no pursuit."""
    m = re.match(rf"{re.escape(name)} is ([a-z]+ing\b[^(]*)", clean_topic(statement)) if name else None
    return bool(m) and _NO_PURSUIT.match(m.group(1).strip()) is not None


_CHATTING = re.compile(rf"^{_NAMED} is (?:chatting|talking|conversing|speaking) (?:with|to)\b")


def _single_insight(statement: str, name: str, p: Prompt) -> str:
    """One statement as an insight: a relation of the cast's as said of the two ("Nessa Pellow is Idris
    Vane's niece by marriage, and Idris is proud of her"), anything else in a frame (see ``_framed``)."""
    return _relation_insight(statement, name) or _framed(_about(statement, name), name, p)


def _relation_insight(statement: str, name: str) -> str:
    """``name``'s relation as the cast gives it ("Idris Vane knows Nessa Pellow as niece by marriage
    (feeling: proud of her).") said as a model sums it up, the feeling with it; "" for any other statement.
    In a frame it read "It seems that Idris Vane knows Nessa Pellow as niece by marriage", its feeling lost,
    in every reflection of a harbour6 night (session 69)."""
    m = _RELATION_PARTS.match(statement.strip())
    if not m or m.group(1) != name:
        return ""
    knower, known, label = m.groups()
    felt = _FEELING.search(label)
    feeling = ((felt.group("f") or felt.group("g")) if felt else "").strip(" .")
    label = re.sub(r"\s*\(.*$", "", label).strip(" .")
    if not label or re.search(r"\b(?:I|me|my|mine|we|our|us)\b", label):
        return ""  # (a label in the first person is the knower's own words: "the chemist I buy my tablets from")
    if _CLAUSE_IN_LABEL.search(label) or _ARTICLE.match(label) or re.search(r"\b(?:he|she|they)\b", label):
        # ("the baker he sees at dawn": whose "he" the label means is the knower's, so the knower says it)
        head = f"{knower} knows {known} as {label if _ARTICLE.match(label) else 'the ' + label}"
    else:
        head = f"{known} is {knower}'s {label}"
    first = knower.split()[0]
    if not feeling or _KEPT_QUIET.search(feeling):
        return head
    if re.match(r"(?:is|has|\w+s)\b", feeling) and not re.match(r"(?:his|hers|its|this|was)\b", feeling):
        said = f"{first} {feeling}"  # "misses her on the long nights", "is a little in awe of her"
    elif re.match(r"(?:a little |very |quite )?(?:in )?\w+ (?:of|to|about|with)\b", feeling):
        said = f"{first} is {feeling}"  # "proud of her", "grateful to her"
    else:
        return head  # a feeling that is no clause ("friendly")
    return f"{head}, and {said}"


# A finite verb, roughly: an auxiliary, or a lower-case word in -s or -ed ("needs", "asked"; a plural
# noun counts too, and the statement then keeps the frames of a statement, as before).
_A_VERB = re.compile(
    r"\b(?:is|are|was|were|has|have|had|will|would|can|could|should|may|might|must|do|does|did|am|I|told|said|made|"
    r"went|came|saw|took|gave|got|found|thought|knew|left|met|heard|felt|kept|brought|bought|sold|ran|won|lost|sent|"
    r"spent|wrote|began|became|come|go|make|take|need|want|like|know|say|think|get|leave|arrive|love|hope)\b"
    r"|(?<!['’])\b[a-z]{2,}(?<!s)(?:s|ed)\b"
)
# ... and how a noun phrase opens: a determiner, or someone's ("Khadija's daughter ...").
_A_THING = re.compile(rf"(?:the|a|an|his|her|their|my|our|its|{NAMED}['’]s)\b")


# Words that open a sentence with a capital and are no name.
_SENTENCE_OPENER = re.compile(
    r"^(?:The|A|An|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Some|Many|Several|Most|All|This|That|These|Those|"
    r"There|It|Everyone|Everybody|Someone|Somebody|Nobody|No one|One|Her|His|Their|Our|Its|Each|Every|Both)\b"
)


def _framed(it: str, name: str, p: Prompt) -> str:
    """A statement as an insight: in a frame that names the person, or, when the statement already names
    them (by full or first name), in one that does not name them twice ("Bram Okafor cares about this:
    Elif Karsan is chatting with Bram Okafor" was drawn)."""
    if _A_THING.match(it) and not _A_VERB.search(it) and len(it.split()) <= 12:
        # What a talk was about, without a verb ("Khadija's daughter Salma's wedding"): "It matters to Youssef
        # Amzil that Khadija ...'s daughter Salma's wedding" was drawn.
        return p.rng.choice(OF_A_TOPIC).format(name=name, it=it)
    # A sentence's capital is not kept inside the frame: "It is clear that Two lambs were killed" was drawn.
    it = _SENTENCE_OPENER.sub(lambda m: m.group(0).lower(), it, count=1)
    # (the first name alone, not another person's who shares it: "Tam Lenn" is not Tam Osei)
    first = name.split()[0] if name.split() else name
    own = bool(name) and bool(re.search(rf"\b(?:{re.escape(name)}\b|{re.escape(first)}\b(?! {CAP}))", it))
    return p.rng.choice(OF_ONESELF if own else INSIGHTS).format(name=name, it=it)


def _about(statement: str, name: str = "") -> str:
    """What a statement says, cleaned of an earlier conclusion's frame first (of any kind, see
    clean_topic), or thoughts about thoughts would nest ("X cares about this: X cares about this: ...").
    A statement in the first person (a memo after a talk: "I found it interesting that I am asking for
    the pepper") is said of ``name``: "Maria has been thinking that I am asking ..." mixed persons."""
    # (without the step in brackets the runtime records after an action: "X has been thinking that X is
    # enjoying dinner (answering a knock at the door)" was 96 of an outside tester's 358 insights)
    text = re.sub(r"\s*\([^()]*\)\s*$", "", clean_topic(statement))
    # (the first person anywhere, not only first: "Nessa Pellow cares about this: Idris is my uncle by
    # marriage" was drawn from a memo)
    if name and re.search(r"\b(?:I|I'm|I've|I'd|I'll|[Mm]y|[Mm]e|[Mm]ine|[Mm]yself)\b", text):
        text = told_of(text, name)
    return _first_sentence(text, ABOUT_CHARS)


ABOUT_CHARS = 240  # an insight restates the gist of a statement, not a whole conversation's summary


def _first_sentence(text: str, limit: int) -> str:
    """``text``'s first sentence, cut at a word to ``limit`` characters, as a model sums a long statement up."""
    first = sentences(text)[0].rstrip(".") if text else text
    if len(first) <= limit:
        return first
    return first[:limit].rsplit(" ", 1)[0].rstrip(",;:")


def _gist(p: Prompt) -> str:
    """The weightiest thing said, from the writer's (``name``'s) side: their own line as they said it,
    the other's told of them ("I am on the ward" said by Bo -> "Bo Reyes is on the ward"), without the
    openers a line is said with ("Truth is, ...")."""
    name = p.get("name")
    lines = [(who, _news_in(line)) for who, line in _said_by(p.get("conversation"))[1:]]
    lines = [(who, line) for who, line in lines if len(line) > 20]
    if not lines:
        return NOTHING_TOLD
    # What the other told comes first: it is what is new to the writer (an outside tester's postmistress, who told
    # the postmaster her own letter about the bridge, noted that letter and not his pancake breakfast on Saturday,
    # which nobody remembered; session 73).
    heard = [(who, line) for who, line in lines if who != name] or lines
    who, line = max(heard, key=lambda x: rate(x[1], "", 0.5, 0))
    # (a doing said without a subject is the speaker's: "I should remember this from our talk: Just making an
    # offering." was an outside tester's memo, and "Just" a person in the reflections after it, session 70)
    line = as_own_doing(line)
    if who != name:
        return told_of(line, who)
    # Their own line, with its "you" the one it was said to: kept as "you", a later talk with someone
    # else told them "I hear you are sending the weather report" of what the first listener was doing.
    other = next((w for w, _ in _said_by(p.get("conversation")) if w != name), "")
    return _to_named(line, other) if other else line


def _to_named(line: str, other: str) -> str:
    """``line`` with its "you" said as ``other`` ("you are on the ward" -> "Bo Reyes is on the ward")."""
    line = re.sub(r"\b[Yy]ou(?: are|'re|’re)\b", f"{other} is", line)
    line = re.sub(r"\b[Yy]ou(?: were)\b", f"{other} was", line)
    line = re.sub(r"\b[Yy]ou(?: have|'ve|’ve)\b", f"{other} has", line)
    line = re.sub(r"\b[Yy]ours\b", f"{other}'s", line)
    line = re.sub(r"\b[Yy]our\b", f"{other}'s", line)
    line = re.sub(r"\b[Yy]ourself\b", other, line)
    return re.sub(r"\b[Yy]ou\b", other, line)


@answers("reflect.chat_planning")
def chat_planning(p: Prompt) -> dict[str, str]:
    """What to remember for planning: the weightiest thing said."""
    return {"text": f"{CHAT_PLANNING}{_gist(p)}."}


@answers("reflect.chat_memo")
def chat_memo(p: Prompt) -> dict[str, str]:
    """What was interesting: the weightiest thing said."""
    return {"text": f"{CHAT_MEMO}{_gist(p)}."}


def _from_statements(p: Prompt, prefix: str) -> dict[str, str]:
    statements = bullet_lines(p.get("statements"))
    # What each says, without an earlier thought's frame: "I feel good about my days, because It matters to
    # Funmilayo Adeyemi that ..." (an outside tester's town) nested a reflection in the revision.
    # (each once: "I should remember that Hamid knows Abdelkader as neighbour; Hamid knows Abdelkader as
    # neighbour" was written from a relation remembered with two feelings)
    picks = list(dict.fromkeys(_about(statements[i]) for i in _important(statements, len(statements), p)))[:2]
    picks = picks or ["nothing much happened"]
    # A sentence, ended as a model ends one: the day's revision joins the note and the feelings into one
    # paragraph ("thoughts"), where an unended note ran on into "I feel ..." as one sentence.
    return {"text": vary(prefix + " " + "; ".join(picks), p.rng).rstrip() + "."}


@answers("plan.revise_note")
def revise_note(p: Prompt) -> dict[str, str]:
    """Something to remember from the day's most important statements."""
    return _from_statements(p, REVISE_NOTE.strip())


@answers("plan.revise_feelings")
def revise_feelings(p: Prompt) -> dict[str, str]:
    """Feelings about the days, from the statements."""
    return _from_statements(p, REVISE_FEELINGS.strip())


@answers("user.inner_thought")
def inner_thought(p: Prompt) -> dict[str, str]:
    """The whisper in the first person."""
    text = p.get("whisper")
    for you, me in (("You are", "I am"), ("you are", "I am"), ("You're", "I'm"), ("your", "my"), ("Your", "My"),
                    ("You", "I"), ("you", "I")):  # fmt: skip
        text = re.sub(rf"\b{re.escape(you)}\b", me, text)
    return {"text": text}


@answers("user.interview_ideas")
def interview_ideas(p: Prompt) -> dict[str, str]:
    """The memories closest to the question."""
    memories = bullet_lines(p.get("memories"))
    if not memories:
        return {"text": "nothing in particular comes to mind"}
    scores = similarities(p.get("question"), memories)
    top = sorted(range(len(memories)), key=lambda i: -scores[i])[:5]
    return {"text": "; ".join(memories[i] for i in top)}


WEIGHT_PER_POINT = 0.04
# An item of a day plan, as the ideas' "; " cuts a plan's list: no subject, an hour at its end.
_PLAN_ITEM = re.compile(r"^[a-z][\w'’-]* .*\b\d{1,2}:\d\d\s*[ap]m\.?$")


@answers("user.interview_answer")
def interview_answer(p: Prompt) -> dict[str, str]:
    """The first idea, said in the first person."""
    ideas = [i.strip().rstrip(".") for i in p.get("ideas").split(";") if i.strip()]  # no "her tea.."
    # What comes to mind is said as a statement, without the step a recorded action holds in brackets; a
    # day plan's list of hours is no answer ("From what I remember, wake up for the morning routine at
    # 3:00 pm." was an outside tester's watchman's answer to "Is anything happening at the market?").
    # Nor is a thing's state or someone seen asleep ("From what I remember, bed is being slept in.").
    ideas = [
        i for i in ideas if not (is_schedule(t := clean_topic(i)) or _PLAN_ITEM.match(t) or _A_THINGS_STATE.search(t))
    ] or ideas
    # Of what comes to mind, a person mentions what answers the question and weighs most: asked what is
    # happening at the market, the borehole to be opened there, not that they sell at a stall in it. Each
    # point of importance (1-10) counts as much as 0.04 of MiniLM similarity to the question, so a weighty
    # idea beside the point does not push out one that answers it.
    plain = [clean_topic(i) for i in ideas]
    closeness = similarities(p.get("question"), plain) if ideas else []
    scores = [float(closeness[k]) + WEIGHT_PER_POINT * rate(t, "", 0.5, 0) for k, t in enumerate(plain)]
    best = ideas[scores.index(max(scores))] if ideas else "I am not sure"
    first = without_step(best) or best  # ("(nothing)", an interview's ideas without memories, stays said)
    # In the first person: "Sato Kenta knows Mori Takeshi as Soba-oyaji" was an onsen receptionist's answer
    # about himself (an outside tester's); the question asks "how would <name> answer".
    # A cast's relation as it is said ("Isabella is the owner of my favourite cafe"), not as remembered
    # ("I know Isabella Rodriguez as owner of his favourite cafe").
    relation = _relation_said(clean_topic(first), p.get("name")) if p.get("name") else None
    # Social Memory's note on a person ("Ada Obi sees Bo Lenn as husband, feeling proud of him (closeness
    # 9/10). What Ada Obi knows: ...") is said as the relation and the feeling, not recited with its score
    # ("I see Chukwuemeka Okafor as husband, feeling proud of ..." was said).
    seen = _SEEN_AS.match(best) if p.get("name") else None  # (the step-like brackets still on)
    if seen and seen.group(1) == p.get("name") and re.fullmatch(r"(?:a )?stranger", seen.group(3)):
        relation = f"I don't really know {seen.group(2)}"  # (not "Ngozi is my stranger")
    elif seen and (said := _relation_said(f"{seen.group(1)} knows {seen.group(2)} as {seen.group(3)}", p.get("name"))):
        relation = said + (f", and I feel {as_said_to(seen.group(4), p.get('name'), '')}" if seen.group(4) else "")
    first = relation or (as_said_to(clean_topic(first), p.get("name"), "") if p.get("name") else first)
    opener = first.split(" ", 1)[0]
    if opener in _OPENERS:  # "From what I remember, this is ...", not "..., This is ..."; a name keeps its capital
        first = opener.lower() + first[len(opener) :]
    return {"text": say(f"{RECALL}{first}.", p.rng)}


_SEEN_AS = re.compile(rf"^({_NAMED}) sees ({_NAMED}) as (.+?)(?:, feeling (.+?))? \(closeness \d+/10\)")
# The words a memory's sentence may open with that are no name: lower-cased inside the answer's frame.
_OPENERS = {"This", "That", "These", "Those", "The", "A", "An", "It", "There", "Today", "Tomorrow", "Yesterday"}
