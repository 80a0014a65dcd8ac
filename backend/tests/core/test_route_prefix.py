"""A request is matched only against the routers whose prefix holds its path (core/routing.py ``match_by_prefix``):
FastAPI 0.165 offered it to every route of every router before, so ``/api/health``, added last, walked them all."""

from typing import Any

from fastapi.routing import APIRoute, _IncludedRouter


def unprefixed(app: Any) -> set[str]:
    """The paths of the routers without a prefix of their own (signing in, the language, /relay, /metrics...)."""
    return {route.path for included in app.router.routes if isinstance(included, _IncludedRouter)
            and not included.original_router.prefix for route in included.original_router.routes}


def counting_matches(monkeypatch) -> list[str]:  # noqa: ANN001
    """Counts the routes a request is offered to (their paths)."""
    offered: list[str] = []
    matches = APIRoute.matches

    def counted(self, scope):  # noqa: ANN001, ANN202
        offered.append(self.path)
        return matches(self, scope)

    monkeypatch.setattr(APIRoute, "matches", counted)
    return offered


async def test_the_liveness_probe_is_offered_to_no_router(app, api, monkeypatch):
    offered = counting_matches(monkeypatch)
    response = await api.client.get("/api/health")
    assert response.status_code == 200 and response.json()["data"]["status"] == "ok"
    # only the routes of the few routers without a prefix of their own (signing in, the language), then itself
    assert offered[-1] == "/api/health" and len(offered) < 40, len(offered)
    assert set(offered[:-1]) <= unprefixed(app), sorted(set(offered) - unprefixed(app))


async def test_a_call_is_offered_only_to_its_own_routers_routes(app, admin, monkeypatch):
    offered = counting_matches(monkeypatch)
    answer = await admin.call("/robothealth/list", {"pageNum": 1, "pageSize": 10})
    assert answer.code == 0, answer.body
    assert "/robothealth/list" in offered
    assert not [path for path in offered if path not in unprefixed(app) and not path.startswith("/robothealth/")]


async def test_every_router_still_answers_and_a_path_beside_a_prefix_does_not(admin):
    assert (await admin.call("/getLanguage")).code == 0
    assert (await admin.call("/incident/list", {"pageNum": 1, "pageSize": 10})).code == 0
    assert (await admin.client.get("/api/robot/ca")).status_code == 200
    beside = await admin.client.post("/api/robothealthx/list", json={}, headers=admin.headers())
    assert beside.status_code == 404
