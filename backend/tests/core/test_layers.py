"""The layers hold (backend/README.md, "Where things live"): ``core`` imports no domain, only ``app.py`` puts the
routers together, and no domain reaches into the demo package. Read from the source, so an import inside a
function or under ``TYPE_CHECKING`` counts as much as one at the top."""

import ast
from dataclasses import dataclass
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
