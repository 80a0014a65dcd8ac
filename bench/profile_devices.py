"""Where the device list's server CPU goes: the real app in-process, called as ASGI (no HTTP server, no client
library in the measured time), cProfile over many calls.

    backend/.venv/bin/python bench/profile_devices.py [--data-dir /tmp/cf-profile] [--calls 1000]
        [--account bdealer7] [--body '{"deviceCode": "lobby"}'] [--sort tottime] [--top 40] [--dump FILE]
        [--answer-given]

The first run migrates and seeds ``--data-dir`` (``seed_devices.py``: 100,000 devices, about 15 s on
SQLite); later runs reuse it. ``--database-url`` profiles another database (seeded when it is empty).
The leader's background rounds (robot health, wear, ...) are kept from starting: over 100,000 seeded robots
they would run inside the measured time. Prints the process CPU per call (every thread: the event loop and the
database driver's) for the list, the no-op (``/api/health``) and the signed call (``/api/getLanguage``), then the
profile of the list calls (the event loop's thread only). ``--answer-given``: the list's ``device_page`` answers the
page it answered first without touching the database, so what is left is the call around it (routing,
dependencies, the caller, the body's model, the answer's JSON and envelope): the ceiling of any device list on
this stack (bench/history/api.md, "Against the real no-op, quiet").
"""

import argparse
import asyncio
import cProfile
import pstats
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
from seed_devices import BENCH_PASSWORD, seed  # noqa: E402
from server import ADMIN_PASSWORD, SIGNER  # noqa: E402

from cleanfleet.app import create_app  # noqa: E402
from cleanfleet.bootstrap import prepare  # noqa: E402
from cleanfleet.core import leader  # noqa: E402
from cleanfleet.devices import listing  # noqa: E402
from cleanfleet.settings import Settings  # noqa: E402

Call = Callable[[], Awaitable[None]]
ANSWERED = b'{"message":{"code":0,'


async def _seeded(settings: Settings) -> None:
    from sqlalchemy import func, select

    from cleanfleet.core.db import Database
    from cleanfleet.devices.models import Device

    await prepare(settings)
    database = Database(settings.db_url)
    async with database.sessions() as db:
        count = await db.scalar(select(func.count()).select_from(Device))
    await database.dispose()
    if not count:
        print("seeding", await seed(settings.db_url), file=sys.stderr)


async def _no_rounds(*_: Any, **__: Any) -> None:
    await asyncio.Event().wait()


async def asgi_call(app: Any, path: str, body: bytes = b"", headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    """One POST through the app's ASGI interface: (status, body)."""
    raw = [(name.lower().encode(), value.encode()) for name, value in (headers or {}).items()]
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": path, "raw_path": path.encode(), "root_path": "", "query_string": b"",
             "headers": [*raw, (b"host", b"profile.test"), (b"content-length", str(len(body)).encode())],
             "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 80), "state": {}}
    received = False
    answer: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        nonlocal received
        if received:
            await asyncio.Event().wait()  # the client never goes away while the call runs
        received = True
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        answer.append(message)

    await app(scope, receive, send)
    return answer[0]["status"], b"".join(message.get("body", b"") for message in answer[1:])


def _headers(account: str, token: str | None = None) -> dict[str, str]:
    headers = {"sign": SIGNER.sign(), "platform": "web", "username": account, "content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    return headers


async def _calls(app: Any, account: str, body: dict[str, Any]) -> tuple[dict[str, Call], dict[str, Any]]:
    """The three timed calls, and the list's first answer (its data)."""
    password = ADMIN_PASSWORD if account == "admin" else BENCH_PASSWORD
    status, signed_in = await asgi_call(app, "/api/login", orjson.dumps(
        {"account": account, "password": password, "type": "user"}), _headers(account))
    assert status == 200, signed_in
    headers = _headers(account, orjson.loads(signed_in)["data"]["token"])
    payload = orjson.dumps({"pageSize": 30, "currentPage": 1, "isPc": 1, **body})

    async def device_list() -> None:
        status, answer = await asgi_call(app, "/api/device/selectDevicePc", payload, headers)
        assert status == 200 and answer.startswith(ANSWERED), answer  # not parsed: a client's work, not the server's

    async def noop() -> None:
        await asgi_call(app, "/api/health")

    async def signed() -> None:
        status, answer = await asgi_call(app, "/api/getLanguage", b"{}", headers)
        assert status == 200, answer

    status, first = await asgi_call(app, "/api/device/selectDevicePc", payload, headers)
    assert status == 200, first
    return {"selectDevicePc": device_list, "health": noop, "getLanguage": signed}, orjson.loads(first)["data"]


def _give_the_answer(first: dict[str, Any]) -> None:
    async def given(*_: Any) -> dict[str, Any]:
        return first

    listing.device_page = given  # type: ignore[assignment]


async def profile(settings: Settings, account: str, body: dict[str, Any], calls: int, answer_given: bool,
                  sort: str, top: int, dump: str | None) -> None:
    await _seeded(settings)
    leader._scan_forever = _no_rounds  # type: ignore[assignment]
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        timed, first = await _calls(app, account, body)
        if answer_given:
            _give_the_answer(first)
        for name, call in timed.items():
            for _ in range(100):
                await call()
            cpu, wall = time.process_time(), time.perf_counter()
            for _ in range(calls):
                await call()
            cpu_ms = (time.process_time() - cpu) * 1000 / calls
            wall_ms = (time.perf_counter() - wall) * 1000 / calls
            print(f"{name}: {cpu_ms:.3f} ms CPU per call (all threads), {wall_ms:.3f} ms wall", file=sys.stderr)
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(calls):
            await timed["selectDevicePc"]()
        profiler.disable()
    if dump:
        profiler.dump_stats(dump)
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.strip_dirs().sort_stats(sort).print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data-dir", type=Path, default=Path("/tmp/cf-profile-devices"))
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--account", default="bdealer7")
    parser.add_argument("--body", default='{"deviceCode": "lobby"}')
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--answer-given", action="store_true",
                        help="the list's device_page answers its first page without the database")
    parser.add_argument("--sort", default="tottime")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--dump", default=None, help="also write the profile here (for pstats: callers, callees)")
    args = parser.parse_args()
    args.data_dir.mkdir(parents=True, exist_ok=True)
    settings = Settings(data_dir=args.data_dir, database_url=args.database_url, admin_password=ADMIN_PASSWORD,
                        demo=False, mqtt_url="none", log_level="WARNING", web_dist=args.data_dir / "no-dist",
                        admin_second_factor=False)  # it signs in as admin on every run
    asyncio.run(profile(settings, args.account, orjson.loads(args.body), args.calls, args.answer_given,
                        args.sort, args.top, args.dump))


if __name__ == "__main__":
    main()
