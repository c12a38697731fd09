"""Run and store files that are damaged or read-only: named with what to do, never a driver's traceback."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from aga.sim.policies import PolicyOptions
from aga.sim.run import Run
from tests.fakes import HashEmbedder


def _unwrapped(said: str) -> str:
    # The terminal's wrapping may break a long path where no space was.
    return "".join(said.split())


def _made_run(run_id: str, mode: str = "baseline") -> Run:
    run = Run.create(
        "ville3", model="scripted/default", mode=mode, hours=0.2, run_id=run_id, seed=1, embedder=HashEmbedder(),
        policies=PolicyOptions(fresh=True) if mode != "baseline" else None,
    )  # fmt: skip
    run.advance(checkpoint_minutes=5)
    run.close()
    return run


def test_a_damaged_run_database_is_named_with_what_to_do(aga):
    run = _made_run("cut")
    data = run.paths.database.read_bytes()
    run.paths.database.write_bytes(data[: len(data) // 3])
    for command in (["show", "cut"], ["ledger", "cut"], ["resume", "cut", "--hours", "0.1"]):
        code, said = aga(*command)
        assert code == 2, (command, said)
        assert str(run.paths.database) in _unwrapped(said) and "damaged" in said and "backup" in said
    run.paths.database.write_bytes(b"not a database at all" * 200)
    code, said = aga("show", "cut")
    assert code == 2 and "not a SQLite database" in said


def test_a_damaged_policy_database_is_named(aga):
    run = _made_run("pol", mode="aga")
    store = run.paths.root / "policies" / "policies.db"
    store.write_bytes(store.read_bytes()[:4096] + b"\x00" * 4096)
    code, said = aga("policy", "stats", str(store.parent))
    assert code == 2 and str(store) in _unwrapped(said), said


def test_a_damaged_checkpoint_row_is_named_and_deleting_it_goes_back_to_the_one_before(aga):
    run = _made_run("row")
    with contextlib.closing(sqlite3.connect(run.paths.database)) as db:
        last, step = db.execute("select id, step from checkpoint order by id desc limit 1").fetchone()
        db.execute("update checkpoint set state_json = substr(state_json, 1, 50) where id = ?", (last,))
        db.commit()
    code, said = aga("resume", "row", "--hours", "0.1")
    assert code == 2
    assert f"checkpoint at step {step} (row {last})" in said and f"delete from checkpoint where id = {last}" in said
    with contextlib.closing(sqlite3.connect(run.paths.database)) as db:  # the advice, followed
        db.execute("delete from checkpoint where id = ?", (last,))
        db.commit()
    reopened = Run.open("row", embedder=HashEmbedder())
    assert reopened.rt.step < step
    reopened.close()


@contextlib.contextmanager
def _read_only(folder: Path) -> Iterator[None]:
    """Make ``folder`` and its files unwritable, even for root (an immutable attribute); skip where the
    file system or the user cannot."""
    files = [folder, *folder.rglob("*")]
    if os.geteuid() == 0:
        made = subprocess.run(["chattr", "-R", "+i", str(folder)], capture_output=True)
        if made.returncode != 0:
            pytest.skip(f"chattr +i is not available here: {made.stderr.decode().strip()}")
        undo = ["chattr", "-R", "-i", str(folder)]
    else:
        for f in files:
            f.chmod(f.stat().st_mode & ~0o222)
        undo = ["chmod", "-R", "u+w", str(folder)]
    try:
        yield
    finally:
        subprocess.run(undo, check=True)


def test_a_read_only_run_can_be_read_and_says_so_when_asked_to_change(aga):
    run = _made_run("ro", mode="aga")
    with _read_only(run.paths.root):
        for command in (["show", "ro"], ["ledger", "ro"], ["log", "ro"], ["policy", "stats", "ro"]):
            code, said = aga(*command)
            assert code == 0, (command, said)
        code, said = aga("resume", "ro", "--hours", "0.1")
        assert code == 2 and "cannot be changed" in said and "cp -r" in said, said


def test_a_read_only_run_of_an_older_aga_is_read_through_an_updated_copy_that_refuses_writes(aga):
    # A run written before a column existed is brought up to date when opened (ALTER TABLE); on a
    # read-only disk that write failed, and `aga show` could not read the run at all.
    from aga.storage.db import StorageError, make_engine, sqlite_url

    run = _made_run("older")
    db = run.paths.database
    with contextlib.closing(sqlite3.connect(db)) as old:
        old.execute("ALTER TABLE llm_ledger DROP COLUMN model_s")
        old.execute("ALTER TABLE run_info DROP COLUMN created_as")
        old.commit()
    before = db.read_bytes()
    with _read_only(run.paths.root):
        for command in (["show", "older"], ["ledger", "older"], ["log", "older"]):
            code, said = aga(*command)
            assert code == 0, (command, said)
        engine = make_engine(sqlite_url(db))
        refused = pytest.raises(StorageError, match=rf"^{db}: attempt to write a readonly database; .*work on a copy")
        with refused, engine.begin() as connection:
            connection.exec_driver_sql("DELETE FROM timeline")
    assert db.read_bytes() == before  # nothing written to the file


def test_written_files_get_their_folder_made_and_a_file_in_the_way_is_named(tmp_path):
    from aga.storage.files import write_atomically

    write_atomically(tmp_path / "new" / "deeper" / "out.json", "{}")
    assert (tmp_path / "new" / "deeper" / "out.json").read_text() == "{}"
    (tmp_path / "plain").write_text("x")
    with pytest.raises(ValueError, match="plain is a file, not a folder"):
        write_atomically(tmp_path / "plain" / "out.json", "{}")
    assert not list(tmp_path.glob("**/*.tmp"))


def test_asking_whether_a_database_is_read_only_keeps_the_locks_of_open_connections(tmp_path):
    # Opening and closing the file to see whether it could be written dropped every POSIX lock this
    # process held on it, SQLite's included: another process closing its connection then deleted the
    # -wal and -shm files under our live connection, and the shared embedding cache was corrupted while
    # two benchmarks ran. The WAL files of a live connection must survive another process's visit.
    from policy_store.faults import read_only_url

    db = tmp_path / "live.db"
    live = sqlite3.connect(db, isolation_level=None)
    live.execute("PRAGMA journal_mode=WAL")
    live.execute("CREATE TABLE t (x)")
    live.execute("INSERT INTO t VALUES (1)")
    assert read_only_url(db) is None
    visit = "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('SELECT * FROM t').fetchall(); c.close()"
    subprocess.run([sys.executable, "-c", visit, str(db)], check=True)
    assert {p.name for p in tmp_path.iterdir()} == {"live.db", "live.db-wal", "live.db-shm"}
    live.execute("INSERT INTO t VALUES (2)")
    live.close()
    with contextlib.closing(sqlite3.connect(db)) as again:
        assert again.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert again.execute("SELECT count(*) FROM t").fetchone() == (2,)


# Found by an outside tester's fault trial (2026-12-03): a folder where a run's lock or metrics file
# belongs gave a raw traceback; a run copied under another name whose database was damaged was called
# read-only; a run killed after its last checkpoint stayed "interrupted" for good.


def test_a_folder_where_the_lock_or_the_metrics_file_belongs_is_named(aga):
    run = _made_run("lockdir")
    run.paths.lock.unlink(missing_ok=True)
    run.paths.lock.mkdir()
    code, said = aga("resume", "lockdir", "--hours", "0.1")
    assert code == 2 and "is a folder, not a file" in said and "rm -r" in said, said
    run.paths.lock.rmdir()
    run.paths.metrics_textfile.unlink(missing_ok=True)
    run.paths.metrics_textfile.mkdir()
    code, said = aga("resume", "lockdir", "--hours", "0.1")
    assert code == 0 and "finished" in said, said
    assert not list(run.paths.root.glob("metrics.prom.*"))  # no temporary file left behind


def test_a_damaged_database_in_a_renamed_run_folder_is_called_damaged_not_read_only(aga):
    import shutil

    run = _made_run("orig")
    copy = run.paths.root.parent / "copied"
    shutil.copytree(run.paths.root, copy)
    data = (copy / "aga.db").read_bytes()
    (copy / "aga.db").write_bytes(data[: len(data) // 3])
    code, said = aga("show", "copied")
    assert code == 2 and "read-only" not in said and "damaged" in said, said


def test_a_run_killed_after_its_last_checkpoint_is_finished_by_resume(aga):
    from sqlmodel import Session

    from aga.sim.run import RunInfo
    from aga.storage.db import make_engine

    run = _made_run("killedlate")
    engine = make_engine(run.paths.database_url)
    with Session(engine) as session:  # as a kill -9 between the last checkpoint and the status leaves it
        info = session.get(RunInfo, "killedlate")
        info.status = "running"
        session.add(info)
        session.commit()
    code, said = aga("resume", "killedlate")
    assert code == 0 and "already reached" in said, said
    with Session(engine) as session:
        assert session.get(RunInfo, "killedlate").status == "finished"


def test_a_full_disk_is_known_by_the_error_it_came_from_and_by_the_space_left(tmp_path, monkeypatch):
    import shutil
    from collections import namedtuple

    from policy_store.faults import little_space, no_space

    try:
        try:
            raise OSError("database or disk is full")
        except OSError as inner:
            raise RuntimeError("Error in compaction: Failed to apply logs to the metadata segment") from inner
    except RuntimeError as outer:
        assert no_space(outer)
    assert not no_space(RuntimeError("something else"))
    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(shutil, "disk_usage", lambda path: usage(10**9, 10**9 - 3 * 2**20, 3 * 2**20))
    assert little_space(tmp_path)
    monkeypatch.setattr(shutil, "disk_usage", lambda path: usage(10**12, 10**9, 10**12 - 10**9))
    assert not little_space(tmp_path)


def test_a_term_while_the_command_starts_ends_it_as_an_interrupt(tmp_path):
    """TERM half a second in, while the libraries load: exit 130 with a word, not 143 with none."""
    import signal
    import time

    process = subprocess.Popen(
        [sys.executable, "-c", "from aga.cli import main; main()", "show", "nonesuch"],
        cwd=tmp_path, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    time.sleep(0.5)
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 130, (process.returncode, err)
    assert "interrupted" in err and "Traceback" not in err


def test_a_run_database_missing_a_table_every_run_has_is_named_not_made_anew(aga):
    """An outside fault trial dropped the timeline table of a run: show, log and resume went on from an
    empty one as if nothing had been lost (creating missing tables is what opening a database does)."""
    run = _made_run("dropped")
    with contextlib.closing(sqlite3.connect(run.paths.database)) as db:
        db.execute("DROP TABLE timeline")
        db.commit()
    for command in (["show", "dropped"], ["log", "dropped"], ["resume", "dropped", "--hours", "0.1"]):
        code, said = aga(*command)
        assert code == 2, (command, said)
        assert "'timeline'" in said and "backup" in said and str(run.paths.database) in _unwrapped(said), said
    with contextlib.closing(sqlite3.connect(run.paths.database)) as db:  # and nothing was made in its place
        assert not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'timeline'").fetchone()
