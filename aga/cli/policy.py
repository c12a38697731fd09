"""``aga policy``: inspect and manage Lifestyle Policy stores (list, show, search, stats, purge, export, import).

STORE is a store folder, or a run id whose run used one. Reading commands open the store read-only
(no lock, no vector index), so they work while a run is writing it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import numpy as np
import typer
from rich.table import Table

from aga.cli.common import Commands, UserError, console, err_console, plain, print_json
from aga.storage.files import write_atomically

if TYPE_CHECKING:
    from policy_store import Policy, PolicyStore

policy_app = typer.Typer(cls=Commands, help="Inspect and manage Lifestyle Policy stores.", no_args_is_help=True)

StoreArg = Annotated[str, typer.Argument(help="Store folder, or a run id whose run used a store.")]
Json = Annotated[bool, typer.Option("--json", help="Print JSON.")]
Kind = Annotated[str | None, typer.Option(help="Only this kind: plan, action, importance.")]
Owner = Annotated[str | None, typer.Option(help="Only this agent's policies.")]


class _LazyEmbedder:
    """The default embedder, loaded only when something needs embedding (list and stats never do)."""

    def __init__(self) -> None:
        from aga.embeddings.minilm import DIM, MODEL_NAME

        self.name = MODEL_NAME
        self.dim = DIM
        self._inner: Any = None

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if self._inner is None:
            from aga.sim.run import default_embedder

            self._inner = default_embedder()
        return self._inner.embed(texts)


class _NoSuchStore(UserError):
    """``store`` names neither a policy store folder nor a run."""


def _folder(store: str) -> Path:
    """The store folder named by ``store`` (a folder or a run id)."""
    path = Path(store).expanduser()
    if (path / "policies.db").exists():
        return path
    from aga.sim.run import policy_folder, read_info
    from aga.storage import make_engine, resolve_run

    try:
        paths = resolve_run(store)
    except ValueError:
        raise _NoSuchStore(
            f"no policy store at '{store}' (no {path / 'policies.db'}) and no run of that id; see `aga policy stores`"
        ) from None
    if (paths.root / "policies" / "policies.db").exists():  # a household run keeps its store inside
        return paths.root / "policies"
    info = read_info(make_engine(paths.database_url), paths.run_id)
    folder = policy_folder(info, paths.root) if info is not None else None
    if info is None or folder is None:
        raise UserError(f"run '{store}' used no policy store (mode {info.mode if info else '?'})")
    return folder


def _open(store: str, *, readonly: bool = True) -> PolicyStore:
    from policy_store import PolicyStore

    folder = _folder(store)
    return PolicyStore.open(folder, _LazyEmbedder(), readonly=readonly)


def _owner(opened: PolicyStore, owner: str | None) -> str | None:
    """The store's owner that ``owner`` (a full or a first name) stands for; an unknown one is an error,
    not an empty list that reads as "this agent learned nothing"."""
    if owner is None:
        return None
    from aga.scenario.loader import full_name

    owners = opened.owners()
    try:
        return full_name(owner, owners, "in this store; its owners are", what="owner")
    except KeyError as exc:
        raise UserError(str(exc.args[0]) if owners else f"no owner '{owner}': this store holds no policies") from None


def _summary(policy: Policy) -> dict[str, Any]:
    return {
        "id": policy.id,
        "kind": policy.kind,
        "owner": policy.owner,
        "text": policy.text,
        "variants": len(policy.variants),
        "hits": policy.hits,
    }


def _policy_table(rows: list[tuple[float | None, Policy]], title: str) -> Table:
    table = Table(title=title)
    with_similarity = any(s is not None for s, _ in rows)
    if with_similarity:
        table.add_column("similarity", justify="right")
    for name in ("id", "kind", "owner", "text", "variants", "hits"):
        table.add_column(name, justify="right" if name in ("id", "variants", "hits") else "left")
    for similarity, policy in rows:
        # A decision text can be as long as a model answer (or a host's blob); the table shows its
        # start and `aga policy show` the whole of it.
        text = policy.text if len(policy.text) <= 200 else policy.text[:199] + "…"
        cells = [str(policy.id), plain(policy.kind), plain(policy.owner), plain(text)]
        cells += [str(len(policy.variants)), str(policy.hits)]
        table.add_row(*([f"{similarity:.3f}"] if with_similarity else []), *cells)
    return table


@policy_app.command("stores")
def stores_command(as_json: Json = False) -> None:
    """List the shared stores under the policies folder (runs/policies unless AGA_POLICIES_DIR says)."""
    from aga.config import policies_dir

    found = sorted(p.parent for p in policies_dir().glob("*/*/policies.db"))
    if as_json:
        print_json([str(p) for p in found])
        return
    if not found:
        console.print(f"no stores in {plain(policies_dir())}; a run with --mode lifestyle creates one")
    for path in found:
        console.print(str(path), markup=False)


@policy_app.command("list")
def list_command(
    store: StoreArg,
    kind: Kind = None,
    owner: Owner = None,
    limit: Annotated[int, typer.Option(min=1, help="At most this many, most used first.")] = 50,
    as_json: Json = False,
) -> None:
    """List the policies of STORE, most used first."""
    with _open(store) as opened:
        policies = opened.policies(kind=kind, owner=_owner(opened, owner), limit=limit)
    if as_json:
        print_json([_summary(p) for p in policies])
        return
    console.print(_policy_table([(None, p) for p in policies], f"{len(policies)} policies"))


@policy_app.command("show")
def show_command(
    store: StoreArg, policy_id: Annotated[int, typer.Argument(help="Policy id.")], as_json: Json = False
) -> None:
    """Show one policy: its variants, their steps and actions, and their conditions."""
    with _open(store) as opened:
        policy = opened.get(policy_id)
    if policy is None:
        raise UserError(f"no policy {policy_id} in {store}; see `aga policy list {store}`")
    if as_json:
        print_json(policy.model_dump(mode="json"))
        return
    said = f"{plain(policy.kind)} of {plain(policy.owner)}: {plain(policy.text)}"
    console.print(f"[bold]#{policy.id}[/] {said}  ({policy.hits} hits)")
    for n, variant in enumerate(policy.variants):
        cond = variant.condition
        window = "-".join(f"{m // 60:02d}:{m % 60:02d}" for m in cond.window) if cond.window else "any time"
        band = f"{cond.minutes[0]}-{cond.minutes[1]} min" if cond.minutes else "any duration"
        console.print(f"  variant {n}: {variant.minutes} min, used {variant.uses}x; when {window}, {band}")
        for req in cond.requires:
            extra = ", free" if req.free else ""
            console.print(
                f"    needs {req.kind} {req.target}{extra}{f', {req.state}' if req.state else ''}", markup=False
            )
        for step in variant.steps:
            where = f" @ {step.action.address} {step.action.emoji}" if step.action else ""
            console.print(f"    - {step.minutes:>3} min  {step.text}{where}", markup=False)
        if variant.value:
            console.print(f"    answer: {json.dumps(variant.value)}", markup=False)


@policy_app.command("search")
def search_command(
    store: StoreArg,
    text: Annotated[str, typer.Argument(help="Text to compare with the stored decisions.")],
    kind: Kind = None,
    owner: Owner = None,
    k: Annotated[int, typer.Option("-k", min=1, help="How many.")] = 10,
    as_json: Json = False,
) -> None:
    """The stored decisions nearest TEXT by cosine similarity (conditions not checked)."""
    with _open(store) as opened:
        found = opened.search(text, kind=kind, owner=_owner(opened, owner), k=k)
    if as_json:
        print_json([{"similarity": s, **_summary(p)} for s, p in found])
        return
    console.print(_policy_table(list(found), f"nearest to '{plain(text)}'"))


@policy_app.command("stats")
def stats_command(store: StoreArg, as_json: Json = False) -> None:
    """Policies, variants and lifetime lookups, hits and misses per kind."""
    with _open(store) as opened:
        stats = opened.stats()
        location = opened.location
    if as_json:
        print_json(stats)
        return
    kinds = sorted(stats)
    # One row per measure and one column per kind: 13 measures side by side do not fit a terminal
    # (or the 80 columns rich assumes when the output is piped); a handful of kinds always does.
    table = Table(title=f"policy store {plain(location)}")
    table.add_column("measure")
    for kind in kinds:
        table.add_column(plain(kind), justify="right")
    for column in (
        "policies",
        "variants",
        "owners",
        "lookups",
        "hits",
        "hit_rate",
        "misses_nothing_similar",
        "misses_condition",
        "created",
        "appended",
        "merged",
        "evicted",
        "mean_hit_similarity",
    ):
        cells = []
        for kind in kinds:
            value = stats[kind].get(column, 0)
            cells.append(
                f"{value:.1%}"
                if column == "hit_rate"
                else f"{value:.3f}"
                if "similarity" in column
                else f"{int(value):,}"
            )
        table.add_row(column.replace("_", " "), *cells)
    console.print(table)


@policy_app.command("purge")
def purge_command(
    store: StoreArg,
    kind: Kind = None,
    owner: Owner = None,
    yes: Annotated[bool, typer.Option("--yes", help="Do not ask for confirmation.")] = False,
) -> None:
    """Delete policies from STORE (all of them, or of a kind and/or an owner)."""
    with _open(store) as opened:  # the owner resolved before asking, so the question names whom
        owner = _owner(opened, owner)
    what = " ".join(x for x in (kind and f"{kind}", owner and f"of {owner}") if x) or "all"
    if not yes and not typer.confirm(f"delete {what} policies from {store}?"):
        raise typer.Abort()
    with _open(store, readonly=False) as opened:
        count = opened.purge(kind=kind, owner=owner)
    console.print(f"deleted {count:,} policies")


@policy_app.command("export")
def export_command(
    store: StoreArg,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="JSON file to write (stdout if omitted).")] = None,
) -> None:
    """Write every policy of STORE as JSON (vectors left out; an import embeds again)."""
    with _open(store) as opened:
        data = opened.export()
    if out is None:
        print_json(data)
        return
    write_atomically(out, json.dumps(data, indent=1))
    console.print(f"exported {len(data['policies']):,} policies to {plain(out)}")


@policy_app.command("import")
def import_command(
    store: Annotated[str, typer.Argument(help="Store folder (created if missing), or a run id.")],
    source: Annotated[Path, typer.Argument(help="A JSON file written by `aga policy export`.")],
) -> None:
    """Add the policies of SOURCE to STORE (equal decisions merge into existing ones)."""
    import shutil

    from aga.cognition.lifestyle import unusable
    from aga.household.agent import DAY_KIND
    from aga.household.agent import KIND as HOUSEHOLD
    from aga.storage.files import read_json
    from policy_store import ACTION, IMPORTANCE, PLAN, PolicyStore, read_export

    data = read_json(source, give="a JSON file written by `aga policy export`")
    # Everything is checked before the store is opened (or made): a refused import leaves nothing.
    policies = read_export(data, source=str(source))
    kinds = (PLAN, ACTION, IMPORTANCE, HOUSEHOLD, DAY_KIND)
    for n, policy in enumerate(policies):
        if policy.kind not in kinds:
            raise UserError(
                f"{source}: policies[{n}] has kind {policy.kind!r}, which no town or household looks up "
                f"(kinds: {', '.join(kinds)}); nothing was imported"
            )
        for v, variant in enumerate(policy.variants):
            # Steps are what a household reuses; a town's kinds say what they need themselves.
            problem = (
                unusable(policy.kind, variant.steps, variant.value)
                if policy.kind not in (HOUSEHOLD, DAY_KIND)
                else (None if variant.steps else "it has no steps")
            )
            if problem is not None:
                raise UserError(
                    f"{source}: policies[{n}].variants[{v}] ({policy.kind} {policy.text!r}) cannot be reused: "
                    f"{problem}; nothing was imported"
                )
    try:
        folder = _folder(store)
    except _NoSuchStore:  # neither a store nor a run: a new store in that folder (a run without one is an error)
        folder = Path(store).expanduser()
    world = _world_of(store)
    strangers = sorted({p.owner for p in policies} - set(world[0])) if world is not None else []
    if strangers:
        err_console.print(
            f"[yellow]warning:[/] {len(strangers)} owner(s) not in the run's cast, whose policies no agent looks "
            f"up unless the store's scope is shared: {plain(', '.join(strangers[:5]))}"
            + (" ..." if len(strangers) > 5 else "")
        )
    elsewhere = _unknown_places(policies, world[1]) if world is not None and world[1] is not None else []
    if elsewhere:
        err_console.print(
            f"[yellow]warning:[/] {len(elsewhere)} place(s) or object(s) not in the run's town, so the decisions "
            f"that need them never apply: {plain(', '.join(elsewhere[:5]))}" + (" ..." if len(elsewhere) > 5 else "")
        )
    made = not folder.exists()
    try:
        with PolicyStore.open(folder, _LazyEmbedder()) as opened:
            counts = opened.import_(data, source=str(source))
    except BaseException:
        if made:  # a store this command made and could not fill is no store
            shutil.rmtree(folder, ignore_errors=True)
        raise
    console.print(
        f"imported into {plain(folder)}: {counts['created']:,} new, {counts['appended']:,} new variants, "
        f"{counts['merged']:,} merged"
    )


def _world_of(store: str) -> tuple[list[str], Any] | None:
    """The names of the cast of the run ``store`` names (a town's cast, a household's resident) and its
    town (None for a household), or None when it names a folder (a store shared by runs says nothing
    of its cast)."""
    from aga.storage import make_engine, resolve_run

    if (Path(store).expanduser() / "policies.db").exists():
        return None
    try:
        paths = resolve_run(store)
    except ValueError:
        return None
    from sqlalchemy import inspect

    from aga.sim.run import read_info

    engine = make_engine(paths.database_url)
    try:
        info = read_info(engine, paths.run_id) if inspect(engine).has_table("run_info") else None
        if info is not None:
            from aga.scenario.loader import load_scenario

            scenario = load_scenario(info.scenario)
            return [p.name for p in scenario.cast], scenario.town
        if inspect(engine).has_table("household_run"):
            from aga.household.run import HouseholdRun
            from aga.household.spec import HouseholdSpec

            household, _, _ = HouseholdRun.read(paths.run_id)
            return [HouseholdSpec.model_validate_json(household.spec).resident.name], None
        return None
    except Exception:  # an unreadable run or a scenario since moved: no warning rather than no import
        return None
    finally:
        engine.dispose()


def _unknown_places(policies: list[Any], town: Any) -> list[str]:
    """The addresses that policies act at or require which ``town`` does not have (no tile to stand on)."""
    from aga.world import Address

    places = {
        place
        for policy in policies
        for variant in policy.variants
        for place in [
            *(step.action.address for step in variant.steps if step.action is not None),
            *(need.target for need in variant.condition.requires),
        ]
    }
    return sorted(place for place in places if not town.tiles_of(Address.parse(place)))


@policy_app.command("decisions")
def decisions_command(
    run: Annotated[str, typer.Argument(help="Run id or folder.")],
    kind: Kind = None,
    agent: Annotated[str | None, typer.Option(help="Only this agent's decisions.")] = None,
    misses: Annotated[bool, typer.Option("--misses", help="Only lookups that missed.")] = False,
    limit: Annotated[int, typer.Option(min=1, help="At most this many, latest first.")] = 30,
    as_json: Json = False,
) -> None:
    """A run's policy lookups: hit rate per kind, why misses missed, and the latest decisions."""
    from aga.storage import make_engine, resolve_run
    from aga.storage.decisions import DecisionLog

    paths = resolve_run(run)
    log = DecisionLog(make_engine(paths.database_url))
    summary = log.summary()
    rows = log.rows(kind=kind, agent=agent, misses=misses, limit=limit)
    if not summary:
        raise UserError(f"run '{paths.run_id}' made no policy lookups (its mode uses no policy store)")
    replayed = log.replayed()
    if as_json:
        print_json({"summary": summary, "replayed": replayed, "decisions": [r.model_dump(mode="json") for r in rows]})
        return
    table = Table(title=f"{plain(paths.run_id)}: policy lookups")
    for name in ("kind", "lookups", "hits", "hit rate", "tokens saved", "mean hit similarity", "misses by reason"):
        table.add_column(name, justify="left" if name in ("kind", "misses by reason") else "right")
    for name, entry in sorted(summary.items()):
        sim = entry["mean_hit_similarity"]
        reasons = ", ".join(f"{k} {v}" for k, v in sorted(entry["misses"].items(), key=lambda kv: -kv[1]))
        table.add_row(
            plain(name),
            f"{entry['lookups']:,}",
            f"{entry['hits']:,}",
            f"{entry['hit_rate']:.1%}",
            f"{entry['tokens_saved']:,}",
            f"{sim:.3f}" if sim is not None else "-",
            plain(reasons or "-"),
        )
    console.print(table)
    if replayed:
        console.print(f"[dim]left out: {replayed:,} lookups of steps a resume rolled back (the steps replayed)[/]")
    latest = Table(title="latest decisions")
    for name in ("time", "agent", "kind", "text", "reused (where another text)", "similarity", "outcome"):
        latest.add_column(name)
    for r in rows:
        similarity = f"{r.similarity:.3f}" if r.similarity is not None else "-"
        outcome = "[green]hit[/]" if r.hit else f"[yellow]{plain(r.reason)}[/]"
        other = r.matched if r.matched and r.matched.strip().lower() != r.text.strip().lower() else "-"
        cells = (plain(r.agent), plain(r.kind), plain(r.text), plain(other))
        latest.add_row(f"{r.sim_time:%a %H:%M}", *cells, similarity, outcome)
    console.print(latest)
