"""No function of the server or the simulator over 150 lines (issue 31 item 7): a long function is split by concern.

The migrations are left out: a revision is written once, never changed after it ships, and its one long
``upgrade`` (0003, the device tables) reads best as the schema it creates. The console has the same rule
(web/scripts/check-sizes.mjs)."""

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.database_free

LIMIT = 150
ROOT = Path(__file__).resolve().parents[3]
TREES = (ROOT / "backend" / "cleanfleet", ROOT / "sim" / "cleanfleet_sim")
EXEMPT = ROOT / "backend" / "cleanfleet" / "migrations"


def long_functions(source: str, where: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            if lines > LIMIT:
                found.append(f"{where}:{node.name} is {lines} lines (at most {LIMIT})")
    return found


def test_no_function_is_over_the_limit():
    found = []
    for tree in TREES:
        for path in sorted(tree.rglob("*.py")):
            if EXEMPT in path.parents:
                continue
            found += long_functions(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert found == []


def test_the_check_finds_a_long_function():
    body = "\n".join(f"    x{i} = {i}" for i in range(LIMIT))
    assert long_functions(f"def long():\n{body}\n", "a.py") == [f"a.py:long is {LIMIT + 1} lines (at most {LIMIT})"]
    assert long_functions("def short():\n    return 1\n", "a.py") == []
