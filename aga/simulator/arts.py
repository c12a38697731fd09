"""What a named art is made of: painting, drawing, photographs taken or edited, an instrument, singing, pottery, a
show of one's work made ready.

The creative kind's know-how (``steps.POOLS["creative"]``) mixes every art: a painter's, a musician's and a writer's
steps, each kept to where its art is said (``steps._SETTING_STEPS``). Said by the trade, an art's steps came into
another art's hour: a painter "practising the guitar" was "adding the shadows" and "choosing the colours for the
guitar"; a photographer "editing photographs" was "cutting out the shapes" and "mixing colours", as her art was
said in her identity; "getting ready for his first solo show" was a painter's bedtime ("laying out clothes for
tomorrow"; a ville25 day, session 77). A model asked to decompose an hour at the guitar says what practice is
made of, so an art said by name gets its own steps here, and where the hour names none (a painter's "sketching
ideas" is drawing; "working on her art"), the art the trade names. General English, no town's names; what a step
needs of its time (a screen, software) the era filter judges (``era``).
"""

from __future__ import annotations

import re
from typing import NamedTuple


class Art(NamedTuple):
    """One art: what names it in an activity and in a trade, and its opening, middle and closing steps."""

    name: str
    said: re.Pattern[str]
    trade: re.Pattern[str] | None
    opening: tuple[str, ...]
    middle: tuple[str, ...]
    closing: tuple[str, ...]


# What is painted that is no picture: a wall, a fence or a boat is decorating or upkeep.
_NO_PICTURE = (
    r"(?!\s+(?:(?:the|a|an|his|her|their|some|one|two|its)\s+)?(?:[\w'-]+\s+)?(?:walls?|fences?|doors?|house|"
    r"room|rooms|ceilings?|shed|boats?|hulls?|railings?|gates?|window|windows|frames?|kitchen|bedroom|hall|"
    r"skirting|floor|shutters?|signs?|nails|face|faces|lines|road|deck|bench|benches|furniture|cupboards?)\b)"
)
# The instruments whose practice is an hour's music ({instrument} in its steps).
INSTRUMENTS = (
    r"piano|guitar|violin|viola|cello|double bass|bass guitar|fiddle|drums?|drum kit|flute|clarinet|saxophone|sax|"
    r"trumpet|trombone|harp|ukulele|banjo|mandolin|accordion|organ|keyboard|harmonica|bagpipes|recorder|oboe|"
    r"bassoon|french horn|tuba|cornet|sitar|tabla|erhu|guzheng|koto|shamisen|oud|bouzouki|balalaika|concertina|"
    r"lute|harpsichord|tin whistle|bodhran|bodhrán"
)
_INSTRUMENT = re.compile(rf"\b(?:{INSTRUMENTS})\b", re.IGNORECASE)

ARTS: tuple[Art, ...] = (
    # A show of one's own work made ready (not one visited: see ``art_of``).
    Art(
        "show",
        re.compile(
            r"\b(?:exhibitions?|exhibit|(?:solo|group|art|first|own|one-man|one-woman|joint) shows?|private view|"
            r"vernissage|gallery opening|open studios?)\b",
            re.IGNORECASE,
        ),
        None,
        ("laying the finished pieces out on the floor", "getting out the list of works", "clearing the wall to try "
         "the pieces against it", "opening the folder of the show's plans"),
        ("choosing which pieces to show", "framing a finished piece", "writing the labels", "pricing the works",
         "making a list of the works", "wrapping a piece to take to the gallery", "photographing a piece for the "
         "catalogue", "writing a short statement about the work", "touching up a finished piece",
         "measuring the frames", "planning the order of the hang", "writing to the gallery about the dates",
         "choosing a title for the show", "checking the proofs of the invitation", "leaving out a weaker piece",
         "asking a friend which pieces work together", "sending the list of works to the gallery",
         "counting how many pieces are ready"),
        ("stacking the framed pieces against the wall", "ticking off the list of works", "putting the wrapping "
         "things away", "writing down what is still to do for the show"),
    ),
    # Films and videos made (not watched: see ``pastimes``).
    Art(
        "video",
        re.compile(
            r"\b(?:web ?series|vlogs?|vlogging|videos?|short films?|(?:making|shooting|filming|editing) "
            r"(?:a |the |an |his |her |their )?(?:film|documentary|episode|series)|filming|youtube|video channel|"
            r"footage)\b",
            re.IGNORECASE,
        ),
        re.compile(r"\b(?:film-?maker|video-?maker|vlogger|youtuber|video editor|documentary maker)\b", re.IGNORECASE),
        ("setting up the camera and the light", "charging the camera", "opening the editing software",
         "reading through the shot list"),
        ("writing the script for an episode", "filming a scene", "doing another take", "checking the sound",
         "recording a voice-over", "cutting the footage together", "trimming a clip", "adding the music",
         "adding captions", "watching the episode back", "choosing a thumbnail", "planning the next episode",
         "filming someone talking to the camera", "moving the camera for a new angle", "reading the comments on the "
         "last episode", "fixing the colour of a shot", "cutting a scene that runs too long", "sketching the "
         "storyboard", "asking a friend to be in a scene", "rewriting a line that does not work"),
        ("uploading the episode", "backing up the footage", "packing the camera away", "writing down ideas for the "
         "next episode"),
    ),
    # Acting and comedy: a scene, a part, a set (a class in them is their practice).
    Art(
        "acting",
        re.compile(
            r"\b(?:improv\w*|comedy|stand-?up|acting|drama (?:class|group|club)|"
            r"rehears\w* (?:a |the |his |her |their )?(?:play|scene|part|lines|role|sketch)|"
            r"learning (?:his |her |their |the )?lines|running lines|auditions?|open mic|comedy set)\b",
            re.IGNORECASE,
        ),
        re.compile(r"\b(?:actor|actress|comedian|comic|performer|playwright|clown)\b", re.IGNORECASE),
        ("warming up the voice", "doing a warm-up game with the group", "reading through the script",
         "stretching to loosen up"),
        ("doing a scene with a partner", "trying a character's voice", "listening to the teacher's notes",
         "watching the others' scenes", "running lines", "going over the blocking", "trying a joke out loud",
         "writing down a bit that worked", "learning the lines", "doing the scene again with a new idea",
         "saying yes to a partner's idea", "timing a joke", "working on an opening line", "playing a quick "
         "improvisation game", "trying the scene faster", "laughing at a scene that went wrong", "reading a new part",
         "cutting a joke that fell flat"),
        ("talking over what worked", "writing down notes for next time", "thanking the group", "putting the "
         "script away"),
    ),
    # Photographs taken: out with the camera.
    Art(
        "taking photographs",
        re.compile(
            r"\b(?:(?:tak|snap|shoot)\w*\s+(?:(?:some|a few|more|the|her|his|their|new)\s+)?(?:[\w'-]+\s+)?"
            r"(?:photos?|photographs?|pictures|shots|portraits)|photograph(?:s|ing)?\s+(?:the|a|an|some|people|"
            r"birds|wildlife|street|streets|buildings?|landscapes?)|photo (?:shoot|walk)|"
            r"out with (?:the|her|his|their) camera)\b",
            re.IGNORECASE,
        ),
        None,
        ("checking the camera battery", "fitting the lens", "setting the camera for the light",
         "packing a spare memory card"),
        ("finding a good spot to shoot from", "waiting for the light to change", "framing a shot", "taking a few "
         "shots of the same scene", "checking a shot on the camera's screen", "crouching for a low angle",
         "changing the lens", "asking someone if a photo of them is all right", "taking a test shot",
         "moving a few steps to get a better angle", "waiting for people to walk out of the frame",
         "noting where a photo was taken", "shooting a detail up close", "trying a slower shutter speed",
         "turning round to see what the light does behind", "deleting a blurry shot", "taking a wider view"),
        ("putting the lens cap back on", "looking back through the day's shots", "packing the camera away"),
    ),
    # Photographs edited, printed or put in order.
    Art(
        "photographs",
        re.compile(r"\b(?:photo\w*|camera|darkroom|negatives|contact sheets?|prints)\b", re.IGNORECASE),
        re.compile(r"\bphotograph(?:er|y)\b", re.IGNORECASE),
        ("importing the photos from the camera", "opening the editing software", "laying out the prints on the table",
         "finding the folder of the series"),
        ("sorting through the shots", "picking the strongest frames", "cropping a photo", "adjusting the exposure "
         "of a shot", "straightening a horizon", "removing a speck of dust from a photo", "comparing two frames of "
         "the same scene", "rating the photos", "writing a caption", "putting the series in order",
         "swapping two photos in the sequence", "making a test print", "checking a print under the lamp",
         "looking through the contact sheets", "deleting the weaker shots", "warming the tones of a photo",
         "noting where each photo was taken", "choosing a photo to open the series", "going back to a photo "
         "left out", "darkening the corners of a print", "renaming the files", "adjusting the white balance",
         "sharpening a detail", "trying a shot in black and white", "cloning out a stray wire", "matching the tones "
         "across the series", "looking at a photo at full size", "sending a few photos to a friend for an opinion",
         "reading the notes from the trip", "looking up the name of a place in a photo", "ordering prints from the "
         "lab", "lightening the shadows on a face", "holding a print next to the screen", "sorting the photos into "
         "folders by place", "trimming a print", "mounting a print on board", "writing the title of the series"),
        ("backing up the photos", "exporting the finished photos", "putting the prints back in their box",
         "closing the editing software"),
    ),
    Art(
        "drawing",
        re.compile(
            r"\b(?:sketch(?:es|ing)?(?!\s+(?:out\s+)?(?:a |the )?(?:plans?|routes?|ideas? for (?:the|a) (?:business|"
            r"shop|menu)))|drawing(?!\s+(?:up|the curtains|the blinds|water|money|a bath|breath|lots|a salary|"
            r"on|out))|draws? (?:a|the|some|people|portraits?|pictures?)|doodl\w*|charcoal|pastels|"
            r"illustrat\w*|comics? (?:page|strip)|life drawing)\b",
            re.IGNORECASE,
        ),
        re.compile(r"\b(?:illustrator|draughts(?:man|woman)|cartoonist)\b", re.IGNORECASE),
        ("sharpening the pencils", "opening the sketchbook at a fresh page", "setting out the pencils and the eraser",
         "pinning up the reference pictures",
         # a tablet's (only where one is said, see _FORMS)
         "switching on the drawing tablet"),
        ("sketching the outline", "shading a corner", "rubbing out a line", "drawing from a reference picture",
         "trying the pose again", "filling a page with quick studies", "going over the lines in ink",
         "blending the shading with a finger", "drawing the hands again", "starting a fresh page",
         "fixing the proportions", "adding the darkest darks", "drawing the same shape smaller",
         "turning the page upside down to check it", "working on the faces", "adding a few details in pen",
         "comparing the sketch with the reference",
         "zooming in on a face", "inking on a new layer", "undoing a stroke", "flipping the canvas to check it",
         "filling in the flat colours", "lettering the speech bubbles", "laying out the panels"),
        ("spraying the drawing with fixative", "closing the sketchbook", "putting the pencils back in their tin",
         "brushing off the eraser crumbs", "saving the file", "exporting the finished panels"),
    ),
    Art(
        "painting",
        re.compile(
            rf"\b(?:paint(?:s|ing|ed)?{_NO_PICTURE}|easel|canvas(?:es)?|watercolou?rs?|oil paints?|oils|gouache|"
            rf"acrylics?|murals?|still lifes?)\b",
            re.IGNORECASE,
        ),
        re.compile(r"\b(?:painter|watercolou?rist|muralist|portraitist)\b", re.IGNORECASE),
        ("setting up the easel", "squeezing out the paints", "filling a jar of water", "laying out the brushes",
         "pinning up the reference sketches"),
        ("mixing a colour", "laying in the background", "working on the light", "adding the shadows",
         "blocking in the shapes", "softening an edge", "adding the highlights", "stepping back to look at the work",
         "squinting at the values", "trying a colour on a scrap", "wiping off a mistake", "painting the details "
         "of the foreground", "letting a layer dry", "taking a photo of the progress", "comparing with the reference",
         "painting the sky", "darkening a corner", "repainting a patch that went muddy", "adding a touch of red",
         "turning the picture upside down to check it",
         # a watercolour's (only where watercolour is said, see _FORMS)
         "wetting the paper", "laying a wash", "dropping in colour wet into wet", "lifting out colour with a tissue",
         "letting the wash dry", "masking the whites", "stretching the paper",
         # an oil painting's or an acrylic's (not where watercolour is said)
         "scraping back a patch with the palette knife", "thinning the paint", "glazing a thin layer over the top"),
        ("cleaning the brushes", "washing out the palette", "covering the paints", "propping the painting up to dry",
         "tidying the workspace"),
    ),
    # An instrument practised or played (not listened to: see ``pastimes``).
    Art(
        "instrument",
        re.compile(
            rf"\b(?:(?:play|practis|practic|rehears|tun|learn|teach\w* (?:him|her|them)self)\w*\s+(?:on\s+)?"
            rf"(?:(?:the|a|an|his|her|their|my|some|old|new)\s+)*(?:{INSTRUMENTS})|"
            rf"(?:{INSTRUMENTS}) (?:practice|lesson|scales|piece|exercises)|"
            r"(?:practis|practic|rehears)\w*\s+(?:(?:some|the|a|an|his|her|their|new)\s+)?(?:music|scales|pieces?|"
            r"tunes?|songs?|sonatas?|etudes?|études?)|(?:practis|practic|rehears)\w*\s+for\s+(?:(?:the|a|an|his|her|their|"
            r"next|first)\s+)*(?:[\w'-]+\s+)?(?:concert|recital|gig|performance)|band practice|jamming|composing|"
            r"writing (?:a |some |new )?(?:songs?|music|tunes?)|(?:playing|plays) (?:some |a little )?music)\b",
            re.IGNORECASE,
        ),
        re.compile(
            rf"\b(?:musician|composer|songwriter|pianist|guitarist|violinist|cellist|drummer|fiddler|flautist|organist|"
            rf"harpist|trumpeter|saxophonist|accordionist|bassist|(?:{INSTRUMENTS}) player)\b",
            re.IGNORECASE,
        ),
        ("tuning the {instrument}", "getting the {instrument} out of its case", "setting up the music stand",
         "warming up the fingers", "finding the music"),
        ("playing the scales", "practising a hard passage slowly", "playing the piece through", "working on the "
         "tricky bars", "playing along to a recording", "learning a new song", "practising with the metronome",
         "going over the fingering", "playing it again a little faster", "marking the phrasing on the music",
         "recording a take to listen back to", "trying it in another key", "playing an old favourite",
         "writing down a melody", "working out the chords by ear", "playing the opening again",
         "stopping to fix a wrong note", "playing it from memory", "changing the tempo", "humming the melody"),
        ("putting the {instrument} back in its case", "writing down what to practise next time",
         "closing the music", "loosening the strings"),
    ),
    Art(
        "singing",
        re.compile(r"\b(?:sing(?:s|ing)?(?!\s+(?:the\s+)?praises)|choir|vocal (?:practice|exercises)|chorus)\b",
                   re.IGNORECASE),
        re.compile(r"\b(?:singer|vocalist|chorister)\b", re.IGNORECASE),
        ("warming up the voice", "humming the scales", "drinking some warm water", "finding the music"),
        ("going over the words", "practising the high notes", "doing the breathing exercises", "singing the song "
         "through", "marking where to breathe", "learning the harmony part", "singing a verse again",
         "listening for the note", "singing it more softly", "holding the long note", "working on the diction",
         "singing along to a recording", "practising the tricky entry"),
        ("resting the voice", "writing down what to practise next time", "putting the music away"),
    ),
    Art(
        "pottery",
        re.compile(r"\b(?:potter(?:y|'s wheel)|ceramics?|clay(?! pigeons?| courts?)|throwing (?:pots|bowls|on the "
                   r"wheel)|kiln|glaz(?:e|es|ing) (?:the |some )?(?:pots|bowls|mugs|plates|ware)|sculpt\w*|"
                   r"model+ing in clay)\b", re.IGNORECASE),
        re.compile(r"\b(?:potter|ceramicist|sculptor)\b", re.IGNORECASE),
        ("wedging the clay", "filling the water bowl", "putting on the apron", "cutting off a piece of clay"),
        ("centring the clay on the wheel", "throwing a bowl", "pulling up the walls", "trimming a pot",
         "adding a handle", "smoothing a rim with a sponge", "shaping the clay by hand", "wrapping a pot to keep it "
         "damp", "glazing a fired pot", "checking the kiln", "loading the kiln", "cutting a pot off the wheel",
         "scoring the joins", "smoothing a surface with a rib", "starting again with a pot that slumped",
         "carving a pattern in the leather-hard clay"),
        ("cleaning the wheel", "covering the pots with plastic", "wiping down the bench", "washing the tools"),
    ),
)  # fmt: skip

# A picture made on a screen.
_DIGITAL = (
    r"\b(?:tablets?|stylus|digital\w*|webtoons?|ipads?|procreate|photoshop|on (?:the|a|her|his|their) "
    r"(?:screen|computer))\b"
)
# Steps of one form of an art, left out where the activity or trade names another (a watercolour takes no palette
# knife), or kept to where their form is said (no wash in an oil painting). (the steps' words, what must be said
# for them, what rules them out)
_FORMS: tuple[tuple[re.Pattern[str], re.Pattern[str] | None, re.Pattern[str] | None], ...] = tuple(
    (re.compile(step, re.IGNORECASE), re.compile(needs, re.IGNORECASE) if needs else None,
     re.compile(not_with, re.IGNORECASE) if not_with else None)
    for step, needs, not_with in (
        (r"\b(?:wash|wet into wet|tissue|masking|stretching the paper|wetting the paper)\b", r"\bwatercolou?r\w*",
         None),
        (r"\b(?:palette knife|thinning the paint|glazing a thin layer)\b", None, r"\bwatercolou?r\w*"),
        # (a pot's steps at the wheel only where a pot is: no wheel for a sculpture)
        (r"\b(?:wheel|throwing|pulling up the walls|handle|rim|trimming a pot|pot that slumped)\b", None,
         r"\bsculpt\w*"),
        (r"\b(?:strings?)\b", r"\b(?:guitar|violin|viola|cello|bass|fiddle|harp|ukulele|banjo|mandolin|sitar|"
         r"erhu|guzheng|koto|shamisen|oud|bouzouki|balalaika|lute)\b", None),
        (r"\b(?:chords?)\b", r"\b(?:guitar|piano|keyboard|ukulele|banjo|mandolin|accordion|organ|harp|lute|"
         r"harpsichord|concertina|songs?|composing|music)\b", None),
        # (a drawing on a tablet takes no pencil, paper or fixative, and one on paper no file or layer: an outside
        # tester's webtoon artist, who draws on a tablet, was "spraying the drawing with fixative" and "sharpening the
        # pencils", session 79; a comic's panels and bubbles only in a comic)
        (r"\b(?:pencils?|eraser|sketchbook|fixative|in pen|in ink|page|rubbing out|finger)\b", None, _DIGITAL),
        (r"\b(?:tablet|file|layer|zooming|undoing|canvas|flat colours|exporting)\b", _DIGITAL, None),
        (r"\b(?:panels?|speech bubbles)\b", r"\b(?:comics?|webtoons?|manga|strips?|graphic novels?|cartoons?)\b", None),
        (r"\b(?:music stand|closing the music|the music$|marking the phrasing)\b", None,
         r"\b(?:by ear|jamming|folk session)\b"),
    )
)  # fmt: skip


def instrument_of(text: str) -> str:
    """The instrument ``text`` names ("guitar"), or "instrument" where it names none."""
    found = _INSTRUMENT.search(text)
    return found.group(0).lower() if found else "instrument"


def art_of(activity: str, trade: str = "") -> Art | None:
    """The art ``activity`` (an hour's main clause) names, the first that matches in the order above (a show
    of one's photographs is readying a show, pictures taken are no pictures edited), else the one art the
    ``trade`` names; with only the steps of its form (see ``_FORMS``) and its instrument said, or None.

    A show one goes to see, an exhibition visited, is no show made ready: that is an outing.
    """
    if HANDLED.match(activity):
        return None  # (buying paint is an errand: see HANDLED)
    found = next((a for a in ARTS if a.said.search(activity)), None)
    by_trade = [a for a in ARTS if a.trade is not None and a.trade.search(trade)]
    if _VISITING.match(activity):
        return None  # (an outing or a pastime, whatever one's own art: "going to the theatre", "watching a video")
    if found is not None and found.name == "show" and any(a.name in _PERFORMED for a in by_trade):
        # a musician's or a singer's show is played: readying it is rehearsal
        found = next(a for a in by_trade if a.name in _PERFORMED)
    if found is None:
        found = by_trade[0] if len(by_trade) == 1 else None
    if found is None:
        return None
    said = f"{activity} {trade}"
    instrument = instrument_of(activity) if found.name == "instrument" else ""
    if instrument == "instrument" and found.name == "instrument":
        instrument = instrument_of(trade)

    def kept(steps: tuple[str, ...]) -> tuple[str, ...]:
        out = tuple(
            x.replace("{instrument}", instrument)
            for x in steps
            if not any(
                step.search(x)
                and (
                    (needs is not None and not needs.search(said)) or (rules_out is not None and rules_out.search(said))
                )
                for step, needs, rules_out in _FORMS
            )
        )
        return out or tuple(x.replace("{instrument}", instrument) for x in steps)

    return found._replace(opening=kept(found.opening), middle=kept(found.middle), closing=kept(found.closing))


_PERFORMED = ("instrument", "singing")
# Going to see something, not making it ready ("visiting the exhibition at the museum", "going to an art show").
_VISITING = re.compile(
    r"(?:visit|go|going|goes|went|see|seeing|watch|attend|look\w* round|look\w* around|wander\w* round|tour)\w*\b",
    re.IGNORECASE,
)
# Hours about an art's things, not spent at it: buying paint, fetching a guitar, selling prints.
HANDLED = re.compile(
    r"(?:get\w*\b(?!\s+ready)|buy|pick\w* up|collect|fetch|order|sell|deliver|carry|carrie|clean|repair|fix|mend|"
    r"return|lend|borrow|pack|unpack|post|ship)\w*\b",
    re.IGNORECASE,
)
