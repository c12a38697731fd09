"""A home in VirtualHome, run by its EvolvingGraph simulator (PyPI ``virtualhome-eval``), no 3D engine.

The home is a scene graph: nodes are rooms and items (class name, category, properties such as
GRABBABLE or HAS_SWITCH, states such as OPEN or ON) and edges their relations (INSIDE, ON, CLOSE,
FACING, HOLDS_RH ...). A command is one VirtualHome script line, ``<char0> [walk] <kitchen> (11)``:
an action, then an item's category and id for each of the action's parameters.

:class:`Household` lists what a prompt needs (rooms, items by room and category with their states and
relations), runs commands one at a time on a state it keeps, and says why a command failed: the
command cannot be read, the action is unknown or takes other arguments, the id is not in the home or
names another kind of item, or EvolvingGraph refused it (its own message: not grabbable, not reachable,
already open ...). Checks of our own come first because EvolvingGraph accepts some wrong commands
silently (a walk to "<kitchen> (1)" where 1 is the bathroom goes to the bathroom).

The simulator's declared dependencies (pddlgym, gym, ipdb, scikit-image) serve its LLM-evaluation
harness, not EvolvingGraph, and pddlgym pins an old Pillow; ``make setup`` therefore installs the
package with ``--no-deps`` (EvolvingGraph needs only numpy).
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

# The scene files the package ships: every program of the dataset comes with the home's graph before
# (and after) it ran; all of them are TrimmedTestScene1, each in a slightly different state.
_DATASET = "dataset/programs_processed_precond_nograb_morepreconds"
_SCENE_DIR = "init_and_final_graphs/{scene}_graph/results_intentions_march-13-18"
_PROGRAM_DIR = "executable_programs/{scene}_graph/results_intentions_march-13-18"
DEFAULT_SCENE = "TrimmedTestScene1"
# Relations an item has to other items that a person would use to find it (not walls and floors).
_PLACING = ("INSIDE", "ON")
_COMMAND = re.compile(r"^\s*(?:<char(?P<char>\d+)>\s*)?\[(?P<action>\w+)\](?P<rest>.*)$")
_ARGUMENT = re.compile(r"<(?P<name>[^>]+)>\s*\((?P<id>[^)]*)\)")
_ROOM_CATEGORY = "Rooms"


class HouseholdError(ValueError):
    """A scene or a command that cannot be used, with what is wrong and how to fix it."""


def _virtualhome() -> Any:
    try:
        import virtualhome_eval
    except ImportError:
        raise HouseholdError(
            "the household needs VirtualHome's EvolvingGraph: `make setup` installs it, or "
            "`pip install --no-deps virtualhome-eval==0.1.1`"
        ) from None
    return virtualhome_eval


@dataclass(frozen=True)
class Item:
    """One node of the home: a room or an item in it."""

    id: int
    name: str  # the class name: "cup", "kitchen"
    category: str
    room: str | None  # the room it is in (None for a room, or an item outside every room)
    states: tuple[str, ...]
    properties: tuple[str, ...]
    placed: tuple[tuple[str, str, int], ...] = ()  # (relation, item name, item id): ("ON", "table", 12)
    # The character is close to it (EvolvingGraph's CLOSE edge): what it walked to. Shown in a prompt so
    # that a model choosing among six drawings can take the one it is standing at, as a person would;
    # without it the choice was a guess and "grab" was refused as "not close to" the one guessed.
    near: bool = False

    def describe(self) -> str:
        """One line for a prompt: ``cup (12) in the kitchen, on table (14); states: CLEAN``."""
        where = f" in the {self.room}" if self.room else ""
        placed = "".join(f", {rel.lower()} {name} ({i})" for rel, name, i in self.placed)
        states = f"; states: {', '.join(self.states)}" if self.states else ""
        near = "; next to you" if self.near else ""
        return f"{self.name} ({self.id}){where}{placed}{states}{near}"


@dataclass(frozen=True)
class Outcome:
    """What one command did."""

    command: str
    ok: bool
    reason: str = ""  # why it failed (empty when it ran)
    changed: tuple[str, ...] = field(default_factory=tuple)  # "cup (12): CLEAN -> DIRTY", "held: cup (12)"


@dataclass(frozen=True)
class Command:
    """A parsed command: the action and its (name, id) arguments."""

    action: str
    arguments: tuple[tuple[str, int], ...]

    def line(self) -> str:
        """The command as VirtualHome writes it, with the character."""
        return f"<char0> [{self.action.lower()}]" + "".join(f" <{n}> ({i})" for n, i in self.arguments)


class Household:
    """A home's scene graph with a state that commands change."""

    def __init__(self, graph: dict[str, Any], *, source: str = "the scene") -> None:
        self.source = source
        self._check_graph(graph)
        vh = _virtualhome()
        self._resources = resources.files(vh) / "resources"
        self._equivalence = json.loads((self._resources / "class_name_equivalence.json").read_text())
        self._graph = copy.deepcopy(graph)
        self._state: Any = None
        self._reset_state()

    # ------------------------------------------------------------------ loading
    @classmethod
    def load(cls, scene: str | Path = DEFAULT_SCENE) -> Household:
        """A bundled scene by name (``TrimmedTestScene1``, or ``TrimmedTestScene1:file1003_2`` for the
        home as one of the dataset's programs found it), or a JSON file: a graph ``{"nodes", "edges"}``
        or a dataset file ``{"init_graph": ...}``."""
        path = Path(scene)
        if path.suffix == ".json" or path.exists():
            if not path.exists():
                if str(scene).partition(":")[0] in bundled_scenes():  # "TrimmedTestScene1:file1003_2.json"
                    raise HouseholdError(
                        f"{scene}: no such scene file; a bundled scene's program is named without .json "
                        f"({str(scene).removesuffix('.json')})"
                    )
                raise HouseholdError(f"{path}: no such scene file")
            try:
                data = json.loads(path.read_text())
            except (OSError, ValueError) as exc:
                raise HouseholdError(f"{path}: not a JSON scene graph ({exc})") from None
            graph = data.get("init_graph", data) if isinstance(data, dict) else data
            return cls(graph, source=str(path))
        name, _, program = str(scene).partition(":")
        folder = resources.files(_virtualhome()) / _DATASET / _SCENE_DIR.format(scene=name)
        if not folder.is_dir():
            raise HouseholdError(f"scene {name!r}: not a bundled scene; bundled: {', '.join(bundled_scenes())}")
        files = sorted(f.name for f in folder.iterdir() if f.name.endswith(".json"))
        chosen = f"{program}.json" if program else files[0]
        if chosen not in files:
            shown = ", ".join(f"{name}:{f.removesuffix('.json')}" for f in files[:3])
            raise HouseholdError(f"scene {name}: no program {program!r} ({len(files)} shipped, e.g. {shown})")
        data = json.loads((folder / chosen).read_text())
        return cls(data["init_graph"], source=f"{name}:{chosen.removesuffix('.json')}")

    def _check_graph(self, graph: Any) -> None:
        if not isinstance(graph, dict) or not isinstance(graph.get("nodes"), list):
            raise HouseholdError(f"{self.source}: a scene graph needs a list of 'nodes' (and of 'edges')")
        ids: set[int] = set()
        for n, node in enumerate(graph["nodes"]):
            missing = [k for k in ("id", "class_name", "category") if not isinstance(node, dict) or k not in node]
            if missing:
                raise HouseholdError(f"{self.source}: node {n} lacks {', '.join(missing)}")
            if node["id"] in ids:
                raise HouseholdError(f"{self.source}: node id {node['id']} appears twice")
            ids.add(node["id"])
        if not any(node["category"] == _ROOM_CATEGORY for node in graph["nodes"]):
            raise HouseholdError(f"{self.source}: no node of category 'Rooms': a home needs rooms")
        if not any(node["category"] == "Characters" for node in graph["nodes"]):
            raise HouseholdError(f"{self.source}: no node of category 'Characters': nobody lives here")
        for e, edge in enumerate(graph.get("edges", [])):
            if not isinstance(edge, dict) or edge.get("from_id") not in ids or edge.get("to_id") not in ids:
                raise HouseholdError(f"{self.source}: edge {e} joins ids that are not nodes: {edge}")

    def _reset_state(self) -> None:
        from virtualhome_eval.simulation.evolving_graph.environment import EnvironmentGraph, EnvironmentState

        try:
            graph = EnvironmentGraph(self._graph)
        except KeyError as exc:  # an unknown relation, property or state name
            raise HouseholdError(f"{self.source}: EvolvingGraph does not know {exc}") from None
        self._state = EnvironmentState(graph, self._equivalence, instance_selection=True)
        self._snapshot = None

    # ------------------------------------------------------------------ state
    def to_json(self) -> dict[str, Any]:
        """The home as it is now (a graph ``{"nodes", "edges"}``): :meth:`from_json` brings it back."""
        return {"source": self.source, "graph": self._state.to_dict()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Household:
        """A home saved by :meth:`to_json`."""
        return cls(data["graph"], source=str(data.get("source", "a saved home")))

    def _graph_now(self) -> tuple[dict[int, dict[str, Any]], list[dict[str, Any]]]:
        # EvolvingGraph rebuilds the whole dictionary on every to_dict() (~30 ms for a 300-item home):
        # one snapshot per state.
        if self._snapshot is None:
            graph = self._state.to_dict()
            # EvolvingGraph keeps edges in sets: in a fixed order, prompts do not change from one process
            # to the next (nor, with them, a seeded run).
            edges = sorted(graph["edges"], key=lambda e: (e["from_id"], e["relation_type"], e["to_id"]))
            self._snapshot = ({n["id"]: n for n in graph["nodes"]}, edges)
        return self._snapshot

    def _nodes(self) -> dict[int, dict[str, Any]]:
        return self._graph_now()[0]

    def _edges(self) -> list[dict[str, Any]]:
        return self._graph_now()[1]

    # ------------------------------------------------------------------ reading
    def rooms(self) -> list[str]:
        """The rooms' names, in id order."""
        return [n["class_name"] for _, n in sorted(self._nodes().items()) if n["category"] == _ROOM_CATEGORY]

    def character_room(self) -> str | None:
        """The room the character is in."""
        character = next(i for i, n in self._nodes().items() if n["category"] == "Characters")
        return self._room_of(character, self._edges(), self._nodes())

    def held(self) -> list[Item]:
        """What the character holds."""
        nodes = self._nodes()
        character = next(i for i, n in nodes.items() if n["category"] == "Characters")
        ids = [
            e["to_id"] for e in self._edges() if e["from_id"] == character and e["relation_type"].startswith("HOLDS")
        ]
        return [i for i in self.items() if i.id in ids]

    def _room_of(self, node_id: int, edges: list[dict[str, Any]], nodes: dict[int, dict[str, Any]]) -> str | None:
        for e in edges:
            if e["from_id"] == node_id and e["relation_type"] == "INSIDE":
                target = nodes.get(e["to_id"])
                if target is not None and target["category"] == _ROOM_CATEGORY:
                    return str(target["class_name"])
        return None

    def items(self, *, room: str | None = None, names: Iterable[str] | None = None) -> list[Item]:
        """Items (not rooms, walls, floors or ceilings), optionally in ``room`` and of the class
        ``names`` (or their VirtualHome equivalents: "tv" finds "television")."""
        nodes = self._nodes()
        edges = self._edges()
        wanted = None if names is None else self._equivalents(names)
        by_source: dict[int, list[dict[str, Any]]] = {}
        for e in edges:
            by_source.setdefault(e["from_id"], []).append(e)
        character = next((i for i, n in nodes.items() if n["category"] == "Characters"), -1)
        near = {e["to_id"] for e in by_source.get(character, []) if e["relation_type"] == "CLOSE"}
        out: list[Item] = []
        for node_id, node in sorted(nodes.items()):
            if node["category"] in (_ROOM_CATEGORY, "Walls", "Floor", "Floors", "Ceiling", "Characters"):
                continue
            if wanted is not None and node["class_name"] not in wanted:
                continue
            where = self._room_of(node_id, by_source.get(node_id, []), nodes)
            if room is not None and where != room:
                continue
            placed = tuple(
                (e["relation_type"], nodes[e["to_id"]]["class_name"], e["to_id"])
                for e in by_source.get(node_id, [])
                if e["relation_type"] in _PLACING and nodes[e["to_id"]]["category"] != _ROOM_CATEGORY
            )
            out.append(
                Item(
                    id=node_id,
                    name=node["class_name"],
                    category=node["category"],
                    room=where,
                    states=tuple(sorted(node.get("states", []))),  # EvolvingGraph keeps them in a set
                    properties=tuple(sorted(node.get("properties", []))),  # a set there too
                    placed=placed,
                    near=node_id in near,
                )
            )
        return out

    def _equivalents(self, names: Iterable[str]) -> set[str]:
        out: set[str] = set()
        for name in names:
            key = name.strip().lower().replace(" ", "_")
            out.add(key)
            out.update(self._equivalence.get(key, []))
        return out

    def item(self, item_id: int) -> Item | None:
        """The item (or room) with this id."""
        node = self._nodes().get(item_id)
        if node is None:
            return None
        if node["category"] == _ROOM_CATEGORY:
            return Item(item_id, node["class_name"], _ROOM_CATEGORY, None, tuple(sorted(node.get("states", []))), ())
        return next((i for i in self.items() if i.id == item_id), None)

    def find(self, name: str) -> list[Item]:
        """Rooms and items called ``name`` (or a VirtualHome equivalent), rooms first."""
        wanted = self._equivalents([name])
        rooms = [
            Item(i, n["class_name"], _ROOM_CATEGORY, None, tuple(sorted(n.get("states", []))), ())
            for i, n in sorted(self._nodes().items())
            if n["category"] == _ROOM_CATEGORY and n["class_name"] in wanted
        ]
        return rooms + self.items(names=[name])

    def arity(self, action: str) -> int:
        """How many items the action takes (0 for [standup], 2 for [putin]); -1 for an unknown action."""
        from virtualhome_eval.simulation.evolving_graph.scripts import Action

        member = Action.__members__.get(action.strip().upper())
        return -1 if member is None else int(member.value[1])

    def actions(self) -> list[str]:
        """The actions a command may use (lower case, as in ``[walk]``)."""
        from virtualhome_eval.simulation.evolving_graph.scripts import Action

        return [a.lower() for a in Action.__members__ if a not in ("LOOKAT_SHORT", "LOOKAT_MEDIUM", "LOOKAT_LONG")]

    # ------------------------------------------------------------------ acting
    def parse(self, command: str) -> Command:
        """Read one command; :class:`HouseholdError` says what is wrong with it."""
        from virtualhome_eval.simulation.evolving_graph.scripts import Action

        match = _COMMAND.match(command or "")
        if match is None:
            raise HouseholdError(f"{command!r}: not a command; write e.g. '<char0> [walk] <kitchen> (11)'")
        if match["char"] not in (None, "0"):
            raise HouseholdError(f"{command!r}: only <char0> lives in this home")
        action = match["action"].upper()
        if action not in Action.__members__:
            raise HouseholdError(f"{command!r}: unknown action [{match['action']}]; known: {', '.join(self.actions())}")
        arguments: list[tuple[str, int]] = []
        for arg in _ARGUMENT.finditer(match["rest"]):
            raw = arg["id"].strip().split(".")[-1]  # the dataset writes "(1.417)": instance 1 of id 417
            if not raw.isdigit():
                raise HouseholdError(f"{command!r}: <{arg['name']}> needs a numeric id, not ({arg['id']})")
            arguments.append((arg["name"].strip().lower().replace(" ", "_"), int(raw)))
        expected = Action[action].value[1]
        if len(arguments) != expected:
            raise HouseholdError(
                f"{command!r}: [{action.lower()}] takes {expected} item(s) like <name> (id), got {len(arguments)}"
            )
        nodes = self._nodes()
        for name, item_id in arguments:
            node = nodes.get(item_id)
            if node is None:
                raise HouseholdError(f"{command!r}: no item {item_id} in this home")
            if node["class_name"] not in self._equivalents([name]):
                raise HouseholdError(f"{command!r}: item {item_id} is a {node['class_name']}, not a {name}")
        return Command(action, tuple(arguments))

    def execute(self, command: str) -> Outcome:
        """Run one command on the home; a failure changes nothing and says why."""
        from virtualhome_eval.simulation.evolving_graph.execution import ScriptExecutor
        from virtualhome_eval.simulation.evolving_graph.scripts import Script, parse_script_line

        try:
            parsed = self.parse(command)
        except HouseholdError as exc:
            return Outcome(command, False, str(exc).split(": ", 1)[-1])
        line = parse_script_line(f"[{parsed.action}]" + "".join(f" <{n}> ({i})" for n, i in parsed.arguments), 0)
        executor = ScriptExecutor(self._state._graph, self._equivalence)
        before = self._nodes()
        held_before = {i.id for i in self.held()}
        ok, state = executor.execute_one_step(Script([line]), self._state)
        if not ok:
            reason = _plain(executor.info.get_error_string() or "EvolvingGraph refused it without saying why")
            return Outcome(parsed.line(), False, self._closed_around(reason, parsed))
        self._state = state
        self._snapshot = None
        return Outcome(parsed.line(), True, changed=self._changes(before, held_before))

    def _closed_around(self, reason: str, command: Command) -> str:
        """``reason`` with the closed thing named where EvolvingGraph says only "inside other closed
        thing": the model (or a person) must open it first, and cannot without knowing which it is."""
        if "inside other closed thing" not in reason:
            return reason
        nodes = self._nodes()
        around = {
            e["to_id"]
            for e in self._edges()
            if e["relation_type"] == "INSIDE"
            and any(e["from_id"] == i for _, i in command.arguments)
            and "CLOSED" in nodes.get(e["to_id"], {}).get("states", [])
        }
        if not around:
            return reason
        named = ", ".join(f"<{nodes[i]['class_name']}> ({i})" for i in sorted(around))
        return reason.replace("inside other closed thing", f"inside {named}, which is closed", 1)

    def run(self, commands: Iterable[str]) -> list[Outcome]:
        """Run commands in order, stopping at the first that fails (its outcome is the last)."""
        out: list[Outcome] = []
        for command in commands:
            out.append(self.execute(command))
            if not out[-1].ok:
                break
        return out

    def _changes(self, before: dict[int, dict[str, Any]], held_before: set[int]) -> tuple[str, ...]:
        after = self._nodes()
        changes = [
            f"{node['class_name']} ({i}): {', '.join(sorted(before[i].get('states', []))) or '-'} -> "
            f"{', '.join(sorted(node.get('states', []))) or '-'}"
            for i, node in sorted(after.items())
            if i in before and sorted(before[i].get("states", [])) != sorted(node.get("states", []))
        ]
        held = {i.id: i for i in self.held()}
        changes += [f"now holding {held[i].name} ({i})" for i in sorted(held.keys() - held_before)]
        changes += [f"let go of {before[i]['class_name']} ({i})" for i in sorted(held_before - held.keys())]
        room = self.character_room()
        return (*changes, f"in the {room}") if room else tuple(changes)


def _plain(message: str) -> str:
    # EvolvingGraph says 'when executing "[GRAB] <computer> (417) [0]"'; the line index is ours to give.
    return re.sub(r"\s*\[\d+\]\"", '"', message)


def bundled_scenes() -> list[str]:
    """Names of the scenes the package ships."""
    root = resources.files(_virtualhome()) / _DATASET / "init_and_final_graphs"
    return sorted(p.name.removesuffix("_graph") for p in root.iterdir() if p.name.endswith("_graph"))


def bundled_programs(scene: str = DEFAULT_SCENE) -> dict[str, tuple[str, list[str]]]:
    """The dataset's executable programs for ``scene``: file -> (title, command lines)."""
    folder = resources.files(_virtualhome()) / _DATASET / _PROGRAM_DIR.format(scene=scene)
    out: dict[str, tuple[str, list[str]]] = {}
    for f in sorted(folder.iterdir(), key=lambda p: p.name):
        if not f.name.endswith(".txt"):
            continue
        lines = f.read_text().splitlines()
        out[f.name.removesuffix(".txt")] = (lines[0].strip(), [ln for ln in lines if ln.startswith("[")])
    return out
