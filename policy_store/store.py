"""The Lifestyle Policy store: look a decision up, write what the LLM decided, bound, inspect, move.

Storage. A store is a folder: ``policies.db`` (SQLite, WAL) holds every policy with its vector and is
the source of truth; ``vectors/`` (chromadb, cosine) indexes the vectors for lookup. Every write is
one SQL transaction committed at once (never at exit), then mirrored to the index; a crash between
the two leaves the index short or long by a few ids, which :meth:`PolicyStore.reconcile` repairs on the
next open. One process writes a store at a time (a lock file says which); read-only opens (listing,
statistics, search, export) take no lock and never touch the index.

Marks. A host that saves its own state now and then (a run's checkpoints) and may lose what came after
(a kill) calls :meth:`mark` after each save; from then on the store keeps how each row it changes was
before its first change, and :meth:`rewind` to that mark gives the store back as it was then. Without
it a resumed host would find the policies its lost steps wrote, and hit where it had missed.

Decisions. :meth:`lookup` takes the nearest policies of the query's kind (the owner's own, or anyone's
in the shared scope), keeps those above the kind's threshold, and walks them best first, trying each
policy's variants (most used first) until one's condition holds in the host's environment. A borrowed
policy has its names substituted before its conditions are checked. Step minutes are rescaled to the
duration asked for, so a reused decomposition fills its slot exactly.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from sqlalchemy import event, func
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, create_engine, delete, select

from policy_store.conditions import merge, unmet
from policy_store.config import StoreConfig
from policy_store.durations import rescale
from policy_store.faults import create_tables, name_database_faults, read_only_url
from policy_store.index import PolicyIndex
from policy_store.interfaces import AlwaysHolds, ConditionChecker, Embedder
from policy_store.model import Draft, Lookup, Match, Policy, Query, Rejection, Step, Variant
from policy_store.sqlite import set_pragmas
from policy_store.substitute import Substitution, mapping
from policy_store.tables import METADATA, CounterRow, MetaRow, PolicyRow, UndoRow

FORMAT = 1
EXPORT_FORMAT = "aga-policy-store"


class PolicyStoreError(ValueError):
    """A store that cannot be used as asked (wrong embedder, locked, unreadable export)."""


class PolicyStoreInUse(PolicyStoreError):
    """Another process holds the store's lock (a host may say which of its options picks another)."""


@dataclass(frozen=True)
class WriteResult:
    """What a write did: which policy, and whether it was created, given a variant, or merged into one."""

    policy_id: int
    outcome: str  # created | appended | merged
    evicted: tuple[int, ...] = ()


def same_text_key(text: str) -> str:
    """The form under which two texts count as the same (case, spacing and a final full stop aside)."""
    return re.sub(r"\s+", " ", text.strip().lower().rstrip("."))


def _engine(database: Path, *, readonly: bool = False) -> Engine:
    # A store opened to read on a read-only disk or share is read as it is (no WAL files, no new tables).
    read_only = read_only_url(database) if readonly else None
    engine = create_engine(read_only or f"sqlite:///{database}", connect_args={"check_same_thread": False})
    if read_only is None:
        event.listen(engine, "connect", set_pragmas)
    name_database_faults(engine, PolicyStoreError)  # a damaged or read-only policies.db, named
    if read_only is None:
        create_tables(METADATA, engine)
    return engine


class _Lock:
    """An exclusive advisory lock on the store folder, held while a process may write."""

    def __init__(self, path: Path) -> None:
        import fcntl

        self._file = path.open("a+")
        try:
            fcntl.flock(self._file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self._file.seek(0)
            holder = self._file.read().strip() or "another process"
            self._file.close()
            raise PolicyStoreInUse(
                f"policy store {path.parent} is in use by {holder}; wait for it to finish or use another store"
            ) from None
        self._file.seek(0)
        self._file.truncate()
        self._file.write(f"process {os.getpid()}")
        self._file.flush()

    def release(self) -> None:
        with contextlib.suppress(OSError):
            self._file.close()


class PolicyStore:
    """Policies of one scenario and cast, persistent, bounded, looked up by meaning and condition."""

    def __init__(
        self,
        engine: Engine,
        index: PolicyIndex | None,
        embedder: Embedder,
        config: StoreConfig | None = None,
        *,
        lock: _Lock | None = None,
        location: str = "",
        readonly: bool = False,
    ) -> None:
        self.engine = engine
        self.index = index
        self.embedder = embedder
        self.config = config or StoreConfig()
        self.location = location
        self._lock = lock
        self._closed = False
        create_tables(METADATA, engine)
        # Read-only opens (listing, statistics, export) work whatever the embedder; search checks it.
        self._embedder_problem = self._check_embedder()
        if self._embedder_problem and not readonly:
            raise PolicyStoreError(self._embedder_problem)
        with Session(engine) as session:
            self._tick = int(session.exec(select(func.max(PolicyRow.last_used))).one() or 0)
        # A host whose agents write in an order that depends on timing (threads, agents running ahead of
        # each other) can make least-recently-used exact: ``ticks`` gives the tick of a use or write by an
        # owner (from the host's own clock, above ``first_tick``), and ``hold_evictions`` moves evictions
        # from each write to :meth:`evict`, called at the host's barriers. Then which policies go does not
        # depend on which owner wrote first. Unset: a counter, and eviction at each write.
        self.ticks: Callable[[str], int] | None = None
        self.hold_evictions = False
        # The host's last mark (None: no host asked, nothing is kept) and the rows changed since it.
        self._epoch: str | None = None
        self._kept: set[tuple[str, str]] = set()

    @property
    def first_tick(self) -> int:
        """A tick above every one recorded so far (a host's ``ticks`` starts here)."""
        return self._tick + 1

    def _next_tick(self, owner: str) -> int:
        if self.ticks is None:
            self._tick += 1
            return self._tick
        tick = self.ticks(owner)
        self._tick = max(self._tick, tick)
        return tick

    # ------------------------------------------------------------------ opening
    @classmethod
    def open(
        cls, folder: Path, embedder: Embedder, config: StoreConfig | None = None, *, readonly: bool = False
    ) -> PolicyStore:
        """Open (creating if needed) the store in ``folder``; ``readonly`` skips the lock and the index."""
        folder = Path(folder)
        if readonly:
            if not (folder / "policies.db").exists():
                raise PolicyStoreError(f"no policy store in {folder} (expected {folder / 'policies.db'})")
            engine = _engine(folder / "policies.db", readonly=True)
            return cls(engine, None, embedder, config, location=str(folder), readonly=True)
        folder.mkdir(parents=True, exist_ok=True)
        lock = _Lock(folder / "lock")
        try:
            engine = _engine(folder / "policies.db")
            store = cls(engine, PolicyIndex(folder / "vectors"), embedder, config, lock=lock, location=str(folder))
            store.reconcile()
        except BaseException:
            lock.release()
            raise
        return store

    @classmethod
    def in_memory(cls, embedder: Embedder, config: StoreConfig | None = None) -> PolicyStore:
        """A throw-away store (tests, experiments)."""
        from sqlalchemy.pool import StaticPool

        engine = create_engine("sqlite://", connect_args={"check_same_thread": False}, poolclass=StaticPool)
        return cls(engine, PolicyIndex(None, prefix=f"m{id(engine)}-"), embedder, config)

    def _check_open(self) -> None:
        # Used after close, a store would write without its lock, beside another process that took it.
        if self._closed:
            raise PolicyStoreError(f"policy store {self.location or '(in memory)'} is closed; open it again to use it")

    def flush(self) -> int:
        """Write the vectors of new policies to the index (a host calls this at its checkpoints; lookups
        find them before it); returns how many."""
        self._check_open()
        return self.index.flush() if self.index is not None else 0

    def close(self) -> None:
        """Write what waits for the index, then release the lock, the index and the database (a second
        call does nothing; any other use afterwards raises :class:`PolicyStoreError`)."""
        if self._closed:
            return
        self._closed = True
        try:
            if self.index is not None:
                self.index.close()
        finally:  # a failed index write must not leave the store locked (reconcile repairs the index)
            self.engine.dispose()
            if self._lock is not None:
                self._lock.release()
                self._lock = None

    def __enter__(self) -> PolicyStore:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def _check_embedder(self) -> str | None:
        """Record the embedder in a new store; for an existing one, say what does not match (or None)."""
        with Session(self.engine) as session:
            meta = {row.key: row.value for row in session.exec(select(MetaRow)).all()}
            if not meta:
                for key, value in (("format", str(FORMAT)), ("embedder", self.embedder.name)):
                    session.add(MetaRow(key=key, value=value))
                session.add(MetaRow(key="dim", value=str(self.embedder.dim)))
                session.commit()
                return None
        if meta.get("format") != str(FORMAT):
            raise PolicyStoreError(f"policy store {self.location} has format {meta.get('format')}, expected {FORMAT}")
        if meta.get("embedder") != self.embedder.name or meta.get("dim") != str(self.embedder.dim):
            return (
                f"policy store {self.location or '(in memory)'} was built with embedder "
                f"'{meta.get('embedder')}' ({meta.get('dim')} dims), not '{self.embedder.name}' "
                f"({self.embedder.dim} dims); export it and import it with this embedder, or use another store"
            )
        return None

    def reconcile(self) -> tuple[int, int]:
        """Make the vector index match the SQL rows; returns (vectors added, vectors removed)."""
        if self.index is None:
            return (0, 0)
        with Session(self.engine) as session:
            rows = {r.id: r for r in session.exec(select(PolicyRow)).all() if r.id is not None}
        present = self.index.ids()
        missing = [rows[i] for i in rows.keys() - present]
        extra = sorted(present - rows.keys())
        if missing:
            self.index.add(
                [r.id for r in missing if r.id is not None],
                [r.kind for r in missing],
                [r.owner for r in missing],
                np.stack([np.frombuffer(r.embedding, dtype=np.float32) for r in missing]),
            )
        self.index.delete(extra)
        return (len(missing), len(extra))

    # ------------------------------------------------------------------ marks
    def mark(self, epoch: str) -> None:
        """Say that the host has saved its state, as ``epoch`` (a name it gives that state): what the
        store keeps to go back to an earlier mark goes, and changes from now on are kept so that
        :meth:`rewind` to ``epoch`` can undo them. Call it after the host's save is durable."""
        self._check_open()
        with Session(self.engine) as session:
            session.exec(delete(UndoRow))  # type: ignore[call-overload]
            session.commit()
        self._epoch = epoch
        self._kept = set()

    def rewind(self, epoch: str) -> int:
        """Give the store back as it was at the mark ``epoch`` (a host resuming from the state it saved
        then); returns how many rows were put back. Changes kept since another mark are not undone:
        a host killed after saving a new state and before marking it lost nothing the store holds.
        Marks ``epoch`` again."""
        self._check_open()
        with Session(self.engine) as session:
            first: dict[tuple[str, str], str | None] = {}
            for undo in session.exec(select(UndoRow).where(UndoRow.epoch == epoch).order_by(col(UndoRow.id))):
                first.setdefault((undo.table, undo.key), undo.before_json)
            tables = {"policy": PolicyRow, "counter": CounterRow}
            for (table, key), _ in first.items():  # every changed row goes, then those that were come back
                row = session.get(tables[table], int(key) if table == "policy" else key)
                if row is not None:
                    session.delete(row)
            session.flush()
            for (table, _), before in first.items():
                if before is not None:
                    session.add(_row_from_json(table, before))
            session.exec(delete(UndoRow))  # type: ignore[call-overload]
            session.commit()
            self._tick = int(session.exec(select(func.max(PolicyRow.last_used))).one() or 0)
        self._epoch = epoch
        self._kept = set()
        if first and self.index is not None:
            # The index follows the rows: written policies go, evicted ones come back.
            self.index.delete([int(k) for t, k in first if t == "policy"])
            self.reconcile()
        return len(first)

    def _keep(self, session: Session, table: str, key: str | int, row: PolicyRow | CounterRow | None) -> None:
        """Keep ``row`` as it is before its first change since the last mark (in the caller's transaction).

        A row counts as kept only once that transaction commits: one that fails takes its journal entry
        with it, and the row's next change must be journaled again or a rewind would miss it."""
        if self._epoch is None:
            return
        name = (table, str(key))
        pending: set[tuple[str, str]] = session.info.setdefault("policy_undo", set())
        if name in self._kept or name in pending:
            return
        if not event.contains(session, "after_commit", self._journaled):
            event.listen(session, "after_commit", self._journaled)
            event.listen(session, "after_rollback", self._not_journaled)
        pending.add(name)
        session.add(UndoRow(epoch=self._epoch, table=table, key=str(key), before_json=_row_json(row)))

    def _journaled(self, session: Session) -> None:
        """After a commit: the rows journaled in it are kept (see :meth:`_keep`)."""
        self._kept |= session.info.pop("policy_undo", set())

    @staticmethod
    def _not_journaled(session: Session) -> None:
        """After a rollback: the journal entries of the transaction are gone with it."""
        session.info.pop("policy_undo", None)

    # ------------------------------------------------------------------ lookup
    def embed(self, text: str) -> np.ndarray:
        """The unit vector of ``text``."""
        return self._checked(self.embedder.embed([text])[0], f"embedder '{self.embedder.name}' for {text[:60]!r}")

    def _checked(self, vector: Any, source: str) -> np.ndarray:
        """``vector`` as float32 if it has the store's dimension and only finite values, else a
        ``PolicyStoreError``: a NaN or a vector of another size, once stored, would break every later
        search and the index's repair on each open."""
        out = np.asarray(vector, dtype=np.float32)
        if out.shape != (self.embedder.dim,):
            raise PolicyStoreError(
                f"{source} gave a vector of shape {out.shape}, not ({self.embedder.dim},) as the embedder declares"
            )
        if not np.isfinite(out).all():
            raise PolicyStoreError(f"{source} gave a vector with NaN or infinite values")
        return out

    def lookup(self, query: Query, checker: ConditionChecker | None = None, *, defer_use: bool = False) -> Lookup:
        """The best reusable variant for ``query`` whose condition holds for ``checker``, or a miss.

        A hit is counted on the policy (its hits and recency order later lookups and eviction) unless
        ``defer_use``: then the caller counts it with :meth:`use` when it chooses. A host that looks up
        for several owners at once does so to count the hits in its own fixed order, so that what one
        owner finds never depends on which lookup ran first.
        """
        self._check_open()
        checker = checker or AlwaysHolds()
        if self.config.bypass or not self.config.serves(query.kind):
            self._count(query.kind, bypassed=1)
            return Lookup(kind=query.kind, bypassed=True)
        if self.index is None:
            raise PolicyStoreError("this store was opened read-only; open it without readonly=True to look up")
        vector = (
            self._checked(query.embedding, "the query's embedding")
            if query.embedding is not None
            else self.embed(query.text)
        )
        owner = None if self.config.scope == "shared" else query.owner
        near = self.index.nearest(vector, self.config.candidates, kind=query.kind, owner=owner)
        best = max(near.values()) if near else None
        threshold = self.config.threshold(query.kind)
        above = {i: s for i, s in near.items() if s >= threshold}
        result = Lookup(kind=query.kind, best_similarity=best)
        if query.kind in self.config.exact:
            above = self._same_text(query, near)
        if not above:
            self._count(query.kind, misses_nothing_similar=1)
            return result
        with Session(self.engine) as session:
            rows = session.exec(select(PolicyRow).where(col(PolicyRow.id).in_(list(above)))).all()
        policies = [_policy(r) for r in rows]
        # Best similarity first; on a tie one's own policy, then the most used (rounded so float noise
        # does not decide).
        policies.sort(key=lambda p: (-round(above[p.id or 0], 6), p.owner != query.owner, -p.hits, p.id))
        for policy in policies:
            similarity = above[policy.id or 0]
            match, reasons = self._try(policy, similarity, query, checker)
            if match is not None:
                if not defer_use:
                    self.use(match, query.kind)
                result.match = match
                return result
            result.rejected.append(Rejection(policy_id=policy.id or 0, similarity=similarity, reasons=reasons))
        self._count(query.kind, misses_condition=1)
        return result

    def _same_text(self, query: Query, near: dict[int, float]) -> dict[int, float]:
        """Policies whose text is the query's (case, spacing and a final full stop aside), as similarity
        1.0: one's own by their key; in the shared scope also the nearest of others, names put in ours."""
        key = same_text_key(query.text)
        with Session(self.engine) as session:
            stmt = select(PolicyRow).where(PolicyRow.kind == query.kind, PolicyRow.key == key)
            if self.config.scope != "shared":
                stmt = stmt.where(PolicyRow.owner == query.owner)
            same = {r.id or 0 for r in session.exec(stmt).all()}
            if self.config.scope == "shared" and near:
                for row in session.exec(select(PolicyRow).where(col(PolicyRow.id).in_(list(near)))).all():
                    policy = _policy(row)
                    if same_text_key(self._substitution(policy, query).text(policy.text)) == key:
                        same.add(row.id or 0)
        return dict.fromkeys(same, 1.0)

    @staticmethod
    def _substitution(policy: Policy, query: Query) -> Substitution:
        """Names in another owner's policy put in the query owner's (none for one's own)."""
        return Substitution(mapping(policy.bindings, query.bindings) if policy.owner != query.owner else {})

    def _try(
        self, policy: Policy, similarity: float, query: Query, checker: ConditionChecker
    ) -> tuple[Match | None, list[str]]:
        borrowed = policy.owner != query.owner
        sub = self._substitution(policy, query)
        reasons: list[str] = []
        order = sorted(
            range(len(policy.variants)), key=lambda i: (-policy.variants[i].uses, -policy.variants[i].last_used)
        )
        for i in order:
            variant = policy.variants[i]
            condition = sub.condition(variant.condition)
            why = unmet(condition, checker, minute_of_day=query.minute_of_day, minutes=query.minutes)
            if why:
                reasons.extend(why)
                continue
            steps = _fit(sub.steps(variant.steps), query.minutes)
            return (
                Match(
                    policy_id=policy.id or 0,
                    owner=policy.owner,
                    text=sub.text(policy.text),
                    similarity=similarity,
                    variant=i,
                    steps=steps,
                    value=sub.value(variant.value),
                    condition=condition,
                    cost=variant.cost,
                    borrowed=borrowed,
                ),
                [],
            )
        return None, reasons

    def use(self, match: Match, kind: str) -> None:
        """Count a hit on the policy, its variant and the kind, in one transaction (done by
        :meth:`lookup` itself unless it was told to defer it)."""
        with Session(self.engine) as session:
            row = session.get(PolicyRow, match.policy_id)
            if row is not None:
                self._keep(session, "policy", match.policy_id, row)
                tick = self._next_tick(row.owner)
                variants = json.loads(row.variants_json)
                if match.variant < len(variants):
                    variants[match.variant]["uses"] = int(variants[match.variant].get("uses", 0)) + 1
                    variants[match.variant]["last_used"] = tick
                row.variants_json = json.dumps(variants)
                row.hits += 1
                row.last_used = tick
                session.add(row)
            self._bump(session, kind, hits=1, hit_similarity_sum=match.similarity)
            session.commit()

    # ------------------------------------------------------------------ writing
    def write(self, draft: Draft) -> WriteResult | None:
        """Store a decision the LLM took; None when the store is bypassed.

        The same decision (same text, or one at least ``merge_similarity`` close, of the same owner)
        gains a variant, or widens the window of an equal variant, instead of a new policy.
        """
        self._check_open()
        if self.config.bypass or not self.config.serves(draft.kind):
            return None
        if self.index is None:
            raise PolicyStoreError("this store was opened read-only; open it without readonly=True to write")
        tick = self._next_tick(draft.owner)
        new = Variant(
            steps=draft.steps,
            value=draft.value,
            condition=draft.condition,
            minutes=draft.minutes,
            cost=draft.cost,
            last_used=tick,
        )
        key = same_text_key(draft.text)
        vector: np.ndarray | None = None
        with Session(self.engine) as session:
            row = session.exec(
                select(PolicyRow).where(
                    PolicyRow.kind == draft.kind, PolicyRow.owner == draft.owner, PolicyRow.key == key
                )
            ).first()
            if row is None:
                vector = self.embed(draft.text)
                near = self.index.nearest(vector, 1, kind=draft.kind, owner=draft.owner)
                # A kind reused only on the same text keeps every text apart: merged into a close one,
                # it could never be found again by its own words.
                merge = draft.kind not in self.config.exact
                close = [i for i, s in near.items() if merge and s >= self.config.merge_similarity]
                row = session.get(PolicyRow, close[0]) if close else None
            if row is None:
                assert vector is not None
                row = PolicyRow(
                    kind=draft.kind,
                    owner=draft.owner,
                    text=draft.text,
                    key=key,
                    bindings_json=json.dumps(draft.bindings),
                    variants_json=json.dumps([new.model_dump(mode="json")]),
                    embedding=vector.astype(np.float32).tobytes(),
                    last_used=tick,
                )
                outcome = "created"
            else:
                self._keep(session, "policy", int(row.id or 0), row)
                variants = [Variant.model_validate(v) for v in json.loads(row.variants_json)]
                outcome = _add_variant(variants, new, self.config.max_variants)
                row.variants_json = json.dumps([v.model_dump(mode="json") for v in variants])
                row.last_used = tick
            session.add(row)
            self._bump(session, draft.kind, **{outcome: 1})
            session.flush()
            if outcome == "created":
                self._keep(session, "policy", int(row.id or 0), None)
            evicted = () if self.hold_evictions else self._evict(session, draft.kind)
            session.commit()
            policy_id = int(row.id or 0)
        # The SQL commit above is the durable write; the index follows (reconcile() repairs a gap).
        if outcome == "created" and vector is not None:
            self.index.add_later(policy_id, draft.kind, draft.owner, vector)
        self.index.delete(list(evicted))
        return WriteResult(policy_id=policy_id, outcome=outcome, evicted=evicted)

    def evict(self) -> tuple[int, ...]:
        """Delete the least recently used policies of every kind beyond the bound (what
        ``hold_evictions`` left for the host's barrier); returns their ids."""
        with Session(self.engine) as session:
            kinds = session.exec(select(PolicyRow.kind).distinct()).all()
            evicted = tuple(i for kind in sorted(kinds) for i in self._evict(session, kind))
            session.commit()
        if self.index is not None and evicted:
            self.index.delete(list(evicted))
        return evicted

    def _evict(self, session: Session, kind: str) -> tuple[int, ...]:
        """Delete the least recently used policies of ``kind`` beyond the bound (in the caller's transaction)."""
        count = session.exec(select(func.count()).select_from(PolicyRow).where(PolicyRow.kind == kind)).one()
        excess = int(count) - self.config.max_policies
        if excess <= 0:
            return ()
        victims = session.exec(
            select(PolicyRow.id)
            .where(PolicyRow.kind == kind)
            # Owner before id: with a host's ticks, two policies share a tick only if one owner used both
            # at once, and ids between owners follow whoever wrote first.
            .order_by(col(PolicyRow.last_used), col(PolicyRow.hits), col(PolicyRow.owner), col(PolicyRow.id))
            .limit(excess)
        ).all()
        ids = tuple(int(i) for i in victims if i is not None)
        if self._epoch is not None:
            for victim in session.exec(select(PolicyRow).where(col(PolicyRow.id).in_(ids))).all():
                self._keep(session, "policy", int(victim.id or 0), victim)
        session.exec(delete(PolicyRow).where(col(PolicyRow.id).in_(ids)))  # type: ignore[call-overload]
        self._bump(session, kind, evicted=len(ids))
        return ids

    # ------------------------------------------------------------------ counters
    def _bump(self, session: Session, kind: str, **fields: float) -> None:
        found = session.get(CounterRow, kind)
        self._keep(session, "counter", kind, found)
        row = found or CounterRow(kind=kind)
        for name, value in fields.items():
            setattr(row, name, getattr(row, name) + value)
        if "hits" in fields or "misses_nothing_similar" in fields or "misses_condition" in fields:
            row.lookups += 1
        session.add(row)

    def _count(self, kind: str, **fields: float) -> None:
        with Session(self.engine) as session:
            self._bump(session, kind, **fields)
            session.commit()

    # ------------------------------------------------------------------ inspection
    def get(self, policy_id: int) -> Policy | None:
        """One policy by id."""
        with Session(self.engine) as session:
            row = session.get(PolicyRow, policy_id)
            return _policy(row) if row is not None else None

    def policies(
        self, *, kind: str | None = None, owner: str | None = None, limit: int | None = None, offset: int = 0
    ) -> list[Policy]:
        """Policies, most used first."""
        with Session(self.engine) as session:
            stmt = select(PolicyRow)
            if kind:
                stmt = stmt.where(PolicyRow.kind == kind)
            if owner:
                stmt = stmt.where(PolicyRow.owner == owner)
            stmt = stmt.order_by(col(PolicyRow.hits).desc(), col(PolicyRow.id)).offset(offset)
            if limit is not None:
                stmt = stmt.limit(limit)
            return [_policy(r) for r in session.exec(stmt).all()]

    def iter_policies(self, batch: int = 500) -> Iterator[Policy]:
        """Every policy in id order, a batch at a time (exports of large stores)."""
        last = 0
        while True:
            with Session(self.engine) as session:
                rows = session.exec(
                    select(PolicyRow).where(col(PolicyRow.id) > last).order_by(col(PolicyRow.id)).limit(batch)
                ).all()
            if not rows:
                return
            for row in rows:
                yield _policy(row)
            last = int(rows[-1].id or 0)

    def search(
        self, text: str, *, kind: str | None = None, owner: str | None = None, k: int = 10
    ) -> list[tuple[float, Policy]]:
        """Policies nearest ``text`` by cosine, conditions ignored.

        Computed over the SQL vectors with numpy, so it works on a read-only store while a run holds
        the index (brute force over 10k vectors of 384 floats takes a few milliseconds).
        """
        self._check_open()
        if self._embedder_problem:
            raise PolicyStoreError(self._embedder_problem)
        with Session(self.engine) as session:
            stmt = select(PolicyRow)
            if kind:
                stmt = stmt.where(PolicyRow.kind == kind)
            if owner:
                stmt = stmt.where(PolicyRow.owner == owner)
            rows = session.exec(stmt).all()
        if not rows:
            return []
        matrix = np.stack([np.frombuffer(r.embedding, dtype=np.float32) for r in rows])
        scores = matrix @ self.embed(text)
        order = np.argsort(-scores)[:k]
        return [(float(scores[i]), _policy(rows[i])) for i in order]

    def stats(self) -> dict[str, dict[str, float]]:
        """Per kind: policies, variants, owners, and the lifetime counters with the hit rate."""
        out: dict[str, dict[str, float]] = {}
        with Session(self.engine) as session:
            for kind, count, owners in session.exec(
                select(PolicyRow.kind, func.count(), func.count(func.distinct(PolicyRow.owner))).group_by(
                    PolicyRow.kind
                )
            ).all():
                out[kind] = {"policies": int(count), "owners": int(owners), "variants": 0}
            for kind, variants_json in session.exec(select(PolicyRow.kind, PolicyRow.variants_json)).all():
                out[kind]["variants"] += len(json.loads(variants_json))
            for counter in session.exec(select(CounterRow)).all():
                entry = out.setdefault(counter.kind, {"policies": 0, "owners": 0, "variants": 0})
                data = counter.model_dump(exclude={"kind", "hit_similarity_sum"})
                entry.update({k: float(v) for k, v in data.items()})
                entry["hit_rate"] = counter.hits / counter.lookups if counter.lookups else 0.0
                entry["mean_hit_similarity"] = counter.hit_similarity_sum / counter.hits if counter.hits else 0.0
        return out

    def owners(self) -> list[str]:
        """The owners of the stored policies, sorted."""
        with Session(self.engine) as session:
            return sorted(session.exec(select(PolicyRow.owner).distinct()).all())

    def count(self, kind: str | None = None) -> int:
        """Number of policies (of ``kind``)."""
        with Session(self.engine) as session:
            stmt = select(func.count()).select_from(PolicyRow)
            if kind:
                stmt = stmt.where(PolicyRow.kind == kind)
            return int(session.exec(stmt).one())

    # ------------------------------------------------------------------ maintenance
    def purge(self, *, kind: str | None = None, owner: str | None = None) -> int:
        """Delete policies (all, or of a kind and/or owner); returns how many."""
        if self.index is None:
            raise PolicyStoreError("this store was opened read-only; open it without readonly=True to purge")
        with Session(self.engine) as session:
            stmt = select(PolicyRow.id)
            if kind:
                stmt = stmt.where(PolicyRow.kind == kind)
            if owner:
                stmt = stmt.where(PolicyRow.owner == owner)
            ids = [int(i) for i in session.exec(stmt).all() if i is not None]
            session.exec(delete(PolicyRow).where(col(PolicyRow.id).in_(ids)))  # type: ignore[call-overload]
            if kind is None and owner is None:
                session.exec(delete(CounterRow))  # type: ignore[call-overload]
            session.commit()
        self.index.delete(ids)
        return len(ids)

    def export(self) -> dict[str, Any]:
        """Every policy as JSON-ready data (vectors left out: an import embeds again)."""
        return {
            "format": EXPORT_FORMAT,
            "version": FORMAT,
            "embedder": self.embedder.name,
            "policies": [p.model_dump(mode="json", exclude={"id"}) for p in self.iter_policies()],
        }

    def import_(self, data: dict[str, Any], *, source: str = "the import") -> dict[str, int]:
        """Add exported policies (each variant written as a draft, so duplicates merge); returns counts.
        The whole export is checked first (see :func:`read_export`): an import is all or nothing."""
        policies = read_export(data, source=source)
        counts = {"created": 0, "appended": 0, "merged": 0}
        for policy in policies:
            for variant in policy.variants:
                draft = Draft(
                    kind=policy.kind,
                    owner=policy.owner,
                    text=policy.text,
                    steps=variant.steps,
                    value=variant.value,
                    condition=variant.condition,
                    minutes=variant.minutes,
                    bindings=policy.bindings,
                    cost=variant.cost,
                )
                result = self.write(draft)
                if result is not None:
                    counts[result.outcome] += 1
        return counts


def read_export(data: Any, *, source: str = "the import") -> list[Policy]:
    """The policies of an export (``PolicyStore.export``'s JSON), checked whole; a ``PolicyStoreError``
    names the first item and field that is wrong. Strict where a lenient read would store something no
    lookup can use: a field the format does not have (a typo loses what it meant), an empty kind, owner
    or text, a policy without variants (nothing to reuse)."""
    if not isinstance(data, dict):
        raise PolicyStoreError(f"{source} is not a policy export (a JSON {type(data).__name__}, not an object)")
    if data.get("format") != EXPORT_FORMAT:
        raise PolicyStoreError(f"{source} is not a policy export (its 'format' is {data.get('format')!r})")
    if data.get("version") not in (None, FORMAT):
        raise PolicyStoreError(f"{source} has version {data.get('version')!r}; this policy store reads {FORMAT}")
    items = data.get("policies", [])
    if not isinstance(items, list):
        raise PolicyStoreError(f"{source}: 'policies' must be a list, not a JSON {type(items).__name__}")
    policies: list[Policy] = []
    for n, item in enumerate(items):
        where = f"{source}: policies[{n}]"
        if not isinstance(item, dict):
            raise PolicyStoreError(f"{where} is a JSON {type(item).__name__}, not an object (nothing was imported)")
        _known_fields(item, Policy, where)
        for v, variant in enumerate(item.get("variants") or []):
            if isinstance(variant, dict):
                _known_fields(variant, Variant, f"{where}.variants[{v}]")
        try:
            policy = Policy.model_validate(item)
        except ValueError as exc:
            raise PolicyStoreError(f"{where} is malformed (nothing was imported): {exc}") from None
        for name in ("kind", "owner", "text"):
            if not getattr(policy, name).strip():
                raise PolicyStoreError(f"{where}: '{name}' is empty (nothing was imported)")
        if not policy.variants:
            raise PolicyStoreError(f"{where} has no variants: nothing in it could be reused (nothing was imported)")
        policies.append(policy)
    return policies


def _known_fields(item: dict[str, Any], model: type[Policy] | type[Variant], where: str) -> None:
    unknown = sorted(set(item) - set(model.model_fields))
    if unknown:
        raise PolicyStoreError(
            f"{where}: unknown field {unknown[0]!r} (a {model.__name__.lower()} has "
            f"{', '.join(model.model_fields)}; nothing was imported)"
        )


def _row_json(row: PolicyRow | CounterRow | None) -> str | None:
    """A row as JSON (the embedding's bytes in base64), for :class:`UndoRow`."""
    if row is None:
        return None
    data = row.model_dump()
    if isinstance(row, PolicyRow):
        data["embedding"] = base64.b64encode(row.embedding).decode("ascii")
    return json.dumps(data)


def _row_from_json(table: str, text: str) -> PolicyRow | CounterRow:
    data = json.loads(text)
    if table == "policy":
        data["embedding"] = base64.b64decode(data["embedding"])
        return PolicyRow(**data)
    return CounterRow(**data)


def _policy(row: PolicyRow) -> Policy:
    return Policy(
        id=row.id,
        kind=row.kind,
        owner=row.owner,
        text=row.text,
        bindings=json.loads(row.bindings_json),
        variants=[Variant.model_validate(v) for v in json.loads(row.variants_json)],
        hits=row.hits,
        last_used=row.last_used,
    )


def _fit(steps: Sequence[Step], minutes: int | None) -> tuple[Step, ...]:
    """Steps with minutes rescaled to ``minutes`` (steps left at zero minutes are dropped)."""
    if not steps or minutes is None:
        return tuple(steps)
    fitted = rescale([s.minutes for s in steps], minutes)
    return tuple(Step(text=s.text, minutes=m, action=s.action) for s, m in zip(steps, fitted, strict=True) if m > 0)


def _add_variant(variants: list[Variant], new: Variant, bound: int) -> str:
    """Merge ``new`` into an equal variant, or append it (dropping the least used beyond ``bound``)."""
    for i, old in enumerate(variants):
        same_steps = [(s.text, s.action) for s in old.steps] == [(s.text, s.action) for s in new.steps]
        if same_steps and old.value == new.value:
            merged = merge(old.condition, new.condition)
            if merged is not None:
                variants[i] = old.model_copy(update={"condition": merged, "last_used": new.last_used})
                return "merged"
    variants.append(new)
    while len(variants) > bound:
        weakest = min(range(len(variants)), key=lambda i: (variants[i].uses, variants[i].last_used))
        variants.pop(weakest)
    return "appended"
