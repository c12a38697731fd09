"""How a SQLite file is opened: WAL, ``synchronous=NORMAL`` and a wait for locks.

WAL + NORMAL: every committed row survives a crash of the process (``kill -9``), readers never block
the writer, and a commit costs well under a millisecond. The store's database and aga's run databases
(which may import this library, never the other way round) are opened the same way.
"""

from __future__ import annotations

import sqlite3
import time
from typing import Any

# Waits between tries of the switch to WAL, in seconds (about three in all).
_WAL_RETRIES = (0.05, 0.1, 0.2, 0.4, 0.8, 1.6)


def set_pragmas(dbapi_conn: Any, _record: Any = None) -> None:
    """SQLAlchemy ``connect`` listener: a lock wait of 10 s, WAL, ``synchronous=NORMAL``."""
    cur = dbapi_conn.cursor()
    try:
        cur.execute("PRAGMA busy_timeout=10000")
        # The switch of a new file to WAL needs the file to itself, and SQLite answers "database is locked"
        # at once (its lock wait does not apply there) when another process opens the same new file at
        # that moment: `aga bench tokens --jobs 2` on a fresh embedding cache. Once in WAL the switch is
        # a no-op, so a short retry only ever runs for a file's first opening. Hand-written: four lines.
        for wait in (*_WAL_RETRIES, None):
            try:
                cur.execute("PRAGMA journal_mode=WAL")
                break
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or wait is None:
                    raise
                time.sleep(wait)
        cur.execute("PRAGMA synchronous=NORMAL")
    finally:
        cur.close()
