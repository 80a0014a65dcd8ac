"""The simulator's shape (issue 31 item 7): its modules import one another in one direction only, the imports made
for the type checker included (a circle hidden under TYPE_CHECKING is still a circle: neither module can be
understood, tested or changed without the other)."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "cleanfleet_sim"


def _module_name(path: Path, package: Path) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Each module of the package and the package's modules it imports (anywhere in it, at any depth)."""
    modules = {_module_name(path, package): path for path in package.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        graph[name] = {module for module in found if module in modules and module != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that reach one another (Tarjan's strongly connected components of two or more)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for other in graph[module]:
            if other not in order:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], order[other])
        if low[module] == order[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in order:
            visit(module)
    return found


def test_the_check_finds_a_circle_hidden_from_the_type_checker(tmp_path):
    package = tmp_path / "cleanfleet_sim"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "robot.py").write_text("from cleanfleet_sim.camera import Recorder\n")
    (package / "camera.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                       "    from cleanfleet_sim.robot import Robot\n")
    (package / "maps.py").write_text("import cleanfleet_sim.camera\n")
    assert circles(import_graph(package)) == [["cleanfleet_sim.camera", "cleanfleet_sim.robot"]]


def test_the_simulators_modules_form_no_import_circle():
    assert circles(import_graph()) == []


PARTS = ("alarms", "safety", "motion", "battery", "atlas", "elevator", "work", "schedules", "commands")


def test_a_part_of_the_robot_imports_only_the_parts_before_it_and_never_the_robot():
    """The order of parts/__init__.py: what a part needs of a later part, or of the robot, is a Protocol."""
    graph = import_graph()
    parts = [f"cleanfleet_sim.parts.{name}" for name in PARTS]
    assert {module for module in graph if module.startswith("cleanfleet_sim.parts.")} == set(parts)
    for i, part in enumerate(parts):
        assert not graph[part] & {*parts[i:], "cleanfleet_sim.robot"}, part
