"""A small closed-loop HTTP/1.1 load generator: N keep-alive connections, each sending the next request
as soon as the previous answer is read. Pure asyncio streams, so the client costs far less than the server
it measures. Used by the benchmarks in this folder.

    python bench/loadgen.py --url http://127.0.0.1:8000/api/health --seconds 10 --connections 32
"""

import argparse
import asyncio
import json
import statistics
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit


@dataclass
class Result:
    requests: int = 0
    errors: int = 0
    latencies_ms: list[float] = field(default_factory=list)
    seconds: float = 0.0

    def summary(self) -> dict[str, float]:
        ordered = sorted(self.latencies_ms) or [0.0]
        return {
            "requests": self.requests,
            "errors": self.errors,
            "rps": round(self.requests / self.seconds, 1) if self.seconds else 0.0,
            "p50_ms": round(statistics.median(ordered), 2),
            "p95_ms": round(ordered[int(len(ordered) * 0.95) - 1 if len(ordered) > 1 else 0], 2),
            "p99_ms": round(ordered[int(len(ordered) * 0.99) - 1 if len(ordered) > 1 else 0], 2),
        }


def build_request(url: str, body: bytes, headers: dict[str, str], method: str = "POST") -> tuple[str, int, bytes]:
    parts = urlsplit(url)
    lines = [f"{method} {parts.path}{'?' + parts.query if parts.query else ''} HTTP/1.1",
             f"Host: {parts.hostname}:{parts.port}", "Connection: keep-alive", f"Content-Length: {len(body)}",
             "Content-Type: application/json"]
    lines += [f"{k}: {v}" for k, v in headers.items()]
    raw = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
    return parts.hostname or "127.0.0.1", parts.port or 80, raw


async def _read_response(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":", 1)[1])
    return status, await reader.readexactly(length)


async def _connection(host: str, port: int, raw: bytes, until: float, result: Result, check: bytes | None) -> None:
    reader, writer = await asyncio.open_connection(host, port)
    try:
        while time.perf_counter() < until:
            started = time.perf_counter()
            writer.write(raw)
            status, body = await _read_response(reader)
            result.latencies_ms.append((time.perf_counter() - started) * 1000)
            result.requests += 1
            if status != 200 or (check is not None and check not in body):
                result.errors += 1
    finally:
        writer.close()


async def run(url: str, *, seconds: float, connections: int, body: bytes = b"{}",
              headers: dict[str, str] | None = None, check: bytes | None = b'"code":0,',
              warmup: float = 1.0) -> Result:
    host, port, raw = build_request(url, body, headers or {})
    if warmup:
        await asyncio.gather(*(_connection(host, port, raw, time.perf_counter() + warmup, Result(), None)
                               for _ in range(connections)))
    result = Result()
    started = time.perf_counter()
    until = started + seconds
    await asyncio.gather(*(_connection(host, port, raw, until, result, check) for _ in range(connections)))
    result.seconds = time.perf_counter() - started
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--body", default="{}")
    parser.add_argument("--header", action="append", default=[], help="Name: value")
    args = parser.parse_args()
    headers = dict(h.split(": ", 1) for h in args.header)
    result = asyncio.run(run(args.url, seconds=args.seconds, connections=args.connections,
                             body=args.body.encode(), headers=headers))
    print(json.dumps(result.summary()))


if __name__ == "__main__":
    main()
