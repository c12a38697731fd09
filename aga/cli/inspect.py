"""``aga show`` and ``aga log``: what a run's agents are doing, and what happened."""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta
from typing import Annotated

import typer
from rich.table import Table

from aga.cli.common import UserError, console, open_run_state, plain, print_json


def _open_state(run: str):
    paths, engine, info, latest = open_run_state(run)
    return paths, engine, info, latest.state(paths.database), latest


def _status(paths, recorded: str) -> str:
    """The run's status as recorded, except that a run recorded as running whose process is gone (killed
    with -9, crashed, the machine lost) is "interrupted": nothing could write "stopped" for it."""
    from aga.storage.runs import run_in_use

    if recorded == "running" and not run_in_use(paths):
        return "interrupted"
    return recorded


def show_command(
    run: Annotated[str, typer.Argument(help="Run id or folder.")],
    memories: Annotated[int, typer.Option(help="How many latest memories per agent.")] = 5,
    agent: Annotated[
        list[str] | None, typer.Option(help="Only these agents (repeatable; full or first name).", show_default=False)
    ] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Each agent's current action, place, plan and latest memories (at the last checkpoint)."""
    from aga.agents import AgentState
    from aga.memory.stream import latest_nodes
    from aga.scenario.loader import full_name

    paths, engine, info, state, latest = _open_state(run)
    status = _status(paths, info.status)
    agents = {name: AgentState.from_json(data) for name, data in state["agents"].items()}
    if agent:  # a town of 25 prints pages; one person is what is usually asked about
        try:
            wanted = {full_name(a, list(agents), "in this run; its agents are") for a in agent}
        except KeyError as exc:
            raise UserError(str(exc.args[0])) from None
        agents = {name: s for name, s in agents.items() if name in wanted}
    out = []
    for name, s in agents.items():
        index, start = s.schedule_index(latest.sim_time) if s.schedule else (0, 0)
        upcoming = []
        clock = start
        # A schedule is of the day it was planned for: at a run's stop at midnight the day it holds is
        # over, and the new day is planned when the run goes on (yesterday's morning was listed as next).
        today = s.schedule if s.day is None or s.day == latest.sim_time.date() else []
        for item in today[index : index + 4]:
            upcoming.append(
                {"start": f"{clock // 60:02d}:{clock % 60:02d}", "minutes": item.minutes, "task": item.task}
            )
            clock += item.minutes
        out.append(
            {
                "agent": name,
                "action": s.action.description if s.action else None,
                "emoji": s.action.emoji if s.action else "",
                "place": s.action.address if s.action else None,
                "tile": list(s.tile),
                "currently": s.currently,
                "plan": upcoming,
                "memories": [n.description for n in latest_nodes(engine, name, memories)],
            }
        )
    if as_json:
        print_json(
            {
                "run": info.run_id,
                **({"created_as": info.created_as} if info.created_as else {}),  # a copied or renamed folder
                "status": status,
                "time": latest.sim_time.isoformat(),
                "step": latest.step,
                "agents": out,
            }
        )
        return
    console.print(
        f"[bold]{plain(info.run_id)}[/] at {latest.sim_time:%a %b %d %H:%M} (step {latest.step}), "
        f"{plain(info.model)}, {plain(info.mode)}, status {plain(status)}"
    )
    if status == "interrupted":
        console.print(
            f"  its process ended without stopping it (killed or crashed); `aga resume {plain(info.run_id)}` goes "
            "on from this checkpoint"
        )
    for a in out:
        # No action yet: a run stopped before its first step (the start-up checkpoint).
        doing = a["action"] or "(no action yet: the run has not stepped)"
        place = a["place"] or "tile"
        console.print(
            f"\n[bold]{plain(a['agent'])}[/] {plain(a['emoji'])} {plain(doing)}\n  at {plain(place)} {tuple(a['tile'])}"
        )
        for p in a["plan"]:
            console.print(f"  {p['start']} ({p['minutes']} min) {p['task']}", markup=False)
        if not a["plan"] and a["action"]:
            console.print(f"  [dim](the plan for {latest.sim_time:%A} is made when the run goes on)[/]")
        for m in a["memories"]:
            console.print(f"  [dim]- {plain(m)}[/]")


def log_command(
    run: Annotated[str, typer.Argument(help="Run id or folder.")],
    agent: Annotated[str | None, typer.Option(help="Only this agent (full or first name).")] = None,
    kind: Annotated[list[str] | None, typer.Option(help="action, chat, plan, reflection, whisper.")] = None,
    limit: Annotated[int, typer.Option(min=1, help="The last N entries.")] = 50,
    since: Annotated[
        str | None,
        typer.Option(help="From this simulated time: 2023-02-13T14:00, 2023-02-13 (its midnight) or 14:00 (last day)."),
    ] = None,
    until: Annotated[str | None, typer.Option(help="Before this simulated time (same forms as --since).")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """The timeline of actions, conversations, plans and reflections."""
    from aga.storage.timeline import KINDS, Timeline

    unknown = [k for k in kind or [] if k not in KINDS]
    if unknown:
        raise UserError(f"--kind {', '.join(unknown)}: the timeline's kinds are {', '.join(KINDS)}")
    _, engine, _, state, latest = _open_state(run)
    if agent is not None:
        from aga.scenario.loader import full_name

        try:
            agent = full_name(agent, list(state.get("agents", {})), "in this run; its agents are")
        except KeyError as exc:
            raise UserError(str(exc.args[0])) from None
    # The run's last day: a run that stopped at midnight last lived the day before it.
    last = latest.sim_time - timedelta(microseconds=1) if latest is not None else None
    start, end = (_sim_time(v, f"--{n}", last) for v, n in ((since, "since"), (until, "until")))
    if start is not None and end is not None and end <= start:
        raise UserError(f"--until {until} is not after --since {since}: give a later --until")
    entries = Timeline(engine).entries(agent=agent, kinds=kind, limit=limit, since=start, until=end)
    if as_json:
        print_json([e.to_json() for e in entries])
        return
    table = Table(show_header=True)
    for col in ("time", "agent", "kind", "what", "where"):
        table.add_column(col)
    for e in entries:
        text = e.text
        data = e.to_json().get("data", {})
        if e.kind == "chat":
            text += "".join(f"\n  {who}: {said}" for who, said in data.get("lines", []))
        table.add_row(f"{e.sim_time:%a %H:%M}", plain(e.agent), plain(e.kind), plain(text), plain(_where(data)))
    console.print(table)


def _where(data: dict) -> str:
    """Where an action happened, as its address without the world's name ("Hobbs Cafe:cafe:counter"): a
    reader checking that people go to their work needs the place beside what they did there."""
    address = data.get("address")
    if not isinstance(address, str) or ":" not in address:
        return ""
    return address.split(":", 1)[1]


def _sim_time(value: str | None, option: str, last: datetime | None) -> datetime | None:
    """A simulated time given on the command line: an ISO date and time, a date (its midnight), or a clock
    time on the day of the run's last checkpoint (``last``)."""
    if value is None:
        return None
    text = value.strip()
    clock = re.fullmatch(r"(\d{1,2}):(\d\d)", text)
    if clock and int(clock[1]) < 24 and int(clock[2]) < 60:
        if last is None:
            raise UserError(f"{option} {value}: the run has no checkpoint yet; give a date too (2023-02-13T{text})")
        return datetime.combine(last.date(), time(int(clock[1]), int(clock[2])))
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        raise UserError(
            f"{option} {value}: not a time; give 2023-02-13T14:00, 2023-02-13 (from its midnight) or 14:00 "
            "(on the run's last day)"
        ) from None


def memories_command(
    run: Annotated[str, typer.Argument(help="Run id or folder.")],
    agent: Annotated[str, typer.Argument(help="Whose memories (full or first name).")],
    kind: Annotated[list[str] | None, typer.Option(help="event, chat, reflection, plan (repeatable).")] = None,
    min_importance: Annotated[
        int, typer.Option(min=1, max=10, help="Only memories rated at least this poignant (1-10).")
    ] = 1,
    grep: Annotated[str | None, typer.Option(help="Only memories whose text holds this (any case).")] = None,
    limit: Annotated[int, typer.Option(min=1, help="The newest N that match.")] = 50,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """AGENT's memory stream at the run's last checkpoint: each memory's time, kind and importance, newest
    first (what retrieval ranks by, beside recency and relevance)."""
    from sqlmodel import Session, col, select

    from aga.memory.nodes import MemoryKind, MemoryNode
    from aga.scenario.loader import full_name

    kinds = [k.value for k in MemoryKind]
    unknown = [k for k in kind or [] if k not in kinds]
    if unknown:
        raise UserError(f"--kind {', '.join(unknown)}: a memory's kinds are {', '.join(kinds)}")
    _, engine, info, state, latest = _open_state(run)
    try:
        name = full_name(agent, list(state.get("agents", {})), "in this run; its agents are")
    except KeyError as exc:
        raise UserError(str(exc.args[0])) from None
    # As of the checkpoint: a memory written after it is rolled back when the run resumes, so it is no
    # memory the agent has (the scenario's own, made at the start, have step -1).
    stmt = select(MemoryNode).where(MemoryNode.agent == name, MemoryNode.step <= latest.step)
    if kind:
        stmt = stmt.where(col(MemoryNode.kind).in_(kind))
    if min_importance > 1:
        stmt = stmt.where(MemoryNode.importance >= min_importance)
    if grep:
        # (matched here, not in SQL: LIKE's own wildcards and case rules differ between databases)
        needle = grep.lower()
    with Session(engine) as session:
        rows = session.exec(stmt.order_by(col(MemoryNode.created).desc(), col(MemoryNode.id).desc())).all()
    found = [n for n in rows if not grep or needle in n.description.lower()][:limit]
    if as_json:
        print_json(
            {
                "run": info.run_id,
                "agent": name,
                "memories": [
                    {
                        "id": n.id,
                        "time": n.created.isoformat(),
                        "kind": n.kind,
                        "importance": n.importance,
                        "description": n.description,
                        "evidence": n.evidence,
                    }
                    for n in found
                ],
            }
        )
        return
    if not found:
        console.print(f"{plain(name)} has no memory that matches in {plain(info.run_id)}")
        return
    table = Table(title=f"{plain(name)}'s memories in {plain(info.run_id)}, newest first")
    for column in ("time", "kind", "importance", "memory"):
        table.add_column(column, justify="right" if column == "importance" else "left")
    for n in found:
        table.add_row(
            f"{n.created:%a %H:%M}" if n.step >= 0 else "(scenario)", n.kind, str(n.importance), plain(n.description)
        )
    console.print(table)
