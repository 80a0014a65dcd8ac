"""Who a simulated robot is: serial number, device secret, protocol generation, web API port, model."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RobotIdentity:
    sn: str
    secret: str
    protocol: int
    port: int
    model: str

    @property
    def api_prefix(self) -> str:
        """Where the common calls live: api1/ from protocol 3 on, api/ below."""
        return "api1" if self.protocol >= 3 else "api"
