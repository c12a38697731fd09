"""``aga social``: how relationships evolved in a run (heatmaps, one pair's history, network measures, export)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from aga.cli.common import Commands, UserError, console, open_run_state, plain, print_json
from aga.storage.files import write_atomically

if TYPE_CHECKING:
    from social_memory import SocialMemory

social_app = typer.Typer(
    cls=Commands, help="Relationships in a run with Social Memory (--mode social or aga).", no_args_is_help=True
)

RunArg = Annotated[str, typer.Argument(help="Run id or folder.")]
Json = Annotated[bool, typer.Option("--json", help="Print JSON.")]
Threshold = Annotated[
    int, typer.Option(min=0, max=10, help="Closeness (0-10) from which a pair counts as connected (3: acquaintance).")
]


@dataclass
class SocialRun:
    """What the social commands read from a run, without opening its simulation."""

    run_id: str
    names: list[str]
    start: datetime
    now: datetime
    social: SocialMemory

    @property
    def days(self) -> int:
        """Simulated days begun since the start (day 0 is the starting relations)."""
        elapsed = self.now - self.start
        return max(1, -(-elapsed // timedelta(days=1))) if elapsed > timedelta(0) else 0

    def moment(self, day: int) -> datetime:
        """When day ``day`` ends (day 0: the start), capped at the run's latest state."""
        return min(self.start + timedelta(days=day), self.now)

    def label(self, day: int) -> str:
        """'day 1', or 'day 1 so far' for a day the run has not lived to its end (its relations at the
        run's latest state, which the bare number would pass off as the day's end)."""
        return f"day {day}" + (" so far" if self.start + timedelta(days=day) > self.now else "")

    def matrix(self, day: int) -> list[list[int]]:
        """Closeness matrix at the end of ``day``."""
        return self.social.matrix(self.names, self.moment(day))

    def resolve(self, name: str) -> str:
        """A full name from a full or first name, as every command reads one (any capitals, with or
        without its accents: ``siobhan`` is Siobhán Ní Dhúbhghaill); a name that stands for nobody, or
        for several, is a :class:`UserError` naming the agents."""
        from aga.scenario.loader import full_name

        try:
            return full_name(name, self.names, "in this run; its agents are", what="agent")
        except KeyError as exc:
            raise UserError(str(exc.args[0])) from None


def open_social(run: str) -> SocialRun:
    """Read the run's info, cast and relations; a clear error when it has no Social Memory."""
    from aga.clock import SimClock
    from aga.scenario.loader import load_scenario
    from aga.sim.run import SOCIAL_MODES
    from social_memory import SocialMemory

    paths, engine, info, latest = open_run_state(run)
    if info.mode not in SOCIAL_MODES:
        raise UserError(f"run '{run}' ran in mode {info.mode}; relationships are kept with --mode social or aga")
    scenario = load_scenario(info.scenario)
    return SocialRun(
        run_id=paths.run_id,
        names=[p.name for p in scenario.cast],
        # The run's own start (a run made with --start begins later than the scenario's midnight, and
        # its seeded relations carry that time).
        start=SimClock.from_json(latest.state(paths.database)["clock"]).start,
        now=latest.sim_time,
        social=SocialMemory(engine),
    )


def initials(names: list[str]) -> list[str]:
    """Initials for the axes ("IR", "KM"), numbered where two people share them."""
    raw = ["".join(part[0].upper() for part in n.split()) for n in names]
    return [f"{r}{raw[:i].count(r) + 1}" if raw.count(r) > 1 else r for i, r in enumerate(raw)]


# Fonts that cover scripts DejaVu Sans (matplotlib's own) does not, used where installed: matplotlib
# falls back glyph by glyph along the family list.
_WIDE_FONTS = ("Noto Sans CJK", "Noto Sans", "Source Han Sans", "WenQuanYi", "Droid Sans Fallback", "Arial Unicode")


def drawable(labels: list[str]) -> tuple[list[str], list[str]]:
    """The axis labels matplotlib can draw with the fonts installed, and the font families to use.

    Names may be in any script, but a PNG has only the fonts of the machine: a label with a character
    no installed font has (Chinese initials where no CJK font is installed) would be drawn as empty
    boxes, so it becomes its number (#1, #2 ...), which the command's output and the HTML heatmap
    (drawn by the browser's fonts) explain.
    """
    from matplotlib import font_manager, ft2font

    default = font_manager.findfont(font_manager.FontProperties(family="DejaVu Sans"))
    wide = sorted({f.fname for f in font_manager.fontManager.ttflist if f.name.startswith(_WIDE_FONTS)})
    covered: set[int] = set()
    for path in (default, *wide):
        try:
            covered |= set(ft2font.FT2Font(path).get_charmap())
        except (OSError, RuntimeError):  # a font file matplotlib lists but cannot read
            continue
    families = ["DejaVu Sans", *sorted({f.name for f in font_manager.fontManager.ttflist if f.fname in wide})]
    shown = [label if all(ord(c) in covered for c in label) else f"#{i + 1}" for i, label in enumerate(labels)]
    return shown, families


def _png(view: SocialRun, day: int, out: Path) -> list[str]:
    """Draw the PNG; returns the names whose initials had to be drawn as numbers (see :func:`drawable`)."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display on a server
    import matplotlib.pyplot as plt

    matrix = view.matrix(day)
    labels, families = drawable(initials(view.names))
    plt.rcParams["font.family"] = families
    size = max(4.0, 0.42 * len(labels) + 2)
    fig, ax = plt.subplots(figsize=(size + 1, size))
    image = ax.imshow(matrix, cmap="Blues", vmin=0, vmax=10)
    ax.set_xticks(range(len(labels)), labels=labels, rotation=90 if len(labels) > 8 else 0)
    ax.set_yticks(range(len(labels)), labels=labels)
    ax.set_xlabel("how the row agent sees ... (column)")
    for i, row in enumerate(matrix):
        for j, value in enumerate(row):
            if i != j:
                ax.text(j, i, str(value), ha="center", va="center", fontsize=7, color="white" if value > 6 else "black")
    ax.set_title(f"{view.run_id}: closeness, {view.label(day)} ({view.moment(day):%b %d %H:%M})")
    fig.colorbar(image, ax=ax, shrink=0.8, label="closeness 0-10")
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    plt.close(fig)
    return [f"{label} = {name}" for label, name in zip(labels, view.names, strict=True) if label.startswith("#")]


def _html(view: SocialRun, out: Path) -> None:
    import plotly.graph_objects as go

    labels = initials(view.names)
    hover = [[f"{a} → {b}" for b in view.names] for a in view.names]
    days = list(range(view.days + 1))

    def heat(day: int) -> go.Heatmap:
        return go.Heatmap(
            z=view.matrix(day),
            x=labels,
            y=labels,
            zmin=0,
            zmax=10,
            colorscale="Blues",
            text=hover,
            hovertemplate="%{text}: %{z}<extra></extra>",
        )

    frames = [go.Frame(data=[heat(d)], name=str(d)) for d in days]
    steps = [
        {
            "args": [[str(d)], {"frame": {"duration": 0, "redraw": True}, "mode": "immediate"}],
            "label": str(d),
            "method": "animate",
        }
        for d in days
    ]
    figure = go.Figure(
        data=[heat(days[-1])],
        frames=frames,
        layout=go.Layout(
            title=f"{view.run_id}: closeness by simulated day (row agent's view of column agent)",
            yaxis={"autorange": "reversed"},
            sliders=[{"active": len(days) - 1, "currentvalue": {"prefix": "day "}, "steps": steps}],
        ),
    )
    figure.write_html(out, include_plotlyjs=True)


@social_app.command("heatmap")
def heatmap_command(
    run: RunArg,
    out: Annotated[Path, typer.Option("--out", "-o", help="F.png (matplotlib) or F.html (plotly, slider over days).")],
    day: Annotated[int | None, typer.Option(help="Simulated day for the PNG (0: the start); default the last.")] = None,
) -> None:
    """Draw the closeness matrix of all agents, initials on the axes."""
    view = open_social(run)
    chosen = view.days if day is None else day
    if not 0 <= chosen <= view.days:
        raise UserError(f"--day {day}: run '{view.run_id}' covers days 0 to {view.days}")
    out.parent.mkdir(parents=True, exist_ok=True)
    if out.suffix.lower() == ".png":
        numbered = _png(view, chosen, out)
        if numbered:
            console.print(
                f"no installed font draws these names' initials, so the PNG numbers them (install a font for "
                f"their script, or use --out F.html): {plain('; '.join(numbered))}"
            )
    elif out.suffix.lower() in (".html", ".htm"):
        _html(view, out)
    else:
        raise UserError(f"--out {out}: name a .png or an .html file")
    console.print(f"wrote {plain(out)}")


@social_app.command("show")
def show_command(
    run: RunArg,
    owner: Annotated[str, typer.Argument(help="Whose view (full or first name).")],
    other: Annotated[str, typer.Argument(help="Of whom.")],
    as_json: Json = False,
) -> None:
    """The history of OWNER's view of OTHER: every change with its simulated time and cause."""
    view = open_social(run)
    a, b = view.resolve(owner), view.resolve(other)
    if a == b:
        raise UserError(f"{owner} and {other} are both {a}: name two residents (whose view, of whom)")
    history = view.social.history(a, b)
    if as_json:
        print_json([c.model_dump(mode="json") for c in history])
        return
    if not history:
        console.print(f"{a} has never met nor been introduced to {b}: a stranger (closeness 0)", markup=False)
        return
    table = Table(title=plain(f"{view.run_id}: how {a} sees {b}"))
    for name in ("time", "cause", "relationship", "feeling", "closeness", "chats", "summary"):
        table.add_column(name, justify="right" if name in ("closeness", "chats") else "left")
    for change in history:
        r = change.relation
        table.add_row(
            f"{change.when:%a %b %d %H:%M}",
            plain(change.cause),
            plain(r.label),
            plain(r.feeling),
            str(r.closeness),
            str(r.conversations),
            plain(r.summary if len(r.summary) <= 60 else "..." + r.summary[-57:]),
        )
    console.print(table)
    console.print(
        f"[bold]What {plain(a)} knows about {plain(b)} now:[/] {plain(history[-1].relation.summary or '(nothing yet)')}"
    )


def network_rows(view: SocialRun, threshold: int) -> list[dict[str, Any]]:
    """Per simulated day: density of pairs at or above ``threshold``, mean closeness, pairs changed."""
    from social_memory import measures

    rows: list[dict[str, Any]] = []
    previous = None
    for day in range(view.days + 1):
        matrix = view.matrix(day)
        ended = view.start + timedelta(days=day) <= view.now
        rows.append(
            {"day": day, "at": view.moment(day).isoformat(), "ended": ended, **measures(matrix, previous, threshold)}
        )
        previous = matrix
    return rows


@social_app.command("network")
def network_command(run: RunArg, threshold: Threshold = 3, as_json: Json = False) -> None:
    """Network measures per simulated day: density, mean closeness, pairs that changed."""
    view = open_social(run)
    if len(view.matrix(0)) < 2:
        raise UserError(f"run '{view.run_id}' has one resident: a network needs two, there is no pair to measure")
    rows = network_rows(view, threshold)
    if as_json:
        print_json(rows)
        return
    table = Table(title=f"{plain(view.run_id)}: relationship network (pairs with closeness >= {threshold})")
    for name in ("day", "at", "density", "mean closeness", "pairs changed"):
        table.add_column(name, justify="right")
    for r in rows:
        changed = r.get("changed_pairs")
        table.add_row(
            str(r["day"]) + ("" if r["ended"] else " so far"),
            r["at"],
            f"{r['density']:.3f}",
            f"{r['mean_closeness']:.2f}",
            "-" if changed is None else f"{changed:.0f}",
        )
    console.print(table)


@social_app.command("export")
def export_command(
    run: RunArg,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="JSON file (stdout if omitted).")] = None,
    threshold: Threshold = 3,
) -> None:
    """Every relation, its whole history, the daily matrices and network measures, as JSON."""
    view = open_social(run)
    data = {
        "run": view.run_id,
        "agents": view.names,
        "initials": initials(view.names),
        **view.social.export(),
        "matrices": {str(d): view.matrix(d) for d in range(view.days + 1)},
        "network": network_rows(view, threshold),
    }
    if out is None:
        print_json(data)
        return
    write_atomically(out, json.dumps(data, indent=1, default=str))
    console.print(f"wrote {plain(out)}")
