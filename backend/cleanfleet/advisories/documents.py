"""The two documents this domain reads, checked with bounds: a firmware's CycloneDX SBOM (JSON) and an OSV advisory
(https://ossf.github.io/osv-schema/). A refusal names the place in the document (``components.3.purl``,
``affected.0.ranges.1.events``) as its field; nothing of the document's own text is echoed.

And the matching: does an advisory's ``affected`` entry name a component (purl, else ecosystem and name) at an
affected version (its ``versions`` list, or an ECOSYSTEM or SEMVER range evaluated as the OSV schema says)?
"""

import json
import re
from typing import Any

from packaging.version import InvalidVersion, Version

from cleanfleet.advisories import texts
from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError
from cleanfleet.core.texts import Text

MAX_SBOM_BYTES = 4 * 1024 * 1024
MAX_OSV_BYTES = 1024 * 1024
MAX_COMPONENTS = 10_000
MAX_AFFECTED = 500
MAX_VERSIONS = 5_000
MAX_RANGES = 50
MAX_EVENTS = 200
NAME, VERSION, PURL, ECOSYSTEM = 256, 128, 512, 64
RANGE_TYPES = ("SEMVER", "ECOSYSTEM", "GIT")
EVENT_KINDS = ("introduced", "fixed", "last_affected", "limit")
OSV_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$")


def parse_json(data: bytes, limit: int, field: str = "file") -> Any:
    if not data:
        raise ApiError(Code.BAD_PARAMETER, texts.FILE_REQUIRED, field=field)
    if len(data) > limit:
        raise ApiError(Code.BAD_FILE, texts.FILE_TOO_LARGE, field=field, values={"limit": limit // 1024})
    try:
        return json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise ApiError(Code.BAD_FILE, texts.NOT_JSON, field=field) from None


def _refuse(text: Text, field: str, **values: object) -> ApiError:
    return ApiError(Code.BAD_PARAMETER, text, field=field, values={"field": field, **values})


def _object(value: Any, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _refuse(texts.FIELD_OBJECT, field)
    return value


def _text(parent: dict[str, Any], key: str, field: str, limit: int, *, required: bool) -> str:
    value = parent.get(key)
    if value is None or (required and isinstance(value, str) and not value.strip()):
        if required:
            raise _refuse(texts.FIELD_REQUIRED, field)
        return ""
    if not isinstance(value, str) or len(value) > limit:
        raise _refuse(texts.FIELD_TEXT, field, max=limit)
    return value.strip()


def _list(parent: dict[str, Any], key: str, field: str, low: int, high: int) -> list[Any]:
    value = parent.get(key)
    if value is None and low == 0:
        return []
    if value is None:
        raise _refuse(texts.FIELD_REQUIRED, field)
    if not isinstance(value, list) or not low <= len(value) <= high:
        raise _refuse(texts.FIELD_LIST, field, min=low, max=high)
    return value


def _purl(parent: dict[str, Any], field: str, *, required: bool) -> str:
    purl = _text(parent, "purl", field, PURL, required=required)
    if purl and not purl.startswith("pkg:"):
        raise _refuse(texts.FIELD_PURL, field)
    return purl


# --- CycloneDX -----------------------------------------------------------------------------------------------


def read_sbom(data: bytes, field: str = "sbom") -> tuple[str, list[dict[str, str]]]:
    """A CycloneDX JSON SBOM's spec version and its components (nested ones too), each with a name, a version and
    a purl; refused naming the place (``sbom`` is the upload's field for the file as a whole)."""
    bom = _object(parse_json(data, MAX_SBOM_BYTES, field), field)
    if bom.get("bomFormat") != "CycloneDX":
        raise ApiError(Code.BAD_FILE, texts.NOT_CYCLONEDX, field="bomFormat")
    spec = _text(bom, "specVersion", "specVersion", 16, required=True)
    found: list[dict[str, str]] = []
    pending: list[tuple[str, list[Any]]] = [("components", _list(bom, "components", "components", 1,
                                                                  MAX_COMPONENTS))]
    while pending:
        path, items = pending.pop(0)
        for index, item in enumerate(items):
            at = f"{path}.{index}"
            component = _object(item, at)
            found.append({"name": _text(component, "name", f"{at}.name", NAME, required=True),
                          "version": _text(component, "version", f"{at}.version", VERSION, required=True),
                          "purl": _purl(component, f"{at}.purl", required=True),
                          "group": _text(component, "group", f"{at}.group", NAME, required=False)})
            if len(found) > MAX_COMPONENTS:
                raise _refuse(texts.FIELD_LIST, "components", min=1, max=MAX_COMPONENTS)
            inner = _list(component, "components", f"{at}.components", 0, MAX_COMPONENTS)
            if inner:
                pending.append((f"{at}.components", inner))
    return spec, found


# --- OSV -----------------------------------------------------------------------------------------------------


def read_osv(data: bytes) -> dict[str, Any]:
    """An OSV advisory checked: ``id``; ``summary``, ``details``, ``aliases``, ``modified`` if given; ``affected``
    (1 to 500), each with ``package`` (``ecosystem``, ``name``, optional ``purl``) and ``versions`` and/or
    ``ranges`` (type SEMVER, ECOSYSTEM or GIT; events introduced, fixed, last_affected, limit)."""
    doc = _object(parse_json(data, MAX_OSV_BYTES), "file")
    osv_id = _text(doc, "id", "id", 128, required=True)
    if not OSV_ID.match(osv_id):
        raise _refuse(texts.FIELD_TEXT, "id", max=128)
    aliases = [_text({"a": a}, "a", f"aliases.{i}", 128, required=True)
               for i, a in enumerate(_list(doc, "aliases", "aliases", 0, 50))]
    affected = []
    for index, item in enumerate(_list(doc, "affected", "affected", 1, MAX_AFFECTED)):
        at = f"affected.{index}"
        entry = _object(item, at)
        package = _object(entry.get("package"), f"{at}.package") if "package" in entry else None
        if package is None:
            raise _refuse(texts.FIELD_REQUIRED, f"{at}.package")
        versions = [_text({"v": v}, "v", f"{at}.versions.{i}", VERSION, required=True)
                    for i, v in enumerate(_list(entry, "versions", f"{at}.versions", 0, MAX_VERSIONS))]
        ranges = []
        for r_index, raw in enumerate(_list(entry, "ranges", f"{at}.ranges", 0, MAX_RANGES)):
            r_at = f"{at}.ranges.{r_index}"
            given = _object(raw, r_at)
            kind = _text(given, "type", f"{r_at}.type", 16, required=True)
            if kind not in RANGE_TYPES:
                raise _refuse(texts.FIELD_CHOICE, f"{r_at}.type", choices=", ".join(RANGE_TYPES))
            events = []
            for e_index, event in enumerate(_list(given, "events", f"{r_at}.events", 1, MAX_EVENTS)):
                e_at = f"{r_at}.events.{e_index}"
                pairs = list(_object(event, e_at).items())
                if len(pairs) != 1 or pairs[0][0] not in EVENT_KINDS:
                    raise _refuse(texts.FIELD_CHOICE, e_at, choices=", ".join(EVENT_KINDS))
                events.append({pairs[0][0]: _text(event, pairs[0][0], f"{e_at}.{pairs[0][0]}", VERSION,
                                                  required=True)})
            ranges.append({"type": kind, "events": events})
        if not versions and not ranges:
            raise _refuse(texts.AFFECTS_NOTHING, at)
        affected.append({"ecosystem": _text(package, "ecosystem", f"{at}.package.ecosystem", ECOSYSTEM,
                                            required=True),
                         "name": _text(package, "name", f"{at}.package.name", NAME, required=True),
                         "purl": _purl(package, f"{at}.package.purl", required=False),
                         "versions": versions, "ranges": ranges})
    return {"id": osv_id, "summary": _text(doc, "summary", "summary", 1024, required=False),
            "details": _text(doc, "details", "details", 20_000, required=False),
            "modified": _text(doc, "modified", "modified", 64, required=False),
            "aliases": aliases, "affected": affected}


# --- matching ------------------------------------------------------------------------------------------------

_NUMBERS = re.compile(r"\d+")
# a purl's type and the OSV ecosystem it is (https://ossf.github.io/osv-schema/#affectedpackage-field)
PURL_ECOSYSTEMS = {"pypi": "pypi", "npm": "npm", "maven": "maven", "golang": "go", "cargo": "crates.io",
                   "gem": "rubygems", "nuget": "nuget", "composer": "packagist", "deb": "debian", "apk": "alpine",
                   "hex": "hex", "pub": "pub"}  # others (generic, github, ...): no ecosystem, the name decides


def version_key(version: str) -> tuple[int, Any]:
    """An order on versions: PEP 440 (``packaging``) where the text is one (it reads semantic versions too,
    1.2.3-beta.1 as a pre-release), else its numbers in order ("FW-3.4.10" > "3.4.9"), as versions/service.py
    compares firmware."""
    try:
        return 1, Version(version.lstrip("vV"))
    except InvalidVersion:
        return 0, _numbers(version)


def _numbers(version: str) -> tuple[int, ...]:
    return tuple(int(n) for n in _NUMBERS.findall(version)) or (0,)


def _before(a: str, b: str) -> bool:
    """a < b; when only one of them is a PEP 440 version, both compare by their numbers."""
    ka, kb = version_key(a), version_key(b)
    if ka[0] and kb[0]:
        return bool(ka[1] < kb[1])
    return _numbers(a) < _numbers(b)


def in_range(version: str, events: list[dict[str, str]]) -> bool:
    """OSV's evaluation of a SEMVER or ECOSYSTEM range: affected from an ``introduced`` ("0": from the first),
    until a ``fixed`` or ``limit`` (excluded) or after a ``last_affected`` (included)."""
    affected = False
    ordered = sorted(events, key=lambda e: (0, (0,)) if next(iter(e.values())) == "0"
                     else version_key(next(iter(e.values()))))
    for event in ordered:
        kind, at = next(iter(event.items()))
        if kind == "introduced" and (at == "0" or not _before(version, at)):
            affected = True
        elif (kind in ("fixed", "limit") and not _before(version, at)) or (
                kind == "last_affected" and _before(at, version)):
            affected = False
    return affected


def _purl_base(purl: str) -> str:
    """type/namespace/name of a purl, lower-cased, without version, qualifiers or subpath."""
    return purl.split("?")[0].split("#")[0].split("@")[0].lower()


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name.strip().lower())


def names(entry: dict[str, Any], component: dict[str, str]) -> bool:
    """The advisory's package is this component: the same purl (without version), else the same name (PyPI's
    normalised) in the same ecosystem when the component's purl says it."""
    if entry.get("purl") and component.get("purl"):
        return _purl_base(entry["purl"]) == _purl_base(component["purl"])
    if _norm(entry["name"]) != _norm(component["name"]) and _norm(entry["name"]) != _norm(
            f"{component.get('group', '')}/{component['name']}"):
        return False
    kind = component.get("purl", "")[4:].split("/")[0].lower()
    ecosystem = PURL_ECOSYSTEMS.get(kind)
    return ecosystem is None or entry["ecosystem"].split(":")[0].lower() == ecosystem


def affects(entry: dict[str, Any], component: dict[str, str]) -> bool:
    """This advisory entry affects this component at its version (GIT ranges name commits: not compared)."""
    if not names(entry, component):
        return False
    version = component["version"]
    if version in entry.get("versions", []):
        return True
    return any(r["type"] != "GIT" and in_range(version, r["events"]) for r in entry.get("ranges", []))


def fixed_versions(affected: list[dict[str, Any]]) -> list[str]:
    """The versions an advisory's ranges name as fixed, once each in their order."""
    found = [at for entry in affected for r in entry.get("ranges", []) for e in r["events"]
             for kind, at in e.items() if kind == "fixed"]
    return list(dict.fromkeys(found))
