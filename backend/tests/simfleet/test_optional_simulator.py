"""A production install leaves the simulator out (the backend's ``sim`` extra): the server still migrates, seeds
the demo organisation, starts its robot link and serves; it says once that the simulated fleet is missing."""

import logging
import sys
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from cleanfleet.app import create_app
from cleanfleet.bootstrap import prepare
from cleanfleet.settings import Settings
from cleanfleet.simfleet import SIMULATOR, runner, simulator_installed
from cleanfleet.users.models import User
from tests.gateway.helpers import free_ports


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@pytest.fixture
def without_simulator(monkeypatch: pytest.MonkeyPatch) -> None:
    """``import cleanfleet_sim`` (and its modules other tests loaded) fails, as where it is not installed."""
    for name in [name for name in sys.modules if name == SIMULATOR or name.startswith(SIMULATOR + ".")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, SIMULATOR, None)

    async def never(self: Any) -> None:
        raise AssertionError("a simulated fleet was started without the simulator")

    monkeypatch.setattr(runner.SimulatedFleet, "start", never)


async def test_the_server_starts_and_serves_without_the_simulator(without_simulator, tmp_path):
    assert not simulator_installed()
    with pytest.raises(ImportError):
        __import__(f"{SIMULATOR}.fleet")
    settings = Settings(data_dir=tmp_path, database_url=None, admin_password="Admin12345", demo=True,
                        web_dist=tmp_path / "no-dist", log_format="console", mqtt_url=None,
                        mqtt_bind=f"127.0.0.1:{free_ports(1)}", mqtt_tls_bind="none", sim_robots=12)
    await prepare(settings)  # migrations, the admin, the demo data (its robots' seeder passes)
    app = create_app(settings)
    app.state.start_fleet = True  # as `python -m cleanfleet run` asks
    lines = Lines()
    logging.getLogger("cleanfleet.simfleet").addHandler(lines)
    try:
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://cleanfleet.test") as client:
                answer = await client.get("/api/health")
            assert app.state.gateway is not None  # the robot link runs: real robots can connect
            async with app.state.db.sessions() as db:
                demo_accounts = await db.scalar(select(func.count()).select_from(User)
                                                .where(User.account == "dealerA"))
    finally:
        logging.getLogger("cleanfleet.simfleet").removeHandler(lines)
    assert answer.status_code == 200 and answer.json()["data"]["status"] == "ok"
    assert demo_accounts == 1
    assert [line for line in lines.lines if "not installed" in line] == [
        "the simulated fleet is not installed (the backend's `sim` extra): serving without the 12 simulated robots; "
        "`make run` or `uv sync --extra sim` installs it"]


async def test_a_server_beyond_loopback_runs_no_simulated_fleet_unless_asked(tmp_path, monkeypatch):
    """The simulated robots' secrets come from a public seed: a server listening beyond loopback neither adds their
    device records nor starts them (issue 45 item 8), unless CLEANFLEET_DEMO=true asks for the demo there."""

    async def never(*_: Any) -> None:
        raise AssertionError("the simulated fleet's devices were added on a server beyond loopback")

    monkeypatch.setattr(runner, "ensure_fleet_devices", never)
    settings = Settings(data_dir=tmp_path, database_url=None, admin_password="Admin12345", host="0.0.0.0",
                        web_dist=tmp_path / "no-dist", log_format="console", mqtt_url=None, sim_robots=12)
    state = type("State", (), {"settings": settings, "start_fleet": True})()
    lines = Lines()
    logging.getLogger("cleanfleet.simfleet").addHandler(lines)
    try:
        assert await runner.prepare_simulated_fleet(state) is False
    finally:
        logging.getLogger("cleanfleet.simfleet").removeHandler(lines)
    assert any("listens on loopback" in line for line in lines.lines)
    asked = settings.model_copy(update={"demo": True})
    assert asked.listens_on_loopback is False and asked.demo is True  # the one case that still runs it
