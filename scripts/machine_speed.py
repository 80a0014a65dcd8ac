"""The machine's speed and load, printed by `make test` before and after its run (issue 52 item 12: its time is
written with the machine's state beside it).

This 2-core machine's speed moves from day to day (the same suite took 29 min on one day and 63 on another, the
same Mosquitto binary spent 19-22 µs of CPU a message one day and 31-47 another): a run's minutes say little without
it. The reference is the CPU time of a fixed pure-Python loop (ten million additions), the best of three, so a
busy machine slows it less than it slows the wall clock (docs/operations.md "Test run times" gives it beside each
run from 28 November 2026 on).

    python3 scripts/machine_speed.py [label]
"""

import os
import sys
import time

LOOPS = 10_000_000


def loop_seconds() -> float:
    started = time.process_time()
    total = 0
    for n in range(LOOPS):
        total += n
    return time.process_time() - started


def main() -> None:
    label = sys.argv[1] if len(sys.argv) > 1 else "now"
    best = min(loop_seconds() for _ in range(3))
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"== machine {label}: a 10-million-step Python loop {best:.2f} s of CPU (lower is faster); "
          f"load average {load} (1, 5, 15 min); {os.cpu_count()} cores; {time.strftime('%Y-%m-%d %H:%M:%S %Z')}")


if __name__ == "__main__":
    main()
