"""The house checks ``make lint`` runs (backend/scripts/check_house.py, issue 49 items 5 and 10) find what they are
for: a file over the budget, a listed file that grew or whose entry is stale, a reference outside the repository,
a budget bench/README.md has no row for. The lint runs them on the repository itself."""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.database_free

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "check_house.py"
_spec = importlib.util.spec_from_file_location("check_house", SCRIPT)
assert _spec and _spec.loader
house = importlib.util.module_from_spec(_spec)
sys.modules["check_house"] = house
_spec.loader.exec_module(house)
LIMIT = house.LIMIT


def test_a_new_long_file_fails_and_one_at_the_limit_passes():
    assert house.long_files({"backend/cleanfleet/a.py": LIMIT + 1, "backend/cleanfleet/b.py": LIMIT}, {}) == [
        f"backend/cleanfleet/a.py is {LIMIT + 1} lines (at most {LIMIT}): split it by what its parts do"]


def test_a_listed_file_may_not_grow_and_its_entry_follows_it_down():
    sizes = {"old.py": 500, "grown.py": 451, "shorter.py": 430, "split.py": 120}
    baseline = {"old.py": 500, "grown.py": 450, "shorter.py": 440, "split.py": 420, "gone.py": 600}
    assert house.long_files(sizes, baseline) == [
        "grown.py grew to 451 lines (listed at 450): it may only shrink",
        "shorter.py is 430 lines, listed at 440: write 430 in backend/size-baseline.json",
        f"split.py is 120 lines, within {LIMIT}: take it off backend/size-baseline.json",
        "gone.py is listed in backend/size-baseline.json but is no file of the budget: take it off",
    ]
    assert house.shrunk(sizes, baseline) == {"grown.py": 450, "old.py": 500, "shorter.py": 430}


def test_the_budget_counts_the_server_and_the_simulator_but_not_the_migrations(tmp_path):
    body = "x = 1\n" * (LIMIT + 1)
    for rel in ("backend/cleanfleet/sites/big.py", "sim/cleanfleet_sim/big.py",
                "backend/cleanfleet/migrations/versions/0001_first.py", "backend/tests/test_big.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(body)
    found = house.python_files(tmp_path)
    assert found == {"backend/cleanfleet/sites/big.py": LIMIT + 1, "sim/cleanfleet_sim/big.py": LIMIT + 1}


def test_a_reference_outside_the_repository_is_found(tmp_path):
    outside = "../" + "shared/" + "DES" + "IGN.md"
    (tmp_path / "README.md").write_text(f"# x\n\nThe design: {outside}.\n")
    (tmp_path / "notes.md").write_text("The design: docs/architecture.md; a designer's note.\n")
    (tmp_path / "logo.png").write_bytes(b"\x89PNG\0" + outside.encode())
    found = house.outside_references(tmp_path, ["README.md", "notes.md", "logo.png"])
    assert [problem.split(" ")[0] for problem in found] == ["README.md:3"]


def test_the_tracked_files_are_what_git_lists(tmp_path):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / ".gitignore").write_text("build/\n")
    (tmp_path / "kept.md").write_text("x\n")
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "out.md").write_text("x\n")
    assert house.tracked_files(tmp_path) == [".gitignore", "kept.md"]


def test_every_budget_has_its_row_and_the_rows_name_only_budgets():
    budgets = "| id | what | target |\n|---|---|---|\n| `device-list` | list | ≤ 10 ms |\n" \
              "| `heat-map` | map | ≤ 300 ms |\n"
    bench = "| budget | figure |\n|---|---|\n| [`device-list`](../docs/budgets.md) | 7 ms |\n" \
            "| [`site-year`](../docs/budgets.md) | 200 ms |\n"
    assert house.budget_rows(budgets, bench) == [
        "bench/README.md has no row for the budget heat-map (docs/budgets.md)",
        "bench/README.md names site-year, which is no budget of docs/budgets.md",
    ]


def test_the_baseline_lists_only_long_files():
    """The repository's own baseline reads as the check expects: paths from the root, lengths over the limit."""
    baseline = json.loads((SCRIPT.parents[2] / house.BASELINE).read_text(encoding="utf-8"))
    assert baseline and all(lines > LIMIT and path.endswith(".py") for path, lines in baseline.items())
