"""A file that rides along a firmware upload but belongs to another domain: the package's SBOM (advisories/). That
domain registers how to check and store it at import, so versions imports none of it (advisories imports versions:
tests/core/test_layers.py keeps domains one way)."""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from fastapi import UploadFile


@dataclass(frozen=True)
class SbomAttachment:
    """read(upload) -> the checked document or None (none sent), before anything is stored;
    store(db, caller, firmware_id, file_name, document) once the firmware is."""

    read: Callable[[UploadFile | None], Awaitable[Any]]
    store: Callable[[Any, Any, int, str, Any], Awaitable[None]]


_registered: list[SbomAttachment] = []


def register_sbom(handler: SbomAttachment) -> None:
    _registered[:] = [handler]


def sbom() -> SbomAttachment:
    if not _registered:
        raise RuntimeError("no firmware SBOM handler registered (cleanfleet.advisories not imported)")
    return _registered[0]
