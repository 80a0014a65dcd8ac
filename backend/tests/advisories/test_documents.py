"""The two documents: a CycloneDX SBOM and an OSV advisory are checked with bounds, a refusal naming the place in
the document in the reader's language; OSV ranges are evaluated as the schema says."""

import json

import pytest

from cleanfleet.advisories import documents
from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError
from cleanfleet.core.texts import LANGUAGES
from tests.advisories.helpers import osv, sbom


def refusal(call, data: bytes) -> ApiError:
    with pytest.raises(ApiError) as caught:
        call(data)
    return caught.value


def test_an_sbom_gives_its_components_nested_ones_too():
    data = json.dumps({"bomFormat": "CycloneDX", "specVersion": "1.5", "components": [
        {"name": "busybox", "version": "1.36.1", "purl": "pkg:generic/busybox@1.36.1",
         "components": [{"name": "libc", "version": "2.38", "purl": "pkg:deb/debian/libc6@2.38", "group": "gnu"}]}]})
    spec, components = documents.read_sbom(data.encode())
    assert spec == "1.5"
    assert [(c["name"], c["version"], c["purl"]) for c in components] == [
        ("busybox", "1.36.1", "pkg:generic/busybox@1.36.1"), ("libc", "2.38", "pkg:deb/debian/libc6@2.38")]


@pytest.mark.parametrize(("data", "code", "field"), [
    (b"{not json", Code.BAD_FILE, "sbom"),
    (b"", Code.BAD_PARAMETER, "sbom"),
    (b"[]", Code.BAD_PARAMETER, "sbom"),
    (json.dumps({"bomFormat": "SPDX", "components": []}).encode(), Code.BAD_FILE, "bomFormat"),
    (json.dumps({"bomFormat": "CycloneDX", "components": []}).encode(), Code.BAD_PARAMETER, "specVersion"),
    (json.dumps({"bomFormat": "CycloneDX", "specVersion": "1.6", "components": []}).encode(), Code.BAD_PARAMETER,
     "components"),
    (sbom(("a", "1", "pkg:generic/a@1"), ("b", "2", "")), Code.BAD_PARAMETER, "components.1.purl"),
    (sbom(("a", "1", "pkg:generic/a@1"), ("b", "", "pkg:generic/b")), Code.BAD_PARAMETER, "components.1.version"),
    (sbom(("a", "1", "generic/a@1")), Code.BAD_PARAMETER, "components.0.purl"),
    (sbom(("x" * 300, "1", "pkg:generic/x")), Code.BAD_PARAMETER, "components.0.name"),
    (b" " * (documents.MAX_SBOM_BYTES + 1), Code.BAD_FILE, "sbom"),
])
def test_a_wrong_sbom_is_refused_naming_the_place(data, code, field):
    error = refusal(documents.read_sbom, data)
    assert (error.code, error.field) == (code, field)


def test_an_osv_advisory_is_read():
    doc = documents.read_osv(osv("OSV-2026-1", aliases=["CVE-2026-0001"]))
    assert (doc["id"], doc["summary"], doc["aliases"]) == ("OSV-2026-1", "libfoo overflow", ["CVE-2026-0001"])
    assert doc["affected"][0]["ranges"][0] == {"type": "SEMVER", "events": [{"introduced": "1.0.0"},
                                                                            {"fixed": "1.2.4"}]}


def _affected(**entry):
    base = {"package": {"ecosystem": "Debian", "name": "libfoo"}, "versions": ["1.0"]}
    base.update(entry)
    return [base]


@pytest.mark.parametrize(("fields", "field"), [
    ({"id": ""}, "id"),
    ({"id": "bad id with spaces"}, "id"),
    ({"summary": "s" * 1025}, "summary"),
    ({"affected": []}, "affected"),
    ({"affected": "libfoo"}, "affected"),
    ({"affected": [{"versions": ["1"]}]}, "affected.0.package"),
    ({"affected": _affected(package={"ecosystem": "Debian"})}, "affected.0.package.name"),
    ({"affected": _affected(package={"name": "libfoo"})}, "affected.0.package.ecosystem"),
    ({"affected": _affected(package={"ecosystem": "npm", "name": "x", "purl": "npm/x"})}, "affected.0.package.purl"),
    ({"affected": _affected(versions=[], ranges=[])}, "affected.0"),
    ({"affected": _affected(versions=[3])}, "affected.0.versions.0"),
    ({"affected": _affected(ranges=[{"type": "DATE", "events": [{"introduced": "0"}]}])},
     "affected.0.ranges.0.type"),
    ({"affected": _affected(ranges=[{"type": "SEMVER", "events": []}])}, "affected.0.ranges.0.events"),
    ({"affected": _affected(ranges=[{"type": "SEMVER", "events": [{"introduced": "0"}, {"patched": "2"}]}])},
     "affected.0.ranges.0.events.1"),
    ({"affected": _affected(ranges=[{"type": "SEMVER", "events": [{"fixed": "v" * 200}]}])},
     "affected.0.ranges.0.events.0.fixed"),
])
def test_a_wrong_osv_field_is_named(fields, field):
    error = refusal(documents.read_osv, osv(**fields))
    assert (error.code, error.field) == (Code.BAD_PARAMETER, field)
    for language in LANGUAGES:  # every language names the place, in its own words
        text = error.text(language)
        assert field in text, (language, text)


def test_an_osv_file_that_is_no_json_or_too_large_is_refused():
    assert refusal(documents.read_osv, b"\xff\xfe").code == Code.BAD_FILE
    assert refusal(documents.read_osv, b"{" * (documents.MAX_OSV_BYTES + 1)).code == Code.BAD_FILE
    assert refusal(documents.read_osv, b"[" * 100_000).code == Code.BAD_FILE  # nesting: refused, no crash


@pytest.mark.parametrize(("version", "events", "expected"), [
    ("1.2.3", [{"introduced": "0"}, {"fixed": "1.2.4"}], True),
    ("1.2.4", [{"introduced": "0"}, {"fixed": "1.2.4"}], False),
    ("0.9", [{"introduced": "1.0"}, {"fixed": "1.2.4"}], False),
    ("1.5", [{"introduced": "1.0"}, {"last_affected": "1.9"}], True),
    ("1.9", [{"introduced": "1.0"}, {"last_affected": "1.9"}], True),
    ("2.0", [{"introduced": "1.0"}, {"last_affected": "1.9"}], False),
    ("3.1", [{"introduced": "1.0"}, {"fixed": "2.0"}, {"introduced": "3.0"}], True),
    ("2.5", [{"introduced": "1.0"}, {"fixed": "2.0"}, {"introduced": "3.0"}], False),
    ("1.2.3-beta.1", [{"introduced": "0"}, {"fixed": "1.2.3"}], True),  # a pre-release comes before its release
    ("FW-3.4.10", [{"introduced": "0"}, {"fixed": "FW-3.4.9"}], False),  # not PEP 440: compared by its numbers
    ("3.0.0", [{"introduced": "1.0"}, {"limit": "3.0.0"}], False),
])
def test_ranges_are_evaluated_as_osv_says(version, events, expected):
    assert documents.in_range(version, events) is expected


def test_a_component_is_matched_by_purl_else_by_name_in_its_ecosystem():
    entry = {"ecosystem": "PyPI", "name": "Jinja2", "purl": "", "versions": ["3.1.2"], "ranges": []}
    assert documents.affects(entry, {"name": "jinja2", "version": "3.1.2", "purl": "pkg:pypi/jinja2@3.1.2"})
    assert not documents.affects(entry, {"name": "jinja2", "version": "3.1.3", "purl": "pkg:pypi/jinja2@3.1.3"})
    assert not documents.affects(entry, {"name": "jinja2", "version": "3.1.2", "purl": "pkg:npm/jinja2@3.1.2"})
    by_purl = {**entry, "name": "other name", "purl": "pkg:pypi/jinja2"}
    assert documents.affects(by_purl, {"name": "Jinja", "version": "3.1.2", "purl": "pkg:pypi/jinja2@3.1.2?x=1"})
    debian = {**entry, "ecosystem": "Debian", "name": "libfoo"}  # a generic purl names no ecosystem: the name decides
    assert documents.affects(debian, {"name": "libfoo", "version": "3.1.2", "purl": "pkg:generic/libfoo@3.1.2"})
    git_only = {**entry, "versions": [], "ranges": [{"type": "GIT", "events": [{"introduced": "0"}]}]}
    assert not documents.affects(git_only, {"name": "jinja2", "version": "3.1.2", "purl": "pkg:pypi/jinja2@3.1.2"})
