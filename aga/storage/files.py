"""Files written whole (results and exports a reader may open while they are being written), and JSON
files the user names read with errors that say which file and what to give instead.

Used by the command line (``aga policy``, ``aga social``) and by ``benchmarks/``, which must not import
the command line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file renamed over it, so that an interrupted
    write never leaves half a file under the real name."""
    if path.is_dir():
        raise ValueError(f"{path} is a folder: give a file name to write, e.g. {path / 'export.json'}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)  # `-o exports/today.json` makes exports/
    except OSError as exc:
        blocking = next((a for a in path.parents if a.exists() and not a.is_dir()), None)
        why = f"{blocking} is a file, not a folder" if blocking else (exc.strerror or str(exc))
        raise ValueError(f"cannot write {path}: its folder cannot be made ({why})") from None
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(text)
        tmp.replace(path)
    except BaseException as exc:
        tmp.unlink(missing_ok=True)  # no stray half-written file beside the real one
        if isinstance(exc, PermissionError | IsADirectoryError | NotADirectoryError):
            # Named by the file asked for, not the temporary one beside it.
            raise ValueError(f"cannot write {path}: {exc.strerror or exc}") from None
        raise


def read_json(path: Path, give: str = "the JSON file a benchmark wrote") -> Any:
    """The JSON in ``path``, or a ValueError naming the file, what is wrong with it and (``give``) what to
    give instead: the bare errors say neither which file nor that the file, not the command, is at fault.
    Shared by the commands that read files the user names (policy exports, benchmark reports, captures)."""
    try:
        text = path.read_text()
    except FileNotFoundError:
        raise ValueError(f"no file {path}; give {give}") from None
    except IsADirectoryError:
        raise ValueError(f"{path} is a folder; give {give}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not a text file, so not JSON; give {give}") from None
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path} is not JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}") from None
