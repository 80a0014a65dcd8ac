"""What a robot's backup archive (tar.gz) holds, read under bounds: the list a finished backup shows.

A backup comes from a robot, so it is read as hostile input (issue 28: 4 MB of archive once cost 18.5 s of CPU, and
1.2 MB held 200,000 entries). ``read_listing`` runs in a worker thread (``asyncio.to_thread``, never on the event
loop) and reads the archive once, front to back, through a bounded stream:

- the gzip layer is unpacked by ``gzip.GzipFile`` behind a reader that counts the bytes it hands on and checks a
  deadline at every read: at most ``MAX_EXPANSION`` times the archive's own size (at least ``MIN_EXPANDED``,
  at most ``MAX_EXPANDED``), and ``LISTING_SECONDS`` in all, so a gzip bomb never expands unbounded;
- each entry's header is checked before its data is passed over: a size that would take the expanded total over
  that bound stops the listing at once (a 10 GB entry in a 10 KB archive is never unpacked to find out);
- at most ``MAX_ENTRIES`` headers of any kind (files, folders, links) are read; names are cut at ``MAX_NAME``
  characters; an extended header (a GNU long name, pax records) larger than ``MAX_HEADER_BYTES`` stops the
  listing before it is read into memory.

What the operator sees (decided here; the spec only says a backup lists its files):
- a bound reached: the backup is still *finished* (the robot's archive is stored whole, can be downloaded and
  restored), its list holds the entries read so far, and its ``reason`` says why the list stops there (shown in
  the backup list; the contents answer says ``truncated``);
- a file that is no readable tar.gz (not gzip, not tar, or damaged: a wrong checksum, cut short): the backup is
  *failed* with that reason and nothing is stored; it can be sent again or packed again (backupRetry).
Bounds fitted to a real backup (the simulated robot's: a few hundred entries, parameters, tasks, maps, logs that
pack about 5:1): 10,000 entries and 50x expansion are far above it, and 20 s passes over about 4 GB of gzip on
the 2-core bench machine.
"""

import gzip
import tarfile
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MAX_ENTRIES = 10_000
MAX_NAME = 255
MAX_HEADER_BYTES = 64 * 1024  # one GNU long name or pax header; a real one is a few hundred bytes
MAX_EXPANSION = 50  # unpacked bytes per byte of archive
MIN_EXPANDED = 256 << 20
MAX_EXPANDED = 16 << 30
LISTING_SECONDS = 20.0
READ_CHUNK = 1 << 20
EXTENDED_HEADERS = (tarfile.GNUTYPE_LONGNAME, tarfile.GNUTYPE_LONGLINK, tarfile.XHDTYPE, tarfile.XGLTYPE,
                    tarfile.SOLARIS_XHDTYPE)
# why a listing stops early: the keys of texts.REASONS
TOO_MANY, TOO_LARGE, TOO_SLOW, LONG_HEADER = "LISTING_TOO_MANY", "LISTING_TOO_LARGE", "LISTING_TOO_SLOW", \
    "LISTING_LONG_HEADER"


@dataclass
class Listing:
    files: list[dict[str, Any]] = field(default_factory=list)
    cut: str = ""  # empty: the whole archive was listed; else why it stops (a key of texts.REASONS)
    readable: bool = True


class _Cut(Exception):
    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class _Budget:
    """The unpacked stream, handed on while the expanded total and the deadline allow."""

    def __init__(self, source: gzip.GzipFile, limit: int, deadline: float) -> None:
        self.source, self.left, self.deadline = source, limit, deadline

    def read(self, size: int = -1) -> bytes:
        if time.monotonic() > self.deadline:
            raise _Cut(TOO_SLOW)
        if self.left <= 0:
            raise _Cut(TOO_LARGE)
        wanted = READ_CHUNK if size is None or size < 0 else min(size, READ_CHUNK)
        data = self.source.read(min(wanted, self.left))
        self.left -= len(data)
        return data


class _BoundedTarInfo(tarfile.TarInfo):
    """Refuses an extended header (a long name, pax records) larger than MAX_HEADER_BYTES before reading it."""

    def _proc_member(self, tar: tarfile.TarFile) -> tarfile.TarInfo:
        if self.type in EXTENDED_HEADERS and self.size > MAX_HEADER_BYTES:
            raise _Cut(LONG_HEADER)
        return super()._proc_member(tar)  # type: ignore[misc, no-any-return]


def expansion_limit(archive_bytes: int) -> int:
    return min(MAX_EXPANDED, max(MIN_EXPANDED, archive_bytes * MAX_EXPANSION))


def read_listing(path: Path, seconds: float | None = None) -> Listing:
    """The regular files of the tar.gz at ``path`` (name, size), read under the module's bounds."""
    listing = Listing()
    limit = expansion_limit(path.stat().st_size)
    deadline = time.monotonic() + (LISTING_SECONDS if seconds is None else seconds)
    declared, entries = 0, 0
    try:
        with gzip.GzipFile(path, "rb") as unpacked, \
                tarfile.open(fileobj=_Budget(unpacked, limit, deadline), mode="r|",  # type: ignore[call-overload]
                             tarinfo=_BoundedTarInfo) as tar:
            for member in tar:
                entries += 1
                if entries > MAX_ENTRIES:
                    raise _Cut(TOO_MANY)
                declared += tarfile.BLOCKSIZE + max(member.size, 0)
                if declared > limit:
                    raise _Cut(TOO_LARGE)
                if time.monotonic() > deadline:
                    raise _Cut(TOO_SLOW)
                if member.isfile():
                    listing.files.append({"name": member.name[:MAX_NAME], "size": max(member.size, 0)})
    except _Cut as cut:
        listing.cut = cut.why
    except (tarfile.TarError, OSError, EOFError, zlib.error, ValueError, UnicodeError):
        listing.files, listing.readable = [], False
    return listing
