"""A run's coverage as a robot sends it with its report (docs/robot-contract.md, report ``coverageGrid``): the
shared shape between the gateway, which reads it at the edge, and the sites domain, which adds it into the day's
counts (``sites/coverage/store.py``). Neither imports the other: the gateway hands the runs over on
``core.bus.RUNS_COVERED``.

The grid: the robot's map cut into square **coverage cells** of ``cell_px(resolution)`` map pixels a side (about
``CELL_M``, 0.5 m: the cleaning width), cell (0, 0) at the map's origin (its lower-left pixel), rows from south to
north as the map's own grid, so ``width = ceil(map width px / cell_px)`` and ``height`` likewise. A bitset holds
one bit per cell, row-major from the south row, the first cell in the lowest bit of the first byte (numpy's
``packbits(bitorder="little")``); padding bits past ``width × height`` are ignored.
"""

import base64
import binascii
import math
import zlib
from dataclasses import dataclass
from datetime import datetime

CELL_M = 0.5  # the coverage cell's side, in metres, before rounding to whole map pixels
MAX_SIDE = 2000  # cells a side: a 1 km map at 0.5 m
MAX_CELLS = 1_000_000  # cells in one grid (125,000 bytes of bits)
MAX_BITS_CHARS = 24_000  # base64 characters of one compressed bitset (two fit a report under the 64 KiB payload cap)
CELL_SLACK_M = 0.0005  # a sent cell size may differ from the map's by rounding (half a millimetre)


def cell_px(resolution: float) -> int:
    """Map pixels a side of a coverage cell at ``resolution`` m/px: the whole number nearest ``CELL_M`` (≥ 1)."""
    return max(1, round(CELL_M / resolution))


@dataclass(frozen=True)
class Grid:
    """A coverage grid's geometry: cell side (m), origin (m, the lower-left corner of cell (0, 0)), size in cells."""

    cell: float
    origin_x: float
    origin_y: float
    width: int
    height: int

    @property
    def cells(self) -> int:
        return self.width * self.height

    @property
    def bit_bytes(self) -> int:
        return (self.cells + 7) // 8

    def same(self, other: "Grid") -> bool:
        """The same cells on the ground (sizes equal, cell and origin within rounding)."""
        return (self.width, self.height) == (other.width, other.height) \
            and abs(self.cell - other.cell) <= CELL_SLACK_M \
            and abs(self.origin_x - other.origin_x) <= CELL_SLACK_M \
            and abs(self.origin_y - other.origin_y) <= CELL_SLACK_M


def map_grid(resolution: float, origin_x: float, origin_y: float, width_px: int, height_px: int) -> Grid | None:
    """The coverage grid of a map the server knows (None when its record has no size yet)."""
    if resolution <= 0 or width_px <= 0 or height_px <= 0:
        return None
    px = cell_px(resolution)
    return Grid(px * resolution, origin_x, origin_y, math.ceil(width_px / px), math.ceil(height_px / px))


@dataclass(frozen=True)
class RunCoverage:
    """What one run reported: the cells it cleaned and the cells its task planned (its target), as packed bits of
    exactly ``grid.bit_bytes`` bytes (``planned`` None when the robot sent none)."""

    grid: Grid
    cleaned: bytes
    planned: bytes | None = None


@dataclass
class CoveredRun:
    """A stored report's coverage, handed to the subscriber of ``RUNS_COVERED``, which sets ``refused`` (why, in
    English, for the robot's drop count) when it cannot take it."""

    device_id: int
    serial_number: str
    map_name: str
    start: datetime
    coverage: RunCoverage
    refused: str = ""


def read_bits(text: str, nbytes: int) -> bytes:
    """A bitset as sent (base64 of zlib), inflated to exactly ``nbytes``; ValueError saying why otherwise (never
    inflating more than ``nbytes`` + 1, so a small payload cannot become a large allocation)."""
    if len(text) > MAX_BITS_CHARS:
        raise ValueError(f"longer than {MAX_BITS_CHARS} characters ({len(text)})")
    try:
        packed = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("not base64") from None
    inflater = zlib.decompressobj()
    try:
        bits = inflater.decompress(packed, nbytes + 1)
    except zlib.error:
        raise ValueError("not zlib data") from None
    if len(bits) != nbytes or inflater.unconsumed_tail or inflater.unused_data or not inflater.eof:
        raise ValueError(f"does not hold {nbytes} bytes of bits")
    return bits


def write_bits(bits: bytes) -> str:
    """Packed bits as a robot sends them (base64 of zlib)."""
    return base64.b64encode(zlib.compress(bits, 9)).decode("ascii")
