"""The edge check of a report's coverage grid (docs/robot-contract.md, report ``coverageGrid``).

``{cell, origin: [x, y], width, height, cleaned, planned?}``: the cell side in metres, the grid's origin (the map's,
metres), its size in cells, and two bitsets (base64 of zlib, ``core.coverage``): the cells the run cleaned and,
optionally, the cells its task planned. Checked here for its own bounds only (sizes, lengths, that each bitset
inflates to exactly ``width × height`` bits); whether it fits the robot's map is the sites domain's check when it
is stored. A bad grid is dropped alone (``fields.droppable``): the report is stored without it.
"""

from typing import Any

from cleanfleet.core.coverage import MAX_BITS_CHARS, MAX_CELLS, MAX_SIDE, Grid, RunCoverage, read_bits
from cleanfleet.gateway.fields import BadMessage, Fields, integer, items, number, read, refuse, word

CELL = number(0.01, 10.0)  # metres: a coverage cell is about 0.5 m; the map's own fit is checked on storing
COORDINATE = number(-100_000.0, 100_000.0)
GRID: Fields = {"cell": CELL, "origin": items(2, COORDINATE), "width": integer(1, MAX_SIDE),
                "height": integer(1, MAX_SIDE), "cleaned": word(MAX_BITS_CHARS), "planned": word(MAX_BITS_CHARS)}


def _bits(name: str, text: str, nbytes: int) -> bytes:
    try:
        return read_bits(text, nbytes)
    except ValueError as exc:
        raise BadMessage(str(exc), name) from None


def coverage_grid(value: Any) -> RunCoverage:
    """A checked coverage grid, or BadMessage naming the part (``cleaned``, ``width`` ...) and why."""
    if type(value) is not dict:
        raise refuse("not an object", value)
    found = read(GRID, value)
    for name in ("cell", "origin", "width", "height", "cleaned"):
        if found[name] is None:
            raise BadMessage("missing", name)
    if len(found["origin"]) != 2:
        raise BadMessage("not two numbers", "origin")
    grid = Grid(found["cell"], found["origin"][0], found["origin"][1], found["width"], found["height"])
    if grid.cells > MAX_CELLS:
        raise BadMessage(f"more than {MAX_CELLS} cells ({grid.width} × {grid.height})", "width")
    planned = None if found["planned"] is None else _bits("planned", found["planned"], grid.bit_bytes)
    return RunCoverage(grid, _bits("cleaned", found["cleaned"], grid.bit_bytes), planned)
