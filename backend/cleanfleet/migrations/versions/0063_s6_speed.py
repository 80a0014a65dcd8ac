"""Issue 52 items 2-4, issue 53 item 3: what the budgets that did not hold need.

- ``site_availability_days`` and ``site_downtime_changes`` (sites/availability/kept.py): a robot's hours per closed
  site day, kept, and the changes of its downtime records that make them stale. The changes are written by triggers
  on the five tables availability reads (``site_robot_offline``, ``alarms`` of the fault level, ``incidents``,
  ``version_device_updates`` that take time, ``repairs`` being processed or handled), on insert, delete and on an
  update of a column it reads, so no writer (nor a hand edit, a purge, a cascade) can forget them. A row trigger each
  on both databases, inserting one row: writers never wait for one another on it.

- Indexes for the reads of many robots over a period (``history.py``): offline spans and incidents by robot and end
  (those still open or ended after the period's start, not a year of history), faults (a partial index).
- The device list (issue 52 item 4): ``ix_devices_owner_scope`` carries the id on PostgreSQL (INCLUDE), so a
  subtree's free text is an index-only scan there, as on SQLite.

Downgrade drops the triggers, the function, the tables and the indexes, and gives the device index its old form.

Revision ID: 0063_s6_speed
Revises: 0062_s6_trail
"""

import sqlalchemy as sa
from alembic import op

revision = "0063_s6_speed"
down_revision = "0062_s6_trail"
branch_labels = None
depends_on = None

CHANGES = "site_downtime_changes"
FUNCTION = "site_downtime_changed"
TAKES_TIME = "'UPDATED', 'FAILED', 'SENT', 'DOWNLOADING', 'DOWNLOADED', 'VERIFIED', 'UPDATING'"  # history.py
# table → (which rows count, with {r} for NEW or OLD; None: all), the columns availability reads of it
WATCHED: dict[str, tuple[str | None, tuple[str, ...]]] = {
    "site_robot_offline": (None, ("started_at", "ended_at")),
    "alarms": ("{r}.level = 3 AND {r}.type = 'alarm'", ("raised_at", "cleared_at", "resolved_at", "level", "type")),
    "incidents": (None, ("opened_at", "ended_at", "cleared_at")),
    "version_device_updates": (f"{{r}}.state IN ({TAKES_TIME})", ("created_at", "not_before", "updated_at", "state")),
    "repairs": ("{r}.state IN (1, 2)", ("repair_at", "process_at", "state")),  # processing, handled
}


def _when(table: str, row: str) -> str:
    counts = WATCHED[table][0]
    return "" if counts is None else f"WHEN ({counts.format(r=row)})"


def _changed(table: str, differ: str) -> str:
    """The update's condition: a row that counts (before or after) and a column read changed."""
    counts, columns = WATCHED[table]
    moved = " OR ".join(f"OLD.{column} {differ} NEW.{column}" for column in ("device_id", *columns))
    if counts is None:
        return f"WHEN ({moved})"
    return f"WHEN ((({counts.format(r='OLD')}) OR ({counts.format(r='NEW')})) AND ({moved}))"


def _sqlite_triggers() -> None:
    note = f"INSERT INTO {CHANGES} (device_id, weight)"
    for table in WATCHED:
        op.execute(f"CREATE TRIGGER {CHANGES}_{table}_insert AFTER INSERT ON {table} {_when(table, 'NEW')} "
                   f"BEGIN {note} VALUES (NEW.device_id, 1); END")
        op.execute(f"CREATE TRIGGER {CHANGES}_{table}_delete AFTER DELETE ON {table} {_when(table, 'OLD')} "
                   f"BEGIN {note} VALUES (OLD.device_id, 1); END")
        op.execute(f"CREATE TRIGGER {CHANGES}_{table}_update AFTER UPDATE ON {table} {_changed(table, 'IS NOT')} "
                   f"BEGIN {note} VALUES (NEW.device_id, 1); "
                   f"{note} SELECT OLD.device_id, 1 WHERE OLD.device_id <> NEW.device_id; END")


def _postgres_triggers() -> None:
    op.execute(f"""CREATE FUNCTION {FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF TG_OP <> 'DELETE' THEN INSERT INTO {CHANGES} (device_id, weight) VALUES (NEW.device_id, 1); END IF;
        IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.device_id <> NEW.device_id) THEN
            INSERT INTO {CHANGES} (device_id, weight) VALUES (OLD.device_id, 1);
        END IF;
        RETURN NULL; END $$""")
    for table in WATCHED:
        for event, condition in (("INSERT", _when(table, "NEW")), ("DELETE", _when(table, "OLD")),
                                 ("UPDATE", _changed(table, "IS DISTINCT FROM"))):
            op.execute(f"CREATE TRIGGER {CHANGES}_{table}_{event.lower()} AFTER {event} ON {table} FOR EACH ROW "
                       f"{condition} EXECUTE FUNCTION {FUNCTION}()")


def upgrade() -> None:
    op.create_table(
        "site_availability_days",
        sa.Column("site_id", sa.Integer(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("device_id", sa.Integer(), nullable=False),
        sa.Column("stamp", sa.String(32), nullable=False),
        sa.Column("changes", sa.Integer(), nullable=False),
        *(sa.Column(name, sa.Integer(), nullable=False)
          for name in ("scheduled", "available", "offline", "fault", "waiting", "update", "maintenance")),
        sa.ForeignKeyConstraint(["site_id"], ["sites.id"], name=op.f("fk_site_availability_days_site_id_sites"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("site_id", "day", "device_id", name=op.f("pk_site_availability_days")),
        sqlite_with_rowid=False,
    )
    op.create_table(
        CHANGES,
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("device_id", sa.Integer(), nullable=False),
        sa.Column("weight", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{CHANGES}")),
    )
    op.create_index("ix_site_downtime_changes_device", CHANGES, ["device_id", "weight"])
    # the downtime reads of many robots over a period (sites/availability/history.py)
    op.create_index("ix_site_robot_offline_device_ended", "site_robot_offline", ["device_id", "ended_at", "started_at"])
    op.create_index("ix_incidents_device_ended", "incidents", ["device_id", "ended_at", "opened_at", "cleared_at"])
    faults = sa.text("level = 3 AND type = 'alarm'")
    op.create_index("ix_alarms_device_faults", "alarms", ["device_id", "raised_at", "cleared_at", "resolved_at"],
                    sqlite_where=faults, postgresql_where=faults)
    if op.get_bind().dialect.name == "postgresql":
        _postgres_triggers()
        # the device list's subtree index with the id (index-only on PostgreSQL; SQLite's indexes hold the rowid)
        op.drop_index("ix_devices_owner_scope", table_name="devices")
        op.create_index("ix_devices_owner_scope", "devices", ["owner_path", "type_id", "search_text"],
                        postgresql_include=["id"])
    else:
        _sqlite_triggers()


def downgrade() -> None:
    postgres = op.get_bind().dialect.name == "postgresql"
    if postgres:
        op.drop_index("ix_devices_owner_scope", table_name="devices")
        op.create_index("ix_devices_owner_scope", "devices", ["owner_path", "type_id", "search_text"])
    for table in WATCHED:
        for event in ("insert", "delete", "update"):
            op.execute(f"DROP TRIGGER {CHANGES}_{table}_{event}" + (f" ON {table}" if postgres else ""))
    if postgres:
        op.execute(f"DROP FUNCTION {FUNCTION}()")
    op.drop_index("ix_alarms_device_faults", table_name="alarms")
    op.drop_index("ix_incidents_device_ended", table_name="incidents")
    op.drop_index("ix_site_robot_offline_device_ended", table_name="site_robot_offline")
    op.drop_index("ix_site_downtime_changes_device", table_name=CHANGES)
    op.drop_table(CHANGES)
    op.drop_table("site_availability_days")
