"""What the audit trail costs (issue 51, "the audit writes cost under 5 % of the ingest and API figures"), in one
process on a fresh database, the real app called through its ASGI interface (no sockets, so the process's CPU is
the server's):

- **API**: a write call (``/user/updateUserInfo``, a person's name changed back and forth: one operation log row and
  one audit row each) with the audit row written, against the same call with the audit row left out (the audit's
  ``change_record`` replaced for the round), in alternating rounds so that the machine's load falls on both alike;
  CPU per call of each, and the difference as a share of the call. Beside it the no-op ``/api/health`` (the
  machine's reference, same run).
- **Sealing**: the leader's ``audit-seal`` job over the rows the calls wrote: CPU per row, off the calls' path.
- **Ingest**: what robots send is not a call of a signed-in person (core/audit.py records only those; the robot
  link's sessions are opened without ``get_db``), so the ingest writes no audit row and the audit's share of the
  ingest figure is nothing by construction.

    backend/.venv/bin/python bench/bench_audit.py [--calls 200] [--rounds 6] [--database-url postgresql://...]
"""

import argparse
import asyncio
import logging
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import func, select

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_devices import _empty_postgres  # noqa: E402
from server import ADMIN_PASSWORD, SIGNER, signed_headers  # noqa: E402

from cleanfleet.app import create_app  # noqa: E402
from cleanfleet.audit import chain  # noqa: E402
from cleanfleet.audit import service as audit  # noqa: E402
from cleanfleet.audit.models import AuditRecord  # noqa: E402
from cleanfleet.bootstrap import prepare  # noqa: E402
from cleanfleet.core import audit as hook  # noqa: E402
from cleanfleet.roles.catalogue import ROLE_USER  # noqa: E402
from cleanfleet.settings import Settings  # noqa: E402
from cleanfleet.users import service as users  # noqa: E402
from cleanfleet.users.models import User  # noqa: E402


def cpu_ms_per_call(calls: int, started: float) -> float:
    return (time.process_time() - started) * 1000 / calls


async def _sign_in(client: httpx.AsyncClient) -> str:
    answer = (await client.post("/api/login", json={"account": "admin", "password": ADMIN_PASSWORD, "type": "user"},
                                headers={"sign": SIGNER.sign(), "platform": "web", "username": "-"})).json()
    assert answer["message"]["code"] == 0, answer
    return str(answer["data"]["token"])


async def _round(client: httpx.AsyncClient, token: str, calls: int, person_id: int) -> float:
    headers = signed_headers(token)  # signed for this round: a signature lives 20 s, a round on a loaded machine more
    started = time.process_time()
    for n in range(calls):
        if n and n % 50 == 0:
            headers = signed_headers(token)
        answer = (await client.post("/api/user/updateUserInfo", headers=headers,
                                    json={"userId": person_id, "name": f"Night lead {n % 2}"})).json()
        assert answer["message"]["code"] == 0, answer
    return cpu_ms_per_call(calls, started)


async def _noop(client: httpx.AsyncClient, calls: int) -> float:
    started = time.process_time()
    for _ in range(calls):
        (await client.get("/api/health")).raise_for_status()
    return cpu_ms_per_call(calls, started)


async def _count(app: Any) -> int:
    async with app.state.db.sessions() as db:
        return int(await db.scalar(select(func.count()).select_from(AuditRecord)) or 0)


async def measure(database_url: str | None, calls: int, rounds: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(data_dir=Path(tmp), database_url=database_url, admin_password=ADMIN_PASSWORD, demo=False,
                            admin_second_factor=False, audit_seal_every=60.0)
        if settings.db_url.startswith("postgresql"):
            await _empty_postgres(settings.db_url)
        await prepare(settings)
        app = create_app(settings)
        logging.disable(logging.INFO)  # the request log's lines: not what is measured, and they would flood the output
        async with app.router.lifespan_context(app):
            async with app.state.db.sessions() as db:
                root = await db.scalar(select(User).where(User.account == "admin"))
                person = await users.create(db, account="bench-audit", name="Night lead", password="Secret123",
                                            level_depth=2, parent=root, role_ids=[ROLE_USER])
                await db.commit()
            transport = httpx.ASGITransport(app=app, client=("10.0.0.1", 40000))
            async with httpx.AsyncClient(transport=transport, base_url="http://bench") as client:
                token = await _sign_in(client)
                await _round(client, token, 20, person.id)  # warm
                full, without, noop = [], [], []
                real, recorder = audit.change_record, hook._recorder[0]
                for _ in range(rounds):
                    full.append(await _round(client, token, calls, person.id))
                    audit.change_record = lambda *_a, **_k: None  # type: ignore[assignment,return-value]
                    hook._recorder[0] = lambda *a: [row for row in recorder(*a) or [] if row is not None]
                    try:
                        without.append(await _round(client, token, calls, person.id))
                    finally:
                        audit.change_record, hook._recorder[0] = real, recorder
                    noop.append(await _noop(client, calls))
                unsealed = await _count(app)
                started = time.process_time()
                sealed = await chain.seal(app.state.db)
                seal_us = (time.process_time() - started) * 1e6 / max(sealed, 1)
    with_ms, without_ms = statistics.median(full), statistics.median(without)
    shares = sorted((a - b) / a for a, b in zip(full, without, strict=True))  # each round's pair, side by side
    return {"write call with audit row, CPU ms": round(with_ms, 2),
            "same call without it, CPU ms": round(without_ms, 2),
            "audit share of the call (median of the rounds' pairs)": f"{statistics.median(shares):.1%}",
            "rounds' shares, lowest to highest": ", ".join(f"{share:.1%}" for share in shares),
            "sealing as a share of the call": f"{seal_us / 1000 / with_ms:.1%}",
            "sealing, CPU us per row (leader's job)": round(seal_us, 1), "rows sealed": sealed,
            "rows written": unsealed, "reference: no-op /api/health CPU ms": round(statistics.median(noop), 2),
            "rounds": rounds, "calls per round": calls}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    figures = asyncio.run(measure(args.database_url, args.calls, args.rounds))
    print("| figure | value |\n|---|---|")
    for label, value in figures.items():
        print(f"| {label} | {value} |")


if __name__ == "__main__":
    main()
