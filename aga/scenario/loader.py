"""Loading a scenario folder, with errors that name the file, the entry and the fix."""

from __future__ import annotations

import difflib
import hashlib
import json
import math
import os
import re
import tomllib
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, time, timedelta
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from aga.routine import sleep_warning
from aga.scenario.schema import CastSpec, Parameters, PersonaSpec, ScenarioSpec
from aga.world.spec import TownSpec, normal_name
from aga.world.town import SLEEP_OBJECT_WORDS, Town, TownError

M = TypeVar("M", bound=BaseModel)


class ScenarioError(ValueError):
    """A scenario file is missing or wrong; the message starts with the file's path."""


def scenarios_root() -> Path:
    """Folder of the bundled scenarios (``AGA_SCENARIOS_DIR`` overrides)."""
    raw = os.environ.get("AGA_SCENARIOS_DIR")
    return Path(raw) if raw else Path(__file__).resolve().parents[2] / "scenarios"


@dataclass(frozen=True)
class Scenario:
    """A loaded, cross-checked scenario."""

    folder: Path
    spec: ScenarioSpec
    town: Town
    cast: tuple[PersonaSpec, ...]
    # The files read, by their role ("scenario", "town", "cast"): what :meth:`digests` names.
    files: tuple[tuple[str, Path], ...] = ()

    def digests(self) -> dict[str, str]:
        """A SHA-256 prefix of what each file of the scenario says (its validated content, so a comment
        or a reflowed line changes nothing), by role and file name. A run records them so that resuming
        it in a town edited since is refused, naming the file: a renamed agent or a removed room would
        break the restore, and a persona added since would be silently left out."""
        content = {
            "scenario": self.spec.model_dump_json(),
            "town": self.town.spec.model_dump_json(),
            "cast": json.dumps([p.model_dump(mode="json") for p in self.cast], sort_keys=True),
        }
        return {
            f"{role}:{path.name}": hashlib.sha256(content[role].encode()).hexdigest()[:16] for role, path in self.files
        }

    @property
    def name(self) -> str:
        """The scenario's name."""
        return self.spec.name

    @property
    def params(self) -> Parameters:
        """Cognitive parameters."""
        return self.spec.parameters

    def persona(self, name: str) -> PersonaSpec:
        """A persona by full or first name; raises ``KeyError`` listing the cast, or the personas a first
        name shared by several could mean."""
        names = [p.name for p in self.cast]
        return self.cast[names.index(full_name(name, names, f"in {self.name}; the cast is"))]


def full_name(name: str, names: Sequence[str], missing: str = "here; the names are", what: str = "persona") -> str:
    """The one of ``names`` that ``name`` (a full or a first name) stands for; ``KeyError`` when none
    does (saying ``no persona '<name>' <missing> <names>``) or when a first name is shared by several."""
    name = normal_name(name.strip())  # as the names in files are: an accent typed as two characters matches
    if name in names:
        return name
    matches = [n for n in names if n.split()[0] == name]
    if not matches:
        # Typed without its accents or capitals ("lukasz" for Łukasz, "Zoe Angstrom"): one name it can
        # only mean is that name.
        folded = _folded(name)
        matches = [n for n in names if _folded(n) == folded] or [n for n in names if _folded(n.split()[0]) == folded]
    if not matches:
        # A surname ("Wróbel", "wrobel") names the one person who has it, as people are called by it.
        folded = _folded(name)
        matches = [n for n in names if len(n.split()) > 1 and _folded(n.split()[-1]) == folded]
    if not matches:
        # Part of a name of several words, as people are called: a first name of two words ("Fatima Zahra"),
        # a family name of two ("Ait Lahcen", "el alaoui") or a particle's name ("Ait" in two names is
        # ambiguous, not unknown). An outside tester's Moroccan cast could be named by none of these.
        # (a nickname in quotes is called without them: 'Dafydd "Dai Powdwr" Roberts' is "dai powdwr")
        words = _bare_words(name)
        matches = [n for n in names if _runs_of(_bare_words(n), words)]
    if len(matches) > 1:
        raise KeyError(f"'{name}' could be {' or '.join(matches)}: give the full name")
    if matches:
        return matches[0]
    by_folded = {_folded(n): n for n in names}
    near = difflib.get_close_matches(_folded(name), list(by_folded), n=1, cutoff=0.75)
    hint = f"; did you mean '{by_folded[near[0]]}'?" if near else ""
    raise KeyError(f"no {what} '{name}' {missing} {', '.join(names)}{hint}")


def _bare_words(name: str) -> list[str]:
    """The words of ``name`` folded (see ``_folded``), without the quotes or brackets around a nickname."""
    return [w for w in (w.strip("\"'“”‘’()") for w in _folded(name).split()) if w]


def _runs_of(words: Sequence[str], run: Sequence[str]) -> bool:
    """Whether ``run`` is some consecutive words of ``words`` (not all of them: that is the name itself)."""
    k = len(run)
    return 0 < k < len(words) and any(list(words[i : i + k]) == list(run) for i in range(len(words) - k + 1))


# Letters that Unicode does not split into a base letter and an accent.
_UNACCENTED = str.maketrans({"Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "Ø": "O", "ø": "o", "Æ": "AE", "æ": "ae",
                             "ß": "ss", "Þ": "Th", "þ": "th", "Œ": "OE", "œ": "oe", "ı": "i"})  # fmt: skip


def _folded(name: str) -> str:
    """``name`` without accents or capitals, as someone might type it on a plain keyboard."""
    split = unicodedata.normalize("NFKD", name.translate(_UNACCENTED))
    return "".join(c for c in split if not unicodedata.combining(c)).casefold()


def _where(raw: Any, loc: tuple[Any, ...]) -> str:
    """Readable location of a validation error: ``persona #2 'Klaus Mueller' > age``."""
    parts: list[str] = []
    node = raw
    for key in loc:
        if isinstance(key, int) and isinstance(node, list):
            node = node[key] if key < len(node) else None
            name = node.get("name") if isinstance(node, dict) else None
            # repr when the name holds a newline or tab: the message stays one line
            shown = (f"'{name}'" if name.isprintable() else repr(name)) if isinstance(name, str) else ""
            label = f"#{key + 1}" + (f" {shown}" if name else "")
            parts[-1:] = [f"{parts[-1]} {label}" if parts else label]
        else:
            parts.append(str(key))
            node = node.get(key) if isinstance(node, dict) else None
    return " > ".join(parts) or "(top level)"


MAX_FILE_BYTES = 5_000_000  # the 25-agent town and its cast are ~60 kB; more is a mistake or an attack


def read_toml(path: Path) -> dict[str, Any]:
    """Parse TOML file ``path``; every way it can fail becomes a :class:`ScenarioError` naming it."""
    if path.is_symlink() and not path.exists():
        raise ScenarioError(
            f"{path}: a symbolic link that leads nowhere (a loop or a missing target); point it at a file"
        )
    try:
        if path.is_dir():
            raise ScenarioError(f"{path}: a folder, where a TOML file is expected; name the file instead")
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ScenarioError(
                f"{path}: {size:,} bytes; scenario files are limited to {MAX_FILE_BYTES:,} bytes (the bundled "
                "25-agent town is under 100 kB)"
            )
        # utf-8-sig: a byte order mark at the start (Windows Notepad writes one) is dropped, not read as
        # a stray character that makes line 1 invalid TOML.
        return tomllib.loads(path.read_text(encoding="utf-8-sig"))
    except FileNotFoundError:
        raise ScenarioError(f"{path}: file not found") from None
    except UnicodeDecodeError as exc:
        raise ScenarioError(
            f"{path}: not UTF-8 text (byte {exc.start} cannot be decoded); save the file as UTF-8"
        ) from None
    except RecursionError:
        raise ScenarioError(f"{path}: arrays or tables nested too deeply to be a scenario file") from None
    except tomllib.TOMLDecodeError as exc:
        hint = ""
        if path.read_text(encoding="utf-8-sig", errors="replace").lstrip()[:1] == "{":
            # A JSON file (or one that opens like it) under a scenario name: TOML's own message
            # ("Invalid statement") would not say what is wrong.
            hint = " (it looks like JSON: scenario files are TOML; see scenarios/ville3 for the format)"
        raise ScenarioError(f"{path} is not valid TOML: {exc}{hint}{_table_at(path, str(exc))}") from None
    except (OSError, RuntimeError) as exc:  # permissions, symlink loops met while resolving
        raise ScenarioError(f"{path}: cannot be read ({exc})") from None


def _table_at(path: Path, message: str) -> str:
    """ " (in [[persona]] #3, 'Bishnu Rai')": the array-of-tables entry that holds the line a TOML error
    names, so that "Cannot overwrite a value (at line 90, column 16)" says whose field is written twice;
    '' where the message names no line or the line is in no such entry. Hand-written: ``tomllib`` gives
    the line only in its message."""
    at = re.search(r"\(at line (\d+), column \d+\)", message)
    if not at:
        return ""
    try:
        lines = path.read_text(encoding="utf-8-sig", errors="replace").splitlines()[: int(at.group(1))]
    except OSError:
        return ""
    header = None
    counts: dict[str, int] = {}
    for i, line in enumerate(lines):
        if m := re.match(r"\s*\[\[\s*([\w.-]+)\s*\]\]", line):
            counts[m.group(1)] = counts.get(m.group(1), 0) + 1
            header = (m.group(1), counts[m.group(1)], i)
        elif re.match(r"\s*\[[^\[]", line):
            header = None  # a plain [table] ends the entry
    if header is None:
        return ""
    table, number, start = header
    named = next(
        (m.group(2) for line in lines[start:] if (m := re.match(r"\s*(name|id)\s*=\s*\"([^\"]*)\"", line))), ""
    )
    return f" (in [[{table}]] #{number}{f', {named!r}' if named else ''})"


def _model_at(model: type[BaseModel], loc: tuple[Any, ...]) -> type[BaseModel] | None:
    """The pydantic model that holds the field at ``loc`` (to list its allowed names)."""
    import typing

    current: Any = model
    for key in loc[:-1]:
        if isinstance(key, int):
            continue
        if not (isinstance(current, type) and issubclass(current, BaseModel)):
            return None
        field = next((f for n, f in current.model_fields.items() if key in (n, f.alias)), None)
        if field is None:
            return None
        annotation = field.annotation
        args = typing.get_args(annotation)
        current = args[0] if args else annotation
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _unknown_field(model: type[BaseModel], loc: tuple[Any, ...]) -> str:
    """ "unknown setting 'x'; did you mean 'y'? allowed: ..." for an extra field."""
    import difflib

    holder = _model_at(model, loc)
    if holder is None:
        return "unknown setting"
    allowed = sorted(f.alias or n for n, f in holder.model_fields.items())
    near = difflib.get_close_matches(str(loc[-1]), allowed, n=1, cutoff=0.6)
    hint = f"; did you mean '{near[0]}'?" if near else _elsewhere_hint(model, loc)
    return f"unknown setting '{loc[-1]}'{hint} Allowed here: {', '.join(allowed)}"


def _elsewhere_hint(model: type[BaseModel], loc: tuple[Any, ...]) -> str:
    """Where a setting put in the wrong table belongs: at the top of the file (``step_seconds`` written
    under ``[parameters]``), or in a table of the top level (``[parameters]``' setting written above it)."""
    key = str(loc[-1])
    names = {f.alias or n: f for n, f in model.model_fields.items()}
    if len(loc) > 1 and key in names:
        return f"; '{key}' is a setting of the file's top level: put it above the first [table]."
    if len(loc) == 1:
        for table, field in names.items():
            inner = field.annotation
            nested = isinstance(inner, type) and issubclass(inner, BaseModel)
            if nested and key in {f.alias or n for n, f in inner.model_fields.items()}:
                return f"; '{key}' belongs under [{table}]."
    return "."


def load_model(path: Path, model: type[M]) -> M:
    """Read TOML file ``path`` into ``model``; raises :class:`ScenarioError` naming what is wrong."""
    raw = read_toml(path)
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        lines = []
        for err in exc.errors():
            loc = tuple(err["loc"])
            if err["type"] == "extra_forbidden":
                lines.append(f"{path}: {_where(raw, loc)}: {_unknown_field(model, loc)}")
                continue
            got = (
                f" (got {_short(err['input'])})"
                if err["type"] not in ("missing",) and not isinstance(err["input"], dict | list)
                else ""
            )
            msg = err["msg"].removeprefix("Value error, ")
            # A check of the whole file (a cast with no persona) names no field: the file says it all.
            where = f"{_where(raw, loc)}: " if loc else ""
            lines.append(f"{path}: {where}{msg}{got}")
        raise ScenarioError(
            "\n".join(lines[:20]) + (f"\n... and {len(lines) - 20} more" if len(lines) > 20 else "")
        ) from None


def _short(value: Any) -> str:
    """repr of a value, cut so that a 10 MB text does not flood the terminal; a time as TOML writes it."""
    text = value.isoformat() if isinstance(value, date | time) else repr(value)
    return text if len(text) <= 120 else f"{text[:100]}... ({len(text):,} characters)"


def load_scenario(name_or_path: str | Path) -> Scenario:
    """Load ``scenarios/<name>/`` (or a scenario folder path) and cross-check its files."""
    scenario_file, spec, town_file, cast_file = _scenario_files(name_or_path)
    town = load_town(town_file)
    cast = load_model(cast_file, CastSpec)
    _cross_check(scenario_file, cast_file, spec, town, cast)
    files = (("scenario", scenario_file), ("town", town_file), ("cast", cast_file))
    return Scenario(folder=scenario_file.parent, spec=spec, town=town, cast=tuple(cast.personas), files=files)


def load_town(path: str | Path) -> Town:
    """A town file (``town.toml``) on its own, as a scenario would load it; errors name the file."""
    town_file = Path(path)
    town_spec = load_model(town_file, TownSpec)
    try:
        return Town(town_spec)
    except TownError as exc:
        raise ScenarioError(f"{town_file}: {exc}") from None


def scenario_town(name_or_path: str | Path) -> Town:
    """The town of a scenario, read without the cast: a town can be drawn while the cast that lives in
    it still fails to load (a living_area naming a room the town does not have)."""
    _, _, town_file, _ = _scenario_files(name_or_path)
    return load_town(town_file)


def _scenario_files(name_or_path: str | Path) -> tuple[Path, ScenarioSpec, Path, Path]:
    """The scenario's file, its settings, and the town and cast files it names (which exist)."""
    folder = Path(name_or_path)
    # lexists: a scenario.toml that is a broken link or a loop is this folder's, and read_toml says what is wrong
    if not os.path.lexists(folder / "scenario.toml"):
        folder = scenarios_root() / str(name_or_path)
    if not os.path.lexists(folder / "scenario.toml"):
        given = Path(name_or_path)
        if given.is_file():
            raise ScenarioError(
                f"{given} is a file: give the scenario's folder ({given.parent}), which holds scenario.toml"
            )
        if given.is_dir():
            raise ScenarioError(
                f"{given} has no scenario.toml: a scenario folder holds scenario.toml, its town and its cast "
                "(see scenarios/ville3 for one)"
            )
        known = sorted(p.name for p in scenarios_root().glob("*") if (p / "scenario.toml").exists())
        raise ScenarioError(f"no scenario '{name_or_path}': known scenarios are {', '.join(known) or 'none'}")
    # The folder resolved, as the town and cast files are: every message names its file the same way,
    # whatever the working folder. The folder only: a scenario.toml that is a broken link stays named
    # as that link.
    try:
        folder = folder.resolve()
    except (OSError, RuntimeError):  # cannot happen once scenario.toml was found in it; kept as given
        folder = folder.absolute()
    scenario_file = folder / "scenario.toml"
    spec = load_model(scenario_file, ScenarioSpec)
    town_file = _resolved(folder / spec.town, scenario_file, "town")
    cast_file = _resolved(folder / spec.cast, scenario_file, "cast")
    for field, value, path in (("town", spec.town, town_file), ("cast", spec.cast, cast_file)):
        if not os.path.lexists(path):
            # A near-miss among the TOML files of the folder it points into ("towns.toml" for town.toml).
            siblings = (
                [f.name for f in path.parent.glob("*.toml") if f != scenario_file] if path.parent.is_dir() else []
            )
            near = difflib.get_close_matches(path.name, siblings, n=1, cutoff=0.8)
            hint = f"; did you mean '{Path(value).with_name(near[0]).as_posix()}'?" if near else ""
            raise ScenarioError(
                f"{scenario_file} > {field}: '{value}' names {path}, which does not exist; set {field} = to the "
                f"{field} file's path, relative to the scenario's folder{hint}"
            )
    return scenario_file, spec, town_file, cast_file


def _resolved(path: Path, scenario_file: Path, field: str) -> Path:
    """``path`` resolved, or a ScenarioError naming the field that points at it."""
    try:
        return path.resolve()
    except (OSError, RuntimeError) as exc:  # a symlink loop
        raise ScenarioError(
            f"{scenario_file} > {field}: {path} cannot be followed ({exc}); point it at a file"
        ) from None


def _cross_check(scenario_file: Path, cast_file: Path, spec: ScenarioSpec, town: Town, cast: CastSpec) -> None:
    names = [p.name for p in cast.personas]
    # Names first, as every later check refers to people by them. Names a command line cannot tell
    # apart are one name: `--agent "mira holm"` and first names are read without capitals, accents and
    # extra spaces (see full_name), so "MIRA HOLM" beside "Mira Holm" would be two people that no
    # command can pick out.
    spelt: dict[str, str] = {}
    for i, persona in enumerate(cast.personas):
        where = f"{cast_file}: persona #{i + 1} '{persona.name}'"
        if names.count(persona.name) > 1:
            # Both places: the first is not always the one that was meant to be renamed.
            others = [j + 1 for j, n in enumerate(names) if n == persona.name and j != i]
            raise ScenarioError(
                f"{where}: the name appears more than once in the cast (also persona "
                f"{', '.join(f'#{j}' for j in others)}); give one of them another name"
            )
        key = _folded(" ".join(persona.name.split()))
        if key in spelt:
            raise ScenarioError(
                f"{where}: the name differs from '{spelt[key]}' only in capitals, accents or spaces, so "
                "commands that take a name cannot tell the two apart; give one of them another name"
            )
        spelt[key] = persona.name
    for i, persona in enumerate(cast.personas):
        where = f"{cast_file}: persona #{i + 1} '{persona.name}'"
        sector, arena = persona.living_area.split(":")
        if sector not in town.sectors:
            raise ScenarioError(
                f"{where} > living_area: '{sector}' is not a sector of the town{_nearest(sector, town.sectors)}; "
                f"sectors are {', '.join(sorted(town.sectors))}"
            )
        if arena not in town.sectors[sector].arenas:
            arenas = town.sectors[sector].arenas
            raise ScenarioError(
                f"{where} > living_area: '{arena}' is not an arena of {sector}{_nearest(arena, arenas)}; "
                f"its arenas are {', '.join(sorted(arenas))}"
            )
        for place in persona.known_places:
            if place not in town.sectors:
                raise ScenarioError(
                    f"{where} > known_places: '{place}' is not a sector of the town{_nearest(place, town.sectors)}"
                )
        for rel in persona.relationships:
            if rel.name not in names:
                raise ScenarioError(
                    f"{where} > relationship with '{rel.name}': not in this scenario's cast{_nearest(rel.name, names)}"
                )
            if rel.name == persona.name:
                raise ScenarioError(f"{where} > relationship: a persona cannot have a relationship with itself")
    ids = [item.id for item in spec.news]
    for item in spec.news:
        if ids.count(item.id) > 1:
            # Measures and kept interview answers are filed by id: a second item would overwrite the first.
            raise ScenarioError(
                f"{scenario_file}: news '{item.id}': the id is given to {ids.count(item.id)} news items; "
                "give each [[news]] item an id of its own"
            )
        for who in item.seeded_in:
            if who not in names:
                raise ScenarioError(
                    f"{scenario_file}: news '{item.id}' > seeded_in: '{who}' is not in the cast{_nearest(who, names)}"
                )
        if item.place is not None:
            sector, _, arena = item.place.partition(":")
            if sector not in town.sectors:
                raise ScenarioError(
                    f"{scenario_file}: news '{item.id}' > place: '{sector}' is not a sector of the town"
                    + (
                        _nearest(sector, town.sectors)
                        or f"; its sectors are {', '.join(repr(x) for x in town.sectors)}"
                    )
                )
            if arena and arena not in town.sectors[sector].arenas:
                arenas = list(town.sectors[sector].arenas)
                raise ScenarioError(
                    f"{scenario_file}: news '{item.id}' > place: '{arena}' is not an arena of {sector}"
                    + (_nearest(arena, arenas) or f"; its arenas are {', '.join(repr(a) for a in arenas)}")
                )


def _by_last_name(full: Sequence[str], names: Sequence[str]) -> str:
    """ " or the last word of the name ('Haruki', ...)" when each of ``full`` has a last word no one else in ``names``
    has (names written family name first: "Sato Haruki", "Sato Michiko"), else ""."""
    lasts = [_folded(n.split()[-1]) for n in names if len(n.split()) > 1]
    own = [n.split()[-1] for n in full if len(n.split()) > 1 and lasts.count(_folded(n.split()[-1])) == 1]
    # ("the last name" would call a given name written last a family name: 'Soon-ja' of "Choi Soon-ja", session 79)
    return f" or the last word of the name ({', '.join(repr(x) for x in own)})" if len(own) == len(full) else ""


def _in_order(words: list[str], among: list[str]) -> bool:
    """Whether ``words`` all come in ``among``, in the same order, with the first and last kept."""
    if words[0] != among[0] or words[-1] != among[-1]:
        return False
    rest = iter(among)
    return all(w in rest for w in words)


def _nearest(name: str, known: Any) -> str:
    """ "; did you mean 'X'?" for a near-miss (other capitals, a letter or two, a person's first name
    alone, which commands accept but files do not), else ""."""
    import difflib

    options = list(known)
    # Without accents too: "Zoe Angstrom" is how "Zoë Ångström" is typed on a plain keyboard.
    same = [k for k in options if _folded(k) == _folded(name)]
    same = same or [k for k in options if k.split() and _folded(k.split()[0]) == _folded(name)][:2]
    # ... or its words in another order ("Goro Ishikawa" for a cast that writes the family name first)
    same = same or [
        k for k in options if len(k.split()) > 1 and sorted(_folded(k).split()) == sorted(_folded(name).split())
    ]
    # ... or without a middle name ("Hari Sharma" for "Hari Prasad Sharma", an outside tester's priest)
    words = _folded(name).split()
    same = same or [
        k for k in options if len(words) > 1 and len(k.split()) > len(words) and _in_order(words, _folded(k).split())
    ]
    if len(same) > 1:
        return f"; did you mean one of {', '.join(repr(k) for k in same)}? (give the full name)"
    near = same or difflib.get_close_matches(name, options, n=1, cutoff=0.8)
    return f"; did you mean '{near[0]}'?" if near else ""


def scenario_warnings(scenario: Scenario) -> list[str]:
    """Things that load but are probably mistakes, one sentence each (``aga scenario check`` shows them).

    - a sector's resident whose name is a near-miss of a cast member's (a typo: that persona's home
      then counts as someone else's);
    - a persona whose home is in a sector that lists residents, but not them (living in another's house);
    - two personas with the same first name (a model, and a command given the first name, cannot tell
      which is meant);
    - a lifestyle from which no hour of going to bed or getting up can be read (the default night
      applies, whatever it says), or that reads as a night shorter than 3 or longer than 14 hours (the
      day would be planned around the wrong night);
    - a news keyword that some persona it is not seeded in already has in their text (the news-spread
      measure would count them as knowing the news from the start);
    - a home (see :func:`_home_warnings`) without a bed, in a public place, or away from the sector
      that lists the persona as a resident;
    - a news event that is over before the scenario starts, or begins more than a year after it
      (see :func:`_news_warnings`);
    - a place a persona's text names that the town does not have (see :func:`_places_not_in_town`), that is not
      among their known places, or that is someone else's home, which no prompt offers them (see
      :func:`_unknown_named_places`);
    - a lifestyle or routine time between the hours (planned at the hour it falls in);
    - several people's own rooms in one sector not named for them (see :func:`_rooms_not_named_for_their_own`);
    - a person seeded with a news item that none of their texts names;
    - a town in another era whose persona texts never say its year (see :func:`_era_warnings`).
    """
    import difflib

    warnings: list[str] = []
    names = [p.name for p in scenario.cast]
    for sector in scenario.town.sectors.values():
        for resident in sector.residents:
            if resident in names:
                continue
            near = difflib.get_close_matches(resident, names, n=1, cutoff=0.8)
            if near:
                warnings.append(
                    f"town > sector '{sector.name}' > residents: '{resident}' is not in the cast; "
                    f"did you mean '{near[0]}'?"
                )
    for persona in scenario.cast:
        sector = scenario.town.sectors[persona.living_area.split(":")[0]]
        if sector.residents and persona.name not in sector.residents:
            warnings.append(
                f"cast > '{persona.name}' > living_area: '{sector.name}' lists its residents "
                f"({', '.join(sector.residents)}) and {persona.name} is not one of them"
            )
    firsts: dict[str, list[str]] = {}
    for persona in scenario.cast:  # "Mira" and "MIRA" are one first name to a command (see full_name)
        firsts.setdefault(_folded(persona.first_name), []).append(persona.name)
    for full in firsts.values():
        if len(full) > 1:
            first = full[0].split()[0]
            warnings.append(
                f"cast: {' and '.join(full)} share the first name '{first}'; prompts and commands that say "
                f"'{first}' cannot tell them apart, so give the full name on the command line"
                # (a last name that only one of them has names them too: see full_name)
                + _by_last_name(full, [p.name for p in scenario.cast])
            )
    for persona in scenario.cast:
        why = sleep_warning(persona.lifestyle)
        if why:
            warnings.append(f"cast > '{persona.name}' > lifestyle: {why}")
    # A day is planned an hour at a time (Park et al.'s hourly schedule): "lunch at 12:30 pm" is had at
    # noon, which an outside tester found out only by reading the plans.
    # (each once: a time the lifestyle and the routine both say was listed twice, session 71)
    between = list(
        dict.fromkeys(
            f"{persona.name}'s {t.strip()}"
            for persona in scenario.cast
            for text in (persona.lifestyle, persona.daily_plan_requirement)
            for t in re.findall(r"\b\d{1,2}:(?!00)\d\d(?:\s*(?:am|pm|a\.m\.|p\.m\.))?", text, re.IGNORECASE)
        )
    )
    if between:
        shown = ", ".join(between[:4]) + (f" and {len(between) - 4} more" if len(between) > 4 else "")
        # (the example is the first time found: "12:30 pm as 12:00 pm" beside someone's 6:30 pm was read as
        # a mistake about their time, by an outside tester)
        first = between[0].rsplit("'s ", 1)[1]
        at_hour = re.sub(r":\d\d", ":00", first)
        warnings.append(
            f"cast: times between the hours ({shown}) are planned at the hour they fall in ({first} as "
            f"{at_hour}): a day is planned an hour at a time"
        )
    for item in scenario.spec.news:
        for persona in scenario.cast:
            text = " ".join(
                [persona.innate, persona.learned, persona.currently, persona.lifestyle, *persona.statements]
            )
            known = item.keywords_in(text)
            if persona.name in item.seeded_in:
                # seeded_in says who knows it, for the measures; what they know is their texts. An outside
                # tester took seeded_in for the memory itself.
                if not known:
                    said = " or ".join(repr(k) for k in item.keywords)
                    warnings.append(
                        f"scenario > news '{item.id}' > seeded_in: {persona.name} is seeded with it, but none of "
                        f"their texts names {said}, so they do not know it at the start and never tell it: "
                        f"say it in their currently or statements"
                    )
                continue
            if known:
                warnings.append(
                    f"scenario > news '{item.id}' > keywords: {persona.name} is not seeded with it, but their text "
                    f"already has {', '.join(repr(k) for k in known)}; they would count as knowing it from the start"
                )
    warnings += _unknown_named_places(scenario) + _places_not_in_town(scenario) + _rooms_without_place(scenario)
    warnings += _common_nouns_without_place(scenario) + _rooms_not_named_for_their_own(scenario)
    warnings += _era_warnings(scenario)
    return [_in_file(w, scenario) for w in warnings + _home_warnings(scenario) + _news_warnings(scenario)]


# Before this year a town's day differs from today's in what people use (phones, computers, cars).
_ANOTHER_ERA = 1990


def _era_warnings(scenario: Scenario) -> list[str]:
    """A town that starts before ``_ANOTHER_ERA`` whose persona texts never say its year: the prompts show
    the date without the year ("Today is Monday June 5"), as the original's do, so nothing tells a model the
    era. An outside tester's slate village of 1905 had one action in six modern ("checking the satnav",
    "opening the laptop")."""
    start = scenario.spec.start
    year = start.year
    if year >= _ANOTHER_ERA:
        return []
    said = " ".join(
        " ".join([p.innate, p.learned, p.currently, p.lifestyle, p.daily_plan_requirement, *p.statements])
        for p in scenario.cast
    )
    if str(year) in said:
        return []
    return [
        f"scenario > start: the town starts in {year}, but the prompts show the date without its year and no "
        f"persona's text says {year}, so models will give its people today's things (phones, computers, cars); "
        f'say the year in their texts ("It is {start:%B} {year}." in currently, or in learned)'
    ]


def _rooms_not_named_for_their_own(scenario: Scenario) -> list[str]:
    """Several people's own rooms in one sector whose names do not say whose they are ("Cabin 1" ...
    "Cabin 8"): the prompt that chooses a room shows the room names only (as the original's does), so
    "never go into other people's rooms" cannot be followed, by a model or by the simulator. An outside
    tester's station crew, eight cabins in one living module, spent 13 waking actions in others' cabins."""
    by_sector: dict[str, list[tuple[str, str]]] = {}
    for persona in scenario.cast:
        sector, _, arena = persona.living_area.partition(":")
        by_sector.setdefault(sector, []).append((persona.name, arena))
    warnings: list[str] = []
    for sector, homes in by_sector.items():
        if len({arena for _, arena in homes}) < 2:
            continue  # one room shared, or one person: nobody's room is another's
        unnamed = [
            f"'{arena}' ({name})"
            for name, arena in homes
            if not any(len(w) > 2 and re.search(rf"\b{re.escape(w)}\b", arena) for w in name.split())
        ]
        if unnamed:
            shown = ", ".join(unnamed[:4]) + (f" and {len(unnamed) - 4} more" if len(unnamed) > 4 else "")
            name, arena = next((n, a) for n, a in homes if f"'{a}' ({n})" == unnamed[0])
            kind = re.sub(r"[\s\d]+$", "", arena).lower() or "room"
            example = f"{name}'s {kind}"
            warnings.append(
                f"town > sector '{sector}': the own rooms {shown} do not say whose they are; a prompt that "
                "chooses a room shows only their names, so people go into each other's; name each for its "
                f'resident ("{example}") in the town and in living_area'
            )
    return warnings


# "works at the Moorland Museum", "lives in Port Avel": a name of two or more capitalised words after a
# word of place. Only a hint (a warning, never an error): a text may name a place outside the town.
_NAMED_PLACE = re.compile(
    r"\b(?:at|in|to|from|near|inside|outside)\s+(?:the\s+)?"
    r"((?:[^\W\d_a-z][\w'’-]*)(?:\s+(?:of|and|de|la|the)?\s*[^\W\d_a-z][\w'’-]*)+)"
)


# Words of a date or a feast, which the capitalised-words pattern above also finds.
_CALENDAR = frozenset((
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february", "march",
    "april", "may", "june", "july", "august", "september", "october", "november", "december", "christmas",
    "easter", "eve", "day", "new", "year", "whitsun", "boxing", "of", "and", "the", "midsummer", "halloween",
))  # fmt: skip


def _rooms_without_place(scenario: Scenario) -> list[str]:
    """A routine that names a room of a place but not the place ("runs the telescope from the control
    room", where the control room is Observatorio Cerro Tololén's): the prompt that chooses where an
    action happens offers places by name, not their rooms, so a model must guess which place has that
    room. An outside tester's telescope operator stayed in his residence all night on the simulator,
    which places by the names it is shown. Rooms that more than one place has ("kitchen") say nothing."""
    town = scenario.town
    owners: dict[str, list[str]] = {}
    said_as: dict[str, str] = {}  # folded -> as the town writes it
    for sector in town.sectors.values():
        for arena in sector.arenas:
            owners.setdefault(_folded(arena), []).append(sector.name)
            said_as.setdefault(_folded(arena), arena)
    warnings: list[str] = []
    for persona in scenario.cast:
        routine = _folded(persona.daily_plan_requirement)
        home = persona.living_area.split(":")[0]
        missing: dict[str, list[str]] = {}
        for arena, sectors in owners.items():
            (sector,) = sectors if len(sectors) == 1 else (None,)
            # (a room of one word is a common noun any reader places: "the pub", "the store")
            if sector is None or sector == home or len(arena.split()) < 2 or _named_in(sector, routine):
                continue
            if re.search(rf"(?<!\w){re.escape(arena)}(?!\w)", routine):
                missing.setdefault(sector, []).append(said_as[arena])
        for sector, arenas in missing.items():
            rooms = " and ".join(f"'{a}'" for a in arenas)
            warnings.append(
                f"cast > '{persona.name}' > daily_plan_requirement: names {rooms} of {sector} but not {sector}; "
                f"the prompt that chooses where an action happens offers places by name, not their rooms, so "
                f'say where ("... at {sector}")'
            )
    return warnings


# "prays at the mosque", "goes to the market": a place said by a common noun in a routine.
# The noun must end the phrase ("the tanners' workshop", "the late shift" say more), and a plural is more
# often people than a place ("serves lunch to the astronomers", "buys from the lorries").
_AT_THE = re.compile(
    r"\b(?:at|to|in|into|inside)\s+the\s+([a-z][a-z-]{2,}(?<!s))(?=\s*(?:$|[,.;:)]|\s(?:at|from|until|till|to|for|"
    r"and|every|each|in|on|before|after|by|with|then|\d)\b))"
)
# Nouns after "at the" that are no place: times and ways of speaking.
_NOT_A_PLACE = frozenset((
    "morning", "afternoon", "evening", "night", "day", "week", "weekend", "end", "start", "same", "moment", "time",
    "hour", "usual", "latest", "earliest", "rest", "way", "top", "front", "back", "side", "middle", "edge", "weekends",
    "mornings", "evenings", "nights", "latest", "last", "first", "next", "close", "beginning", "least", "most",
    # the whole place a town is ("drives back down to the village")
    "village", "town", "city", "quarter", "neighbourhood", "neighborhood", "valley", "island", "coast", "hamlet",
))  # fmt: skip


def _common_nouns_without_place(scenario: Scenario) -> list[str]:
    """A routine that names a place by a common noun no sector, room or thing of the town has in its name
    ("prays at the mosque at 1 pm" where the mosque is "Jamaa Zitoun"): the prompts offer places by their
    names, so a model must guess which one is meant, and the simulator (which reads names by their English
    meaning) guessed the baker's own oven. Found by an outside tester's quarter of the Fes medina."""
    town = scenario.town
    words: set[str] = set()
    for sector in town.sectors.values():
        words |= set(_folded(sector.name).replace("-", " ").split())
        for name, arena in sector.arenas.items():
            words |= set(_folded(name).replace("-", " ").split())
            for obj in arena.objects:
                words |= set(_folded(obj).replace("-", " ").split())
    words |= {w.rstrip("s") for w in words}
    warnings: list[str] = []
    for persona in scenario.cast:
        said = []
        for match in _AT_THE.finditer(persona.daily_plan_requirement):
            noun = _folded(match.group(1)).strip("'’")
            if noun in _NOT_A_PLACE or noun in words or noun.rstrip("s") in words or f"the {noun}" in said:
                continue
            if len(noun) >= 6 and any(w[:6] == noun[:6] for w in words):
                continue  # a name's word of the same root, in another language ("Observatorio" for observatory)
            said.append(f"the {noun}")
        if said:
            named = " and ".join(f"'{x}'" for x in said)
            warnings.append(
                f"cast > '{persona.name}' > daily_plan_requirement: names {named}, which no place, room or thing "
                f"of {town.world} is called; the prompts offer places by their names, so say which place it is "
                f'by its name ("at <its name>"), or that part of the day may happen anywhere'
            )
    return warnings


def _named_in(sector: str, text: str) -> bool:
    """Whether folded ``text`` names ``sector`` whole or by its first or last two words ("at Corvid
    Bakeries" for "Corvid Bakeries factory")."""
    words = _folded(sector).split()
    said = [" ".join(words)] + ([" ".join(words[:2]), " ".join(words[-2:])] if len(words) >= 3 else [])
    return any(re.search(rf"(?<!\w){re.escape(x)}(?!\w)", text) for x in said)


def _places_not_in_town(scenario: Scenario) -> list[str]:
    """A place a persona's text names that the town has nowhere (a sector, an arena or the world itself,
    or a person's name): found on a town written by a user, whose tea-house keeper "works at the
    Moorland Museum from 7 am" with no museum on the map, and simply stayed at the tea house."""
    town = scenario.town
    known = [town.world, *(p.name for p in scenario.cast)]
    for sector in town.sectors.values():
        known += [sector.name, *sector.arenas]
    folded = [_folded(k) for k in known]
    # The cast's family names: "her daughter's wedding to Karim Tazi" names the son of Abdeslam Ben Larbi
    # Tazi, a person (an outside tester's medina was warned of both of its couple on every run).
    families = {_folded(w) for p in scenario.cast for w in p.name.split()[1:] if len(w) > 2}
    warnings: list[str] = []
    for persona in scenario.cast:
        for field in ("learned", "currently", "lifestyle", "daily_plan_requirement"):
            # (not a place of the persona's past: "She trained in Santiago and Leiden" was warned about)
            text = " ".join(_present(getattr(persona, field)))
            for match in _NAMED_PLACE.finditer(text):
                phrase = _folded(match.group(1))
                if any(phrase in k or k in phrase for k in folded):
                    continue
                if _folded(match.group(1).split()[-1]) in families or _KIN.search(text[: match.start(1)][-40:]):
                    continue  # a person: one of a cast member's family, or someone's kin or spouse
                if _TO_SOMEONE.search(text[: match.start(1)][-60:]):
                    # a buyer or an addressee: "will sell the estate to Grandi Cantine Riunite, a big wine company"
                    # (an outside tester's wine estate was warned of the company, session 71)
                    continue
                if all(w.lower().strip("'’s") in _CALENDAR for w in match.group(1).split()):
                    continue  # a date ("from Monday November 25"), not a place
                if all(len(part.split()) == 1 for part in re.split(r"\s+and\s+", match.group(1))):
                    # A list of one-word places ("gardens in Assam and Darjeeling", an outside tester's
                    # manager) is regions or towns, as one such word alone is, which is not warned about.
                    continue
                warnings.append(
                    f"cast > '{persona.name}' > {field}: names '{match.group(1)}', which is no place in "
                    f"{town.world}; if they are to go there, add it to the town (and to their known_places), "
                    "else their prompts never offer it and that part of their day happens elsewhere"
                )
    return warnings


# A verb of selling, giving or telling before "to": what follows is who gets it, not where one goes.
_TO_SOMEONE = re.compile(
    r"\b(?:sell|sold|give|gave|given|send|sent|writ\w*|wrote|lend|lent|owe|pay|paid|hand|deliver|report|explain|"
    r"offer|lease|rent|let|introduc|appeal|complain|apply|appli)\w*\b[^,.;:]{0,40}?\bto\s+(?:the\s+)?$",
    re.IGNORECASE,
)
# Words before a name that make it a person's: "wedding to Karim Tazi", "her son Karim to Salma El Alaoui".
_KIN = re.compile(
    r"\b(?:son|sons|daughter|daughters|wife|husband|brother|sister|mother|father|cousin|uncle|aunt|nephew|niece|"
    r"grand\w+|fianc[ée]e?|bride|groom|friend|married|marry|marries|marrying|engaged|wedding|partner)(?:'s)?"
    r"(?:\s+(?-i:[A-Z])\w+)?\s+(?:to|of|with|and)\s+$",
    re.IGNORECASE,
)


# A sentence about the persona's own past ("He worked forty years at the mine", "She used to teach at the
# school"): the place it names is not one their days go to. Only the persona's past doings: "which her
# grandfather opened when the mine was sunk" is still about the shop she keeps.
_PAST = re.compile(
    # ("he was", "served": an outside tester's radio operator "was a signaller in the South African Navy" was
    # warned about the navy, which is no place of the station; the person's own "was", not a place's: "which
    # her father opened when the town was young" is about the place she keeps)
    r"\b(?:worked|used to|retired from|lived|grew up|had been|trained|studied|was born|came from|moved from|"
    r"served|formerly|years ago|before (?:that|coming|(?:he|she|they) came))\b"
    r"|(?-i:\b(?:[Hh]e|[Ss]he|[Tt]hey|I|[A-Z][\w'’-]+) (?:was|were)\b)",
    re.IGNORECASE,
)


def _present(text: str) -> list[str]:
    """The sentences of ``text`` that are not about the persona's past (see :data:`_PAST`)."""
    return [x for x in re.split(r"(?<=[.;!?])\s+", text) if not _PAST.search(x)]


_WHERE_VERB = (
    r"\b(?:at|in|into|inside|to|on|near|by|outside|towards|round|around|visits?|visiting|opens?|opening|runs?|"
    r"running|owns?|owning|manages?|managing|keeps?|keeping|leaves|reaches|"
    r"(?:works?|working|lives?|living|stays?|staying)\s+(?:at|in|on|for))\s+"
)


def _unknown_named_places(scenario: Scenario) -> list[str]:
    """A place a persona's text names (a workplace: "works at the Harbour Bakery") that is not among the
    places they know: the prompts that choose where an action happens offer only known places, so the
    persona does that work elsewhere (at home) until they happen to walk past it. Seen with a town
    written from scratch whose baker never reached her bakery."""
    warnings: list[str] = []
    town = scenario.town
    for persona in scenario.cast:
        home = persona.living_area.split(":")[0]
        fields = {
            "learned": persona.learned,
            "currently": persona.currently,
            "lifestyle": persona.lifestyle,
            "daily_plan_requirement": persona.daily_plan_requirement,
        }
        for sector in town.sectors.values():
            if sector.name == home:
                continue
            # Named as a place one is at or goes to ("works at", "opens", "goes to"): "teaching the children
            # from Bellfield Academy" at the community garden is no visit to the school, and the warning's
            # advice would have sent an outside tester's volunteer there. ("Bar" is not in "Barbara".)
            named = re.compile(rf"{_WHERE_VERB}(?:the\s+)?{re.escape(sector.name)}(?!\w)", re.IGNORECASE)
            where = [field for field, text in fields.items() if any(named.search(x) for x in _present(text))]
            if sector.private and persona.name not in sector.residents:
                # Someone else's home is never offered, known or not: an outside tester's guestmaster, whose
                # routine is at the Guesthouse, never once reached it, because a guest's room made it her home.
                if where:
                    whose = ", ".join(sector.residents)
                    warnings.append(
                        f"cast > '{persona.name}' > {where[0]}: names '{sector.name}', which is the home of {whose} "
                        f"(a sector with a resident's room is private), so no prompt offers it to "
                        f"{persona.first_name} and {persona.first_name} does that elsewhere; if it is a workplace "
                        f"too (a guesthouse, an inn), give the residents' rooms a sector of their own"
                    )
                continue
            if sector.name in persona.known_places:
                continue
            if where:
                verb = "names" if len(where) == 1 else "name"
                warnings.append(
                    f"cast > '{persona.name}' > known_places: their {' and '.join(where)} {verb} "
                    f"'{sector.name}', which is not among their known_places, so no prompt offers it as a place "
                    f"to go and {persona.first_name} does that elsewhere; add '{sector.name}' to known_places"
                )
    return warnings


def _in_file(warning: str, scenario: Scenario) -> str:
    """``warning`` with the file it is about in front, as errors have it: "cast > 'Ana' > lifestyle: ..."
    becomes "/path/cast.toml: 'Ana' > lifestyle: ..." (a town file is often shared by several scenarios,
    so the role alone does not say which file to open)."""
    role = re.match(r"(scenario|town|cast)(?: > |: )", warning)
    files = dict(scenario.files)
    if not role or role[1] not in files:
        return warning
    return f"{files[role[1]]}: {warning[role.end() :]}"


def _home_warnings(scenario: Scenario) -> list[str]:
    """What is probably wrong with where the personas live, judged only from what the runtime reads:

    - a home arena without a bed (``Arena.bed``): the persona starts the day on the floor and sleeps at
      whatever object the model picks there (a bookshelf);
    - a home in a sector that lists no residents, so that it is a public place anyone may walk into,
      when the town marks its homes with residents or another persona goes there (it is in their
      ``known_places``, ``learned`` or ``daily_plan_requirement``: a shop, a library, a workplace);
    - a persona a sector lists as a resident who lives in another sector (the house then lets them in
      but is not their home: the mark of a living_area moved and the residents left behind).

    Whether a sector is a shop cannot be read from its name in every language, so nothing here guesses
    from names of places.
    """
    warnings: list[str] = []
    town = scenario.town
    town_file = dict(scenario.files).get("town", Path("town.toml")).name
    marks_homes = any(s.residents for s in town.sectors.values())
    home_of = {p.name: p.living_area for p in scenario.cast}
    for persona in scenario.cast:
        sector_name, arena_name = persona.living_area.split(":")
        arena = town.arena(sector_name, arena_name)
        where = f"cast > '{persona.name}' > living_area"
        if arena.bed is None:
            there = f" ({', '.join(arena.objects)})" if arena.objects else ""
            warnings.append(
                f"{where}: '{persona.living_area}' has no bed (an object named {SLEEP_OBJECT_WORDS}), so "
                f"{persona.name} starts the day on the floor and sleeps at whatever object is there{there}; "
                f'add "bed" to the objects of that arena in {town_file}, or set living_area to a room with one'
            )
        sharing = [p.name for p in scenario.cast if p.living_area == persona.living_area]
        if arena.bed in town.exclusive and len(sharing) > 1 and sharing[0] == persona.name:
            # Both start the night on the one bed, and whoever comes second is turned away from it.
            warnings.append(
                f"{where}: '{arena.bed}' is exclusive (one person at a time) in {town_file}, but "
                f"{' and '.join(sharing)} live in '{persona.living_area}' and all start the night on it; remove it "
                "from exclusive if they share it, or give each a room of their own"
            )
        if town.sectors[sector_name].residents:
            continue
        # The sector's name as a whole word of another persona's text: "Bar" is not in "Barbara".
        named = re.compile(rf"(?<!\w){re.escape(sector_name)}(?!\w)")
        visitors = [
            other.name
            for other in scenario.cast
            if other.living_area.split(":")[0] != sector_name
            and (
                sector_name in other.known_places
                or named.search(other.learned)
                or named.search(other.daily_plan_requirement)
            )
        ]
        if visitors:
            who = " and ".join([", ".join(visitors[:-1]), visitors[-1]] if len(visitors) > 1 else visitors)
            warnings.append(
                f"{where}: '{sector_name}' lists no residents, so it is a public place, and {who} "
                f"go{'es' if len(visitors) == 1 else ''} there (their known_places or plans name it) and may use "
                f"it while {persona.name} sleeps; set living_area to {persona.name}'s own home, a sector of "
                f"{town_file} whose residents list them"
            )
        elif marks_homes:
            warnings.append(
                f"{where}: '{sector_name}' lists no residents, so it is a public place anyone may walk into, "
                f"while the other homes of {town_file} list theirs; add '{persona.name}' to its residents if "
                f"it is their home, or set living_area to their home"
            )
    for sector in town.sectors.values():
        for resident in sector.residents:
            lives = home_of.get(resident)
            if lives is not None and lives.split(":")[0] != sector.name:
                warnings.append(
                    f"town > sector '{sector.name}' > residents: '{resident}' is listed, but their living_area "
                    f"is '{lives}'; remove them from the residents in {town_file}, or set their living_area to "
                    f"an arena of '{sector.name}'"
                )
    return warnings


# Further from the start than this, a news event is taken for a typo in its year.
_FAR_AHEAD = timedelta(days=365)


def _news_warnings(scenario: Scenario) -> list[str]:
    """News events the run cannot see: over before the scenario starts, or beginning more than a year
    after it (a run long enough to reach one would cost days of model calls per simulated day)."""
    warnings: list[str] = []
    start = scenario.spec.start
    for item in scenario.spec.news:
        if item.starts is None or item.ends is None:
            continue
        if (item.starts.tzinfo is None) != (start.tzinfo is None):
            continue  # one with a UTC offset, one without: they cannot be compared, and no window is read
        where = f"scenario > news '{item.id}'"
        if item.ends <= start:
            warnings.append(
                f"{where} > ends: the event ({item.starts:%Y-%m-%d %H:%M} to {item.ends:%Y-%m-%d %H:%M}) is over "
                f"before the scenario starts ({start:%Y-%m-%d %H:%M}), so nobody can attend it; check the year of "
                "its starts and ends"
            )
        elif item.starts - start > _FAR_AHEAD:
            days = math.ceil((item.ends - start) / timedelta(days=1))
            warnings.append(
                f"{where} > starts: {item.starts:%Y-%m-%d %H:%M} is {(item.starts - start).days:,} days after the "
                f"scenario's start ({start:%Y-%m-%d %H:%M}), so a run would need --days {days} to see it; check "
                "the year of its starts and ends, or move the scenario's start"
            )
    return warnings
