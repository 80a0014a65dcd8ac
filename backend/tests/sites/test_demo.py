"""The demo organisation has three sites with plans whose last week shows every state of a planned run."""

from datetime import timedelta

from sqlalchemy import select

from cleanfleet.sites import days
from cleanfleet.sites.demo import SITES
from cleanfleet.sites.models import Site
from tests.demo import DEMO_PASSWORD, seed_demo_with_password
from tests.sites.conftest import ok


async def test_the_demo_sites_show_every_state(app, db, api, signed_in):
    await seed_demo_with_password(db)
    sites = list(await db.scalars(select(Site).where(Site.name.in_([name for _, name, *_ in SITES]))))
    assert {site.name for site in sites} == {name for _, name, *_ in SITES}
    assert {site.time_zone for site in sites} == {"Asia/Shanghai", "Europe/Paris"}
    login = await api.login("dealerA", DEMO_PASSWORD)
    assert login.code == 0
    dealer = api
    totals: dict[str, int] = {}
    for site in sites:
        today = days.today(days.zone_of(site))
        for day in (today, today - timedelta(days=7)):  # this week and the last: the seeded week lies in them
            answer = await dealer.call("/site/actual/detail", {"siteId": site.id, "period": "week",
                                                               "day": day.isoformat()}) \
                if site.name != "Grand Mall" else None
            if answer is None:
                continue
            assert answer.code == 0, answer.body
            for state, count in answer.data["counts"].items():
                totals[state] = totals.get(state, 0) + count
    assert all(totals[state] > 0 for state in ("done", "late", "short", "missed", "failed")), totals
    assert totals["done"] > totals["missed"] + totals["short"] + totals["failed"]  # most are fulfilled
    mall = next(site for site in sites if site.name == "Grand Mall")
    assert (await dealer.call("/site/actual/detail", {"siteId": mall.id})).code != 0  # another dealer's branch
    summary = await ok(dealer, "/site/actual/summary", {"period": "week"})
    assert {s["siteName"] for s in summary["sites"]} >= {"City Hospital", "Airport Terminal 2"}
