"""One name per concept (issue 49 item 9): the API's names in docs/glossary.md ("Names in the API") against the
schema's field names.

The glossary's table gives each concept its one name and form, the names it must not go by ("not") and the places
that keep one of those for compatibility ("kept", as ``Schema.field``). Every field of the published schema
(``app.openapi()``: its components and the webhook events' bodies) is checked against it.
"""

import re
from dataclasses import dataclass
from typing import Any

import pytest

from cleanfleet.settings import REPO_ROOT

GLOSSARY = REPO_ROOT / "docs" / "glossary.md"
MARKER = "<!-- api-names"


@dataclass(frozen=True)
class Concept:
    concept: str
    names: tuple[str, ...]
    form: str  # "" when any form will do
    rejected: frozenset[str]
    kept: frozenset[str]  # Schema.field


def _names(cell: str) -> tuple[str, ...]:
    return tuple(re.findall(r"`([^`]+)`", cell))


def concepts(text: str) -> list[Concept]:
    """The rows of the glossary's "Names in the API" table (the table after its marker comment)."""
    start = text.index(MARKER)
    rows = []
    for line in text[start:].splitlines()[1:]:
        if not line.startswith("|"):
            if rows:
                break
            continue
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    header, _rule, *body = rows
    assert header[:6] == ["concept", "name", "form", "what it means", "not", "kept (where: why)"], header
    found = []
    for cells in body:
        kept = {place.split(":")[0].strip().strip("`") for place in cells[5].split(";") if place.strip()}
        found.append(Concept(cells[0], _names(cells[1]), cells[2], frozenset(_names(cells[4])), frozenset(kept)))
    return found


def _form(prop: dict[str, Any]) -> set[str]:
    """The JSON types a property may take (null aside)."""
    if "$ref" in prop:
        return {"object"}
    if "anyOf" in prop or "oneOf" in prop:
        return set().union(*(_form(option) for option in prop.get("anyOf", prop.get("oneOf", []))))
    kind = prop.get("type")
    if isinstance(kind, list):
        return {k for k in kind if k != "null"}
    if kind is None and "enum" in prop:
        return {"boolean" if isinstance(v, bool) else "integer" if isinstance(v, int) else "string"
                for v in prop["enum"] if v is not None}
    return set() if kind in (None, "null") else {kind}


def fields(schema: dict[str, Any]) -> list[tuple[str, str, set[str]]]:
    """(schema, field, form) of every property in the components and the webhooks' bodies, nested ones under the
    title of the object that holds them."""
    out: list[tuple[str, str, set[str]]] = []

    def walk(owner: str, node: Any) -> None:
        if isinstance(node, dict):
            title = node.get("title") if isinstance(node.get("title"), str) and "properties" in node else None
            for name, prop in (node.get("properties") or {}).items():
                if isinstance(prop, dict):
                    out.append((title or owner, name, _form(prop)))
            for value in node.values():
                walk(title or owner, value)
        elif isinstance(node, list):
            for value in node:
                walk(owner, value)

    for name, component in schema["components"]["schemas"].items():
        walk(name, {**component, "title": name})
    for event, item in (schema.get("webhooks") or {}).items():
        walk(event, item)
    return out


def offences(schema: dict[str, Any], rules: list[Concept]) -> list[str]:
    found = []
    for owner, name, form in fields(schema):
        for rule in rules:
            if name in rule.rejected and f"{owner}.{name}" not in rule.kept:
                found.append(f"{owner}.{name}: say {' or '.join(rule.names)} ({rule.concept})")
            if name in rule.names and rule.form and form and form != {rule.form}:
                found.append(f"{owner}.{name} is {'/'.join(sorted(form))}: {rule.concept} is {rule.form}")
    return sorted(set(found))


@pytest.fixture(scope="module")
def rules() -> list[Concept]:
    return concepts(GLOSSARY.read_text())


def test_the_glossary_names_the_issues_concepts(rules):
    by_concept = {rule.concept: rule for rule in rules}
    assert by_concept["heartbeat time"].names == ("heartbeatTime",) and "heartbeatAt" in by_concept[
        "heartbeat time"].rejected
    assert by_concept["online"].form == "integer"
    assert by_concept["task report"].names == ("taskReportId",) and "reportId" in by_concept["task report"].rejected
    for rule in rules:
        assert rule.rejected, f"{rule.concept}: no rejected synonym listed"
        assert not rule.rejected & set(rule.names), f"{rule.concept} rejects its own name"


def test_the_check_finds_a_rejected_name_and_a_wrong_form(rules):
    """The check itself: a schema with a rejected name, a boolean ``online`` and a kept place."""
    schema = {"components": {"schemas": {
        "Card": {"properties": {"heartbeatAt": {"type": "string"}, "online": {"type": "boolean"}}},
        "Row": {"properties": {"online": {"type": "integer"}, "heartbeatTime": {"type": "string"}}},
    }}, "webhooks": {"run.ended": {"post": {"requestBody": {"content": {"application/json": {"schema": {
        "title": "run.ended", "properties": {"data": {"title": "RunEnded", "properties": {
            "reportId": {"type": "integer"}}}}}}}}}}}}
    assert offences(schema, rules) == [
        "Card.heartbeatAt: say heartbeatTime (heartbeat time)", "Card.online is boolean: online is integer"]
    schema["webhooks"]["run.ended"]["post"]["requestBody"]["content"]["application/json"]["schema"]["properties"][
        "data"]["title"] = "RunStarted"
    assert "RunStarted.reportId: say taskReportId (task report)" in offences(schema, rules)


def test_the_schema_uses_one_name_per_concept(app, rules):
    assert offences(app.openapi(), rules) == []


def test_every_kept_place_still_exists(app, rules):
    """A kept synonym that is gone (renamed at last) leaves the glossary too."""
    places = {f"{owner}.{name}" for owner, name, _ in fields(app.openapi())}
    for rule in rules:
        assert rule.kept <= places, f"{rule.concept}: {sorted(rule.kept - places)} no longer in the schema"
