"""The demo organisation as the tests seed it: the accounts with one password the tests know (a real install
generates its own, or takes CLEANFLEET_DEMO_PASSWORD as the tests do here)."""

from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.demo import ensure_demo_password, seed_demo

DEMO_PASSWORD = "Demo-tests-45"


async def seed_demo_with_password(db: AsyncSession) -> list[str]:
    """Seeds what has not been seeded yet and gives the demo accounts waiting for a password the tests' one."""
    seeded = await seed_demo(db)
    await ensure_demo_password(db, DEMO_PASSWORD)
    return seeded
