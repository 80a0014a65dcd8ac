"""A run's coverage grid as the report carries it (docs/robot-contract.md, report ``coverageGrid``; version 2).

The grid is the map's coarse grid (``maps.RobotMap.coarse_free``): cells of ``coarse_step()`` map pixels a side
(about 0.5 m, the cleaning width) from the map's origin, ``ceil(width px / step)`` × ``ceil(height px / step)``
cells, rows from the south. Two bitsets, each base64 of zlib of one bit per cell, row-major from the south row, the
first cell in the lowest bit of the first byte: ``cleaned``, the cells the run cleaned, and ``planned``, the cells
its plan covers (the task's area on the free floor it can reach). A grid whose bitsets would be longer than
``MAX_BITS_CHARS`` is not sent (the report goes without it).
"""

from __future__ import annotations

import base64
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from cleanfleet_sim.geometry import Point
from cleanfleet_sim.maps import RobotMap

MAX_BITS_CHARS = 24_000
Cell = tuple[int, int]


@dataclass(frozen=True)
class Frame:
    """A map's coverage grid: cell side (m), origin (m), size in cells."""

    cell: float
    origin: Point
    rows: int
    cols: int

    @classmethod
    def of(cls, grid: RobotMap) -> Frame:
        rows, cols = grid.coarse_free().shape
        return cls(grid.coarse_step() * grid.resolution, grid.origin, int(rows), int(cols))

    def bits(self, cells: Iterable[Cell]) -> str:
        """The cells as a bitset (base64 of zlib)."""
        flat = np.zeros(self.rows * self.cols, dtype=bool)
        found = np.array(sorted(set(cells)), dtype=np.int64).reshape(-1, 2)
        flat[found[:, 0] * self.cols + found[:, 1]] = True
        packed = np.packbits(flat, bitorder="little").tobytes()
        return base64.b64encode(zlib.compress(packed, 9)).decode("ascii")

    def grid(self, cleaned: Iterable[Cell], planned: Iterable[Cell]) -> dict[str, Any] | None:
        """The report's ``coverageGrid``, or None when it would be too long to send."""
        cleaned_bits, planned_bits = self.bits(cleaned), self.bits(planned)
        if max(len(cleaned_bits), len(planned_bits)) > MAX_BITS_CHARS:
            return None
        return {"cell": round(self.cell, 6), "origin": [round(self.origin[0], 6), round(self.origin[1], 6)],
                "width": self.cols, "height": self.rows, "cleaned": cleaned_bits, "planned": planned_bits}


def read_bits(text: str, rows: int, cols: int) -> set[Cell]:
    """A bitset as sent, back to its cells (for tests and readers of the contract)."""
    packed = np.frombuffer(zlib.decompress(base64.b64decode(text)), dtype=np.uint8)
    flat = np.unpackbits(packed, count=rows * cols, bitorder="little")
    return {(int(i) // cols, int(i) % cols) for i in np.flatnonzero(flat)}
