"""No module binds a top-level name twice.

ruff does not flag a module-level constant assigned twice; once it cost the simulator its name
particles: text.py had ``_PARTICLES`` for "van", "de" and a later ``_PARTICLES`` for "up", "off"
shadowed it, and "Ana van Dijk mends the nets" lost her surname.
"""

from __future__ import annotations

import ast
import collections
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("aga", "policy_store", "social_memory", "benchmarks")


def _bound(tree: ast.Module) -> list[str]:
    names = []
    for node in tree.body:
        if isinstance(node, ast.Assign):
            names += [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
    return names


def test_no_module_binds_a_top_level_name_twice():
    twice = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            counts = collections.Counter(_bound(ast.parse(path.read_text(encoding="utf-8"))))
            again = sorted(n for n, c in counts.items() if c > 1 and n != "__all__")
            if again:
                twice[str(path.relative_to(ROOT))] = again
    assert not twice, twice


def test_the_check_sees_a_name_bound_twice():
    tree = ast.parse('_PARTICLES = {"de", "van"}\ndef f():\n    pass\n_PARTICLES = {"up", "off"}\n')
    assert collections.Counter(_bound(tree))["_PARTICLES"] == 2
