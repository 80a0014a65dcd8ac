"""One noun per concept (issue 31 item 6): docs/architecture.md's table names, for every server domain, its console
feature and its test folder. A domain package, a console feature folder or a test folder missing from the table,
or a row naming a folder that does not exist, fails here, so a new domain decides its names once, in the table."""

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.database_free

ROOT = Path(__file__).resolve().parents[3]
SERVER = ROOT / "backend" / "cleanfleet"
FEATURES = ROOT / "web" / "src" / "features"
TESTS = ROOT / "backend" / "tests"
# a feature's own layers, not features: the fleet feature gathers several domains' screens in sub-folders
FEATURE_LAYERS = {"api", "components", "lib", "locales", "hooks"}


def _table() -> list[tuple[str, list[str], str]]:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = text.split("<!-- nouns:start -->")[1].split("<!-- nouns:end -->")[0]
    rows = []
    for line in block.strip().splitlines()[2:]:  # past the header and its rule
        domain, features, tests = (cell.strip() for cell in line.strip().strip("|").split("|"))
        rows.append((domain, _names(features), tests.split(" ")[0]))
    return rows


def _names(cell: str) -> list[str]:
    """The folder names of a cell: "fleet/info, device" → two; "- (src/lib/live)" → none."""
    parts = (part.strip() for part in re.sub(r"\(.*?\)", "", cell).split(","))
    return [name for name in parts if name not in ("", "-")]


def _server_domains() -> set[str]:
    return {p.name for p in SERVER.iterdir() if (p / "__init__.py").exists()}


def _feature_folders() -> set[str]:
    found = set()
    for feature in (p for p in FEATURES.iterdir() if p.is_dir()):
        subs = [s.name for s in feature.iterdir() if s.is_dir() and s.name not in FEATURE_LAYERS]
        found.add(feature.name)
        if feature.name == "fleet":
            found |= {f"fleet/{sub}" for sub in subs}
    return found


def _test_folders() -> set[str]:
    return {p.name for p in TESTS.iterdir() if p.is_dir() and (p / "__init__.py").exists()}


def test_every_domain_feature_and_test_folder_has_a_row():
    rows = _table()
    assert _server_domains() - {domain for domain, _, _ in rows} == set()
    named_features = {name for _, features, _ in rows for name in features}
    assert _feature_folders() - named_features - {"fleet"} == set()
    assert _test_folders() - {tests for _, _, tests in rows} == set()


def test_every_folder_a_row_names_exists():
    for domain, features, tests in _table():
        if domain != "-":
            assert (SERVER / domain / "__init__.py").exists(), f"no server domain {domain}"
        for feature in features:
            assert (FEATURES / feature).is_dir(), f"{domain}: no console feature {feature}"
        if tests != "-":
            assert (TESTS / tests).is_dir(), f"{domain}: no test folder {tests}"


def test_every_domain_has_a_test_folder_of_its_own_or_says_whose():
    """A domain tested in another's folder says why in its row (one import circle, one file)."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    for domain, _, tests in _table():
        if domain not in ("-", tests) and tests != "core":
            assert re.search(rf"\| {domain} \|[^\n]*\| {tests} \(", text), f"{domain} is tested in {tests}: say why"
