"""The e2e run's webhook receiver (playwright.config.ts starts it with the run, `webServer`): a real HTTP server on
127.0.0.1 that the journeys' server may post to (its host:port is in the server's CLEANFLEET_WEBHOOK_ALLOW: the
only way a loopback receiver is allowed).

    ../backend/.venv/bin/python e2e/webhook-sink.py --port 20776 --dir test-results-8776/webhooks

It answers every POST with 204 and writes each as ``<n>.json`` (path, lower-case headers, the body as received,
when it arrived), under a temporary name then renamed, so a reader never sees half of one; e2e/webhooks.spec.ts
reads them and checks the signature. The folder is emptied at start. aiohttp is in backend/.venv.
"""

import argparse
import asyncio
import itertools
import json
import os
import signal
from datetime import UTC, datetime
from pathlib import Path

from aiohttp import web


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--dir", type=Path, required=True)
    args = parser.parse_args()
    folder: Path = args.dir
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.json"):
        old.unlink()
    numbers = itertools.count(1)

    async def receive(request: web.Request) -> web.Response:
        body = await request.read()
        record = {"path": request.path, "headers": {k.lower(): v for k, v in request.headers.items()},
                  "body": body.decode("utf-8", "replace"), "at": datetime.now(UTC).isoformat()}
        path = folder / f"{next(numbers)}.json"
        temporary = path.with_name(f".{path.name}.part")
        temporary.write_text(json.dumps(record))
        os.replace(temporary, path)
        return web.Response(status=204)

    async def serve() -> None:
        app = web.Application(client_max_size=1024 * 1024)
        app.router.add_route("POST", "/{tail:.*}", receive)
        runner = web.AppRunner(app)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", args.port).start()
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        await runner.cleanup()

    asyncio.run(serve())


if __name__ == "__main__":
    main()
