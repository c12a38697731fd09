"""The memory stream: adding memories and retrieving them by recency, importance and relevance.

Retrieval follows Park et al.: for each focal point, every candidate memory gets

    score = w_recency * recency + w_relevance * relevance + w_importance * importance

with each term min-max normalised to [0, 1] over the candidates, recency = decay ** (simulated hours
since the memory was last accessed), relevance = cosine similarity of embeddings, importance = the
1-10 rating. The top k are returned and their last-accessed time is refreshed. The most recently
accessed memory gets the highest recency (the original code normalised it the other way round).

Candidates are all of the agent's memories while the stream is small (exactly as in the paper); past
``pool`` memories they are the ``pool`` most relevant plus the most recently accessed and the most
important by SQL, so a weeks-long run does not score every memory each time.

The ``pool`` most relevant are found by an exact search over the agent's vectors (one matrix product),
not by chromadb's HNSW query: that is approximate, and two identical runs got different sets back from
it (measured: 6 of 40 filtered queries of 300 differed between two builds of the same inserts), which
made the same seed give a different town late in a long day, where a memory at the edge of the pool
wins by recency or importance. chromadb stays the vectors' durable store.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import numpy as np
from sqlalchemy.engine import Engine
from sqlmodel import Session, SQLModel, col, delete, func, select

from aga.embeddings.base import Embedder
from aga.memory.nodes import MemoryAccess, MemoryKind, MemoryNode, keywords_for
from aga.memory.vectors import VectorIndex
from aga.storage.db import insert_row
from policy_store.faults import create_tables


@dataclass(frozen=True)
class RetrievalWeights:
    """Weights and parameters of retrieval (the original code's defaults)."""

    recency: float = 0.5
    relevance: float = 3.0
    importance: float = 2.0
    decay: float = 0.99
    top_k: int = 30


@dataclass(frozen=True)
class Scored:
    """A retrieved memory with its score terms (normalised) for inspection."""

    node: MemoryNode
    score: float
    recency: float
    relevance: float
    importance: float


def _normalise(values: np.ndarray) -> np.ndarray:
    if values.size == 0:
        return values
    lo, hi = float(values.min()), float(values.max())
    if hi - lo < 1e-12:
        return np.full_like(values, 0.5)  # all equal: no information, as in the original
    return (values - lo) / (hi - lo)


def latest_nodes(engine: Engine, agent: str, n: int, kinds: Sequence[MemoryKind] | None = None) -> list[MemoryNode]:
    """The ``n`` most recently created memories of ``agent`` in ``engine``'s database, newest first.

    A function as well as a method: inspecting a stored run needs no vector index or embedder.
    """
    with Session(engine) as session:
        stmt = select(MemoryNode).where(MemoryNode.agent == agent)
        if kinds:
            stmt = stmt.where(col(MemoryNode.kind).in_([k.value for k in kinds]))
        stmt = stmt.order_by(col(MemoryNode.created).desc(), col(MemoryNode.id).desc()).limit(n)
        return list(session.exec(stmt).all())


class MemoryStream:
    """All agents' memories of one run."""

    def __init__(
        self, engine: Engine, vectors: VectorIndex, embedder: Embedder, *, pool: int = 600, flush_at: int | None = 2_000
    ) -> None:
        self.engine = engine
        self.index = vectors
        self.embedder = embedder
        self.pool = pool
        self._vectors: dict[int, np.ndarray] = {}
        # Per agent, the ids of all its memories and (built when first searched, grown as memories come)
        # a matrix of their vectors in the same order, for the exact nearest search.
        self._ids_of: dict[str, list[int]] = {}
        self._matrix_of: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        # Memories committed to SQL whose vectors are not in the index yet: id -> (agent, text). They are
        # embedded together when a retrieval needs them or at the end of their step (``step_done``), and
        # written to chromadb in one upsert at ``flush`` (a checkpoint) or once ``flush_at`` are waiting:
        # one encode and one upsert per memory cost ~10 ms each, and even one upsert per step cost ~17 ms
        # (a ville25 day has 8,640 steps). Retrieval ranks waiting memories with the indexed ones, so when
        # the index is written changes nothing. A kill before the flush loses nothing: opening a run
        # indexes every memory whose vector is missing. ``flush_at`` None: only at ``flush`` (agents
        # running ahead of each other reach a count at different moments; see aga.sim.ahead).
        self._pending: dict[int, tuple[str, str]] = {}
        self.flush_at = flush_at
        # Latest event triples per agent: perception checks them every step, so they stay in memory.
        self._recent_events: dict[str, deque[tuple[str, str, str]]] = {}
        # Memories whose access since the latest checkpoint is already logged (see MemoryAccess).
        self._logged: set[int] = set()
        create_tables(
            SQLModel.metadata,
            engine,
            [MemoryNode.__table__, MemoryAccess.__table__],  # type: ignore[list-item]
        )

    # ------------------------------------------------------------------ writing
    def add(
        self,
        agent: str,
        kind: MemoryKind,
        triple: tuple[str, str, str],
        description: str,
        importance: int,
        created: datetime,
        *,
        step: int,
        expiration: datetime | None = None,
        evidence: Sequence[int] = (),
        embedding: np.ndarray | None = None,
    ) -> MemoryNode:
        """Commit a memory and index its embedding; returns the node with its id."""
        subject, predicate, obj = triple
        node = MemoryNode(
            agent=agent,
            kind=kind.value,
            subject=subject,
            predicate=predicate,
            object=obj,
            description=description,
            importance=max(1, min(10, int(importance))),
            keywords_json=json.dumps(keywords_for(subject, obj)),
            evidence_json=json.dumps([int(e) for e in evidence]),
            created=created,
            expiration=expiration,
            last_accessed=created,
            step=step,
        )
        insert_row(self.engine, node)
        assert node.id is not None
        self._pending[node.id] = (agent, description)
        if agent in self._ids_of:
            self._ids_of[agent].append(node.id)
        if embedding is not None:
            self._vectors[node.id] = embedding
        if kind == MemoryKind.EVENT and agent in self._recent_events:
            self._recent_events[agent].appendleft((subject, predicate, obj))
        return node

    def flush(self) -> int:
        """Embed the memories added since the last flush (in one batch) and index them (in one upsert);
        returns how many. Called at the end of every step, before a checkpoint and on close."""
        if not self._pending:
            return 0
        self._embed_pending()
        # In (agent, id) order: the same index whichever agent's thread wrote first (ids follow the
        # order writes came in; one agent's writes always come in its own order).
        ids = sorted(self._pending, key=lambda i: (self._pending[i][0], i))
        agents = [self._pending[i][0] for i in ids]
        self.index.add(ids, agents, np.stack([self._vectors[i] for i in ids]))
        self._pending.clear()
        return len(ids)

    def step_done(self) -> int:
        """The end of a step: embed its new memories in one encode, and index what is waiting once
        ``flush_at`` memories are (a checkpoint indexes the rest); returns how many were indexed."""
        self._embed_pending()
        if self.flush_at is None or len(self._pending) < self.flush_at:
            return 0
        return self.flush()

    def _embed_pending(self) -> None:
        """Vectors for the pending memories that have none yet, in one encode."""
        todo = [i for i in self._pending if i not in self._vectors]
        if todo:
            vectors = self.embedder.embed([self._pending[i][1] for i in todo])
            self._vectors.update(zip(todo, vectors, strict=True))

    def recent_event_triples(self, agent: str, n: int) -> list[tuple[str, str, str]]:
        """(subject, predicate, object) of the agent's ``n`` latest event memories, newest first."""
        recent = self._recent_events.get(agent)
        if recent is None or recent.maxlen != n:
            rows = self.latest(agent, n, kinds=[MemoryKind.EVENT])
            recent = deque(((r.subject, r.predicate, r.object) for r in rows), maxlen=n)
            self._recent_events[agent] = recent
        return list(recent)

    def truncate_after(self, step: int) -> int:
        """Delete memories created after ``step`` (resuming from a checkpoint); returns how many."""
        with Session(self.engine) as session:
            doomed = list(session.exec(select(MemoryNode.id).where(MemoryNode.step > step)).all())
            if doomed:
                # By the same condition, not by the ids: a long list would exceed SQLite's variable limit.
                session.exec(delete(MemoryNode).where(col(MemoryNode.step) > step))  # type: ignore[call-overload]
                session.commit()
        for node_id in doomed:
            self._vectors.pop(int(node_id), None)
            self._pending.pop(int(node_id), None)
        self._recent_events.clear()
        self._ids_of.clear()  # built again from SQL when next searched
        self._matrix_of.clear()
        # Their vectors stay in the index until overwritten: ids are never reused by SQLite, and
        # candidates are always looked up in SQL, so an orphan vector can never be retrieved.
        return len(doomed)

    def checkpointed(self, now: datetime) -> None:
        """A checkpoint at ``now`` is committed: accesses before it need no undoing any more."""
        self._logged.clear()
        with Session(self.engine) as session:
            session.exec(delete(MemoryAccess).where(col(MemoryAccess.at) < now))  # type: ignore[call-overload]
            session.commit()

    def rewind_accesses(self, since: datetime) -> int:
        """Give back to every memory touched at or after ``since`` (a checkpoint being resumed) its last
        access as it was then; returns how many memories changed."""
        with Session(self.engine) as session:
            rows = session.exec(
                select(MemoryAccess).where(col(MemoryAccess.at) >= since).order_by(col(MemoryAccess.id))
            ).all()
            earliest: dict[int, datetime] = {}
            for row in rows:
                earliest.setdefault(row.node_id, row.previous)
            if earliest:
                for node in session.exec(select(MemoryNode).where(col(MemoryNode.id).in_(list(earliest)))):
                    node.last_accessed = earliest[int(node.id or 0)]
                    session.add(node)
            session.exec(delete(MemoryAccess).where(col(MemoryAccess.at) >= since))  # type: ignore[call-overload]
            session.commit()
        self._logged.clear()
        return len(earliest)

    def descriptions_at(self, step: int) -> set[tuple[str, str]]:
        """(agent, description) of the memories written at ``step``."""
        with Session(self.engine) as session:
            rows = session.exec(select(MemoryNode.agent, MemoryNode.description).where(MemoryNode.step == step))
            return {(agent, text) for agent, text in rows.all()}

    def reconcile(self) -> int:
        """Index any memory whose vector is missing (a crash between the SQL commit and the index), and every one
        when the index holds vectors of another length than the embedder's: a run made with one embedder (a test's
        hashing one, through the API) and resumed with another (the command line's MiniLM) could store and retrieve
        nothing ("Collection expecting embedding with dimension of 64, got 384")."""
        if (held := self.index.dim()) is not None and held != self.embedder.dim:
            self.index.clear()
        self.flush()
        with Session(self.engine) as session:
            nodes = list(session.exec(select(MemoryNode)).all())
        present = self.index.ids()
        missing = [n for n in nodes if n.id not in present]
        if missing:
            vectors = self.embedder.embed([n.description for n in missing])
            self.index.add([n.id for n in missing if n.id is not None], [n.agent for n in missing], vectors)
        return len(missing)

    # ------------------------------------------------------------------ reading
    def count(self, agent: str) -> int:
        """Number of memories of ``agent``."""
        with Session(self.engine) as session:
            return int(session.exec(select(func.count()).where(MemoryNode.agent == agent)).one())

    def latest(self, agent: str, n: int, kinds: Sequence[MemoryKind] | None = None) -> list[MemoryNode]:
        """The ``n`` most recently created memories of ``agent``, newest first."""
        return latest_nodes(self.engine, agent, n, kinds)

    def get(self, ids: Sequence[int]) -> list[MemoryNode]:
        """Memories by id (in the given order; unknown ids are left out)."""
        with Session(self.engine) as session:
            rows = {n.id: n for n in session.exec(select(MemoryNode).where(col(MemoryNode.id).in_(list(ids))))}
        return [rows[i] for i in ids if i in rows]

    def retrieve(
        self,
        agent: str,
        focal_points: Sequence[str],
        now: datetime,
        weights: RetrievalWeights,
        *,
        k: int | None = None,
        kinds: Sequence[MemoryKind] | None = None,
        refresh: bool = True,
    ) -> dict[str, list[Scored]]:
        """Top-``k`` memories of ``agent`` for each focal point; refreshes their last access unless told not to."""
        k = k or weights.top_k
        queries = self.embedder.embed(list(focal_points)) if focal_points else np.zeros((0, 1))
        results: dict[str, list[Scored]] = {}
        touched: set[int] = set()
        for focal, query in zip(focal_points, queries, strict=True):
            nodes = self._candidates(agent, query, now, kinds)
            if not nodes:
                results[focal] = []
                continue
            vectors = self._vectors_of([n.id for n in nodes if n.id is not None])
            relevance = np.array([float(vectors[n.id] @ query) if n.id in vectors else 0.0 for n in nodes])
            hours = np.array([max(0.0, (now - n.last_accessed).total_seconds() / 3600) for n in nodes])
            recency = np.power(weights.decay, hours)
            importance = np.array([float(n.importance) for n in nodes])
            rec_n, rel_n, imp_n = _normalise(recency), _normalise(relevance), _normalise(importance)
            scores = weights.recency * rec_n + weights.relevance * rel_n + weights.importance * imp_n
            # Ties (equal scores) go to the newer memory, deterministically.
            order = sorted(range(len(nodes)), key=lambda i: (-scores[i], -(nodes[i].id or 0)))[:k]
            results[focal] = [
                Scored(nodes[i], float(scores[i]), float(rec_n[i]), float(rel_n[i]), float(imp_n[i])) for i in order
            ]
            touched.update(nodes[i].id for i in order if nodes[i].id is not None)
        if refresh:
            self._touch(touched, now)
            for scored in results.values():
                for s in scored:
                    s.node.last_accessed = now
        return results

    # ------------------------------------------------------------------ helpers
    def _candidates(
        self, agent: str, query: np.ndarray, now: datetime, kinds: Sequence[MemoryKind] | None
    ) -> list[MemoryNode]:
        with Session(self.engine) as session:
            base = select(MemoryNode).where(MemoryNode.agent == agent)
            base = base.where((col(MemoryNode.expiration).is_(None)) | (col(MemoryNode.expiration) > now))
            base = base.where(~((MemoryNode.predicate == "is") & (MemoryNode.object == "idle")))
            if kinds:
                base = base.where(col(MemoryNode.kind).in_([k.value for k in kinds]))
            total = session.exec(select(func.count()).select_from(base.subquery())).one()
            if total <= self.pool:
                return list(session.exec(base).all())
            ids = self._nearest(agent, query)
            recent = base.order_by(col(MemoryNode.last_accessed).desc()).limit(self.pool // 2)
            important = base.order_by(col(MemoryNode.importance).desc(), col(MemoryNode.id).desc()).limit(
                self.pool // 4
            )
            nodes = {n.id: n for n in session.exec(recent)}
            nodes.update({n.id: n for n in session.exec(important)})
            missing = [i for i in ids if i not in nodes]
            if missing:
                nodes.update({n.id: n for n in session.exec(base.where(col(MemoryNode.id).in_(missing)))})
            return list(nodes.values())

    def _nearest(self, agent: str, query: np.ndarray) -> set[int]:
        """The ``pool`` memories of ``agent`` most similar to ``query``, whether indexed or still waiting
        (ties to the newer), by an exact search: see the module's docstring for why not chromadb's."""
        ids, matrix = self._agent_matrix(agent)
        if not len(ids):
            return set()
        similarity = matrix @ np.asarray(query, dtype=np.float32)
        if len(ids) > self.pool:
            # The pool-th best similarity, then every id at least that good: a tie at the edge is
            # settled below by id, not by where argpartition happened to put it.
            edge = np.partition(similarity, len(ids) - self.pool)[len(ids) - self.pool]
            keep = np.flatnonzero(similarity >= edge)
        else:
            keep = np.arange(len(ids))
        ranked = sorted(keep.tolist(), key=lambda i: (-float(similarity[i]), -int(ids[i])))
        return {int(ids[i]) for i in ranked[: self.pool]}

    def _agent_matrix(self, agent: str) -> tuple[np.ndarray, np.ndarray]:
        """Ids and vectors of all of ``agent``'s memories, grown by the ones added since the last call."""
        if agent not in self._ids_of:
            with Session(self.engine) as session:
                rows = session.exec(select(MemoryNode.id).where(MemoryNode.agent == agent).order_by(MemoryNode.id))
                self._ids_of[agent] = [int(i) for i in rows.all() if i is not None]
        ids = self._ids_of[agent]
        known, matrix = self._matrix_of.get(agent, (np.zeros(0, dtype=np.int64), np.zeros((0, 0), np.float32)))
        if len(known) < len(ids):
            new = ids[len(known) :]
            vectors = self._vectors_of(new)
            # A memory whose vector is lost (a crash before indexing; ``reconcile`` puts it back) is
            # left out of this search rather than ranked as if it were unrelated.
            present = [i for i in new if i in vectors]
            if present:
                added = np.stack([vectors[i] for i in present]).astype(np.float32)
                matrix = np.vstack([matrix, added]) if len(known) else added
                known = np.concatenate([known, np.asarray(present, dtype=np.int64)])
            self._matrix_of[agent] = (known, matrix)
            if len(present) < len(new):
                # Asked again next time (their vectors may have been indexed since).
                self._ids_of[agent] = [*ids[: len(ids) - len(new)], *present, *(i for i in new if i not in vectors)]
        return known, matrix

    def vectors_of(self, ids: Sequence[int]) -> dict[int, np.ndarray]:
        """The embeddings of the memories ``ids`` (unit vectors; ids without one are left out)."""
        return self._vectors_of(ids)

    def _vectors_of(self, ids: Sequence[int]) -> dict[int, np.ndarray]:
        if any(i in self._pending and i not in self._vectors for i in ids):
            self._embed_pending()
        missing = [i for i in ids if i not in self._vectors]
        if missing:
            self._vectors.update(self.index.vectors(missing))
        return {i: self._vectors[i] for i in ids if i in self._vectors}

    def _touch(self, ids: set[int], now: datetime) -> None:
        if not ids:
            return
        with Session(self.engine) as session:
            for node in session.exec(select(MemoryNode).where(col(MemoryNode.id).in_(list(ids)))):
                if node.id not in self._logged and node.last_accessed != now:
                    # In the same transaction as the change, so a kill leaves both or neither.
                    session.add(MemoryAccess(node_id=int(node.id or 0), at=now, previous=node.last_accessed))
                    self._logged.add(int(node.id or 0))
                node.last_accessed = now
                session.add(node)
            session.commit()
