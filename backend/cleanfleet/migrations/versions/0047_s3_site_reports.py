"""Coverage per stay (issue 48 item 4): ``site_coverage_days`` gains ``site_id`` (the site the robot was at when
its runs started; 0: at none) in its primary key, so a floor's heat map counts only what was cleaned while the robot
belonged to the site. Existing rows get the site of the stay that covers their day (the first, when a robot moved
that day), else 0. Downgrade merges nothing: it keeps, per robot, map and day, the row of the lowest site id and
drops the others (their cells were counted apart; summing blobs is not SQL's), then restores the old key.

Revision ID: 0047_s3_site_reports
Revises: 0046_s3_sbom_advisories
"""

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import sqlalchemy as sa
from alembic import op

revision = "0047_s3_site_reports"
down_revision = "0046_s3_sbom_advisories"
branch_labels = None
depends_on = None

TABLE = "site_coverage_days"


def _moment(value: object) -> datetime:
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    found = datetime.fromisoformat(str(value))
    return found if found.tzinfo else found.replace(tzinfo=UTC)


def _day(value: object) -> date:
    return value if isinstance(value, date) else date.fromisoformat(str(value)[:10])


def upgrade() -> None:
    with op.batch_alter_table(TABLE) as batch:
        batch.add_column(sa.Column("site_id", sa.Integer(), nullable=False, server_default="0"))
    bind = op.get_bind()
    stays: dict[int, list[tuple[datetime, datetime | None, int, str]]] = {}
    for device_id, site_id, started, ended, zone in bind.execute(sa.text(
            "SELECT r.device_id, r.site_id, r.started_at, r.ended_at, s.time_zone FROM site_robots r "
            "JOIN sites s ON s.id = r.site_id ORDER BY r.started_at")):
        stays.setdefault(device_id, []).append((_moment(started), None if ended is None else _moment(ended), site_id,
                                                zone))
    updates = []
    for device_id, map_name, day in bind.execute(sa.text(f"SELECT device_id, map_name, day FROM {TABLE}")):
        mine = _day(day)
        for started, ended, site_id, zone in stays.get(device_id, ()):
            tz = ZoneInfo(zone) if zone and zone != "UTC" else UTC
            first = datetime.combine(mine, datetime.min.time(), tzinfo=tz)
            if started < first + timedelta(days=1) and (ended is None or ended > first):
                updates.append({"d": device_id, "m": map_name, "day": day, "s": site_id})
                break
    if updates:
        bind.execute(sa.text(f"UPDATE {TABLE} SET site_id = :s WHERE device_id = :d AND map_name = :m AND day = :day"),
                     updates)
    with op.batch_alter_table(TABLE) as batch:
        batch.drop_constraint("pk_site_coverage_days", type_="primary")
        batch.create_primary_key("pk_site_coverage_days", ["device_id", "map_name", "day", "site_id"])


def downgrade() -> None:
    bind = op.get_bind()
    bind.execute(sa.text(
        f"DELETE FROM {TABLE} WHERE site_id > (SELECT MIN(o.site_id) FROM {TABLE} o WHERE o.device_id = "
        f"{TABLE}.device_id AND o.map_name = {TABLE}.map_name AND o.day = {TABLE}.day)"))
    with op.batch_alter_table(TABLE) as batch:
        batch.drop_constraint("pk_site_coverage_days", type_="primary")
        batch.create_primary_key("pk_site_coverage_days", ["device_id", "map_name", "day"])
        batch.drop_column("site_id")
