"""What a step needs that the prompt's setting says is not there: daylight in the polar night, flowers or rain on
the ice.

An outside tester's Antarctic station in the winter of 1986 was "watching the light change", "watching the rain on
the window", "noticing the flowers by the path" and "looking at the sky for rain" (session 76): the know-how is
written for a temperate town. A model told "the polar night: the sun does not rise" or "an Antarctic ice shelf"
does not send anyone to watch the sunset or the flowers, so neither does the simulator. Read from the identity the
prompt shows, in general English; a prompt that says neither keeps every step.
"""

from __future__ import annotations

import re

# The sun does not rise: a polar winter said so.
_DARK = re.compile(
    r"\b(?:polar night|(?:the )?sun (?:does not|doesn't|will not|won't|never) (?:rise|come up)|no daylight|"
    r"(?:midwinter|winter|polar) darkness|(?:the )?dark months|24-hour darkness|months of darkness)\b",
    re.IGNORECASE,
)
# Nothing grows and no rain falls: an ice sheet or a polar winter.
_ICE = re.compile(
    r"\b(?:antarctic\w*|ice shelf|ice sheet|ice cap|polar (?:plateau|winter|night)|south pole|high arctic|"
    r"arctic winter|winter-over|wintering party|winterers?)\b",
    re.IGNORECASE,
)
_DAYLIGHT_STEP = re.compile(
    r"\b(?:sun|sunshine|sunlight|sunny|sunbath\w*|sunset|sunrise|daylight|the light change|shade)\b", re.IGNORECASE
)
_GROWING_STEP = re.compile(
    r"\b(?:flowers?|plants?|birds?|blossoms?|leaves|grass|rain|raining|rainy|butterfl\w*|bees|insects|hedges?|"
    r"trees?|puddles?|garden)\b",
    re.IGNORECASE,
)


class Setting:
    """What the identity says of the light and of growing things where the persona is."""

    def __init__(self, identity: str) -> None:
        self.dark = _DARK.search(identity) is not None
        self.ice = _ICE.search(identity) is not None

    def allows(self, step: str) -> bool:
        """Whether ``step`` needs nothing the setting lacks (every step in a temperate or unstated one)."""
        if self.dark and _DAYLIGHT_STEP.search(step):
            return False
        return not (self.ice and _GROWING_STEP.search(step))
