"""What a persona's trade bakes, sells or mends, as the prompt's identity states it.

A model decomposing a baker's "opening the shop" names her bread and pastries ("displaying the bread and
pastries", "selling bread": the 1.5B, on the recorded prompts), as its prompt says she bakes them. The
simulator's know-how is general ("arranging the display"), so a step of the trade's work now and then
names what the identity says that work makes, sells or mends. Read by grammar, not by a list of any
town's goods: the objects of a few trade verbs said in the third person ("She bakes rye loaves, seed
cakes and pretzels", "sells fish from her stall", "mends shovels, chains and cage fittings").
"""

from __future__ import annotations

import random
import re

from aga.simulator.meaning import similarities
from aga.simulator.text import clauses, field, lemma, sentences

# Trade verbs and the kind of work whose steps may name their objects. Not "make" ("makes getting
# medication simpler"), "run" (a business), "keep" ("keeps the boats running"), "stock" ("stocks the
# shelves") or "fit" ("fits in"): their objects are as often no goods at all.
_VERB_KIND = {
    "sell": "service", "serve": "service",
    "bake": "cooking", "cook": "cooking", "brew": "cooking", "roast": "cooking", "fry": "cooking",
    "grill": "cooking",
    "repair": "manual", "mend": "manual", "fix": "manual", "forge": "manual", "sharpen": "manual",
    "build": "manual", "carve": "manual",
}  # fmt: skip
# Where a verb's object ends: a place, a time, a companion or a new clause follows.
_END = re.compile(
    r"(?:^|\s+)\b(?:from|at|in|on|for|to|behind|until|till|by|with|into|every|each|before|after|when|while|as|which|"
    r"that|who|so|than|most|all|then|once|twice|\d+)\b.*$",
    re.IGNORECASE,
)
_LEADING = re.compile(r"^(?:the|a|an|some|his|her|their|its|our|my|fresh|own|[\w-]+'s|[\w-]+s')\s+", re.IGNORECASE)
# People are whom a trade serves, not what it sells ("serves customers", "serves the regulars").
_PEOPLE = re.compile(
    r"\b(?:customers?|guests?|patients?|passengers?|people|persons?|children|kids|pupils|students|clients|"
    r"regulars|visitors|diners|everyone|everybody|anyone|tourists|famil(?:y|ies)|drivers|crews?|men|women|"
    r"neighbours|neighbors|friends|shoppers|travellers|travelers|public|town|village|community)\b",
    re.IGNORECASE,
)
# Steps of each kind's work that name the goods. General English that reads for a mass noun ("fish",
# "bread") and a plural ("seed cakes") alike.
GOODS_STEPS: dict[str, tuple[str, ...]] = {
    "service": (
        "putting out the {goods}", "telling a customer about the {goods}", "restocking the {goods}",
        "checking what is left of the {goods}", "arranging the {goods} on display", "pricing the {goods}",
        "handing over the {goods} to a customer", "recommending the {goods}",
    ),
    "cooking": (
        "preparing the {goods}", "checking on the {goods}", "getting the ingredients ready for the {goods}",
        "setting out the {goods}", "tasting the {goods}", "starting a fresh batch of {goods}",
    ),
    "manual": (
        "looking over the {goods}", "working on the {goods}", "checking the {goods} for wear",
        "finishing off the {goods}", "laying out the tools for the {goods}", "sorting the {goods}",
    ),
}  # fmt: skip
# The kinds whose goods a kind's steps may name: a shop sells what its keeper bakes.
_SHOWN_IN = {"service": ("service", "cooking"), "cooking": ("cooking",), "manual": ("manual",)}
# How close an activity must be to a clause of the routine or the trade for it to be that work: "opening
# the shop" and "opens the shop at 7 am" (0.8), not "cooking dinner" and "bakes the day's bread" (0.3).
WORK_CLAUSE = 0.5


def goods_of(identity: str) -> dict[str, list[str]]:
    """Per kind of work, what the identity's learned traits and daily plan requirement say the persona
    bakes, sells or mends, in the order stated."""
    text = f"{field(identity, 'Learned traits')} {field(identity, 'Daily plan requirement')}"
    out: dict[str, list[str]] = {}
    for sentence in sentences(text):
        words = sentence.split()
        for i, word in enumerate(words):
            kind = _trade_verb(word)
            if kind:
                for item in _objects(" ".join(words[i + 1 :])):
                    if item.lower() not in (x.lower() for x in out.get(kind, [])):
                        out.setdefault(kind, []).append(item)
    return out


def _trade_verb(word: str) -> str | None:
    """The kind of work of ``word`` when it is a trade verb in the third person ("bakes", "mends")."""
    plain = re.sub(r"[^a-z]", "", word.lower())
    # Only a verb said of the persona: "sells", not "selling" (an activity) or "sold" (the past).
    if not plain.endswith("s") or plain.endswith("ss"):
        return None
    return _VERB_KIND.get(lemma(plain))


def _objects(rest: str) -> list[str]:
    """The list of things a trade verb's words run on with: "rye loaves, seed cakes and pretzels from
    her grandmother's recipes" -> rye loaves, seed cakes, pretzels. The list ends where another verb
    takes over ("stamps, weighs parcels"): a second trade verb's objects are read from its own place."""
    rest = re.split(r"[.;:()\"]", rest)[0]
    rest = _END.sub("", rest)
    out: list[str] = []
    for item in re.split(r",\s*(?:and\s+)?|\s+and\s+|\s+or\s+", rest):
        while _LEADING.match(item):
            item = _LEADING.sub("", item, count=1)
        item = item.strip()
        words = item.split()
        if len(words) >= 2 and _verb_first(words[0]):  # "weighs parcels", "sold his car": a new verb
            break
        if not item or len(item.split()) > 3 or _PEOPLE.search(item) or item.lower() in _NOT_GOODS:
            continue
        if item[:1].isupper():  # a name ("Reyes Bakehouse"), not goods
            continue
        out.append(item)
    return out


_NOT_GOODS = frozenset(("out", "up", "off", "them", "it", "these", "those", "everything", "anything", "things"))


def _verb_first(word: str) -> bool:
    """Whether an item's first word is a verb taking over the list: a third-person one ("weighs") or an
    irregular past ("sold"), not a participle used as an adjective ("tinned food", "smoked fish")."""
    if not re.fullmatch(r"[a-z]+", word):
        return False
    return bool(re.fullmatch(r"[a-z]+[^s']s", word)) or (lemma(word) != word and not word.endswith("ed"))


def _goods_for(kind: str, activity: str, identity: str) -> list[str]:
    """The goods ``kind``'s steps may name during ``activity``: none unless it is the trade's work (close
    to a clause of the routine or the trade, or naming one of the goods)."""
    goods = [g for source in _SHOWN_IN.get(kind, ()) for g in goods_of(identity).get(source, [])]
    return goods if goods and _is_trade_work(activity, identity, goods) else []


def goods_steps(
    kind: str, activity: str, identity: str, rng: random.Random, k: int = 2, share: float = 1.0
) -> list[str]:
    """Up to ``k`` steps of ``kind``'s work naming the persona's goods, in a share ``share`` of the calls
    where ``activity`` is that work and the identity states goods for it; [] otherwise. The share is
    drawn only where goods are stated, so a town without any answers as it would without goods."""
    goods = _goods_for(kind, activity, identity)
    if not goods or rng.random() >= share:
        return []
    templates = rng.sample(GOODS_STEPS[kind], k=min(k, len(GOODS_STEPS[kind])))
    out = []
    for template in templates:
        picked = rng.sample(goods, k=2) if len(goods) >= 2 and rng.random() < 0.3 else [rng.choice(goods)]
        out.append(template.replace("{goods}", " and ".join(picked)))
    return out


def _is_trade_work(activity: str, identity: str, goods: list[str]) -> bool:
    if any(re.search(rf"\b{re.escape(g)}\b", activity, re.IGNORECASE) for g in goods):
        return True
    text = f"{field(identity, 'Learned traits')} {field(identity, 'Daily plan requirement')}"
    work = [c for s in sentences(text) for c in clauses(s)]
    return bool(work) and float(similarities(activity, work).max()) >= WORK_CLAUSE
