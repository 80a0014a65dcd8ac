"""What a robot's owner can set on it: the parameters with their ranges, and the utilities (lights, doors,
sprayer, fan) with theirs."""

from __future__ import annotations

from typing import Any

PARAMS: dict[str, tuple[float, float, float]] = {
    # name: (default, min, max)
    "max_linear_speed": (0.7, 0.1, 1.2),
    "max_angular_speed": (1.0, 0.2, 2.0),
    "safe_speed": (0.3, 0.1, 0.7),
    "low_battery": (20, 5, 50),
    "back_battery": (15, 5, 50),
    "full_battery": (95, 50, 100),
    "obstacle_distance": (0.3, 0.1, 1.0),
    "volume": (60, 0, 100),
    "brightness": (80, 0, 100),
}

UTILS: tuple[dict[str, Any], ...] = (
    {"id": 1, "name": "headlight", "type": "switch", "min": 0, "max": 1, "default": 0},
    {"id": 2, "name": "ambient light", "type": "level", "min": 0, "max": 100, "default": 60},
    {"id": 3, "name": "left door", "type": "switch", "min": 0, "max": 1, "default": 0},
    {"id": 4, "name": "right door", "type": "switch", "min": 0, "max": 1, "default": 0},
    {"id": 5, "name": "sprayer", "type": "level", "min": 0, "max": 3, "default": 0},
    {"id": 6, "name": "fan", "type": "switch", "min": 0, "max": 1, "default": 0},
)
