"""Issue 17 benchmark: a large file uploaded through /api/oss/upload and downloaded back through its signed link,
streamed both ways; the server process's resident memory is sampled every 20 ms and compared with where it started.
Budget: each direction stays within 50 MB of the starting RSS (1 GB file by default).

    backend/.venv/bin/python bench/bench_files.py [--megabytes 1024]
"""

import argparse
import hashlib
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from server import login, running_server, signed_headers  # noqa: E402

CHUNK = 1024 * 1024


def server_pid() -> int:
    """The server is this process's only child (running_server starts it)."""
    children = Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").read_text().split()
    return int(children[-1])


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Sampler:
    def __init__(self, pid: int) -> None:
        self.pid, self.peak, self.running = pid, 0.0, True
        self.thread = threading.Thread(target=self.loop, daemon=True)

    def loop(self) -> None:
        while self.running:
            self.peak = max(self.peak, rss_mb(self.pid))
            time.sleep(0.02)

    def __enter__(self) -> "Sampler":
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.running = False
        self.thread.join()


def make_file(path: Path, megabytes: int) -> str:
    digest = hashlib.sha256()
    block = os.urandom(CHUNK)
    with path.open("wb") as out:
        for i in range(megabytes):
            chunk = block[i % 251:] + block[:i % 251]  # not one repeated block: no store can dedupe it
            digest.update(chunk)
            out.write(chunk)
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--megabytes", type=int, default=1024)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "big.bin"
        expected = make_file(source, args.megabytes)
        limit = str((args.megabytes + 16) * 1024 * 1024 * 4)
        with running_server(Path(tmp) / "data", CLEANFLEET_MAX_UPLOAD_BYTES=limit) as url:
            pid = server_pid()
            token = login(url)
            time.sleep(1)
            start = rss_mb(pid)
            with Sampler(pid) as up, source.open("rb") as handle:
                began = time.perf_counter()
                answer = httpx.post(url + "/api/oss/upload", headers=signed_headers(token), timeout=600,
                                    data={"isPrivate": "true", "targetPath": "bench"},
                                    files={"file": ("big.bin", handle, "application/octet-stream")}).json()
                upload_s = time.perf_counter() - began
            assert answer["message"]["code"] == 0, answer
            assert answer["data"]["sha256"] == expected
            middle = rss_mb(pid)
            digest, size = hashlib.sha256(), 0
            with Sampler(pid) as down:
                began = time.perf_counter()
                with httpx.stream("GET", url + answer["data"]["url"], timeout=600) as response:
                    for chunk in response.iter_bytes(CHUNK):
                        digest.update(chunk)
                        size += len(chunk)
                download_s = time.perf_counter() - began
            assert digest.hexdigest() == expected and size == args.megabytes * CHUNK
    mb = args.megabytes
    print(json.dumps({
        "megabytes": mb, "rss_start_mb": round(start, 1),
        "upload": {"seconds": round(upload_s, 1), "mb_per_s": round(mb / upload_s, 1),
                   "peak_rss_mb": round(up.peak, 1), "above_start_mb": round(up.peak - start, 1)},
        "download": {"seconds": round(download_s, 1), "mb_per_s": round(mb / download_s, 1),
                     "peak_rss_mb": round(down.peak, 1), "above_start_mb": round(down.peak - middle, 1)},
        "byte_equal": True,
    }, indent=2))


if __name__ == "__main__":
    main()
