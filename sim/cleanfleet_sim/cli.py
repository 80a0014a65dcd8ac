"""python -m cleanfleet_sim: run a simulated fleet until interrupted."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from cleanfleet_sim.clock import SimClock
from cleanfleet_sim.fleet import Fleet, FleetOptions, default_fleet
from cleanfleet_sim.link import Broker


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m cleanfleet_sim", description=__doc__)
    p.add_argument("--robots", type=int, default=12, help="how many robots (default 12)")
    p.add_argument("--speed", type=float, default=1.0, help="time factor: simulated seconds per wall second")
    p.add_argument("--seed", type=int, default=0, help="seed: serials, secrets, models and chance follow from it")
    p.add_argument("--cloud", default="http://127.0.0.1:8000", help="the console server, for registration; 'none'")
    p.add_argument("--mqtt", default="mqtt://127.0.0.1:1883", help="MQTT broker URL (mqtts://host:port: over "
                   "TLS, verified against the product CA), or 'none' for no MQTT")
    p.add_argument("--mqtt-ca", default=None, help="the product CA's PEM file for mqtts:// (default: fetched from "
                   "--cloud's /api/robot/ca)")
    p.add_argument("--host", default="127.0.0.1", help="address the robots' web APIs listen on")
    p.add_argument("--base-port", type=int, default=20000, help="first robot's web API (frp) port")
    p.add_argument("--no-web", action="store_true",
                   help="serve no robot web APIs (no listening port per robot: a soak of thousands of robots)")
    p.add_argument("--serial-prefix", default="CF", help="serial numbers are <prefix><protocol>-<nnnn>")
    p.add_argument("--protocol", type=int, choices=(2, 3), help="all robots speak this protocol (default: mixed)")
    p.add_argument("--auth-code", action="append", default=[],
                   help="one-time auth code for a robot without a device record (repeat or comma-separate)")
    p.add_argument("--state-dir", type=Path, help="folder keeping each robot's registered credentials")
    p.add_argument("--enrol", action="store_true", help="a robot without a certificate enrols with its device secret "
                   "and a CSR of a key it makes (needs --cloud and --state-dir), then signs in with it")
    p.add_argument("--heartbeat", type=float, default=5.0, help="heartbeat interval in wall seconds")
    p.add_argument("--tick", type=float, default=0.25,
                   help="wall seconds between two moves of every robot (default 0.25; 1 costs a quarter of the CPU)")
    p.add_argument("--alarm-rate", type=float, default=0.5, help="random alarms per robot per simulated hour")
    p.add_argument("--busy-rate", type=float, default=1.0,
                   help="tasks started by the demo operator per idle robot per simulated hour (0: none)")
    p.add_argument("--data-fail-rate", type=float, default=0.0,
                   help="chance (0..1) that a backup or log upload fails as real ones do: link lost mid-upload, "
                        "disk full, reboot mid-pack (default 0)")
    p.add_argument("--no-demo-work", action="store_true", help="robots start without tasks and schedules")
    p.add_argument("--start", help="the robots' clock at start, ISO 8601 (default: now)")
    p.add_argument("--ota-fail", action="append", default=[],
                   help="SN=stage: that robot's updates fail at download, checksum or install (or interrupt: the "
                        "download breaks once and resumes); repeat or comma-separate")
    p.add_argument("--tuf-root", type=Path, help="the firmware publisher's root.json: robots verify every update "
                   "with it (TUF) and refuse unsigned ones; unset: older robots that check the SHA-256 only")
    p.add_argument("--log-level", default="INFO")
    return p


def options_from(args: argparse.Namespace) -> FleetOptions:
    codes = tuple(c.strip() for given in args.auth_code for c in given.split(",") if c.strip())
    return FleetOptions(
        seed=args.seed, speed=args.speed, host=args.host,
        mqtt=None if args.mqtt.lower() == "none" else _broker(args.mqtt, args.mqtt_ca),
        cloud=None if args.cloud.lower() == "none" else args.cloud, auth_codes=codes, state_dir=args.state_dir,
        heartbeat_s=args.heartbeat, tick_s=args.tick, alarm_rate=args.alarm_rate, busy_rate=args.busy_rate,
        data_fail_rate=min(1.0, max(0.0, args.data_fail_rate)),
        demo_work=not args.no_demo_work, web=not args.no_web,
        ota_failures=dict(item.strip().split("=", 1) for given in args.ota_fail for item in given.split(",")
                          if "=" in item),
        tuf_root=args.tuf_root, enrol=args.enrol,
    )


async def run(args: argparse.Namespace) -> None:
    options = options_from(args)
    identities = default_fleet(args.seed, args.robots, base_port=args.base_port, serial_prefix=args.serial_prefix,
                               protocol=args.protocol)
    clock = SimClock(args.speed, datetime.fromisoformat(args.start) if args.start else None)
    fleet = Fleet(identities, options, clock)
    await fleet.start()
    first, last = identities[0], identities[-1]
    logging.getLogger("cleanfleet_sim").info(
        "%d robots (%s .. %s) on ports %d-%d, speed %gx, MQTT %s", len(identities), first.sn, last.sn,
        first.port, last.port, args.speed, options.mqtt or "off")
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        if sys.platform == "win32":  # Windows' event loops take no signal handlers: a plain one wakes the loop
            signal.signal(sig, lambda *_: loop.call_soon_threadsafe(stop.set))
        else:
            loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await fleet.stop(clean=True)


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    asyncio.run(run(args))


def _broker(url: str, ca_file: str | None) -> Broker:
    broker = Broker.parse(url)
    return replace(broker, ca_pem=Path(ca_file).read_text()) if ca_file and broker.tls else broker
