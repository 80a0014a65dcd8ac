"""Who a simulated robot is: serial number, device secret, protocol generation, web API port, model, its client
certificate and key files (certificate.py; None for a password robot), and the software versions it reports."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class RobotIdentity:
    sn: str
    secret: str
    protocol: int
    port: int
    model: str
    cert_file: Path | None = None  # its client certificate (PEM), renewed in place; None: a password robot
    key_file: Path | None = None  # its private key (PEM, 0600), made by the robot itself

    @property
    def api_prefix(self) -> str:
        """Where the common calls live: api1/ from protocol 3 on, api/ below."""
        return "api1" if self.protocol >= 3 else "api"


def versions_for(seed: int, identity: RobotIdentity) -> dict[str, str]:
    """Firmware, software and pad versions a robot reports (and registers with), fixed by the seed."""
    rng = random.Random(f"versions:{seed}:{identity.sn}")
    return {"firmware": f"FW-{identity.protocol}.4.{rng.randint(0, 9)}",
            "soft": f"{identity.protocol}.{rng.randint(10, 30)}.{rng.randint(0, 9)}",
            "pad": f"P{identity.protocol}.{rng.randint(1, 9)}.0"}
