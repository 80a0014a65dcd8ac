"""The built console's files: a browser that accepts gzip gets the build's gzipped copy, any other the file."""

import gzip
from pathlib import Path

from starlette.applications import Starlette
from starlette.routing import Route
from starlette.testclient import TestClient

from cleanfleet.web import IMMUTABLE, ConsoleAssets, ConsoleFiles

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


# ---------------------------------------------------------------- the build's hashed files, ahead of the routes

def assets_app(dist: Path, max_bytes: int = 1 << 20) -> tuple[TestClient, list[str]]:
    """ConsoleAssets in front of an app that records what reached it (the API's routes, in the server)."""
    reached: list[str] = []

    async def behind(request):  # type: ignore[no-untyped-def]
        reached.append(request.url.path)
        return await ConsoleFiles(dist).serve(request)

    app = ConsoleAssets(Starlette(routes=[Route("/{path:path}", behind)]), dist, max_bytes=max_bytes)
    return TestClient(app), reached


def test_an_asset_is_answered_before_the_routes_and_from_memory_once_read(tmp_path: Path) -> None:
    client, reached = assets_app(built(tmp_path))
    first = client.get("/assets/index-abc123.js", headers={"Accept-Encoding": "gzip"})
    (tmp_path / "assets" / "index-abc123.js.gz").unlink()  # the copy in memory answers from now on
    again = client.get("/assets/index-abc123.js", headers={"Accept-Encoding": "gzip"})
    for answer in (first, again):
        assert answer.status_code == 200
        assert answer.headers["content-encoding"] == "gzip"
        assert answer.headers["vary"] == "Accept-Encoding"
        assert answer.headers["cache-control"] == IMMUTABLE
        assert answer.headers["content-type"].startswith("text/javascript")
        assert answer.content == SCRIPT
    assert reached == []


def test_an_asset_without_gzip_goes_out_as_built_and_head_sends_no_body(tmp_path: Path) -> None:
    client, _ = assets_app(built(tmp_path))
    plain = client.get("/assets/index-abc123.js", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert int(plain.headers["content-length"]) == len(SCRIPT) and plain.content == SCRIPT
    head = client.head("/assets/index-abc123.js", headers={"Accept-Encoding": "identity"})
    assert head.status_code == 200 and head.content == b""
    assert int(head.headers["content-length"]) == len(SCRIPT)


def test_unknown_names_and_paths_outside_the_assets_fall_through(tmp_path: Path) -> None:
    dist = built(tmp_path)
    (tmp_path / "secret.txt").write_text("not an asset")
    client, reached = assets_app(dist)
    for path in ("/assets/missing-123.js", "/assets/..%2Fsecret.txt", "/assets/.hidden", "/assets/"):
        client.get(path)
    assert reached == ["/assets/missing-123.js", "/assets/../secret.txt", "/assets/.hidden", "/assets/"]
    assert client.post("/assets/index-abc123.js").status_code == 405  # only GET and HEAD are files: the routes say no
    assert len(reached) == 4


def test_past_its_bound_the_cache_leaves_files_to_the_routes(tmp_path: Path) -> None:
    client, reached = assets_app(built(tmp_path), max_bytes=10)
    answer = client.get("/assets/index-abc123.js", headers={"Accept-Encoding": "gzip"})
    assert answer.status_code == 200 and answer.content == SCRIPT
    assert reached == ["/assets/index-abc123.js"]


# ---------------------------------------------------------------- the installed console's worker and manifest

def installable(tmp_path: Path) -> Path:
    dist = built(tmp_path)
    (dist / "sw.js").write_text("self.addEventListener('push', () => {});")
    (dist / "manifest.webmanifest").write_text('{"name":"CleanFleet","theme_color":"#017465"}')
    return dist


def test_the_service_worker_is_javascript_checked_on_every_visit(tmp_path: Path) -> None:
    answer = console(installable(tmp_path)).get("/sw.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["cache-control"] == "no-cache"
    assert "service-worker-allowed" not in answer.headers  # at the root its scope is the whole console
    assert b"addEventListener('push'" in answer.content


def test_the_manifest_has_its_own_type_and_is_checked_on_every_visit(tmp_path: Path) -> None:
    answer = console(installable(tmp_path)).get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/manifest+json"
    assert answer.headers["cache-control"] == "no-cache"
    assert answer.json()["theme_color"] == "#017465"


def test_a_build_without_a_worker_answers_404_not_the_console_page(tmp_path: Path) -> None:
    client = console(built(tmp_path))
    for path in ("/sw.js", "/manifest.webmanifest"):
        answer = client.get(path)
        assert answer.status_code == 404, path
        assert b"<title>" not in answer.content
    assert client.get("/warn/index/warn?alarmId=7").status_code == 200  # console routes still load the app
