"""Where an action happens and how it is described, chosen among the options the prompt lists.

Places are scored by meaning: the activity against each option's name; home against the rooms the
prompt says home has; a workplace the routine names ("opens the bakery at 5 am") gains by how close
the activity is to that part of the routine. Staying put wins a near tie, as the prompt asks. Other
people's rooms are avoided unless nothing else fits. Emoji, triples and object states come from the
action's words.
"""

from __future__ import annotations

import itertools
import re

import numpy as np

from aga.routine import sleeps_at, spoken
from aga.simulator.meaning import closest, similarities
from aga.simulator.prompt import Prompt, answers
from aga.simulator.steps import STAFF_WORK, WORK_KINDS, kinds_of
from aga.simulator.text import CAP, clauses, clean_topic, lemma, listed, sentences, thing_of, within, without_step

STAY = 0.04  # a near tie goes to where the persona already is ("stay if it can be done there")
NOISE = 0.02  # the spread of a model sampled at temperature 0.3 between near-equal places
# How close an action counts as being to a routine's clause of the same kind of work: a step of that
# work's know-how ("walking the corridors with a torch" in a night watch) belongs to it however few
# words the two share, as a model knows what keeping watch involves.
SAME_WORK = 0.8
# Below this an action has nothing to do with a routine's clause (MiniLM scores unrelated sentences
# 0 to 0.2; "going for a run around the block" and "buys lunch at Golden Wok takeaway" 0.10): no pull to
# its place, which the sampling spread made a near tie and sent an outside tester's runner to the takeaway.
UNRELATED = 0.25
# Below this no place fits an action better than another: MiniLM puts unrelated texts at 0 to 0.3
# ("looking at old photos (making a cup of tea)" and "Lisowska's Launderette", 0.27), so a place must
# beat it to be worth leaving the current one for.
FIT = 0.35
# Over home, when the place one is at has a room for the activity: the prompt's explicit "stay" outweighs
# the sampling spread (three of its sd), not only a near tie.
STAY_DOABLE = STAY + 3 * NOISE
# Over every other room, for the room an activity names: beyond any gap in meaning between two rooms.
NAMED = 0.5
# Against an eatery for a meal that names none: beyond the gap MiniLM puts between "having lunch" and a
# takeaway's name and the rooms of home.
EATING_OUT = 0.3
_MEALS = ("breakfast", "brunch", "lunch", "dinner", "supper", "tea", "snack", "coffee", "pint", "drink")
_EATERY = re.compile(
    r"\b(?:cafe|café|coffee|tea ?rooms?|takeaway|take-away|restaurant|diner|bistro|pub|inn|bar|canteen|"
    r"chip shop|chippy|bakery|kebab|pizzeria|noodle|wok|grill|brasserie|tavern)\b",
    re.IGNORECASE,
)


_AT_HOME = re.compile(
    r"\b(?:at|go|goes|going|head|heading|walk|walking|back)\s+home\b|"
    # "streaming games from her room" (a ville3 student streamed from Hobbs Cafe)
    # (and a home of another kind: "does his shoulder exercises in his caravan" went on for ten hours in an outside
    # tester's circus's Practice Barn, session 72)
    r"\b(?:from|in|to|into)\s+(?:her|his|their|my)\s+(?:own\s+)?(?:room|bedroom|flat|house|apartment|kitchen|"
    r"caravan|cabin|tent|ger|yurt|cell|quarters|trailer|lodgings|bedsit|digs)\b",
    re.IGNORECASE,
)


_SLEEP = re.compile(r"(?:sleeping|asleep|going to bed|go to bed|in bed)\b", re.IGNORECASE)
# A break in the work (a meal break, a tea break): taken where the work is.
_BREAKS = re.compile(r"\bbreaks?\b", re.IGNORECASE)
_A_BREAK = re.compile(r"\b(?:meal|tea|coffee|lunch|dinner|supper|rest|short) break\b", re.IGNORECASE)


def _noisy(scores: np.ndarray, p: Prompt) -> int:
    return int(np.argmax(scores + np.array([p.rng.gauss(0.0, NOISE) for _ in scores])))


@answers("act.sector")
def sector(p: Prompt) -> dict[str, str]:
    """The place that fits the activity, with home judged by its rooms and work by the routine."""
    options = listed(p.get("options"))
    if not options:
        return {"choice": p.get("home_sector")}
    action = p.get("action_description")
    # A thought is had where the hour is spent: a ville3 student "scrolling through the news (mulling over working
    # towards her physics degree)" at 9 pm went to the college's blackboard for it (session 75).
    action = without_step(action) if _A_THOUGHT.search(action) else action
    home, current = p.get("home_sector"), p.get("current_sector")
    # An activity that says it is at home ("resting at home (listening to the radio)") is done at home:
    # scored by meaning, its step's radio took an outside tester's nurse to the radio hut.
    if home in options and _AT_HOME.search(re.sub(r"\([^)]*\)", "", action)):
        return {"choice": home}
    # Sleep is where the routine shown says it is ("sleeps in the bunk room at the station until the shift ends"),
    # else at home.
    if _SLEEP.match(action) and (there := [o for o in options if sleeps_at(o, p.get("requirement"))]):
        return {"choice": there[0]}
    if _SLEEP.match(action) and home in options:
        return {"choice": home}  # (not a bunk room one is in, off shift)
    home_rooms = [*listed(p.get("home_arenas")), "at home"]
    current_rooms = listed(p.get("current_arenas"))
    routine = _where(p.get("requirement"), options, home, listed(p.get("home_arenas")))
    doing = without_step(action)
    if (
        current in options
        and current != home
        and _A_BREAK.search(doing)
        and not any(_says(doing, o) for o in options)
        and not any(o != current and any(_BREAKS.search(c) for c in said) for o, said in routine.items())
    ):
        # A break is had where the work is, unless the hour or the routine says where ("with breaks at the cafe"): an
        # outside tester's night nurse walked home from her ward at 1 am for her "meal break" and back for the
        # medicines at 2 (its meal is home's kitchen's by meaning, and the ward's rooms are for none; session 78).
        return {"choice": current}
    scores = similarities(action, options).astype(float)
    # The work a step is part of is its block's: "changing a dressing (putting on gloves)" is a doctor's care,
    # though its step alone reads as getting dressed. An outside tester's station doctor, at home when the
    # hour came, changed dressings at the lounge's bookshelf and in the leader's cabin. The step decides
    # only where the block is no work of a kind ("resting (phoning a supplier)").
    work = _work_kind(without_step(action)) or _work_kind(action)
    # Cooking is anyone's at home, but a cook's at the place the routine cooks at: an outside tester's station
    # cook, "letting the sauce simmer" with no place said, did so at the film projector of her lounge.
    kind = kinds_of(re.sub(r"\([^)]*\)", "", action))[0][0]
    cooking, meal = kind == "cooking", kind == "meal"
    said = action.lower()
    meal_words = {w for w in _MEALS if re.search(rf"\b{w}\b", said)}
    pulled: set[str] = set()  # places the routine ties this action to
    for i, option in enumerate(options):
        if option == home:
            scores[i] = max(scores[i], float(similarities(action, home_rooms).max()))
        named = routine.get(option)
        if named and meal and not any(_names_meal(c, w, option) for w in meal_words for c in named):
            # A routine's "buys lunch at Golden Wok takeaway" is no pull for breakfast or for a glass of
            # water: an outside tester's developer had every meal of the day there.
            named = None
        if named:  # the persona's stated workplace, for what belongs to that part of the routine
            close = float(similarities(action, named).max())
            same_work = bool(work) and any(_work_kind(clause) == work for clause in named)
            cooks_there = cooking and option != home and any(kinds_of(c)[0][0] == "cooking" for c in named)
            if same_work or cooks_there:
                close = max(close, SAME_WORK)
            # A walk is no part of a clause of study: MiniLM puts "going for a walk (looking at the trees)" 0.28 from
            # "studies at Hobbs Cafe in the afternoon", and a ville3 student walked at the cafe (session 75). What
            # is of another kind than every clause must be as close as a fit.
            alike = kind in {kinds_of(c)[0][0] for c in named}
            if close >= (UNRELATED if alike or same_work or cooks_there else FIT):
                scores[i] += 0.6 * close
                pulled.add(option)
        if option == current:
            scores[i] += STAY
        if (
            meal
            and option not in (home, current)
            and not named
            and option.lower() not in said
            and _EATERY.search(option)
        ):
            # A meal is eaten at home or where one is unless the hour or the routine names the place: MiniLM
            # puts "having lunch" next to any takeaway's name, and an outside tester's developer ate every
            # meal in the Golden Wok's kitchen.
            scores[i] -= EATING_OUT
    if current != home and current in options and home in options and current_rooms:
        # "Stay if the activity can be done there": away from home, an activity that a room here is for
        # as much as any room at home (a night nurse's packed supper and the clinic's staff room) gives
        # home's rooms no pull over the place one is at; what needs home (sleep, a shower) still does.
        here, there = options.index(current), options.index(home)
        if _room_use(action, current_rooms).max() >= _room_use(action, home_rooms).max() > 0:
            scores[here] = max(scores[here], scores[there] + STAY_DOABLE)
    # A place the activity names is where it happens: an outside tester's doctor "leading the crew's exercise
    # session in the Gym of the Living Module" stayed on at his sick bay's bed (what his sick bay is for
    # was as near an exercise session as what his home's lounge is for). The longest name said wins, as for a room.
    said_places = (
        [o for o in options if _says(doing, o)]
        or [o for o in options if _said_by_its_end(doing, o, options)]
        or [o for o in options if _a_room_of(doing, o, options)]
    )
    for option in said_places:
        if len(option) == max(len(o) for o in said_places):
            scores[options.index(option)] += NAMED
    # ... and so is a room of home the hour names, for what is no work: a station doctor's "resting in the lounge
    # (reading a book)" went to his Medical Room (MiniLM puts resting near a medical room, 0.33, and reading
    # near his routine's "writes up the health log"), though his home has a Crew Lounge. Not when the place one
    # is at has a room so named too (a cafe's kitchen is not home's).
    if home in options and not said_places and not work:
        # (its rooms as listed, not "at home": "visiting Gran at the care home" names no room of it)
        own = listed(p.get("home_arenas"))
        if _names_a_room(doing, own) and not (current != home and _names_a_room(doing, current_rooms)):
            scores[options.index(home)] += NAMED
    if _needs_home(action, p, current, home, options, work, current in pulled or current in said_places):
        here, there = options.index(current), options.index(home)
        scores[there] = max(scores[there], scores[here] + STAY_DOABLE)
        return {"choice": options[_noisy(scores, p)]}
    if (
        current == home
        and home in options
        and not work
        and not (pulled | set(said_places)) - {home}
        and _room_use(action, listed(p.get("home_arenas"))).max(initial=0.0) >= HOME_ROOM_FIT
    ):
        # ... and at home, what a room of home is for is done there, where nothing ties it to another place: a ville3
        # student "having a snack on the sofa" at 10 pm went to the cafe for it (MiniLM puts a snack near a cafe's
        # name) and watched a film there until midnight (session 75).
        return {"choice": home}
    if current in options:
        here = options.index(current)
        if max((x for j, x in enumerate(scores) if j != here), default=0.0) < FIT:
            # No other place fits better than MiniLM's noise between unrelated texts: "stay in the current
            # area if the activity can be done there". An outside tester's pupil, at home looking at old
            # photos, went to the launderette's back room to make a cup of tea (0.27 against home's 0.24)
            # and moved on every few minutes.
            return {"choice": current}
    return {"choice": options[_noisy(scores, p)]}


# How far what a room at home is for must fit an action, and beat all the place one is at has, for the action
# to need home: MiniLM puts "eating breakfast" 0.52 from a kitchen's uses and 0.13 from a classroom's.
HOME_ROOM_FIT = 0.4
HOME_ROOM_GAP = 0.2


def _needs_home(
    action: str, p: Prompt, current: str, home: str, options: list[str], work: str | None, tied: bool
) -> bool:
    """Whether ``action``, away from home, is what a room at home is for and nothing at the current place
    is: "stay in the current area if the activity can be done there", and breakfast cannot be had at a
    college whose rooms are a classroom and a library. A ville3 student had his breakfast and dinner at the
    college's blackboard (session 75): home's rooms scored by their names were below ``FIT``, so he stayed.

    Not for work, nor where the routine or the hour ties the action to the place one is at, nor at an
    eatery (a cafe's one room, of no known kind, is for eating all the same)."""
    if work or tied or current == home or current not in options or home not in options or _EATERY.search(current):
        return False
    own = listed(p.get("home_arenas"))
    here = listed(p.get("current_arenas"))
    at_home = float(_room_use(action, own).max()) if own else 0.0
    # What the place one is at offers: its rooms' known uses, else their names and its own, by meaning.
    offered = max(
        float(_room_use(action, here).max()) if here else 0.0, float(similarities(action, [*here, current]).max())
    )
    return at_home >= HOME_ROOM_FIT and at_home - offered >= HOME_ROOM_GAP


# A step that is a thought about something (see steps.MUSINGS and the drift's own thoughts).
_A_THOUGHT = re.compile(
    r"\((?:thinking|wondering|mulling|pondering|worrying|remembering|daydreaming|making a note about|"
    r"jotting down ideas on|trying to decide)\b[^)]*\)\s*$",
    re.IGNORECASE,
)


# Meals had on a break: "spends the day on his paper, with breaks at Hobbs Cafe" has lunch or a coffee
# there, not breakfast or dinner.
_ON_A_BREAK = frozenset(("lunch", "coffee", "tea", "snack", "drink", "brunch"))


def _names_meal(clause: str, meal: str, place: str) -> bool:
    """Whether a routine's ``clause`` at ``place`` says ``meal`` is had there."""
    if re.search(rf"\b{meal}\b", clause, re.IGNORECASE):
        return True
    return meal in _ON_A_BREAK and bool(_EATERY.search(place)) and bool(re.search(r"\bbreaks?\b", clause, re.I))


def _work_kind(text: str) -> str | None:
    """The kind of work ``text`` is (a trade's, as keeping watch or serving customers), or None for a
    kind anyone's day holds (a meal, a walk, housework), which ties no action to a routine's place."""
    kind = kinds_of(text)[0][0]
    return kind if kind in WORK_KINDS else None


def _where(
    requirement: str, options: list[str], home: str = "", home_rooms: list[str] | None = None
) -> dict[str, list[str]]:
    """The routine's clauses by the place they happen at: a clause naming a place goes to it, and one
    naming none to the place named last in its sentence ("goes to the library at the college and spends
    the day on his paper": the paper is written at the college). A clause that says "home" goes to the
    persona's home: "works the night shift at the clinic until 7 am and walks home" ends at home, and
    giving that clause to the clinic sent a night nurse's waking up and going to bed there."""
    out: dict[str, list[str]] = {}
    tails = _short_names(options)
    # (rooms said by a name of their own, not "kitchen": a cafe has a kitchen too)
    own_rooms = [r for r in home_rooms or [] if len(r.split()) >= 2]
    for sentence in sentences(requirement):
        current: list[str] = []
        errand = False
        for clause in clauses(sentence):
            named = [o for o in options if o.lower() in clause.lower()]
            # A place said by the end of its name: "the toilet block" for "Upton Stoke Services toilet
            # block", as people write a routine. Unmatched, an outside tester's cleaner had the kiosk's
            # floor given to the diner named before it, and mopped there all morning.
            named = named or [o for o, tail in tails.items() if re.search(rf"\b{re.escape(tail)}\b", clause, re.I)]
            # (and "from her room", "in his flat": "streams games from her room in the evening" went to the cafe named
            # before it, and a ville3 student's snack and walk with it; session 75)
            if not named and home in options and _AT_HOME_SAID.search(clause):
                named = [home]
            if not named and home in options and any(r.lower() in clause.lower() for r in own_rooms):
                # "works at his desk in Oskar Lindqvist's study": a room of home named is home
                named = [home]
            if named:
                current, errand = named, kinds_of(clause)[0][0] in _VISITS
            elif errand and _STARTS_AT.search(spoken(clause)):
                # A clause at an hour of its own goes on at an errand's place only if it says so: "buys
                # lunch at Golden Wok takeaway at 1 pm, goes for a run at 6 pm" is no run at the takeaway
                # (an outside tester's developer ran there). After a place one works or spends time at it
                # does: "opens the barber's at 8 am, ... sweeps up and cashes up the till at 6 pm".
                current = []
            for option in current:
                out.setdefault(option, []).append(clause)
    return out


_AT_HOME_SAID = re.compile(
    r"\bhome\b|\b(?:her|his|their|my|own) (?:own )?(?:room|bedroom|flat|apartment|house|cottage|quarters?)\b", re.I
)
# What one goes to a place for as a customer, not as where one's day goes on.
_VISITS = frozenset(("meal", "going out", "errand"))
# A clause's own starting hour ("at 6 pm", "from 9:30 am", "around noon"), not an end ("until 6 pm").
_STARTS_AT = re.compile(r"\b(?:at|from|around|about|by)\s+\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)", re.IGNORECASE)


def _short_names(options: list[str]) -> dict[str, str]:
    """Each option of three words or more by its last two ("fuel kiosk"), where no other option ends or is
    named so (two "... Beach Cafe"s are told apart by their full names only)."""
    tails = {o: " ".join(o.split()[-2:]).lower() for o in options if len(o.split()) >= 3}
    return {
        o: t
        for o, t in tails.items()
        if sum(t in other.lower() for other in options) == 1
        and len(re.sub(r"\W", "", t)) >= 6
        and t.split()[0] not in _JOINING  # "and repair" is no name of "Fenlow Tyre and Repair"
    }


_JOINING = frozenset(("and", "of", "the", "&", "at", "on", "in", "de", "la", "le", "du", "des", "del", "von", "van"))


# What rooms of a kind are for: general know-how a model brings, as the decomposition pools are. MiniLM
# alone puts "eating lunch" nearer "bathroom" than "kitchen" (0.35 vs 0.34), which no model would.
ROOM_USES: tuple[tuple[str, str], ...] = (
    ("kitchen", "cooking food, eating breakfast, lunch or dinner, making coffee or tea, washing the dishes"),
    # (an outside tester's fish counter read the news and changed into pajamas in his camp's outhouse)
    ("bathroom|washroom|toilets?|outhouse|latrine|privy|lavatory|restroom|shower room|shower block",
     "taking a shower or a bath, brushing teeth, washing up, using the toilet"),
    # (and a bunk room: an outside tester's fire captain slept in the station's day room, by the television, 73)
    ("bedroom|dormitory|bunk ?room|bunkroom|bunkhouse|sleeping quarters|berth|cabin",
     "sleeping, going to bed, getting dressed, resting, napping"),
    ("living room|lounge|sitting room|common room|main room",
     "relaxing, watching television, reading, chatting with the family, eating a snack"),
    # (an outside tester's station crew, in the Galley for their meals, ate at its oven, not in its Mess Room)
    ("dining room|dining hall|mess room|messroom|mess|wardroom|refectory",
     "eating breakfast, lunch or dinner at the table"),
    ("office|study", "working at a desk, writing, answering emails, studying"),
    ("garden|yard", "gardening, watering the plants, relaxing outdoors"),
    ("garage|workshop", "repairing things, working with tools"),
    ("staff room|break room|canteen|cafeteria|mess hall|kitchenette",
     "eating a meal or a snack on a break, making coffee or tea"),
    ("laundry", "washing and drying clothes"),
    # Rooms of work whose names say little to MiniLM beside the word of their trade: an outside tester's
    # night nurse spent her shift in the "hospital kitchen" rather than on "Larch Ward".
    ("ward|wards|infirmary|sickroom|sick bay",
     "nursing patients in their beds, checking on the patients, giving out medicines"),
    ("consulting room|treatment room|examination room|surgery room",
     "a doctor holding surgery, seeing and examining patients, writing prescriptions"),
    ("waiting room|reception", "waiting for an appointment, booking in at the desk, greeting visitors"),
    # (an outside tester's night receptionist checked guests in among the futons of the guest rooms)
    ("lobby|front desk|front office",
     "checking guests in and out, booking in at the desk, greeting visitors, taking a message, waiting"),
    ("classroom|schoolroom", "teaching a class, a lesson, marking the pupils' work"),
    # An outside tester's shopkeeper served "behind the shop counter" in the stockroom ("stock" in
    # "customers"? MiniLM put serving customers nearer the stockroom than the shop floor).
    ("shop floor|sales floor|shop front|front of (?:the )?shop|counter",
     "serving customers, buying something and paying, selling, opening the shop"),
    ("stockroom|stock room|storeroom|store room|back room|cellar|food store|dry store|pantry|larder",
     "unpacking deliveries, storing and counting stock, fetching boxes"),
)  # fmt: skip


_WASHING = next(u for kind, u in ROOM_USES if "washroom" in kind)


def _room_use(action: str, options: list[str]) -> np.ndarray:
    """Per option, how close ``action`` is to what a room of its kind is for (0 for rooms of no known kind).

    A washroom is for washing only: -1 (last choice) for an action closer to another room's use than to
    washing. MiniLM puts "having dinner" nearer "washing up, using the toilet" than a bedroom's uses, and
    "setting the table" nearer the word "washroom" than "Jonas Keller's room": a bunkhouse of bedrooms
    and a washroom had its people eating at the sink.
    """
    uses = [next((u for kind, u in ROOM_USES if re.search(rf"\b(?:{kind})\b", o, re.IGNORECASE)), "") for o in options]
    known = sorted({u for u in uses if u})
    if not known:
        return np.zeros(len(options))
    every = [u for _, u in ROOM_USES]
    sims = similarities(action, every).astype(float)
    by_use = dict(zip(every, sims, strict=True))
    if every[int(np.argmax(sims))] != _WASHING:
        by_use[_WASHING] = -1.0
    return np.array([by_use.get(u, 0.0) for u in uses])


def _pairs(name: str) -> list[str]:
    """Each two words in a row of ``name`` ("front desk", "desk lobby"), but for joining words."""
    pairs = itertools.pairwise(name.split())
    return [f"{a} {b}" for a, b in pairs if a.lower() not in _JOINING and b.lower() not in _JOINING]


# Ends of a place's name that say only that it is someone's home: "the house" may be anyone's.
_DWELLINGS = frozenset(("house", "home", "cottage", "flat", "apartment", "room", "rooms", "building", "place"))


def _said_by_its_end(text: str, option: str, options: list[str]) -> bool:
    """Whether ``text`` names ``option`` by the last word of its name after "the" ("dinner at the manse" for
    "Tŷ Capel manse", "back to the quarry" for "Cae Mawr Quarry"), where no other option ends so. (A
    routine's clause names a place by its last two words instead, see ``_short_names``; an hour's "the <word>"
    is how a plan item says a place the lifestyle called by what it is.)"""
    words = option.split()
    last = words[-1].lower() if len(words) >= 2 else ""
    if len(last) < 4 or not last.isalpha() or last in _DWELLINGS:
        return False
    if sum(1 for o in options if o.split()[-1].lower() == last) > 1:
        return _said_by_its_head(text, option, options)
    return re.search(rf"\bthe\s+{re.escape(last)}\b", text, re.IGNORECASE) is not None or _said_by_its_head(
        text, option, options
    )


def _said_by_its_head(text: str, option: str, options: list[str]) -> bool:
    """Whether ``text`` names ``option`` by the first word of its name after "at the", "in the" and the like ("at
    the cookhouse" for "Cookhouse Wagon": an outside tester's circus ate "breakfast at the cookhouse" in its
    Practice Barn, session 72), where that word is a noun of five letters or more no other option opens with."""
    words = option.split()
    head = words[0].lower() if len(words) >= 2 else ""
    if len(head) < 5 or not head.isalpha() or head in _DWELLINGS:
        return False
    if sum(1 for o in options if o.split()[0].lower() == head) > 1:
        return False
    said = rf"\b(?:at|in|to|into|inside|from|by)\s+the\s+{re.escape(head)}\b(?!\s+[a-z]{{3,}})"
    return re.search(said, text, re.IGNORECASE) is not None


# First words any place's name may have ("the main hall" is no room of the "Main deck").
_ANY_PLACES = frozenset(
    ("main", "upper", "lower", "north", "south", "east", "west", "old", "new", "great", "little", "front", "back",
     "middle", "inner", "outer", "central", "high", "small", "large", "first")
)  # fmt: skip
# Words for a room a place's first word may come before: "the mess room" is a room of the "Mess deck".
_ROOM_NOUNS = r"(?:(?:day\s+)?room|hall|kitchen|office|store|yard|shed|hut|lounge|cabin|deck|block|wing)"


def _a_room_of(text: str, option: str, options: list[str]) -> bool:
    """Whether ``text`` names a room of ``option`` by the first word of its name before a word for a room ("in the
    mess room" of "Mess deck", "in the crew day room" of "Crew deck"), where no other option opens with that word:
    an outside tester's ship had its stated meals "in the mess room" in cabins, the radio room and on the poop deck,
    as the prompt lists the rooms of home and of where one is only (session 74)."""
    words = option.split()
    head = words[0].lower() if len(words) >= 2 else ""
    if len(head) < 4 or not head.isalpha() or head in _DWELLINGS or head in _JOINING or head in _ANY_PLACES:
        return False
    if sum(1 for o in options if o.split()[0].lower() == head) > 1:
        return False
    said = rf"\b(?:at|in|to|into|inside|from|by)\s+the\s+{re.escape(head)}\s+{_ROOM_NOUNS}\b"
    return re.search(said, text, re.IGNORECASE) is not None


def _names_a_room(text: str, rooms: list[str]) -> bool:
    """Whether ``text`` names one of ``rooms``: in full, or by its last word where that is a word for a room
    ("the lounge" for "Crew Lounge"; not "1" of "Cabin 1")."""
    for room in rooms:
        last = room.split()[-1] if room.split() else ""
        if _says(text, room) or (len(last) >= 4 and last.isalpha() and _says(text, last)):
            return True
    return False


def _says(text: str, words: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(words)}(?!\w)", text, re.IGNORECASE) is not None


def _someones(arena: str) -> bool:
    """Whether the room is named for a person ("Eddy Lin's bedroom"; not "men's bath", "the children's room")."""
    return re.search(rf"\b{CAP}[\w'’-]*'s ", arena) is not None


def _someone_elses(arena: str, name: str, sector: str = "") -> bool:
    """'Eddy Lin's bedroom' is someone else's room unless it names ``name``: in full, or by words of it
    alone ("Klaus's room"; "Haruki and Michiko's bedroom" is Sato Haruki's too, a family name written
    first, but "Eddy Lin's" is not Mei Lin's). Not a room named for no one: an outside tester's inn keeper
    never checked the "men's bath", taken for someone else's."""
    if not _someones(arena):
        return False
    if name and name in arena:
        return False
    # A room named for whom its building is named for is the building's ("Manager's Study" in the
    # "Manager's Bungalow"): an outside tester's manager wrote his letters "in his study" in the dining
    # room, his study taken for someone else's.
    if sector and (owner := re.match(rf"({CAP}[\w’-]*'s) ", arena)) and re.match(rf"{re.escape(owner[1])} ", sector):
        return False
    words = set(name.split())
    runs = re.findall(rf"{CAP}[\w’-]*(?:'s)?(?:\s+{CAP}[\w’-]*(?:'s)?)*", arena)
    return not any({w.removesuffix("'s") for w in run.split()} <= words for run in runs)


@answers("act.arena")
def arena(p: Prompt) -> dict[str, str]:
    """The room that fits the activity; one's own room over another's; the current room in a tie."""
    options = listed(p.get("options"))
    if not options:
        return {"choice": p.get("current_arena")}
    action = p.get("action_description")
    name = p.get("name")
    use = _room_use(action, options)
    # A room's words that repeat its building's name say nothing of what the room is for: "holding
    # morning surgery" is no closer to the "surgery waiting room" of Mill Lane Surgery than to its
    # "consulting room" (an outside tester's GP never used hers).
    building = {w.lower() for w in re.findall(r"[\w'’]+", p.get("sector"))}
    names = [" ".join(w for w in o.split() if w.lower() not in building) or o for o in options]
    scores = np.where(use < 0, use, np.maximum(similarities(action, names).astype(float), use))
    # A room the activity names is where it happens ("the night shift on Larch Ward"): MiniLM reads the name
    # of a tree there. The longest name said wins ("post office counter" over "office").
    doing = without_step(action)
    said = [o for o in options if _says(doing, o)]
    # ... or two words of it together: "studying at the front desk" is in the "front desk lobby" (an outside
    # tester's night receptionist studied on the guests' futons).
    said = said or [o for o in options if any(_says(doing, pair) for pair in _pairs(o))]
    for option in said:
        if len(option) == max(len(o) for o in said):
            scores[options.index(option)] += NAMED
    for i, option in enumerate(options):
        if _someone_elses(option, name, p.get("sector")):
            scores[i] -= 0.3
        elif _someones(option) and re.search(r"\b(sleep|bed|nap|dress)", action.lower()):
            scores[i] += 0.3  # one's own bedroom for the night
        if option == p.get("current_arena") and p.get("sector") == p.get("current_sector"):
            scores[i] += STAY
    return {"choice": options[_noisy(scores, p)]}


@answers("act.object")
def game_object(p: Prompt) -> dict[str, str]:
    """The object closest in meaning to the activity."""
    options = listed(p.get("options"))
    if not options:
        return {"choice": "nothing"}
    action = p.get("action_description")
    scores = similarities(action, options).astype(float)
    if not STAFF_WORK.search(re.sub(r"\([^)]*\)", "", action)):
        # A place behind a bar or a counter is the staff's: an outside tester's customers stood "behind the
        # bar" for their pints (MiniLM puts a pint nearest it).
        scores -= np.array([0.3 if re.match(r"behind\b", o, re.IGNORECASE) else 0.0 for o in options])
    return {"choice": options[_noisy(scores, p)]}


EMOJI: tuple[tuple[str, str], ...] = (
    ("sleeping in bed, napping", "😴"),
    ("drinking coffee or tea", "☕"),
    ("eating a meal, breakfast, lunch, dinner, eating meat or soup", "🍽️"),
    ("cooking or baking in the kitchen", "🍳"),
    ("taking a shower, washing, brushing teeth", "🚿"),
    ("reading, studying, researching", "📚"),
    ("writing, taking notes, drafting", "✍️"),
    ("talking, chatting, a conversation, a phone call", "💬"),
    ("walking, exercising, running outdoors", "🚶"),
    ("a party, a celebration, decorating", "🎉"),
    ("shopping, buying things, running errands", "🛒"),
    ("working on a computer, emails, streaming, games", "💻"),
    ("playing or composing music", "🎵"),
    ("painting, drawing, making art", "🎨"),
    ("repairing, fixing, building with tools", "🔧"),
    ("serving customers, selling at a counter", "🧾"),
    ("caring for a patient, medicine, health", "🩺"),
    ("teaching a class, a lesson", "🧑‍🏫"),
    ("boats, the sea, fishing, nets, sailing", "⛵"),
    ("cleaning, tidying up", "🧹"),
    ("resting, relaxing, watching television", "🛋️"),
    ("waiting, thinking", "🤔"),
    # (an outside tester's muezzin had 🍽️ for his prayers, the nearest of the above; session 66)
    ("praying, a prayer, worship, a service", "🙏"),
    ("farming, tending animals, herding, crops, a garden", "🌾"),
    ("driving, riding, travelling, a journey", "🚗"),
    ("bathing, a bath, soaking in hot water", "🛁"),
    ("horses, riding a horse, saddling, a foal", "🐎"),
    ("sheep, goats, a flock, a herd of cattle or yaks", "🐑"),
    ("wool, felt, knitting, spinning, weaving", "🧶"),
    ("making cheese, butter or curd from milk", "🧀"),
    ("training for a sport, wrestling, a match, lifting weights, playing football or a ball game", "🏅"),
    ("swimming or playing by the river or the sea", "🏊"),
    # (an outside tester's station: the night watch had the sofa's 🛋️, a lab's calibrations 🙂, the blizzard
    # forecast 🏊 and the morning meeting ⛵; session 67)
    ("keeping the night watch, a night watchman guarding the buildings, a fire round", "🔦"),
    ("a laboratory, measuring, calibrating an instrument, samples, an experiment", "🔬"),
    ("the weather, a storm, a blizzard, a forecast, wind and snow", "🌨️"),
    ("a radio, radio calls, a radio schedule", "📻"),
    ("a meeting, a briefing with colleagues", "👥"),
    # (an outside tester's tailor had a laboratory's 🔬 for his seams, a game of cards was a swim 🏊 and a minibus a
    # car 🚗; session 78)
    ("sewing, tailoring, stitching a seam, hemming, a sewing machine", "🧵"),
    ("playing cards, a board game, chess, dice, a game", "🎲"),
    ("driving a bus, a minibus or a taxi, passengers, fares, the next stop", "🚌"),
)


def _emoji(text: str) -> str:
    index, score = closest(text, [d for d, _ in EMOJI])
    return EMOJI[index][1] if score > 0.15 else "🙂"


@answers("act.emoji")
def action_emoji(p: Prompt) -> dict[str, str]:
    """The emoji whose meaning is closest to the action."""
    return {"emoji": _emoji(p.get("action_description"))}


@answers("act.object_emoji")
def object_emoji(p: Prompt) -> dict[str, str]:
    """The emoji closest to the object's state."""
    return {"emoji": _emoji(f"{p.get('object')} is {p.get('state')}")}


_FILLER = {"a", "an", "the", "for", "to", "at", "in", "on", "her", "his", "their", "some", "of", "with"}


@answers("act.triple")
def triple(p: Prompt) -> dict[str, str]:
    """(name, the verb's base form, what the action is about).

    What the action is about is read at one of three lengths, as a model's samples do: the whole
    description with its step in brackets, the activity without the step, or just its object.
    """
    name = p.get("name")
    description = clean_topic(p.get("action_description"))
    words = description.split()
    if not words:
        return {"subject": name, "predicate": "is", "object": "idle"}
    if words[0].lower() in ("sleeping", "asleep"):
        return {"subject": name, "predicate": "is", "object": "sleep"}
    if words[: len(name.split())] == name.split() and len(words) > len(name.split()) + 1:
        words = words[len(name.split()) :]  # "Ann Lee is baking bread": the subject is already said
        if words[0] in ("is", "was", "are"):
            words = words[1:]
    verb = lemma(words[0].lower())
    rest = words[1:]
    reading = p.rng.choices(("whole", "main", "object"), weights=(3, 4, 3))[0]
    if reading == "whole":
        obj = " ".join(rest)
    elif reading == "main":
        obj = without_step(" ".join(rest))
    else:
        obj = thing_of(" ".join(words))
    obj = " ".join(w for w in obj.split() if w.lower() not in _FILLER or reading == "whole")[:80]
    return {"subject": name, "predicate": verb, "object": obj or words[0]}


@answers("act.object_state")
def object_state(p: Prompt) -> dict[str, str]:
    """The object's state while the action goes on."""
    action = p.get("action_description")
    obj = p.get("object").lower()
    if "bed" in obj and "sleep" in action.lower():
        return {"state": "being slept in"}
    step = re.search(r"\(([^)]*)\)", action)
    doing = (step.group(1) if step else action).strip()
    # (cut at a word, as a model shortens: "... the new solar-powered borehole at Ama" was a state)
    return {"state": p.rng.choice(("in use", "being used", within(f"being used for {doing}", 80)))}


@answers("act.object_triple")
def object_triple(p: Prompt) -> dict[str, str]:
    """(object, verb, rest) from the state."""
    obj = p.get("object")
    words = p.get("state", "being used").split()
    if not words or words[0] in ("being", "in"):
        return {"subject": obj, "predicate": "is", "object": " ".join(words) or "in use"}
    return {"subject": obj, "predicate": lemma(words[0]), "object": " ".join(words[1:]) or words[0]}
