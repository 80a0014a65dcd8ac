"""The house rules ``make lint`` checks (issue 49 items 5 and 10), from the repository's root:

- **File budget**: no Python file of the server (``backend/cleanfleet``) or the simulator (``sim/cleanfleet_sim``)
  over ``LIMIT`` lines. The files that were longer when the rule came are listed in ``backend/size-baseline.json``
  with their length then; such a file may only shrink, and its entry follows it down: an entry longer than its
  file, or a file back under the limit still listed, fails too (write the new length, or take the entry off), so
  the list only gets shorter. The migrations are left out: a revision is written once and never changed after it
  ships (as in tests/core/test_function_sizes.py).
- **The repository cites only itself**: no tracked text file names the design folder that sat beside the
  repository (``OUTSIDE``); the design is docs/architecture.md, the budgets docs/budgets.md, the specification
  docs/spec/.
- **One target per budget**: bench/README.md's table names the budgets by their ids in docs/budgets.md and gives
  no target of its own; every budget there has its row, and every id it names is one of docs/budgets.md's.

    backend/.venv/bin/python backend/scripts/check_house.py [--shrink] [root]

Exits 1 and names each file that breaks a rule. ``--shrink`` first writes the baseline's entries down to the files'
lengths (and takes off the files back within the limit); it never adds an entry or raises one.
backend/tests/core/test_house_checks.py tests the checks.
"""

import json
import re
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

LIMIT = 400
TREES = ("backend/cleanfleet", "sim/cleanfleet_sim")
EXEMPT = ("backend/cleanfleet/migrations/versions/",)
BASELINE = "backend/size-baseline.json"
# the folder beside the repository and its design file (by name: the repository has none of its own); written in
# two parts so that this file does not name them itself
OUTSIDE = re.compile(r"\.\./" + "shared" + r"|\b" + "DES" + "IGN" + r"\b")
ROOT = Path(__file__).resolve().parents[2]


def lines_of(text: str) -> int:
    return len(text.splitlines())


def python_files(root: Path) -> dict[str, int]:
    """``path from root`` -> lines, for every Python file of the trees the budget covers."""
    found = {}
    for tree in TREES:
        for path in sorted((root / tree).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            if ".venv" in path.parts or any(rel.startswith(prefix) for prefix in EXEMPT):
                continue
            found[rel] = lines_of(path.read_text(encoding="utf-8"))
    return found


def long_files(sizes: Mapping[str, int], baseline: Mapping[str, int]) -> list[str]:
    """What breaks the file budget: ``sizes`` (path -> lines) against ``baseline`` (path -> lines when listed)."""
    problems = []
    for path, lines in sorted(sizes.items()):
        allowed = baseline.get(path)
        if lines <= LIMIT:
            if allowed is not None:
                problems.append(f"{path} is {lines} lines, within {LIMIT}: take it off {BASELINE}")
        elif allowed is None:
            problems.append(f"{path} is {lines} lines (at most {LIMIT}): split it by what its parts do")
        elif lines > allowed:
            problems.append(f"{path} grew to {lines} lines (listed at {allowed}): it may only shrink")
        elif lines < allowed:
            problems.append(f"{path} is {lines} lines, listed at {allowed}: write {lines} in {BASELINE}")
    problems += [f"{path} is listed in {BASELINE} but is no file of the budget: take it off"
                 for path in sorted(set(baseline) - set(sizes))]
    return problems


def tracked_files(root: Path) -> list[str]:
    """The files git tracks (and those it would add: new, not ignored), from ``root``."""
    answer = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=root,
                            capture_output=True, text=True, check=True)
    return sorted({line for line in answer.stdout.splitlines() if line and (root / line).is_file()})


def outside_references(root: Path, paths: Iterable[str]) -> list[str]:
    """``path:line`` of every text file line that names something outside the repository."""
    problems = []
    for rel in paths:
        data = (root / rel).read_bytes()
        if b"\0" in data:
            continue  # not text
        text = data.decode("utf-8", errors="replace")
        if not OUTSIDE.search(text):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line):
                problems.append(f"{rel}:{number} refers outside the repository: cite the repository's own files "
                                "(docs/architecture.md, docs/budgets.md, docs/spec/)")
    return problems


def shrunk(sizes: Mapping[str, int], baseline: Mapping[str, int]) -> dict[str, int]:
    """The baseline with each entry lowered to its file's length, and the files within the limit (or gone) off."""
    return {path: min(allowed, sizes[path]) for path, allowed in sorted(baseline.items())
            if sizes.get(path, 0) > LIMIT}


BUDGET_ID = re.compile(r"^\| `([a-z0-9-]+)` \|", re.M)
BENCH_ID = re.compile(r"\[`([a-z0-9-]+)`\]\(\.\./docs/budgets\.md\)")


def budget_rows(budgets: str, bench: str) -> list[str]:
    """What breaks "one target per budget": ``budgets`` is docs/budgets.md, ``bench`` bench/README.md."""
    ids = BUDGET_ID.findall(budgets)
    named = set(BENCH_ID.findall(bench))
    problems = [f"docs/budgets.md lists {name} twice" for name in sorted({n for n in ids if ids.count(n) > 1})]
    problems += [f"bench/README.md has no row for the budget {name} (docs/budgets.md)"
                 for name in ids if name not in named]
    problems += [f"bench/README.md names {name}, which is no budget of docs/budgets.md"
                 for name in sorted(named - set(ids))]
    return problems


def main(argv: list[str]) -> int:
    args = argv[1:]
    shrink = "--shrink" in args
    args = [arg for arg in args if arg != "--shrink"]
    root = Path(args[0]).resolve() if args else ROOT
    baseline = json.loads((root / BASELINE).read_text(encoding="utf-8"))
    sizes = python_files(root)
    if shrink:
        baseline = shrunk(sizes, baseline)
        (root / BASELINE).write_text(json.dumps(baseline, indent=2) + "\n", encoding="utf-8")
    budgets, bench = ((root / path).read_text(encoding="utf-8") for path in ("docs/budgets.md", "bench/README.md"))
    problems = long_files(sizes, baseline) + outside_references(root, tracked_files(root)) + budget_rows(budgets, bench)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
