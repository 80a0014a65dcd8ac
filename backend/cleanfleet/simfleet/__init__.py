"""The simulated fleet: the robot simulator (``sim/``, the backend's optional ``sim`` extra) run as a child
process of ``python -m cleanfleet run``, and the device records its robots sign in with."""

import importlib.util

SIMULATOR = "cleanfleet_sim"  # the simulator's package; absent from a production install without the extra


def simulator_installed() -> bool:
    return importlib.util.find_spec(SIMULATOR) is not None
