"""What a named pastime is made of: reading, watching, listening, a game, a puzzle, letters, a workout indoors.

The leisure kind's know-how (``steps.POOLS["leisure"]``) is a list of pastimes, which is what "relaxing at home"
is made of. A named pastime was decomposed into the others: "watching a film" was "knitting", "listening to a
podcast" and "writing in a journal"; "reading at Hobbs Cafe" was "playing cards" and "putting the kettle on";
"exercising in his room" was "walking up the hill" (a ville25 day, session 76). A model asked to decompose
"watching a film" says what watching a film is made of, so a named pastime gets its own steps here. General
English, no town's names; what a step needs of its time (a screen, a phone) the era filter judges (``era``).
"""

from __future__ import annotations

import re
from typing import NamedTuple


class Pastime(NamedTuple):
    """One pastime: what names it in an activity, and its opening, middle and closing steps."""

    name: str
    said: re.Pattern[str]
    opening: tuple[str, ...]
    middle: tuple[str, ...]
    closing: tuple[str, ...]


_READING = r"(?:books?|novels?|paper|newspapers?|magazines?|poetry|poems?|stories|story|thriller|biography|comics?|"
_READING += r"memoirs?|mystery|detective|chapters?|short stories|history book|western|romance)"

PASTIMES: tuple[Pastime, ...] = (
    Pastime(
        "watching",
        re.compile(
            r"\b(?:watch(?:es|ing)?|view(?:s|ing)?|see(?:s|ing)?|catch(?:es|ing)? (?:up on )?)\b.*?"
            r"\b(?:films?|movies?|shows?|television|tv|telly|"
            r"series|programmes?|programs?|documentar\w*|match|football|cricket|rugby|baseball|soap|box sets?|"
            r"cartoons?|videos?|the news|a play|sitcoms?|quiz shows?|game shows?)\b",
            re.IGNORECASE,
        ),
        ("choosing something to watch", "settling down in front of the screen", "drawing the curtains",
         "getting a drink to watch with", "turning the sound up"),
        ("watching the opening", "laughing at a funny scene", "pausing it to fetch a snack", "watching the next part",
         "guessing what happens next", "reading the credits", "turning the volume down a little",
         "getting absorbed in the story", "checking how long is left", "rewinding a bit that was missed",
         "watching the last part", "talking about it with whoever is there", "making a cup of tea in the break",
         "wincing at a tense moment", "looking up one of the actors", "finishing the snack",
         "watching the rest of it", "dozing off for a minute"),
        ("switching the screen off", "talking over the ending", "putting the cups in the kitchen",
         "plumping the cushions"),
    ),
    Pastime(
        "listening",
        re.compile(
            r"\blisten\w* to\b.*?\b(?:music|records?|radio|wireless|podcasts?|albums?|songs?|jazz|opera|cassettes?|"
            r"tapes?|cds?|vinyl|symphon\w*|concerts?|the match|an audiobook|audiobooks?|a play|the news|blues|"
            r"folk|rock|classical)\b",
            re.IGNORECASE,
        ),
        ("choosing what to listen to", "putting a record on", "tuning in the radio", "finding a comfortable chair",
         "turning the volume up a little"),
        ("listening with eyes closed", "humming along", "tapping along to the rhythm", "turning the record over",
         "reading the sleeve notes", "listening to a favourite part again", "changing to another album",
         "singing along under the breath", "turning the volume down", "listening to the end of a piece",
         "making a note of a song to remember", "looking out of the window while listening",
         "putting on something slower", "sitting back and just listening", "picking the next song",
         "listening to an interview", "nodding along"),
        ("switching the player off", "putting the records back in their sleeves", "turning the radio off"),
    ),
    Pastime(
        "game",
        re.compile(
            r"\b(?:play(?:s|ing)?|having a game of|a game of|a round of)\b.*?"
            r"\b(?:cards|chess|draughts|checkers|backgammon|"
            r"dominoes|mahjong|board games?|video games?|computer games?|cribbage|bridge|poker|rummy|scrabble|"
            r"darts|pool|snooker|billiards|bingo|solitaire|patience|a game|games|go)\b",
            re.IGNORECASE,
        ),
        ("setting up the board", "shuffling the cards", "choosing who goes first", "explaining the rules",
         "finding the pieces"),
        ("taking a turn", "thinking over the next move", "dealing a new hand", "counting the points",
         "winning a round", "losing a round", "laughing at a lucky move", "keeping the score", "shuffling again",
         "starting a new game", "teasing about a bad move", "playing the last hand", "trying a new opening",
         "waiting for the other to move", "adding up the scores", "arguing about a rule", "taking back a move"),
        ("putting the pieces away", "writing down the final score", "agreeing on a rematch"),
    ),
    Pastime(
        "puzzle",
        re.compile(r"\b(?:crosswords?|jigsaws?|sudoku|puzzles?|word search\w*)\b", re.IGNORECASE),
        ("finding a pen", "spreading out the pieces", "sharpening a pencil", "folding the paper to the puzzle"),
        ("filling in an easy clue", "staring at a hard clue", "sorting the edge pieces", "finding a corner piece",
         "trying a word in the margin", "rubbing out a wrong answer", "fitting a piece of the sky",
         "counting the letters of an answer", "checking the dictionary for a word", "coming back to a tricky part",
         "filling in the last few squares", "grouping pieces by colour", "guessing an answer",
         "putting the puzzle down for a minute"),
        ("checking the answers", "putting the puzzle away", "leaving the rest for tomorrow"),
    ),
    Pastime(
        "reading",
        re.compile(
            r"\b(?:read(?:s|ing)?|rereading|curl\w* up with)\b"
            rf"(?:\s+(?:a|an|the|his|her|their|some|my|an old|a new)?\s*"
            rf"(?:[\w'-]+\s+)?{_READING}\b|\s+(?:in|at|on|by|under|for|before|after|quietly|alone|aloud)\b|\s*$)",
            re.IGNORECASE,
        ),
        ("finding the page where it was left", "choosing a book from the shelf", "finding a good light to read by",
         "settling into a chair with the book", "taking the bookmark out"),
        ("reading a chapter", "rereading a good passage", "turning the pages slowly", "looking up a word",
         "reading a few more pages", "marking a favourite line", "stopping to think about what was read",
         "reading the next chapter", "skimming a dull part", "reading the last pages of a chapter",
         "looking at the pictures", "reading a paragraph aloud", "glancing at how many pages are left",
         "getting lost in the story", "reading an article through", "folding the paper back",
         "reading the letters page", "losing track of time reading"),
        ("putting the bookmark in", "closing the book", "putting the book back on the shelf",
         "folding up the paper"),
    ),
    Pastime(
        "letters",
        re.compile(
            r"\bwrit\w* (?:a |some |two |three |long |short )*(?:letters?|postcards?|cards?|to (?:a|an|her|his|their|"
            r"my) \w+)\b|\bwrit\w* (?:in|up) (?:a|an|the|her|his|their|my) (?:journal|diary)\b",
            re.IGNORECASE,
        ),
        ("finding the writing paper", "getting a pen", "reading the last letter again", "opening the diary"),
        ("writing the first lines", "thinking of what to say", "crossing out a sentence", "writing about the day",
         "writing down some news", "reading over what is written", "adding a line at the end",
         "writing a second page", "looking for the right word", "copying out a neat version",
         "writing a few lines about the family", "asking after their health", "sticking in a photo",
         "writing the date at the top"),
        ("addressing the envelope", "putting a stamp on", "folding the letter into the envelope",
         "closing the diary"),
    ),
    Pastime(
        "workout",
        re.compile(
            r"\b(?:exercis\w*|work\w* out|workouts?|yoga|pilates|push-ups|press-ups|sit-ups|lifting weights|"
            r"doing weights|keep-fit|callisthenics|calisthenics|doing (?:some )?stretches)\b",
            re.IGNORECASE,
        ),
        ("rolling out the mat", "changing into sports clothes", "warming up with some stretches",
         "clearing some space on the floor"),
        ("doing a set of push-ups", "doing sit-ups", "holding a plank", "doing squats", "skipping on the spot",
         "lifting the weights", "stretching the hamstrings", "doing a few lunges", "resting between sets",
         "counting the repetitions", "doing another set", "catching the breath", "doing some star jumps",
         "working on balance", "holding a stretch", "following a routine from a book"),
        ("cooling down with slow stretches", "drinking some water", "wiping off the sweat", "rolling up the mat"),
    ),
)  # fmt: skip
# A workout out of doors is a run or a walk, whose know-how is the outdoor kind's.
OUTDOOR_ONES = frozenset({"workout"})

# Steps of one form of a pastime, left out where the activity names another: no cards dealt over chess, no
# chapter of a newspaper. (the steps' words, the words of the other form)
_FORMS: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = tuple(
    (re.compile(step, re.IGNORECASE), re.compile(other, re.IGNORECASE))
    for step, other in (
        (r"\b(?:cards?|hand|dealing|shuffl\w*|points)\b",
         r"\b(?:chess|draughts|checkers|backgammon|dominoes|mahjong|board games?|scrabble|go|video games?|"
         r"computer games?|darts|pool|snooker|billiards)\b"),
        (r"\b(?:board|move|opening|pieces?)\b",
         r"\b(?:cards|bridge|poker|rummy|cribbage|solitaire|patience|bingo|darts|pool|snooker|billiards|"
         r"video games?|computer games?)\b"),
        (r"\b(?:chapters?|book|bookmark|story|pages?|passage|shelf)\b",
         r"\b(?:paper|newspapers?|magazines?|comics?)\b"),
        (r"\b(?:the paper|letters page|article)\b",
         rf"\b(?:{_READING.strip('(?:)').replace('paper|newspapers?|magazines?|', '').replace('comics?|', '')})\b"),
        (r"\b(?:record|records|sleeve|album|player)\b", r"\b(?:radio|wireless|podcasts?|the match|audiobooks?)\b"),
        (r"\b(?:radio)\b", r"\b(?:records?|vinyl|albums?|cds?|cassettes?|tapes?)\b"),
        (r"\b(?:episode|credits|actors?|story)\b", r"\b(?:match|football|cricket|rugby|baseball|the news)\b"),
    )
)  # fmt: skip


def pastime_of(activity: str) -> Pastime | None:
    """The pastime ``activity`` (an hour's main clause) names, the first that matches in the order above (a
    film watched is no story read), with only the steps of the form it names (chess, not cards), or None."""
    found = next((p for p in PASTIMES if p.said.search(activity)), None)
    if found is None:
        return None
    other = [step for step, names in _FORMS if names.search(activity)]

    def kept(steps: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(x for x in steps if not any(p.search(x) for p in other)) or steps

    return found._replace(opening=kept(found.opening), middle=kept(found.middle), closing=kept(found.closing))
