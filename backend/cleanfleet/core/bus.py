"""Events between the parts of the server, and between workers.

In-process by default. With CLEANFLEET_REDIS_URL set, every event is also published on Redis, so
the other workers hear it (cache evictions, live pushes); a worker ignores its own echoes.
"""

import asyncio
import contextlib
import inspect
import logging
import uuid
from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

log = logging.getLogger("cleanfleet.bus")

Handler = Callable[[dict[str, Any]], Awaitable[None] | None]
PREFIX = "cleanfleet:"


class Bus:
    def __init__(self, redis_url: str | None = None) -> None:
        self._handlers: dict[str, list[Handler]] = defaultdict(list)
        self._redis_url = redis_url
        self._redis: Any = None
        self._listener: asyncio.Task[None] | None = None
        self._origin = uuid.uuid4().hex

    def subscribe(self, channel: str, handler: Handler) -> None:
        self._handlers[channel].append(handler)

    async def publish(self, channel: str, payload: dict[str, Any]) -> None:
        await self._deliver(channel, payload)
        if self._redis is not None:
            message = orjson.dumps({"origin": self._origin, "payload": payload})
            await self._redis.publish(PREFIX + channel, message)

    async def _deliver(self, channel: str, payload: dict[str, Any]) -> None:
        for handler in self._handlers.get(channel, ()):
            try:
                result = handler(payload)
                if inspect.isawaitable(result):
                    await result
            except Exception:
                log.exception("bus handler failed on %s", channel)

    async def start(self) -> None:
        if not self._redis_url:
            return
        from redis.asyncio import Redis

        self._redis = Redis.from_url(self._redis_url)
        pubsub = self._redis.pubsub()
        await pubsub.psubscribe(PREFIX + "*")
        self._listener = asyncio.create_task(self._listen(pubsub))

    async def _listen(self, pubsub: Any) -> None:
        async for message in pubsub.listen():
            if message.get("type") != "pmessage":
                continue
            body = orjson.loads(message["data"])
            if body.get("origin") == self._origin:
                continue
            channel = message["channel"].decode()[len(PREFIX):]
            await self._deliver(channel, body["payload"])

    async def stop(self) -> None:
        if self._listener:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        if self._redis is not None:
            await self._redis.aclose()
