"""Signed updates on a simulated robot (issue 47): before it installs, a robot that trusts the publisher's root
checks the package with TUF's own client (``tuf.ngclient.Updater``), never against the console alone.

The robot's trusted root is provisioned at the factory from the publisher's ``root.json`` (``Robot.tuf_dir`` holds
it, with the metadata it trusted since: a rotation is accepted only when the old root's keys sign the new one, and
a version it saw is never replaced by an older one). A robot without one is an older robot: it checks the SHA-256
only, as before. The checks and the reason each refusal reports (docs/robot-contract.md):

- ``tuf_unsigned``: the command names no signed target, the targets metadata does not list it with this length,
  SHA-256 and version, or its signatures are not the targets key's;
- ``tuf_rollback``: metadata older than what the robot trusted (a replay), or a version below the one it runs
  that the publisher did not sign as a downgrade;
- ``tuf_stale``: expired metadata (a console frozen in the past);
- ``tuf_tampered``: the downloaded bytes are not the signed ones;
- ``tuf_wrong_model``: signed for another robot model;
- ``tuf_untrusted``: any other failure of the repository (unreachable, malformed).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tuf.api import exceptions
from tuf.api.metadata import TargetFile
from tuf.ngclient import FetcherInterface, Updater

_NUMBERS = re.compile(r"\d+")


class Refused(Exception):
    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code


def version_key(version: str) -> tuple[int, ...]:
    return tuple(int(n) for n in _NUMBERS.findall(version)) or (0,)


class LoopFetcher(FetcherInterface):
    """TUF's fetcher over the robot's own async fetch (tests hand in the server's client), from a worker thread."""

    def __init__(self, fetch: Any, loop: asyncio.AbstractEventLoop) -> None:
        self.robot_fetch, self.loop = fetch, loop

    def _fetch(self, url: str) -> Iterator[bytes]:
        try:
            status, body = asyncio.run_coroutine_threadsafe(self.robot_fetch(url, {}), self.loop).result(60)
        except Exception as exc:
            raise exceptions.DownloadError(str(exc) or type(exc).__name__) from exc
        if status != 200:
            raise exceptions.DownloadHTTPError(f"HTTP {status} for {url}", status)
        return iter([body])


def provision(folder: Path, root: bytes) -> None:
    """The factory's step: the publisher's root becomes the robot's trusted root."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "root.json").write_bytes(root)


class Check:
    """One update's signed check: ``before`` (the metadata, the target) then ``after`` (the downloaded bytes)."""

    def __init__(self, folder: Path, metadata_url: str, fetcher: FetcherInterface | None) -> None:
        (folder / "targets").mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.updater = Updater(str(folder), metadata_url, str(folder / "targets"), None, fetcher=fetcher,
                               bootstrap=None)
        self.info: TargetFile | None = None

    def before(self, path: str | None, *, version: str, size: int, sha256: str, model: str, running: str) -> None:
        try:
            self.updater.refresh()
            info = self.updater.get_targetinfo(path) if path else None
        except exceptions.ExpiredMetadataError as exc:
            raise Refused("tuf_stale", str(exc)) from exc
        except exceptions.BadVersionNumberError as exc:
            raise Refused("tuf_rollback", str(exc)) from exc
        except exceptions.UnsignedMetadataError as exc:
            raise Refused("tuf_unsigned", str(exc)) from exc
        except (exceptions.RepositoryError, exceptions.DownloadError, ValueError) as exc:
            raise Refused("tuf_untrusted", str(exc) or type(exc).__name__) from exc
        if info is None:
            raise Refused("tuf_unsigned", f"no signed target {path}")
        custom = info.custom if isinstance(info.custom, dict) else {}
        if info.length != size or info.hashes.get("sha256") != sha256 or custom.get("version") != version:
            raise Refused("tuf_unsigned", "the command's package is not the signed one")
        if custom.get("model") not in ("*", model):
            raise Refused("tuf_wrong_model", f"signed for {custom.get('model')}")
        if running.strip() and version_key(version) < version_key(running) and custom.get("downgrade") is not True:
            raise Refused("tuf_rollback", f"{version} is older than {running}")
        self.info = info

    def after(self, data: bytes) -> None:
        assert self.info is not None
        name = re.sub(r"[^A-Za-z0-9._-]", "_", self.info.path)
        local = self.folder / "targets" / name
        local.write_bytes(data)
        try:
            if self.updater.find_cached_target(self.info, str(local)) is None:
                raise Refused("tuf_tampered", "the bytes are not the signed ones")
        finally:
            local.unlink(missing_ok=True)
