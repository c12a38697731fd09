"""How poignant an event, a chat or a thought is, judged from its text as a model would.

The anchors are general human situations with the rating a person would give them (the prompt's own
scale: brushing teeth is 1, a break-up 10). An event's rating is that of the anchors closest to it in
meaning, raised when it touches what the persona says they are busy with (the identity's "Currently"),
with a little noise. No town's names: a storm warning for a harbour rates like an election in a
college town because both are close to "news that affects the whole town".
"""

from __future__ import annotations

import re

import numpy as np

from aga.simulator.meaning import similarities
from aga.simulator.prompt import Prompt, answers
from aga.simulator.text import field

ANCHORS: tuple[tuple[str, int], ...] = (
    ("someone is sleeping", 1),
    ("an object is idle", 1),
    ("an object is being used", 1),
    ("brushing teeth and making the bed", 1),
    ("walking from one place to another", 1),
    ("taking a shower and getting dressed", 1),
    ("having breakfast", 2),
    ("drinking a cup of coffee", 2),
    ("washing the dishes", 2),
    ("relaxing at home and watching television", 2),
    ("reading a book", 2),
    ("doing the usual work of the day", 3),
    # (an outside tester's schoolmistress "scrolling through the news" was rated 8, near "news that affects the
    # whole town"; a rockman "firing the blasts", his day's work, 7, near a warning of danger; a minister's
    # weekly prayer meeting 8-9)
    ("reading the news or the paper", 2),
    ("doing a crossword or a puzzle", 2),
    ("the usual blasting, drilling or heavy work at a quarry, a mine or a building site", 3),
    ("firing the day's blasts in the quarry", 3),
    ("an accident at the quarry or the mine: a rock fall, an explosion, men hurt or killed", 9),
    ("leading the usual prayers or a weekly church service", 3),
    # "school" and "notice" alone are near the closing of a school and news for the town: an outside
    # tester's pupil "going to the village school" was rated 10, a forecaster "posting the bulletin on
    # the notice board" 7, as high as her warning of avalanches in the same talk.
    ("heading out to school", 2),
    # (and, so that the quarry's and the chapel's routine above do not draw down what is news there:)
    ("a serious accident at work, someone injured or killed", 8),
    ("a strike, a protest or a union meeting over pay", 7),
    ("a pupil going to school", 2),
    ("posting the daily bulletin", 3),
    ("serving customers at work", 3),
    ("studying for class", 3),
    ("buying groceries", 3),
    # "newspaper" is near "news" in MiniLM: an outside tester's "Tomasz buys a newspaper" was rated 9
    ("buying a newspaper", 2),
    ("cleaning and tidying up", 2),
    ("chatting with a friend about the day", 4),
    ("meeting a colleague to discuss work", 4),
    ("a deadline for an important project", 5),
    ("an argument with a friend", 6),
    ("planning a special event", 6),
    ("an invitation to a party or a celebration", 7),
    ("news that affects the whole town", 7),
    ("a plan to close a school, a library or a shop people rely on", 7),
    # (an outside tester's fisheries technician rated Fish and Game's "12-hour drift gillnet opener ... on
    # Wednesday July 9" 4, near the usual work, and told it to no one; session 69)
    ("the authorities announce an opening, a closure or a new rule", 7),
    ("an election, someone running for office", 7),
    ("a warning of danger, a storm or an accident", 7),
    # (an outside tester's night herder "saw a grey wolf at dawn near the fold" and rated it 1, closest to
    # "an object is idle", session 66)
    ("a wolf, a bear or another predator spotted close by", 7),
    ("animals killed by a predator, a break-in or a theft", 8),
    # (... which alone drew all work with animals and any animal seen to 7)
    ("feeding, milking or herding the animals", 3),
    ("seeing a bird, a deer or a fox on a walk", 2),
    ("keeping the usual watch over the flock or the building at night", 3),
    ("a dog barking, a noise outside", 2),
    ("a festival or competition everyone is talking about", 6),
    ("falling in love, a romantic date", 8),
    ("losing a job or a serious fight", 8),
    # (an outside tester's widower "misses his late wife every evening" was rated 3-4)
    ("grief after a death, mourning a late husband or wife", 7),
    ("a break up", 9),
    ("a death in the family, a birth or a wedding", 9),
)


_TOPIC = re.compile(r"\bconvers\w* about (?:how |the fact that |that |whether )?(.+)$", re.IGNORECASE)


def _anchored(text: str) -> float:
    """The rating of the anchors closest to ``text`` in meaning."""
    scores = similarities(text, [a for a, _ in ANCHORS])
    # The closest anchors decide; a sharp softmax blends only those about as close as the best.
    weights = np.exp((scores - scores.max()) / 0.03)
    return float(np.dot(weights, [level for _, level in ANCHORS]) / weights.sum())


def rate(description: str, currently: str, rng_value: float, jitter: int) -> int:
    """The rating of ``description`` for someone busy with ``currently``."""
    base = _anchored(description)
    # A conversation matters as much as what it was about: "Arjun Mehta and Anja Kowalczyk were conversing
    # about how Anja Kowalczyk is tracking a deep low that will bring a blizzard ..." sat nearest a chat
    # about the day (4), and an outside tester's station crew rated the blizzard warning 2-3.
    topic = _TOPIC.search(description)
    if topic and len(topic.group(1).split()) >= 3:
        base = max(base, _anchored(topic.group(1)))
    if currently and len(description) > 3:
        # What the persona is busy with matters more to them (a party planner hearing of the party).
        concern = float(similarities(description, [currently])[0])
        base += 2.0 * max(0.0, concern - 0.35)
    # A thing in use or someone asleep is seen, not news ("newspaper stand is in use" was rated 8).
    if re.search(r" (?:is|are) idle\b|\bis sleeping\b|\b(?:is|are) (?:being used|in use)\b", description):
        base = min(base, 1.5)
    return max(1, min(10, round(base + jitter + (rng_value - 0.5))))


@answers("perceive.importance", "perceive.chat_importance", "perceive.thought_importance")
def importance(p: Prompt) -> dict[str, int]:
    """A rating from the event's text and the persona's current concern."""
    currently = field(p.get("identity"), "Currently")
    jitter = p.rng.choice((-2, -1, -1, 0, 0, 0, 1, 1, 2))  # a model sampled at its temperature is not consistent
    return {"rating": rate(p.get("description"), currently, p.rng.random(), jitter)}
