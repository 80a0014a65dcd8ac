"""The publisher's commands (docs/operations.md "Signed updates"):

- ``keys DIR --publisher NAME``: makes the root and targets keys (Ed25519, PEM, mode 0600) in DIR. DIR stays with
  the publisher (offline: a USB stick in a safe); nothing in it is ever uploaded.
- ``root DIR --online status.json``: signs the root: version 1 the first time, the next version after (a rotation,
  signed by the old root key and the new one; ``--new-root-key`` / ``--new-targets-key`` replace those keys). The
  online snapshot and timestamp public keys come from the console (``/version/tuf/status``, saved as a file).
  Writes ``DIR/root.json`` (and ``DIR/<n>.root.json``): upload it to the console and provision robots with it.
- ``sign DIR PACKAGE --model M --version V [--current targets.json] [--out targets.json]``: adds the package (its
  length and SHA-256, custom fields model, version, publisher, signed time) to the targets metadata the console
  serves now (``GET /api/tuf/metadata/targets.json``, or none for the first release), bumps its version and signs
  it with the targets key. Upload the package with this file.
"""

import argparse
import json
import os
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from securesystemslib.signer import CryptoSigner, SSlibKey
from tuf.api.metadata import Metadata, Role, Root, TargetFile, Targets
from tuf.api.serialization.json import JSONSerializer

SERIALIZER = JSONSerializer(compact=False)
OFFLINE = ("root", "targets")


class Refused(Exception):
    """A command that cannot be done (its message tells why); exit status 2."""


def _write_private(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(data)


def new_key(path: Path) -> CryptoSigner:
    """A new Ed25519 key written to ``path`` (refused when a file is there: keys are never overwritten)."""
    if path.exists():
        raise Refused(f"{path} exists: keys are never overwritten")
    key = Ed25519PrivateKey.generate()
    _write_private(path, key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return CryptoSigner(key)


def load_key(path: Path) -> CryptoSigner:
    if not path.exists():
        raise Refused(f"{path} is missing: run `keys` first")
    key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    if not isinstance(key, Ed25519PrivateKey):
        raise Refused(f"{path}: not an Ed25519 key")
    return CryptoSigner(key)


def make_keys(folder: Path, publisher: str) -> dict[str, str]:
    """The root and targets keys and the publisher's name; answers the key ids."""
    folder.mkdir(parents=True, exist_ok=True)
    ids = {role: new_key(folder / f"{role}.pem").public_key.keyid for role in OFFLINE}
    (folder / "publisher.json").write_text(json.dumps({"publisher": publisher}, indent=2))
    return ids


def online_keys(data: dict[str, Any]) -> dict[str, SSlibKey]:
    """The console's snapshot and timestamp public keys from its status answer (the envelope, its ``data`` or
    ``onlineKeys`` itself)."""
    found = data.get("data", data)
    found = found.get("onlineKeys", found)
    try:
        return {role: SSlibKey.from_dict(found[role]["keyid"], dict(found[role]["key"]))
                for role in ("snapshot", "timestamp")}
    except (KeyError, TypeError, ValueError) as exc:
        raise Refused("the online keys file has no snapshot and timestamp keys (save /version/tuf/status)") from exc


def sign_root(folder: Path, online: dict[str, SSlibKey], *, days: float = 365, new_root_key: bool = False,
              new_targets_key: bool = False, now: datetime | None = None) -> Metadata[Root]:
    """Root version 1, or the next version (the old root key signs it too); written to DIR/root.json and
    DIR/<n>.root.json."""
    now = now or datetime.now(UTC)
    current_path = folder / "root.json"
    previous = Metadata[Root].from_file(str(current_path)) if current_path.exists() else None
    old_signer = load_key(folder / "root.pem")
    version = previous.signed.version + 1 if previous is not None else 1
    if new_root_key or new_targets_key:
        if previous is None:
            raise Refused("the first root uses the keys of `keys`: rotate keys from the second root on")
        for role, wanted in (("root", new_root_key), ("targets", new_targets_key)):
            if wanted:
                (folder / f"{role}.pem").rename(folder / f"{role}.{version - 1}.pem")  # kept: old signatures
                new_key(folder / f"{role}.pem")
    signers = {role: load_key(folder / f"{role}.pem") for role in OFFLINE}
    root = Root(version=version, expires=(now + timedelta(days=days)).replace(microsecond=0),
                consistent_snapshot=False)
    for role, signer in signers.items():
        root.add_key(signer.public_key, role)
    for role, key in online.items():
        root.add_key(key, role)
    for role in ("root", "targets", "snapshot", "timestamp"):
        root.roles[role] = Role(root.roles[role].keyids, threshold=1)
    md = Metadata(root)
    md.sign(signers["root"])
    if previous is not None and old_signer.public_key.keyid != signers["root"].public_key.keyid:
        md.sign(old_signer, append=True)  # the old root's keys vouch for the new root
    md.to_file(str(folder / f"{version}.root.json"), SERIALIZER)
    md.to_file(str(current_path), SERIALIZER)
    return md


def sign_release(folder: Path, package: Path, *, model: str, version: str, current: Path | None = None,
                 path: str | None = None, downgrade: bool = False, days: float = 365,
                 now: datetime | None = None) -> Metadata[Targets]:
    """The targets metadata the console serves now plus this package, one version up, signed by the targets key."""
    now = now or datetime.now(UTC)
    signer = load_key(folder / "targets.pem")
    publisher = json.loads((folder / "publisher.json").read_text()).get("publisher", "")
    previous = Metadata[Targets].from_file(str(current)) if current is not None else None
    targets = previous.signed.targets if previous is not None else {}
    target_path = path or f"firmware/{version}/{package.name}"
    with package.open("rb") as data:
        target = TargetFile.from_data(target_path, data, ["sha256"])
    custom: dict[str, Any] = {"model": model, "version": version, "publisher": publisher,
                              "signed": now.replace(microsecond=0).isoformat()}
    if downgrade:
        custom["downgrade"] = True
    target.unrecognized_fields["custom"] = custom
    targets[target_path] = target
    md = Metadata(Targets(version=previous.signed.version + 1 if previous is not None else 1,
                          expires=(now + timedelta(days=days)).replace(microsecond=0), targets=targets))
    md.sign(signer)
    return md


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cleanfleet_publisher", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    keys = commands.add_parser("keys", help="make the root and targets keys")
    keys.add_argument("dir", type=Path)
    keys.add_argument("--publisher", required=True, help="the name robots and the console show as the signer")
    root = commands.add_parser("root", help="sign the root (first, or the next version: a rotation)")
    root.add_argument("dir", type=Path)
    root.add_argument("--online", type=Path, required=True, help="the console's /version/tuf/status answer")
    root.add_argument("--days", type=float, default=365)
    root.add_argument("--new-root-key", action="store_true")
    root.add_argument("--new-targets-key", action="store_true")
    sign = commands.add_parser("sign", help="sign a release: targets metadata for a package")
    sign.add_argument("dir", type=Path)
    sign.add_argument("package", type=Path)
    sign.add_argument("--model", required=True, help="the robot model it is for (* for every model)")
    sign.add_argument("--version", required=True)
    sign.add_argument("--current", type=Path, help="targets.json the console serves now (none: first release)")
    sign.add_argument("--path", help="its path in the repository (default firmware/<version>/<file name>)")
    sign.add_argument("--downgrade", action="store_true", help="robots on a newer version may install it")
    sign.add_argument("--days", type=float, default=365)
    sign.add_argument("--out", type=Path, default=Path("targets.json"))
    args = parser.parse_args(argv)
    try:
        if args.command == "keys":
            ids = make_keys(args.dir, args.publisher)
            print(json.dumps({"keyids": ids, "dir": str(args.dir)}, indent=2))
        elif args.command == "root":
            root_md = sign_root(args.dir, online_keys(json.loads(args.online.read_text())), days=args.days,
                                new_root_key=args.new_root_key, new_targets_key=args.new_targets_key)
            print(f"root version {root_md.signed.version} written to {args.dir / 'root.json'}")
        else:
            md = sign_release(args.dir, args.package, model=args.model, version=args.version, current=args.current,
                              path=args.path, downgrade=args.downgrade, days=args.days)
            md.to_file(str(args.out), SERIALIZER)
            print(f"targets version {md.signed.version} written to {args.out}")
    except Refused as exc:
        print(f"refused: {exc}", file=sys.stderr)
        return 2
    return 0
