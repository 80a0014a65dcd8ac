"""The alarm catalogue has one source, core/alarm_catalogue.json: the console's copy is the same file, the
simulator's robots raise exactly its names with its codes, kinds and types, and no other file writes a name's
code or text again."""

import json
import re
from pathlib import Path

from cleanfleet_sim.alarms import CATALOGUE as SIM_CATALOGUE

from cleanfleet.core.alarm_texts import ALARMS, CATALOGUE_FILE, alarm_text

ROOT = Path(__file__).resolve().parents[3]
WEB_COPY = ROOT / "web" / "src" / "api" / "alarm-catalogue.json"


def test_the_consoles_copy_is_the_servers_catalogue() -> None:
    assert WEB_COPY.read_bytes() == CATALOGUE_FILE.read_bytes(), "run make lint (it copies the catalogue)"


def test_the_simulator_raises_the_catalogues_alarms() -> None:
    sim = [(a.key, a.code_hex or "", a.kind, a.level) for a in SIM_CATALOGUE]
    server = [(a.key, a.code, a.kind, a.type) for a in ALARMS.values()]
    assert sim == server


def test_every_name_has_nine_languages_and_the_server_drops_the_soft_hyphens() -> None:
    data = json.loads(CATALOGUE_FILE.read_text(encoding="utf-8"))["alarms"]
    for key, alarm in data.items():
        assert len(alarm["texts"]) == 9, key
    assert "\u00ad" in data["depth_camera"]["texts"]["de"]
    assert alarm_text("depth_camera", "", "depth camera error", "de") == "Tiefenkamera-Fehler"
    assert alarm_text("lidar_dock_failed", "0x0610", "", "fr").startswith("Panne du lidar supérieur")


def _sources() -> list[Path]:
    files = [*(ROOT / "backend" / "cleanfleet").rglob("*.py")]
    for ext in ("ts", "tsx"):
        files += [p for p in (ROOT / "web" / "src").rglob(f"*.{ext}") if ".test." not in p.name]
    return files


def test_no_source_file_writes_a_catalogue_code_or_text_again() -> None:
    """Three or more of the coded faults' codes or the alarms' English texts in one source file are a hand copy
    of the catalogue (one code as an example in a description is not)."""
    codes = {a.code for a in ALARMS.values() if a.code}
    texts = {a.text.render("en") for a in ALARMS.values() if len(a.text.render("en")) > 20}
    found = []
    for path in _sources():
        source = path.read_text(encoding="utf-8")
        hits = {c for c in codes if re.search(rf"['\"]{c}['\"]", source, re.IGNORECASE)}
        hits |= {t for t in texts if t in source}
        if len(hits) >= 3:
            found.append(f"{path.relative_to(ROOT)}: {sorted(hits)}")
    assert found == []
