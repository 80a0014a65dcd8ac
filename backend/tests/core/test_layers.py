"""The layers hold (docs/architecture.md, "Where things live"): ``core`` imports no domain, only ``app.py`` puts the
routers together and no router commits, no domain reaches into the demo package, a domain imports only another
domain's public face (its ``service``, ``models`` or a module its ``PUBLIC`` declares), the gateway knows only the
domains listed in ``GATEWAY_KNOWS``, domains import each other in no circle but the listed ones, and modules in none
at all. Read from the source, so an import inside a function or under ``TYPE_CHECKING`` counts as much as one at the
top (but for the module circles: a ``TYPE_CHECKING`` import loads nothing)."""

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

import cleanfleet

pytestmark = pytest.mark.database_free

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


def test_routers_never_commit():
    """A router calls one service function and wraps its answer; the service commits (rule 2). A router module is
    router.py, a *_router.py, or any module that defines an ApiRouter."""
    wrong = [f"{module.name}:{node.lineno} calls .commit()"
             for module in modules()
             if module.path.name == "router.py" or module.path.name.endswith("_router.py") or module.defines_router()
             for node in ast.walk(module.tree)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "commit"]
    assert not wrong, "routers never commit; the service function does, at its end:\n" + "\n".join(wrong)


def test_a_router_commit_is_found(tmp_path):
    source = "router = ApiRouter()\nasync def call(db):\n    await db.commit()\n"
    module = Module("cleanfleet.example.router", tmp_path / "router.py", ast.parse(source))
    assert module.defines_router()
    assert [node for node in ast.walk(module.tree) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute) and node.func.attr == "commit"]


# --- the domains' public faces (docs/architecture.md rule 8) ------------------------------------------------------

FACE = {"service", "models"}  # every domain's (and sub-package's) face, without a declaration


def by_name() -> dict[str, Module]:
    return {module.name: module for module in modules()}


def _type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"
                                         or isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def module_imports(module: Module, known: dict[str, Module], *, type_checking: bool = True) -> list[tuple[int, str]]:
    """(line, module) of every cleanfleet module ``module`` imports, resolved to a module file: ``from a import b``
    is a.b when that is a module, else a (whose ``__init__`` runs). Inside functions too; under ``if
    TYPE_CHECKING:`` only when ``type_checking``."""
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        if not type_checking and _type_checking(node):
            for child in getattr(node, "orelse", []):
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                while len(parts) > 1 and ".".join(parts) not in known:
                    parts.pop()
                found.append((node.lineno, ".".join(parts)))
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(module, node)
            found.extend((node.lineno, f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
                         for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(module.tree)
    return [(line, name) for line, name in found if name in known and name != module.name]


def declared_public(package: Module) -> tuple[str, ...]:
    """The ``PUBLIC`` tuple of a domain's ``__init__.py``: its modules other domains may import (dotted, relative to
    the domain; a sub-package's name opens all of it)."""
    for node in package.tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["PUBLIC"]:
            value = ast.literal_eval(node.value)
            assert isinstance(value, tuple) and all(isinstance(v, str) for v in value), f"{package.name}.PUBLIC"
            return value
    return ()


def on_the_face(target: str, public: tuple[str, ...]) -> bool:
    """Whether module ``target`` (cleanfleet.<domain>.<...>) is its domain's public face."""
    relative = target.split(".", 2)[2] if target.count(".") >= 2 else ""
    return not relative or relative.rsplit(".", 1)[-1] in FACE \
        or any(relative == name or relative.startswith(name + ".") for name in public)


def face_violations() -> list[str]:
    known = by_name()
    public = {name.split(".")[1]: declared_public(module) for name, module in known.items() if name.count(".") == 1}
    wrong = []
    for module in known.values():
        if module.area in NOT_DOMAINS or module.area == "":
            continue
        for line, target in module_imports(module, known):
            area = target.split(".")[1] if target.count(".") >= 1 else ""
            if area and area != module.area and area not in NOT_DOMAINS \
                    and not on_the_face(target, public.get(area, ())):
                wrong.append(f"{module.name}:{line} imports {target}")
    return sorted(set(wrong))


def test_a_domain_imports_only_another_domains_face():
    """Another domain's ``service`` and ``models`` (its sub-packages' too), or a module it declares in ``PUBLIC``
    (its ``__init__.py``), nothing else: what a domain offers the others is one place to read."""
    wrong = face_violations()
    assert not wrong, ("import another domain's service, models or a module its PUBLIC declares (or declare it, "
                       "when it is that domain's face):\n" + "\n".join(wrong))


def test_a_reach_past_the_face_is_found(tmp_path):
    assert on_the_face("cleanfleet.devices.service", ())
    assert on_the_face("cleanfleet.devices.groups.models", ())
    assert on_the_face("cleanfleet.devices.access", ("access",))
    assert on_the_face("cleanfleet.gateway.broker.tls", ("broker",))
    assert not on_the_face("cleanfleet.devices.presence", ("access",))
    assert not on_the_face("cleanfleet.warn.notify", ("notifications",))
    package = Module("cleanfleet.example", tmp_path / "__init__.py", ast.parse('PUBLIC = ("access", "demo")\n'))
    assert declared_public(package) == ("access", "demo")


# The domains the gateway (the robots' side: broker, ingest, link) may import, and why: it writes the robots' own
# rows and tells the consoles; what robots send for other domains goes out on ROBOT_MESSAGES_ARRIVED (core/bus.py).
GATEWAY_KNOWS = {
    "devices": "a robot's identity and its state row: the directory, the heartbeat's and the status' writes",
    "realtime": "the consoles' live device events it publishes (LiveDevice, routed)",
    "certificates": "who may connect: the product CA and the revoked robots (broker TLS, sign-in)",
    "passwordrobots": "who may connect: whether a tenant still allows password robots (sign-in)",
}


def test_the_gateway_knows_only_the_listed_domains():
    known = by_name()
    wrong = [f"{module.name}:{line} imports {target}"
             for module in known.values() if module.area == "gateway"
             for line, target in module_imports(module, known)
             for area in [target.split(".")[1]]
             if area not in ("gateway", *NOT_DOMAINS, *GATEWAY_KNOWS) and target != "cleanfleet"]
    assert not wrong, ("the gateway publishes what robots send (ROBOT_MESSAGES_ARRIVED) instead of calling the "
                       "domains that keep it:\n" + "\n".join(wrong))


# --- circles between modules (files), imports inside functions counted ------------------------------------------

# The module circles that are one idea, each with its reason (none today: versions' ota, rollouts, service and waits
# were untied in issue 49; the embedded broker's modules name each other only under TYPE_CHECKING).
MODULE_CIRCLES: list[set[str]] = []


def module_graph() -> dict[str, dict[str, list[str]]]:
    known = by_name()
    graph: dict[str, dict[str, list[str]]] = {}
    for module in known.values():
        for line, target in module_imports(module, known, type_checking=False):
            graph.setdefault(module.name, {}).setdefault(target, []).append(f"{module.name}:{line}")
    return graph


def test_no_module_circle():
    """No two modules import each other, directly or around, counting the imports inside functions: an import
    moved into a function to load at all is a circle, and is untied by moving the shared part to a lower module."""
    graph = module_graph()
    new = [circle for circle in import_circles(graph) if circle not in MODULE_CIRCLES]
    assert not new, "module circles (move what both need to a lower module):\n" + "\n".join(
        f"{sorted(circle)}\n{_explain(circle, graph)}" for circle in new)
    gone = [circle for circle in MODULE_CIRCLES if circle not in import_circles(graph)]
    assert not gone, f"delete the untied circles from MODULE_CIRCLES: {gone}"


def test_a_circle_through_a_function_import_is_found(tmp_path):
    first = Module("cleanfleet.x.a", tmp_path / "a.py", ast.parse("from cleanfleet.x import b\n"))
    second = Module("cleanfleet.x.b", tmp_path / "b.py", ast.parse("def f():\n    from cleanfleet.x import a\n"))
    hidden = Module("cleanfleet.x.b", tmp_path / "b.py",
                    ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from cleanfleet.x import a\n"))
    known = {m.name: m for m in (first, second)}
    assert module_imports(second, known, type_checking=False) == [(2, "cleanfleet.x.a")]
    assert module_imports(hidden, known, type_checking=False) == []
    assert module_imports(hidden, known) == [(3, "cleanfleet.x.a")]
