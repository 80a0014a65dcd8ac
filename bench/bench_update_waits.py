"""The update windows' round (issue 36 item 1): how long one round of ``versions.waits.release`` takes over a
rollout of ``--devices`` robots waiting for a window that is closed now.

    backend/.venv/bin/python bench/bench_update_waits.py [--devices 10000] [--database-url postgresql://...]

In one process, as bench_rollout.py (its seeding, a stand-in link that only counts commands): the rollout is
started with a window that opens three hours from now (UTC: the bench robots have no site), so every robot
waits. Then the rounds are timed: **idle** (nothing is due: the round's query skips every update, the common
case every 30 s), **opening** (the round at the moment the window opens plus the whole spread: every robot is
judged and told, pages of 2,000), and the rollout's start (**start**: every robot judged and written as waiting).
"""

import argparse
import asyncio
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import httpx  # noqa: E402
import orjson  # noqa: E402
from bench_rollout import PASSWORD, seed  # noqa: E402

from cleanfleet.app import create_app  # noqa: E402
from cleanfleet.bootstrap import prepare  # noqa: E402
from cleanfleet.gateway.commands import CommandSender  # noqa: E402
from cleanfleet.settings import Settings  # noqa: E402
from cleanfleet.versions import waits  # noqa: E402


async def run(devices: int, database_url: str | None) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="bench-waits-"))
    settings = Settings(data_dir=tmp, database_url=database_url or f"sqlite:///{tmp}/bench.db", admin_password=PASSWORD,
                        demo=False, mqtt_url="none", sim_robots=0, web_dist=tmp / "no-dist", log_level="WARNING",
                        ota_wait_scan_every=3600)
    await prepare(settings)
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        await seed(app, devices)
        sent: list[str] = []

        async def publish(topic: str, payload: bytes) -> None:
            sent.append(orjson.loads(payload)["cmdId"])

        app.state.robot_commands = CommandSender(publish)
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://bench") as client:
            def headers(token: str | None = None) -> dict[str, str]:
                found = {"sign": app.state.signer.sign(), "username": "admin", "platform": "web"}
                return {**found, "Authorization": f"Bearer {token}"} if token else found

            login = (await client.post("/api/login", json={"account": "admin", "password": PASSWORD, "type": "user"},
                                       headers=headers())).json()
            token = login["data"]["token"]
            made = (await client.post("/api/version/insertVersionFireware", data={"name": "bench", "version": "FW-9"},
                                      files={"file": ("fw.bin", b"\0" * 100_000, "application/octet-stream")},
                                      headers=headers(token))).json()
            opens = (datetime.now(UTC) + timedelta(hours=3)).replace(minute=0, second=0, microsecond=0)
            window = {"windowStart": opens.strftime("%H:%M"), "windowEnd": (opens + timedelta(hours=2)).strftime("%H:%M"),
                      "spreadMinutes": 30}
            started = time.perf_counter()
            rollout = (await client.post("/api/version/rollout/add", json={
                "name": "bench", "versionId": made["data"]["id"], "groupBy": "percent", "groupSize": 100,
                "window": window}, headers=headers(token))).json()
            assert rollout["message"]["code"] == 0 and not sent, rollout
            print(f"start: {devices} robots judged and waiting in {time.perf_counter() - started:.2f} s")

        async def one_round(now: datetime) -> tuple[float, int]:
            started = time.perf_counter()
            async with app.state.db.sessions() as db:
                done = await waits.release(db, app.state.robot_commands, None, now)
            return time.perf_counter() - started, done

        idle = [await one_round(datetime.now(UTC)) for _ in range(5)]
        print(f"idle round (nothing due): {min(t for t, _ in idle) * 1000:.1f}-{max(t for t, _ in idle) * 1000:.1f} ms")
        spent, done = await one_round(opens + timedelta(minutes=31))
        print(f"opening round: {done} robots told in {spent:.2f} s = {done / spent:,.0f} robots/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--devices", type=int, default=10_000)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    asyncio.run(run(args.devices, args.database_url))


if __name__ == "__main__":
    main()
