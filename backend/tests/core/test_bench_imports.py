"""The benchmarks under bench/ import the server's modules by name; a move inside the server must move them too
(they are not run by the suite, so nothing else would notice a name that is gone)."""

import ast
import importlib
from pathlib import Path

import pytest

pytestmark = pytest.mark.database_free

BENCH = Path(__file__).resolve().parents[3] / "bench"


def _server_imports():
    for script in sorted(BENCH.glob("*.py")):
        for node in ast.walk(ast.parse(script.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("cleanfleet"):
                for alias in node.names:
                    yield script.name, node.module, alias.name


def test_every_name_a_benchmark_imports_from_the_server_exists():
    missing = []
    for script, module, name in _server_imports():
        try:
            found = hasattr(importlib.import_module(module), name)
        except ImportError:
            found = False
        if not found:
            missing.append(f"{script}: from {module} import {name}")
    assert not missing, missing
    assert len(list(_server_imports())) > 20  # the walk found the benchmarks
