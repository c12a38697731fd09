"""``aga scenario``: check a scenario's files and draw its town."""

from __future__ import annotations

from typing import Annotated

import typer

from aga.cli.common import Commands, console, plain, print_json

scenario_app = typer.Typer(cls=Commands, help="Check scenarios and draw their towns.", no_args_is_help=True)


@scenario_app.command("check")
def check(
    scenario: Annotated[str, typer.Argument(help="Scenario name or folder.")],
    as_json: Annotated[bool, typer.Option("--json")] = False,
    strict: Annotated[bool, typer.Option(help="Exit 1 when there are warnings (probable mistakes).")] = False,
) -> None:
    """Load SCENARIO and report what it holds (errors name the file, entry and field; warnings name
    what loads but is probably a mistake)."""
    from aga.scenario.loader import ScenarioError, load_scenario, scenario_warnings

    try:
        loaded = load_scenario(scenario)
    except ScenarioError as exc:
        if as_json:  # a script reading stdout learns why, as well as the terminal (stderr, exit 2)
            print_json({"scenario": scenario, "ok": False, "error": str(exc)})
        raise
    warnings = scenario_warnings(loaded)
    town = loaded.town
    summary = {
        "scenario": loaded.name,
        "ok": True,
        "title": loaded.spec.title,
        "start": loaded.spec.start.isoformat(),
        "town": f"{town.world}, {town.width}x{town.height} tiles",
        "sectors": len(town.sectors),
        "arenas": sum(len(s.arenas) for s in town.sectors.values()),
        "objects": sum(len(a.objects) for s in town.sectors.values() for a in s.arenas.values()),
        "cast": [p.name for p in loaded.cast],
        "news": [n.id for n in loaded.spec.news],
        "parameters": loaded.params.model_dump(),
        "warnings": warnings,
    }
    if as_json:
        print_json(summary)
        if strict and warnings:
            raise typer.Exit(1)
        return
    console.print(f"[green]ok[/] {plain(loaded.name)}: {plain(loaded.spec.title)}")
    console.print(
        f"  town {summary['town']}, {summary['sectors']} sectors, {summary['arenas']} arenas, "
        f"{summary['objects']} objects; starts {summary['start']}",
        markup=False,
    )
    console.print(f"  cast ({len(loaded.cast)}): {', '.join(summary['cast'])}", markup=False)
    if summary["news"]:
        console.print(f"  news: {', '.join(summary['news'])}", markup=False)
    for warning in warnings:
        console.print(f"[yellow]warning:[/] {plain(warning)}", highlight=False)
    if strict and warnings:
        raise typer.Exit(1)


@scenario_app.command("map")
def draw(
    scenario: Annotated[str, typer.Argument(help="Scenario name or folder, or a town file (town.toml).")],
) -> None:
    """Draw SCENARIO's town as text, with a legend of the arenas' letters.

    The town is drawn even when the rest of the scenario does not load (the cast names a room the town
    lacks): the map is how one finds the right name. The scenario's error follows the map (exit 2).
    """
    from pathlib import Path

    from aga.scenario.loader import ScenarioError, load_scenario, load_town, scenario_town

    problem: ScenarioError | None = None
    if Path(scenario).suffix == ".toml" and Path(scenario).is_file() and Path(scenario).name != "scenario.toml":
        town = load_town(scenario)
    else:
        try:
            town = load_scenario(scenario).town
        except ScenarioError as exc:
            town = scenario_town(scenario)  # a town that does not load either raises its own error
            problem = exc
    legend: dict[tuple[str, str], str] = {}
    console.print(town.render(legend), markup=False, highlight=False, soft_wrap=True)
    console.print("# wall  + door  . street  * object")
    for (sector, arena), letter in legend.items():
        console.print(f"{letter}  {sector}: {arena}", markup=False, highlight=False)
    if problem is not None:
        raise problem  # the CLI's handler prints it on stderr with exit 2, as for any scenario error
