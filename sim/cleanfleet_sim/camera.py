"""A robot's cameras: a synthetic live picture as MJPEG, and recorded clips.

Why MJPEG: a browser shows ``multipart/x-mixed-replace`` JPEG frames in a plain ``<img>`` with no player
library, the server can relay it chunk by chunk as any HTTP body, and each frame stands alone, so a
viewer joining late sees the next frame at once (HLS would need segments, a playlist and a JS player).

Cameras: 1 front, 2 rear. A frame (320 x 240 JPEG) shows the serial number, camera, the robot's clock,
its state and battery, and a bar that sweeps across, so a moving picture is plain to see. While someone
watches the live stream, the robot records it: the first ``CLIP_FRAMES`` frames of each session become a
clip ``clips/<camera>_<YYYYmmdd_HHMMSS>.mjpeg``; two clips a day for the last two days are there from the start.
A clip file is its frames as a multipart body (``--frame`` parts), so playing it is sending it paced.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

from PIL import Image, ImageDraw

from cleanfleet_sim.activity import Activity


class Gauge(Protocol):
    """The robot's battery, as a frame shows it."""

    @property
    def level(self) -> float: ...


class Filmed(Protocol):
    """What a camera frame shows of its robot (robot.Robot is one)."""

    sn: str
    activity: Activity

    @property
    def map_name(self) -> str | None: ...

    @property
    def battery(self) -> Gauge: ...

    def now(self) -> datetime: ...

CAMERAS = {1: "front", 2: "rear"}
BOUNDARY = "frame"
FPS = 5
CLIP_FRAMES = 25
CONTENT_TYPE = f"multipart/x-mixed-replace; boundary={BOUNDARY}"
COLOURS = {1: (20, 90, 110), 2: (80, 50, 100)}


def frame(robot: Filmed, camera: int, n: int, at: datetime | None = None) -> bytes:
    image = Image.new("RGB", (320, 240), COLOURS.get(camera, (40, 40, 40)))
    draw = ImageDraw.Draw(image)
    x = (n * 12) % 320
    draw.rectangle((x, 150, x + 40, 200), fill=(240, 200, 40))
    now = at or robot.now()
    draw.text((10, 10), f"{robot.sn}  {CAMERAS.get(camera, '?')} camera", fill=(255, 255, 255))
    draw.text((10, 30), f"{now:%Y-%m-%d %H:%M:%S}", fill=(255, 255, 255))
    draw.text((10, 50), f"state {robot.activity.value}  battery {robot.battery.level:.0f}%", fill=(255, 255, 255))
    draw.text((10, 70), f"map {robot.map_name or '-'}  frame {n}", fill=(255, 255, 255))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=70)
    return out.getvalue()


def part(jpeg: bytes) -> bytes:
    return (f"--{BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: {len(jpeg)}\r\n\r\n".encode()
            + jpeg + b"\r\n")


def split_parts(body: bytes) -> Iterator[bytes]:
    """The parts of a clip file, each as it goes on the wire."""
    marker = f"--{BOUNDARY}\r\n".encode()
    for chunk in body.split(marker):
        if chunk:
            yield marker + chunk


class Recorder:
    """A robot's clips on disk."""

    def __init__(self, robot: Filmed, folder: Path) -> None:
        self.robot = robot
        self.folder = folder
        self.seeded = False

    def ensure_seeded(self) -> None:
        if self.seeded:
            return
        self.seeded = True
        self.folder.mkdir(parents=True, exist_ok=True)
        now = self.robot.now().replace(minute=0, second=0, microsecond=0)
        for back in (1, 2):
            for hour, camera in ((9, 1), (15, 2)):
                at = (now - timedelta(days=back)).replace(hour=hour)
                self.save(camera, at, [frame(self.robot, camera, n, at + timedelta(seconds=n / FPS))
                                       for n in range(CLIP_FRAMES)])

    def save(self, camera: int, at: datetime, frames: list[bytes]) -> str:
        self.folder.mkdir(parents=True, exist_ok=True)
        name = f"{CAMERAS[camera]}_{at:%Y%m%d_%H%M%S}.mjpeg"
        (self.folder / name).write_bytes(b"".join(part(f) for f in frames))
        return name

    def clips(self, start: datetime | None, end: datetime | None) -> list[dict[str, Any]]:
        self.ensure_seeded()
        rows = []
        for path in sorted(self.folder.glob("*.mjpeg"), reverse=True):
            info = clip_info(path)
            if info is None:
                continue
            at = datetime.fromisoformat(info["start"])
            if (start is None or at >= start) and (end is None or at <= end):
                rows.append(info)
        return rows

    def clip(self, name: str) -> Path | None:
        self.ensure_seeded()
        path = self.folder / name
        if "/" in name or "\\" in name or name.startswith(".") or not name.endswith(".mjpeg") or not path.is_file():
            return None
        return path

    def delete(self, name: str) -> bool:
        path = self.clip(name)
        if path is None:
            return False
        path.unlink()
        return True


def clip_info(path: Path) -> dict[str, Any] | None:
    camera_name, _, stamp = path.stem.partition("_")
    camera = next((k for k, v in CAMERAS.items() if v == camera_name), None)
    try:
        at = datetime.strptime(stamp, "%Y%m%d_%H%M%S")
    except ValueError:
        return None
    if camera is None:
        return None
    data = path.read_bytes()
    frames = data.count(f"--{BOUNDARY}\r\n".encode())
    return {"name": path.name, "camera": camera, "start": at.isoformat(), "seconds": round(frames / FPS, 1),
            "frames": frames, "size": len(data)}
