"""How long a robot waits before it connects to the broker again (docs/robot-contract.md "MQTT contract").

Exponential, capped, with full jitter: after ``n`` failed attempts in a row the wait is drawn evenly from
[0, min(cap, first × 2^n)] (1 s doubling up to 30 s by default). A fleet that lost the broker together (its restart,
a network cut) comes back spread over the whole window, not in waves that grow with every round: with "equal
jitter" (the upper half of the window) or none, every robot that failed the first time tries again at about the same
moment, and a broker accepting a storm of 10,000 answers them late enough to fail them again (issue 52 item 8).
A success starts the count again. A refused sign-in (a revoked certificate, a withdrawn password: certificate.py)
switches to the slow window (60 s doubling up to 900 s) until a sign-in succeeds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

FIRST_S, CAP_S = 1.0, 30.0
REFUSED_FIRST_S, REFUSED_CAP_S = 60.0, 900.0


@dataclass
class Backoff:
    first_s: float = FIRST_S
    cap_s: float = CAP_S
    rng: random.Random = field(default_factory=random.Random)
    failures: int = 0  # attempts failed in a row
    refused: bool = False  # the broker refused the sign-in: the slow window

    def ceiling(self) -> float:
        """The longest wait before the next attempt."""
        first, cap = (REFUSED_FIRST_S, REFUSED_CAP_S) if self.refused else (self.first_s, self.cap_s)
        return min(cap, first * 2 ** min(self.failures, 32))

    def failed(self, *, refused: bool = False) -> float:
        """One more attempt failed (``refused``: the broker refused the sign-in): the wait before the next one."""
        if refused and not self.refused:
            self.refused, self.failures = True, 0
        wait = self.rng.uniform(0.0, self.ceiling())
        self.failures += 1
        return wait

    def succeeded(self) -> None:
        """Signed in: the next loss starts from the first window again."""
        self.failures, self.refused = 0, False
