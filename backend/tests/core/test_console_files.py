"""The built console's files: a browser that accepts gzip gets the build's gzipped copy, any other the file."""

import gzip
from pathlib import Path

from starlette.applications import Starlette
from starlette.routing import Route
from starlette.testclient import TestClient

from cleanfleet.web import IMMUTABLE, ConsoleFiles

SCRIPT = b"export const robots = 'cards';\n" * 200


def console(dist: Path) -> TestClient:
    files = ConsoleFiles(dist)
    return TestClient(Starlette(routes=[Route("/{path:path}", files.serve)]))


def built(tmp_path: Path, with_copy: bool = True) -> Path:
    assets = tmp_path / "assets"
    assets.mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><title>cleanfleet</title>")
    (assets / "index-abc123.js").write_bytes(SCRIPT)
    if with_copy:
        (assets / "index-abc123.js.gz").write_bytes(gzip.compress(SCRIPT))
    return tmp_path


def test_a_browser_accepting_gzip_gets_the_gzipped_copy(tmp_path: Path) -> None:
    answer = console(built(tmp_path)).get("/assets/index-abc123.js", headers={"Accept-Encoding": "gzip, br"})
    assert answer.status_code == 200
    assert answer.headers["content-encoding"] == "gzip"
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["vary"] == "Accept-Encoding"
    assert answer.headers["cache-control"] == IMMUTABLE
    assert int(answer.headers["content-length"]) < len(SCRIPT) / 10
    assert answer.content == SCRIPT  # the client unpacks it: the same script


def test_a_browser_without_gzip_gets_the_file_as_built(tmp_path: Path) -> None:
    answer = console(built(tmp_path)).get("/assets/index-abc123.js", headers={"Accept-Encoding": "identity"})
    assert answer.status_code == 200
    assert "content-encoding" not in answer.headers
    assert int(answer.headers["content-length"]) == len(SCRIPT)
    assert answer.content == SCRIPT


def test_a_file_without_a_copy_goes_out_as_it_is(tmp_path: Path) -> None:
    answer = console(built(tmp_path, with_copy=False)).get("/assets/index-abc123.js",
                                                           headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in answer.headers
    assert answer.content == SCRIPT


def test_a_copy_is_not_a_route_of_its_own_for_the_console_pages(tmp_path: Path) -> None:
    answer = console(built(tmp_path)).get("/device/index", headers={"Accept-Encoding": "gzip"})
    assert answer.status_code == 200
    assert "content-encoding" not in answer.headers
    assert b"<title>cleanfleet</title>" in answer.content
