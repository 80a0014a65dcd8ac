"""Documents and uploads for the advisory tests."""

import json
from typing import Any

from tests.conftest import Answer, Api
from tests.versions.conftest import add_firmware


def sbom(*components: tuple[str, str, str], **extra: Any) -> bytes:
    """A CycloneDX 1.6 JSON SBOM listing (name, version, purl) components."""
    return json.dumps({"bomFormat": "CycloneDX", "specVersion": "1.6", "version": 1,
                       "components": [{"type": "library", "name": n, "version": v, "purl": p}
                                      for n, v, p in components], **extra}).encode()


def osv(osv_id: str = "GHSA-test-0001", **fields: Any) -> bytes:
    """An OSV advisory: openssl-like component ``libfoo`` affected from 1.0.0 until 1.2.4 (a SEMVER range) and at
    version 0.9.8 (a versions list)."""
    doc = {"id": osv_id, "summary": "libfoo overflow", "modified": "2026-11-01T00:00:00Z",
           "affected": [{"package": {"ecosystem": "Debian", "name": "libfoo", "purl": "pkg:generic/libfoo"},
                         "ranges": [{"type": "SEMVER", "events": [{"introduced": "1.0.0"}, {"fixed": "1.2.4"}]}],
                         "versions": ["0.9.8"]}]}
    doc.update(fields)
    return json.dumps(doc).encode()


async def add_with_sbom(api: Api, name: str, version: str, bom: bytes | None, **fields: str) -> Answer:
    """A firmware through the firmware form with its SBOM file."""
    if bom is None:
        return await add_firmware(api, name, version, **fields)
    form = {"name": name, "version": version, "description": "test build", "allowUnsigned": "true", **fields}
    files = {"file": (f"{name}.bin", b"firmware" * 500, "application/octet-stream"),
             "sbom": ("bom.cdx.json", bom, "application/json")}
    response = await api.client.post("/api/version/insertVersionFireware", data=form, files=files,
                                     headers=api.headers())
    return Answer(response.status_code, response.json())


async def import_osv(api: Api, data: bytes) -> Answer:
    response = await api.client.post("/api/advisory/import", files={"file": ("advisory.json", data,
                                                                              "application/json")},
                                     headers=api.headers())
    return Answer(response.status_code, response.json())


async def upload_sbom(api: Api, version_id: int, data: bytes) -> Answer:
    response = await api.client.post("/api/advisory/sbom/upload", data={"versionId": str(version_id)},
                                     files={"file": ("bom.json", data, "application/json")}, headers=api.headers())
    return Answer(response.status_code, response.json())
