"""The statistics of robot health, plain and explainable (no database, no I/O: the scan runs them in a thread).

Per indicator, a peer group's median and MAD; a robot's robust z = (x - median) / (1.4826 x MAD). It *drifts* at
|z| >= 3 in the indicator's bad direction, is on *watch* at |z| >= 2. The spread has a floor (``floor``): a group
whose robots are nearly alike (MAD near 0) would otherwise flag a difference no one would call one (an efficiency
of 298 m²/h among robots at exactly 300). Against itself: alarms per run hour at least twice its previous 30 days
(with at least ``MIN_ALARMS`` alarms now) is a drift. Grade: A nothing, B one watch, C one drift or two watches,
D two drifts or more.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from statistics import median
from typing import Any

DRIFT_Z, WATCH_Z = 3.0, 2.0
MIN_PEERS = 5  # fewer robots than this in a group (the robot aside): the wider group
MIN_ALARMS = 3  # a rise against itself counts from this many alarms in the window
SELF_RISE = 2.0
MAD_SCALE = 1.4826

# indicator: (worse when "high" or "low", the spread's floor: an absolute figure and a share of the median)
INDICATORS: dict[str, tuple[str, float, float]] = {
    "alarms": ("high", 0.05, 0.10),      # alarms per run hour
    "efficiency": ("low", 1.0, 0.05),    # m² cleaned per run hour
    "coverage": ("low", 1.0, 0.02),      # % of the planned area, mean of the runs
    "charging": ("high", 0.02, 0.10),    # low-battery alarms per run hour
    "online": ("low", 2.0, 0.03),        # % of the window's days the robot was heard from
}
ORDER = tuple(INDICATORS)


def area_bucket(area: float) -> str:
    """The map-size bucket of a robot's largest map: "similar maps"."""
    return "small" if area < 500 else "medium" if area <= 2000 else "large"


@dataclass
class Figures:
    """What the scan read for one robot (None: no data for that indicator in the window)."""

    device_id: int
    type_id: int
    bucket: str
    values: dict[str, float | None]
    previous_alarms: float | None = None  # alarms per run hour, the 30 days before
    alarms_now: int = 0


@dataclass
class Band:
    median: float
    scale: float  # 1.4826 x MAD, floored
    count: int


@dataclass
class Health:
    device_id: int
    grade: str
    severity: int
    drifts: int
    watches: int
    basis: str
    peers: int
    bucket: str
    indicators: list[dict[str, Any]] = field(default_factory=list)
    reasons: list[dict[str, Any]] = field(default_factory=list)


def band(values: list[float], indicator: str) -> Band:
    """The group's median and its spread (1.4826 x MAD, at least the indicator's floor)."""
    middle = median(values)
    mad = median(abs(v - middle) for v in values)
    _, absolute, share = INDICATORS[indicator]
    return Band(middle, max(MAD_SCALE * mad, absolute, share * abs(middle)), len(values))


def grade_of(drifts: int, watches: int) -> str:
    if drifts >= 2:
        return "D"
    if drifts == 1 or watches >= 2:
        return "C"
    return "B" if watches == 1 else "A"


def _bands(robots: list[Figures], key: Any) -> dict[Any, dict[str, Band]]:
    groups: dict[Any, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for robot in robots:
        for indicator, value in robot.values.items():
            if value is not None:
                groups[key(robot)][indicator].append(value)
    return {k: {i: band(v, i) for i, v in by.items()} for k, by in groups.items()}


def _sizes(robots: list[Figures], key: Any) -> dict[Any, int]:
    sizes: dict[Any, int] = defaultdict(int)
    for robot in robots:
        if robot.values.get("efficiency") is not None:  # robots that ran in the window
            sizes[key(robot)] += 1
    return sizes


def assess(robots: list[Figures], links: Any, start: date, end: date) -> list[Health]:
    """Every robot's health against its peers and itself; ``links(device_id, indicator)`` names the evidence."""
    def by_map(r: Figures) -> tuple[int, str]:
        return (r.type_id, r.bucket)

    def by_type(r: Figures) -> int:
        return r.type_id

    map_bands, type_bands = _bands(robots, by_map), _bands(robots, by_type)
    map_sizes, type_sizes = _sizes(robots, by_map), _sizes(robots, by_type)
    out = []
    for robot in robots:
        ran = 1 if robot.values.get("efficiency") is not None else 0
        if map_sizes[by_map(robot)] - ran >= MIN_PEERS:
            basis, bands, peers = "map", map_bands.get(by_map(robot), {}), map_sizes[by_map(robot)] - ran
        elif type_sizes[by_type(robot)] - ran >= MIN_PEERS:
            basis, bands, peers = "type", type_bands.get(by_type(robot), {}), type_sizes[by_type(robot)] - ran
        else:
            basis, bands, peers = "none", {}, type_sizes[by_type(robot)] - ran
        out.append(_one(robot, basis, bands, peers, links))
    return out


def _one(robot: Figures, basis: str, bands: dict[str, Band], peers: int, links: Any) -> Health:
    indicators: list[dict[str, Any]] = []
    reasons: list[dict[str, Any]] = []
    drifts = watches = 0
    for indicator in ORDER:
        value = robot.values.get(indicator)
        peer = bands.get(indicator) if basis != "none" else None
        row: dict[str, Any] = {"indicator": indicator, "value": _round(value), "peerMedian": None, "peerLow": None,
                               "peerHigh": None, "z": None, "state": "noData" if value is None else "ok",
                               "link": links(robot.device_id, indicator)}
        if value is not None and peer is not None:
            z = (value - peer.median) / peer.scale
            bad = z if INDICATORS[indicator][0] == "high" else -z
            state = "drift" if bad >= DRIFT_Z else "watch" if bad >= WATCH_Z else "ok"
            row.update(peerMedian=_round(peer.median), peerLow=_round(peer.median - WATCH_Z * peer.scale),
                       peerHigh=_round(peer.median + WATCH_Z * peer.scale), z=round(z, 2), state=state)
            if state != "ok":
                drifts += state == "drift"
                watches += state == "watch"
                reasons.append({"indicator": indicator, "level": state, "against": "peers", "value": _round(value),
                                "reference": _round(peer.median), "z": round(z, 2), "link": row["link"]})
        if indicator == "alarms":
            row["previous"] = _round(robot.previous_alarms)
            if (value is not None and robot.previous_alarms and robot.alarms_now >= MIN_ALARMS
                    and value >= SELF_RISE * robot.previous_alarms):
                drifts += 1
                row["state"] = "drift"
                reasons.append({"indicator": "alarms", "level": "drift", "against": "self", "value": _round(value),
                                "reference": _round(robot.previous_alarms), "z": None, "link": row["link"]})
        indicators.append(row)
    reasons.sort(key=lambda r: (r["level"] != "drift", ORDER.index(r["indicator"])))
    return Health(robot.device_id, grade_of(drifts, watches), drifts * 10 + watches, drifts, watches, basis, peers,
                  robot.bucket, indicators, reasons)


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)
