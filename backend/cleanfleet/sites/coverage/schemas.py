"""Shapes of the heat map calls (/site/coverage/floor, /site/coverage/map; ``heatmap.py``), camelCase as the
console sends them."""

from typing import Literal

from pydantic import BaseModel, Field

from cleanfleet.core.bounds import Day, Id
from cleanfleet.core.fields import LongName


class HeatMapPeriod(BaseModel):
    startDay: Day | None = Field(default=None, description="the first day (the site's day); default 29 days before "
                                                           "endDay. At most 92 days from startDay to endDay")
    endDay: Day | None = Field(default=None, description="the last day; default today (a floor: on its site's clock; "
                                                         "a robot's map: UTC)")


class FloorHeatMapIn(HeatMapPeriod):
    floorId: Id


class MapHeatMapIn(HeatMapPeriod):
    deviceId: Id
    mapName: LongName = Field(description="one of the robot's maps")


class HeatMapRobot(BaseModel):
    deviceId: int
    deviceCode: str
    deviceSerialNumber: str


class HeatMapLayer(BaseModel):
    """One map's cells: draw it over that map's picture (cell (0, 0) at the map's origin, its lower-left corner)."""

    mapName: str
    robots: list[HeatMapRobot] = Field(description="the robots whose runs it sums (robots sharing one map: one layer)")
    cell: float = Field(description="a coverage cell's side, m (whole map pixels, about 0.5 m)")
    originX: float = Field(description="m: the lower-left corner of cell (0, 0), the map's origin")
    originY: float = Field(description="m")
    width: int = Field(description="cells west to east")
    height: int = Field(description="cells south to north")
    mapResolution: float | None = Field(description="the map picture's m per pixel (null: no record of the map)")
    mapWidth: int | None = Field(description="the map picture's width, px")
    mapHeight: int | None = Field(description="the map picture's height, px")
    runs: int = Field(description="runs summed")
    days: int = Field(description="days with runs")
    skippedDays: int = Field(description="a robot's days stored on another grid (the map was resized since), left out")
    maxCount: int = Field(description="the most times one cell was cleaned")
    counts: str = Field(description="base64 of zlib (DecompressionStream('deflate')) of width × height unsigned "
                                    "16-bit little-endian numbers, times cleaned, row-major from the south row")
    cleanedCells: int
    cleanedArea: float = Field(description="m² cleaned at least once")
    targetedCells: int = Field(description="cells the runs' plans targeted")
    neverReached: str = Field(description="base64 of zlib of width × height bits, row-major from the south row, the "
                                          "first cell in the lowest bit: targeted by the runs' plans, cleaned by none")
    neverReachedCells: int
    neverReachedArea: float = Field(description="m²")


class HeatMapOut(BaseModel):
    siteId: int | None = Field(description="the floor's site (null for a robot's map)")
    floorId: int | None
    timeZone: str | None = Field(description="the site's zone its days are read in (null for a robot's map)")
    startDay: str
    endDay: str
    days: int = Field(description="days in the period")
    neverReachedBasis: Literal["run_plans"] = Field(
        description="plan items carry no area geometry, so the area a plan targets is what the runs were sent to "
                    "clean: the cells their task plans targeted (for a whole-map task, the map's free floor)")
    layers: list[HeatMapLayer] = Field(description="one per map of the floor (robots sharing a map: one)")
