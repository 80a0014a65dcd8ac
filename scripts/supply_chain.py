"""The product's bill of materials and its dependency audit (issue 47 item 3): ``make sbom`` and ``make audit``.

``sbom``: a CycloneDX 1.6 JSON SBOM per part, written to ``build/sbom/`` (gitignored), each checked afterwards
(it parses, says CycloneDX, has components, each with a name, a version and a purl):
- ``backend.cdx.json``: what ``backend/uv.lock`` installs (every extra: the server with its simulator extra),
  exported by ``uv export`` and read by CycloneDX's own generator ``cyclonedx-py requirements``;
- ``sim.cdx.json``: the robot simulator, the same way from ``sim/uv.lock``;
- ``web.cdx.json``: the console from ``web/package-lock.json`` by ``@cyclonedx/cyclonedx-npm`` (a devDependency),
  without the development packages: what ships is the built bundle of the production dependencies.

``audit``: ``pip-audit`` over both Python locks (the PyPI JSON API's advisories, OSV's through PyPI) and
``npm audit`` over the console's lock (the npm registry's advisories). It fails only on a vulnerability that has
a fixed version (pip-audit's ``fix_versions``, npm's ``fixAvailable``) and prints the others. When an advisory
service cannot be reached (no network, a registry mirror without the audit endpoint) it says so and passes, unless
``CLEANFLEET_AUDIT_REQUIRED=1`` (set it on a CI machine that reaches PyPI and npm directly): then it fails, so such
a run never passes an audit that did not happen. docs/operations.md "Vulnerabilities and SBOM".

Standard library only: run with any Python 3.11.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / ".tools" / "bin"
LOCKS = {"backend": ROOT / "backend", "sim": ROOT / "sim"}
WEB = ROOT / "web"


def run(args: list[str], cwd: Path, **kw: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, text=True, capture_output=True, check=False, **kw)


def export(project: Path, target: Path) -> None:
    """The locked requirements of a uv project, pinned with their hashes (not the project itself)."""
    done = run([str(TOOLS / "uv"), "export", "--frozen", "--quiet", "--format", "requirements-txt", "--all-extras",
                "--no-emit-project", "--no-emit-local", "-o", str(target)], project)
    if done.returncode:
        sys.exit(f"uv export failed in {project}:\n{done.stderr}")


# --- SBOM ----------------------------------------------------------------------------------------------------


def check_sbom(path: Path) -> int:
    """The SBOM parses, is CycloneDX and lists components with a name, a version and a purl; its count."""
    bom = json.loads(path.read_text(encoding="utf-8"))
    if bom.get("bomFormat") != "CycloneDX":
        sys.exit(f"{path}: not a CycloneDX document")
    components = bom.get("components") or []
    if not components:
        sys.exit(f"{path}: no components")
    for component in components:
        if not (component.get("name") and component.get("version") and component.get("purl")):
            sys.exit(f"{path}: a component without a name, version or purl: {component.get('bom-ref')}")
    return len(components)


def sbom(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        for part, project in LOCKS.items():
            requirements = Path(work) / f"{part}.txt"
            export(project, requirements)
            done = run([str(TOOLS / "cyclonedx-py"), "requirements", str(requirements),
                        "--pyproject", str(project / "pyproject.toml"), "--of", "JSON", "--sv", "1.6",
                        "--output-reproducible", "-o", str(out / f"{part}.cdx.json")], ROOT)
            if done.returncode:
                sys.exit(f"cyclonedx-py failed for {part}:\n{done.stderr}")
    done = run(["npx", "--no-install", "cyclonedx-npm", "--package-lock-only", "--omit", "dev",
                "--output-format", "JSON", "--spec-version", "1.6", "--output-reproducible",
                "--output-file", str(out / "web.cdx.json")], WEB)
    if done.returncode:
        sys.exit(f"cyclonedx-npm failed:\n{done.stderr}")
    for part in (*LOCKS, "web"):
        path = out / f"{part}.cdx.json"
        print(f"== SBOM {path.relative_to(ROOT)}: {check_sbom(path)} components")


# --- audit ---------------------------------------------------------------------------------------------------


def pip_findings(report: dict[str, Any]) -> list[tuple[str, str, str, list[str]]]:
    """(package, version, advisory, fixed versions) of a pip-audit JSON report."""
    return [(dep["name"], dep.get("version", ""), vuln["id"], list(vuln.get("fix_versions") or []))
            for dep in report.get("dependencies", []) for vuln in dep.get("vulns", [])]


def npm_findings(report: dict[str, Any]) -> list[tuple[str, str, str, list[str]]]:
    """(package, affected range, severity and advisories, [how it is fixed] or []) of an ``npm audit --json``."""
    found = []
    for name, item in (report.get("vulnerabilities") or {}).items():
        fix = item.get("fixAvailable")
        how = [] if not fix else [f"{fix['name']}@{fix['version']}" if isinstance(fix, dict) else "npm audit fix"]
        sources = [v.get("url") or v.get("title") or "" for v in item.get("via", []) if isinstance(v, dict)]
        found.append((name, item.get("range", ""), f"{item.get('severity', '')} {' '.join(sources)}".strip(), how))
    return found


def audit_python(work: Path) -> tuple[list[Any] | None, str]:
    files = []
    for part, project in LOCKS.items():
        requirements = work / f"{part}.txt"
        export(project, requirements)
        files += ["-r", str(requirements)]
    report = work / "pip-audit.json"
    # --no-deps --disable-pip: the exported locks are complete and pinned, nothing is resolved or installed
    done = run([str(TOOLS / "pip-audit"), *files, "--no-deps", "--disable-pip", "--progress-spinner", "off",
                "--format", "json", "-o", str(report)], ROOT)
    if not report.exists() or not report.read_text().strip():
        return None, (done.stderr.strip().splitlines() or ["no report"])[-1]
    return pip_findings(json.loads(report.read_text())), ""


def audit_web() -> tuple[list[Any] | None, str]:
    done = run(["npm", "audit", "--json", "--package-lock-only"], WEB)
    try:
        report = json.loads(done.stdout or "{}")
    except json.JSONDecodeError:
        return None, "npm audit answered no report"
    if "vulnerabilities" not in report:
        error = report.get("error") or {}
        return None, str(error.get("summary") or report.get("message") or "npm audit answered no report")
    return npm_findings(report), ""


def audit() -> None:
    required = os.environ.get("CLEANFLEET_AUDIT_REQUIRED", "") not in ("", "0")
    fixable = unreached = 0
    with tempfile.TemporaryDirectory() as work:
        results = {"Python (backend/uv.lock, sim/uv.lock)": audit_python(Path(work)),
                   "console (web/package-lock.json)": audit_web()}
    for what, (findings, reason) in results.items():
        if findings is None:
            unreached += 1
            print(f"== audit {what}: NOT RUN, the advisory service could not be reached ({reason})")
            continue
        print(f"== audit {what}: {len(findings)} known vulnerabilities")
        for name, version, advisory, fixes in findings:
            fixable += bool(fixes)
            state = f"FIXABLE: {', '.join(fixes)}" if fixes else "no fix yet"
            print(f"   {name} {version}: {advisory} ({state})")
    if fixable:
        sys.exit(f"== audit failed: {fixable} vulnerabilities have a fix; upgrade them in the lock file")
    if unreached and required:
        sys.exit("== audit failed: CLEANFLEET_AUDIT_REQUIRED is set and an audit did not run")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("audit")
    make = sub.add_parser("sbom")
    make.add_argument("--out", type=Path, default=ROOT / "build" / "sbom")
    checked = sub.add_parser("check", help="check SBOM files: CycloneDX with components")
    checked.add_argument("files", type=Path, nargs="+")
    args = parser.parse_args()
    if args.command == "audit":
        audit()
    elif args.command == "sbom":
        sbom(args.out)
    else:
        for path in args.files:
            print(f"{path}: {check_sbom(path)} components")


if __name__ == "__main__":
    main()
