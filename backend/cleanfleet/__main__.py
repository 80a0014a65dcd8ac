"""cleanfleet command line: run, migrate, create-admin, demo-password, audit, openapi."""

import argparse
import asyncio
import gc
import json
import math
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from cleanfleet.settings import get_settings

# On SQLite every statement runs on a thread of aiosqlite's and comes back to the event loop: with many calls at once,
# each hop waited for the loop to give up the GIL, by default after 5 ms. A shorter turn: the device list's throughput
# with 16 connections went from 0.38 to 0.46 of the no-op's (user scope; bench/README.md, "Then over HTTP").
SQLITE_SWITCH_INTERVAL = 0.0005
# The collector's youngest generation is collected after this many new container objects (Python's default: 700).
# A server's allocations are mostly short-lived (a call's, a robot message's) or live as long as a connection: every
# 700 a collection, and every 70,000 a walk of everything not frozen (gc.freeze in app.py), took 30 % of the embedded
# broker's CPU per sign-in in a storm of 10,000 robots (bench/README.md ``reconnect-storm``).
GC_YOUNG_THRESHOLD = 10_000

if TYPE_CHECKING:
    from cleanfleet.bootstrap import Prepared


def print_first_start(prepared: "Prepared", host: str) -> None:
    """The passwords this start generated (shown only now) and a demo left out."""
    if prepared.admin_password:
        print(f"Created the admin account. Sign in as admin with password: {prepared.admin_password}")
        print("This password is shown only once. Set CLEANFLEET_ADMIN_PASSWORD to choose your own.")
    if prepared.demo_password:
        print(f"The demo accounts (dealerA, userA1 ... see the README) sign in with password: "
              f"{prepared.demo_password}")
        print("Set CLEANFLEET_DEMO_PASSWORD to choose it; `python -m cleanfleet demo-password` sets a new one.")
    if prepared.demo_skipped:
        print(f"No demo data: this server listens on {host}, beyond loopback, and the demo accounts' names are "
              "public. CLEANFLEET_DEMO=true seeds them anyway; CLEANFLEET_DEMO=false silences this line.")
    sys.stdout.flush()


def cmd_run(_args: argparse.Namespace) -> None:
    # No collection until the app has started: the start makes half a million objects that live as long as the
    # process (modules, models, routes), and the collector walked them again and again while they were made (1.5-2 s
    # of the start's CPU, bench/README.md ``start``). The lifespan collects once, freezes them, turns it back on.
    gc.disable()
    import uvicorn

    from cleanfleet.bootstrap import prepare_sync
    from cleanfleet.core.middleware import configure_logging
    from cleanfleet.gateway.runtime import start_early_link

    settings = get_settings()
    configure_logging(settings)
    gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])
    prepared = prepare_sync(settings)
    robot_link = start_early_link(settings)  # the broker first: robots sign in while the API is imported and started

    from cleanfleet.app import create_app

    url = f"http://{settings.host}:{settings.port}"
    print(f"cleanfleet {url}  (data: {settings.data_dir.resolve()}, database: {settings.db_url.split('://')[0]})")
    print_first_start(prepared, settings.host)
    if settings.db_url.startswith("sqlite"):
        sys.setswitchinterval(SQLITE_SWITCH_INTERVAL)
    app = create_app(settings)
    app.state.start_fleet = True  # the simulated robots (CLEANFLEET_SIM_ROBOTS) run with this server
    app.state.early_robot_link = robot_link  # the lifespan adopts it (gateway/runtime.py)
    uvicorn.run(app, host=settings.host, port=settings.port, log_level="warning",
                access_log=False, proxy_headers=False, timeout_graceful_shutdown=math.ceil(settings.shutdown_grace))


def cmd_migrate(_args: argparse.Namespace) -> None:
    from cleanfleet.bootstrap import prepare_sync

    settings = get_settings()
    prepared = prepare_sync(settings)
    print("database is up to date")
    print_first_start(prepared, settings.host)


def cmd_create_admin(args: argparse.Namespace) -> None:
    """Reset the admin's password (creating the account if needed)."""
    from cleanfleet.bootstrap import Prepared, prepare_sync
    from cleanfleet.core.db import Database
    from cleanfleet.users.passwords import set_password
    from cleanfleet.users.service import ADMIN_ACCOUNT, get_by_account

    settings = get_settings()
    prepared = prepare_sync(settings)
    print_first_start(Prepared(demo_password=prepared.demo_password), settings.host)

    async def reset() -> None:
        database = Database(settings.db_url, settings.db_pool_size)
        async with database.sessions() as db:
            admin = await get_by_account(db, ADMIN_ACCOUNT)
            assert admin is not None
            await set_password(db, admin, args.password)
            await db.commit()
        await database.dispose()

    asyncio.run(reset())
    print("admin password set")


def cmd_demo_password(args: argparse.Namespace) -> None:
    """A new password for every demo account, printed (their sessions end)."""
    if args.password is not None and not 8 <= len(args.password) <= 64:
        print("the password needs 8 to 64 characters", file=sys.stderr)
        sys.exit(2)
    from cleanfleet.bootstrap import new_demo_password_sync

    password = new_demo_password_sync(get_settings(), args.password)
    if password is None:
        print("there are no demo accounts (CLEANFLEET_DEMO)", file=sys.stderr)
        sys.exit(1)
    print(f"The demo accounts sign in with password: {password}")


def cmd_openapi(args: argparse.Namespace) -> None:
    from cleanfleet.app import create_app

    schema = create_app().openapi()
    text = json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text)


def cmd_broker_certificate(args: argparse.Namespace) -> None:
    """An external broker's server certificate and key from the product CA, and the CA file beside them."""
    from cleanfleet.certificates.ca import load_ca
    from cleanfleet.gateway.broker.tls import write_key_pair
    from cleanfleet.settings import get_settings

    ca = load_ca(get_settings())
    folder = Path(args.out)
    cert_pem, key_pem = ca.issue_server(args.host)
    write_key_pair(folder / "broker.crt", folder / "broker.key", cert_pem, key_pem)
    (folder / "ca.pem").write_bytes(ca.certificate_pem)
    print(f"wrote {folder / 'broker.crt'}, {folder / 'broker.key'} (mode 0600) and {folder / 'ca.pem'} for "
          f"{', '.join(args.host)}; the CRL is {ca.crl_path}")


def cmd_audit(args: argparse.Namespace) -> None:
    """``audit verify``: exit 1 when a row was removed, edited or inserted out of order; ``audit anchor``: anchor
    every chain's head now (audit/anchors.py)."""
    from cleanfleet.audit.anchors import read_anchors, write_anchor
    from cleanfleet.audit.verify import verify
    from cleanfleet.core.db import Database
    from cleanfleet.storage.backends import make_store

    settings = get_settings()

    async def run() -> int:
        database, store = Database(settings.db_url, settings.db_pool_size), make_store(settings)
        await store.start()
        try:
            if args.action == "anchor":
                anchor = await write_anchor(database, store)
                print(f"anchored {len(anchor['chains'])} chains at {anchor['at']}")
                return 0
            report = await verify(database, store, [a for path in args.anchors or [] for a in read_anchors(path)],
                                  only=set(args.chain) if args.chain else None)
            print(f"{report.rows} rows in {report.chains} chains, {report.anchors} anchors checked")
            for finding in report.findings:
                print("FAIL", finding.line())
            print("audit trail intact" if report.ok else f"audit trail NOT intact: {len(report.findings)} findings")
            return 0 if report.ok else 1
        finally:
            await store.close()
            await database.dispose()

    sys.exit(asyncio.run(run()))


def cmd_cluster(args: argparse.Namespace) -> None:
    from cleanfleet.cluster import run_cluster

    run_cluster(args.workers, args.worker_port)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="cleanfleet")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("run", help="migrate, seed and serve the console and the API").set_defaults(func=cmd_run)
    commands.add_parser("migrate", help="apply migrations and seed the catalogue").set_defaults(func=cmd_migrate)
    cluster = commands.add_parser("cluster", help="migrate once, then N workers behind a load balancer on "
                                  "CLEANFLEET_PORT (PostgreSQL, Redis and MQTT by URL)")
    cluster.add_argument("--workers", type=int, default=2, choices=range(1, 33), metavar="N")
    cluster.add_argument("--worker-port", type=int, default=None, help="first worker's port (default PORT + 1)")
    cluster.set_defaults(func=cmd_cluster)
    admin = commands.add_parser("create-admin", help="set the admin password")
    admin.add_argument("--password", required=True)
    admin.set_defaults(func=cmd_create_admin)
    demo = commands.add_parser("demo-password", help="set a new password for every demo account and print it")
    demo.add_argument("--password", default=None, help="this password instead of a generated one")
    demo.set_defaults(func=cmd_demo_password)
    broker_cert = commands.add_parser("broker-certificate", help="write an external broker's TLS certificate and "
                                      "key, issued by the product CA, and the CA file (docs/operations.md "
                                      "\"Broker TLS\")")
    broker_cert.add_argument("--host", action="append", required=True, help="a name or address robots reach the "
                             "broker by (repeat for several)")
    broker_cert.add_argument("--out", default=".", help="the folder for broker.crt, broker.key and ca.pem")
    broker_cert.set_defaults(func=cmd_broker_certificate)
    audit = commands.add_parser("audit", help="the audit trail: verify its chains and anchors, or anchor them now")
    audit.add_argument("action", choices=("verify", "anchor"))
    audit.add_argument("--anchors", action="append", metavar="FILE", help="verify: also check these anchors (a "
                       "mailed anchor file, CLEANFLEET_AUDIT_ANCHOR_MAIL); repeat for several")
    audit.add_argument("--chain", action="append", metavar="CHAIN", help="verify: only this chain (a tenant's, as "
                       "the findings name it, e.g. /1/5/); repeat for several")
    audit.set_defaults(func=cmd_audit)
    openapi = commands.add_parser("openapi", help="write the OpenAPI schema")
    openapi.add_argument("output", nargs="?", default="-")
    openapi.set_defaults(func=cmd_openapi)
    args = parser.parse_args(argv)
    args.func(args)


if __name__ == "__main__":
    main()
