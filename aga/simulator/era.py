"""What a step needs that did not exist yet in the year the prompt's date states.

An outside tester's fire station of October 1978 listened to podcasts, texted and checked the phone 131 times in a
day (session 73): the know-how of the simulator is written for today. A model told the year ("Current date: Thursday
October 26, 1978") does not send a 1978 firefighter to a podcast, so neither does the simulator. Each entry is the
year from which a thing is ordinary in a household or a workplace (general knowledge, rounded; a town before it is
told about none of it). A prompt with no year keeps every step.
"""

from __future__ import annotations

import re

_SINCE = (
    (2005, r"podcasts?"),
    (
        2008,
        r"smartphones?|apps?|scroll\w*|selfies?|social media|streaming|stream\w* (?:a|the|some)|"
        r"tablets? (?:screen|app)|video[- ]call\w*|wi-?fi|playlists?|earbuds",
    ),
    (
        1998,
        r"text(?:s|ing|ed)?(?= (?:a|an|the|her|his|their|my|your|back|someone|friends?)\b)|texting|text messages?|"
        r"mobile|(?:checking|check|checks) (?:the|her|his|their|my) phone|(?:messages|game|news) on the phone|"
        r"phone on charge|charger|dvds?|google\w*",
    ),
    (
        1995,
        r"e-?mails?|online|internet|websites?|web page|the web\b|digital|pdfs?|(?:the|a) screen\b|inbox|"
        r"log(?:s|ging|ged)? (?:in|on|off|out)\b",
    ),
    # (and a programmer's or a weather office's tools, a card scheme: an outside tester's 1963 telegraph clerk was
    # "writing a commit message", his signalman "checking the forecast models" and a tea stall "giving a customer
    # a loyalty stamp", session 75)
    (
        1990,
        r"laptops?|voicemails?|headphones|commit(?:s|ting)? (?:a |the )?(?:messages?|changes?)|code reviews?|"
        r"pull requests?|forecast models?|loyalty (?:stamps?|cards?|schemes?)|card machines?",
    ),
    (1985, r"computers?|spreadsheets?|printers?|printing (?:a|the|out)|cds?|cd player|database|fax\w*"),
    (1980, r"sensors?|barcodes?|scanners?|calculators?"),
    (1975, r"post ?codes?|zip codes?|photocop\w*|cash machines?|cashpoints?"),
    (1975, r"microwave\w*"),
    (1970, r"dishwashers?"),
    (
        1950,
        r"televisions?|tv|telly|(?:watching|watch|watches) (?:a|an|the) (?:film|show|series|episode|match on)|"
        r"freezers?|washing machines?|tumble dryers?|plastic",
    ),
    (1935, r"fridges?|refrigerators?"),
    (1925, r"radios?|hoover\w*|vacuum\w*"),
    (
        1915,
        r"phon\w*|telephon\w*|(?:the|a|her|his|their|my) car\b|cars|driv(?:e|es|ing|en)\b|electric\w*|light switch\w*|"
        r"torch\w*|fuel|petrol|gas (?:pump|station)",
    ),
)
_NEWER = [(year, re.compile(rf"\b(?:{words})\b", re.IGNORECASE)) for year, words in _SINCE]
_DATED = re.compile(r"^Current date:.*?\b(1[5-9]\d\d|2[01]\d\d)\s*$", re.MULTILINE)


def year_of(identity: str) -> int | None:
    """The year of the identity's date line ("Current date: Thursday October 26, 1978"), or None."""
    m = _DATED.search(identity)
    return int(m.group(1)) if m else None


def of_its_time(step: str, year: int | None) -> bool:
    """Whether ``step`` names nothing that is not yet ordinary in ``year`` (any step when no year is known)."""
    return year is None or not any(year < since and words.search(step) for since, words in _NEWER)


def in_its_time(steps: tuple[str, ...], year: int | None) -> tuple[str, ...]:
    """``steps`` without those of a later time (all of them if none is left: a kind always has steps)."""
    return tuple(x for x in steps if of_its_time(x, year)) or steps
