"""What every API-token call passes once (``app.state.api_token_gate``, run by core/auth.py): the rate limit per
token and the token's last use.

Rate limit: a fixed window of a minute per token, ``api_token_rate_limit`` calls in it. With
CLEANFLEET_REDIS_URL the count lives in Redis (INCR, then EXPIRE on the window's key), so every worker counts the
same calls; otherwise in this process (one process by design then). Every token call answers the IETF fields
(draft-ietf-httpapi-ratelimit-headers-10): ``RateLimit-Policy: "token";q=600;w=60`` (the quota and its window) and
``RateLimit: "token";r=12;t=17`` (calls left, seconds until the window ends), and still the earlier drafts'
``RateLimit-Limit``, ``RateLimit-Remaining`` and ``RateLimit-Reset`` that integrations read before (deprecated); a
call over the limit answers HTTP 429 with ``Retry-After`` (seconds) and RATE_LIMITED in the request's language
(core/openapi.py documents it on every call a token may make). When Redis cannot be reached the call goes through
(logged): the limit protects the server, it must not take the API down with Redis.

Last use: written at most once a minute per token and worker (and the UPDATE is conditional, so the row moves
at most about once a minute whatever the number of workers), never once per call.
"""

import logging
import math
import time
from dataclasses import dataclass
from typing import Any

from fastapi import Request

from cleanfleet.apitokens import service, texts
from cleanfleet.audit import service as audit
from cleanfleet.auth.address import client_address
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError

log = logging.getLogger("cleanfleet.apitokens")
WINDOW = 60  # seconds
REDIS_PREFIX = "cleanfleet:token-rate:"
FIRST_USES_KEPT = 100_000
POLICY = "token"  # the quota policy's name in the RateLimit fields


@dataclass(frozen=True)
class Verdict:
    limit: int
    used: int
    reset: int  # seconds until the window ends

    @property
    def allowed(self) -> bool:
        return self.used <= self.limit

    @property
    def remaining(self) -> int:
        return max(0, self.limit - self.used)

    def headers(self) -> list[tuple[str, str]]:
        """The answer's rate-limit fields; over the limit, also ``Retry-After``."""
        fields = [("RateLimit-Policy", f'"{POLICY}";q={self.limit};w={WINDOW}'),
                  ("RateLimit", f'"{POLICY}";r={self.remaining};t={self.reset}'),
                  ("RateLimit-Limit", str(self.limit)), ("RateLimit-Remaining", str(self.remaining)),
                  ("RateLimit-Reset", str(self.reset))]
        return fields if self.allowed else [*fields, ("Retry-After", str(self.reset))]


class TokenLimiter:
    def __init__(self, limit: int, redis_url: str | None) -> None:
        self.limit = limit
        self._redis_url = redis_url
        self._redis: Any = None
        self._counts: dict[str, tuple[int, int]] = {}  # token (hash) -> (window number, calls) without Redis

    async def hit(self, token: str) -> Verdict:
        """Counts a call of ``token`` (its hash: unique whatever database the workers share Redis with)."""
        now = time.time()
        window = int(now // WINDOW)
        reset = max(1, math.ceil((window + 1) * WINDOW - now))
        used = await self._count_redis(token, window) if self._redis_url else None
        if used is None:
            seen_window, seen = self._counts.get(token, (window, 0))
            used = (seen if seen_window == window else 0) + 1
            self._counts[token] = (window, used)
            if len(self._counts) > 100_000:  # old windows of tokens no longer calling
                self._counts = {k: v for k, v in self._counts.items() if v[0] == window}
        return Verdict(self.limit, used, reset)

    async def _count_redis(self, token: str, window: int) -> int | None:
        try:
            if self._redis is None:
                assert self._redis_url is not None
                from redis.asyncio import Redis

                self._redis = Redis.from_url(self._redis_url)
            key = f"{REDIS_PREFIX}{token[:32]}:{window}"
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.incr(key)
                pipe.expire(key, WINDOW * 2)
                used, _ = await pipe.execute()
            return int(used)
        except Exception:
            log.warning("token rate limit: Redis unreachable, call let through", exc_info=True)
            return 0

    async def close(self) -> None:
        if self._redis is not None:
            await self._redis.aclose()
            self._redis = None


class TokenGate:
    """``await gate(request, caller)`` for a call made with an API token; raises RATE_LIMITED (HTTP 429)."""

    def __init__(self, state: Any, limit: int, redis_url: str | None) -> None:
        self._state = state
        self.limiter = TokenLimiter(limit, redis_url)
        self._noted: dict[int, float] = {}  # token id -> monotonic time this worker last wrote its use
        self._first_uses: set[tuple[int | None, str, str]] = set()  # (token id, day, address) recorded

    async def __call__(self, request: Request, caller: Caller) -> None:
        assert caller.api_token_id is not None
        verdict = await self.limiter.hit(caller.token_hash)
        request.state.extra_headers = [*getattr(request.state, "extra_headers", []), *verdict.headers()]
        if not verdict.allowed:
            raise ApiError(Code.RATE_LIMITED, texts.RATE_LIMITED, status=429,
                           values={"limit": verdict.limit, "seconds": verdict.reset})
        await self._note_use(caller.api_token_id)
        await self._note_first_use(request, caller)

    async def _note_first_use(self, request: Request, caller: Caller) -> None:
        """The audit trail's ``token_used``: a token's first call of the day from an address (issue 51 item 1), not
        every call; once per worker (a cluster of N workers writes it at most N times)."""
        address = client_address(request, self._state.settings.trusted_proxies)
        seen = (caller.api_token_id, utcnow().date().isoformat(), address)
        if seen in self._first_uses:
            return
        if len(self._first_uses) > FIRST_USES_KEPT:
            self._first_uses.clear()
        self._first_uses.add(seen)
        await audit.record_apart(self._state.db, "token_used", **audit.caller_fields(caller, request),
                                 target=f"api_token#{caller.api_token_id}")

    async def _note_use(self, token_id: int) -> None:
        now = time.monotonic()
        if now - self._noted.get(token_id, -math.inf) < service.LAST_USE_EVERY.total_seconds():
            return
        self._noted[token_id] = now
        async with self._state.db.sessions() as db:
            await service.note_use(db, token_id)

    async def close(self) -> None:
        await self.limiter.close()
