"""Checks that a library stays standalone: its source never imports the runtime, and importing it loads none."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = ("aga", "litellm")  # the runtime, and the one gateway's LLM library


def imported_packages(folder: Path) -> dict[str, set[str]]:
    """Map each ``*.py`` file under ``folder`` to the top-level package names its import statements name."""
    found: dict[str, set[str]] = {}
    for path in sorted(folder.rglob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
        found[str(path)] = names
    return found


def assert_standalone(library: str) -> None:
    """Fail if ``library``'s source imports a forbidden package, or importing it loads one (parsed, so a
    comment that mentions aga does not count)."""
    imports = imported_packages(ROOT / library)
    assert imports, f"no sources found for {library}"
    for path, names in imports.items():
        assert not names & set(FORBIDDEN), (path, names & set(FORBIDDEN))
    probe = f"import sys, {library}; print(sorted({{m.split('.')[0] for m in sys.modules}} & {set(FORBIDDEN)!r}))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]", out.stdout
