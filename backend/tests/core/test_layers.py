"""The layers hold (docs/architecture.md, "Where things live"): ``core`` imports no domain, only ``app.py`` puts the
routers together, no domain reaches into the demo package, and domains import each other in no circle but the
listed ones. Read from the source, so an import inside a function or under ``TYPE_CHECKING`` counts as much as one
at the top."""

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cleanfleet

PACKAGE = Path(cleanfleet.__file__).parent
CORE_MAY_IMPORT = ("cleanfleet.core", "cleanfleet.settings")
ROUTER_CLASSES = {"ApiRouter", "APIRouter"}
COMPOSITION_ROOT = "cleanfleet.app"
DEMO_PACKAGE = "cleanfleet.demo"
DEMO_USERS = {"cleanfleet.bootstrap", "cleanfleet.models"}  # the seeding call, and the marker table


@dataclass(frozen=True)
class Module:
    name: str  # cleanfleet.users.router
    path: Path
    tree: ast.Module

    @property
    def area(self) -> str:
        """The top-level package (a domain, core, demo...), or the module itself for app.py and its siblings."""
        return (self.name.split(".") + [""])[1]

    def imports(self) -> list[tuple[int, str]]:
        """(line, module) of every import of a cleanfleet module; ``from a import b`` gives a.b as well as a,
        since b may be a module."""
        found = []
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Import):
                found += [(node.lineno, alias.name) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _absolute(self, node)
                found.append((node.lineno, base))
                found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
        return [(line, name) for line, name in found if name == "cleanfleet" or name.startswith("cleanfleet.")]

    def defines_router(self) -> bool:
        """A module-level ``x = ApiRouter(...)`` (or FastAPI's APIRouter)."""
        for node in self.tree.body:
            if isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Call):
                called = node.value.func
                name = called.id if isinstance(called, ast.Name) else getattr(called, "attr", "")
                if name in ROUTER_CLASSES:
                    return True
        return False


def _absolute(module: Module, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = module.name.split(".")
    if module.path.name != "__init__.py":
        package = package[:-1]
    base = package[: len(package) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


@cache
def modules() -> list[Module]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE.parent).with_suffix("")
        parts = relative.parts[:-1] if relative.name == "__init__" else relative.parts
        found.append(Module(".".join(parts), path, ast.parse(path.read_text(encoding="utf-8"), str(path))))
    return found


def test_core_imports_no_domain():
    wrong = [f"{module.name}:{line} imports {name}"
             for module in modules() if module.name.startswith("cleanfleet.core.")
             for line, name in module.imports()
             if not any(name == allowed or name.startswith(allowed + ".") for allowed in CORE_MAY_IMPORT)]
    assert not wrong, "core must import only core and settings:\n" + "\n".join(wrong)


def test_only_app_puts_routers_together():
    """A router module is imported by app.py alone: no domain reaches another domain's router (what a router
    offers to others belongs in a service or in schemas)."""
    every = modules()
    routers = {module.name: module.area for module in every if module.defines_router()}
    assert {"cleanfleet.users.router", "cleanfleet.warn.router", "cleanfleet.realtime.router"} <= set(routers)
    wrong = [f"{module.name}:{line} imports {name}"
             for module in every if module.name != COMPOSITION_ROOT
             for line, name in module.imports() if routers.get(name, module.area) != module.area]
    assert not wrong, "only app.py imports another domain's router:\n" + "\n".join(wrong)
    included = {name for line, name in next(m for m in every if m.name == COMPOSITION_ROOT).imports()}
    assert set(routers) <= included, f"routers app.py does not include: {sorted(set(routers) - included)}"


def test_the_demo_package_is_called_not_imported_by_domains():
    """Domain demo modules are listed by ``cleanfleet.demo`` and import nothing from it: no import circle."""
    wrong = [f"{module.name}:{line} imports {name}"
             for module in modules() if module.area != "demo" and module.name not in DEMO_USERS
             for line, name in module.imports() if name == DEMO_PACKAGE or name.startswith(DEMO_PACKAGE + ".")]
    assert not wrong, "only bootstrap.py (and models.py) import cleanfleet.demo:\n" + "\n".join(wrong)


def test_a_domain_import_in_core_is_found(tmp_path):
    """The check above would see the import this file once had (core/scope.py reading the users' table)."""
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from cleanfleet.users.models import User\n"
    module = Module("cleanfleet.core.example", tmp_path / "example.py", ast.parse(source))
    assert (3, "cleanfleet.users.models") in module.imports()
    relative = Module("cleanfleet.core.example", tmp_path / "example.py", ast.parse("from ..users import router\n"))
    assert (1, "cleanfleet.users.router") in relative.imports()


# The import circles between domains that are one idea (docs/architecture.md, "Import circles that are one idea"
# explains each). A circle not listed here, or a listed one that grew, fails test_no_new_import_circle; one
# untied leaves its entry to be deleted (test_the_listed_circles_still_exist), so the list stays the truth.
IMPORT_CIRCLES = [
    {"auth", "roles", "users"},  # who a caller is
    {"batches", "hardware"},  # the parts catalogue and the batches built of it
]
NOT_DOMAINS = {"core", "demo", "migrations", "app", "bootstrap", "events", "writers", "models", "settings", "web",
               "balancer", "cluster", "__main__"}


def domain_imports() -> dict[str, dict[str, list[str]]]:
    """domain -> the domains it imports -> where (module:line), read from the source."""
    found: dict[str, dict[str, list[str]]] = {}
    for module in modules():
        if module.area in NOT_DOMAINS or module.area == "":
            continue
        for line, name in module.imports():
            target = (name.split(".") + [""])[1]
            if target and target != module.area and target not in NOT_DOMAINS:
                found.setdefault(module.area, {}).setdefault(target, []).append(f"{module.name}:{line}")
    return found


def import_circles(imports: dict[str, dict[str, list[str]]]) -> list[set[str]]:
    """The strongly connected groups of two domains or more (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in imports.get(node, {}):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                circles.append(group)

    for node in sorted(imports):
        if node not in index:
            visit(node)
    return circles


def _explain(circle: set[str], imports: dict[str, dict[str, list[str]]]) -> str:
    return "\n".join(f"  {source} -> {target}: {', '.join(list(dict.fromkeys(imports[source][target]))[:3])}"
                     for source in sorted(circle) for target in sorted(imports.get(source, {})) if target in circle)


def test_no_new_import_circle():
    """Domains import each other one way, but for the circles IMPORT_CIRCLES lists (issue 31 untied the ten
    domains around devices: seeders per domain, shared field types in core, device events on the bus)."""
    imports = domain_imports()
    new = [circle for circle in import_circles(imports) if circle not in IMPORT_CIRCLES]
    assert not new, "import circles not in IMPORT_CIRCLES (untie them, or list one that is one idea):\n" + "\n".join(
        f"{sorted(circle)}\n{_explain(circle, imports)}" for circle in new)


def test_the_listed_circles_still_exist():
    found = import_circles(domain_imports())
    assert not [circle for circle in IMPORT_CIRCLES if circle not in found], "delete the untied circles from the list"


def test_a_new_circle_is_found():
    imports = {"devices": {"warn": ["cleanfleet.devices.service:33"]}, "warn": {"devices": ["cleanfleet.warn.x:1"]},
               "maps": {"devices": ["cleanfleet.maps.y:2"]}}
    assert import_circles(imports) == [{"devices", "warn"}]


SHARED_FIELDS = {"Name", "LongName", "Short", "Text", "SerialNumber", "AnySerial", "Port", "IdList", "UtcTime",
                 "parse_list", "as_list"}
# a domain's own rule under a shared type's name
OWN_FIELD_RULES = {
    "cleanfleet.users.schemas.Name": "a user's or role's name: check_name's characters",
    "cleanfleet.reports.schemas.Name": "a report name filter: may be empty, up to 128",
}


def test_shared_field_types_are_defined_in_core_only():
    """core/fields.py (and core/bounds.py for UtcTime) define each shared field type once; a domain's schemas
    import them from there (an alias of the imported type is fine), never define their own or take another
    domain's."""
    wrong = []
    for module in modules():
        if module.area == "core":
            continue
        for node in module.tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
                node, ast.AnnAssign) else []
            value = getattr(node, "value", None)
            names = [target.id for target in targets if isinstance(target, ast.Name)]
            if isinstance(node, ast.FunctionDef):
                names, value = [node.name], None
            for name in names:
                if name in SHARED_FIELDS and not isinstance(value, ast.Name) \
                        and f"{module.name}.{name}" not in OWN_FIELD_RULES:
                    wrong.append(f"{module.name}:{node.lineno} defines {name}")
        for line, imported in module.imports():
            parts = imported.split(".")
            if len(parts) == 4 and parts[2] == "schemas" and parts[3] in SHARED_FIELDS and parts[1] != module.area \
                    and imported not in OWN_FIELD_RULES:
                wrong.append(f"{module.name}:{line} imports {imported}")
    assert not wrong, "shared field types come from core.fields / core.bounds:\n" + "\n".join(wrong)
