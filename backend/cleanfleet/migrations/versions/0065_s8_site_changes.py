"""Issue 52 item 2: a site's month remembered between calls (sites/availability/month.py) needs to know cheaply that
nothing it is computed from changed.

- ``site_figure_changes``: one row (``weight`` 1) per change of a site's own records that its availability figures
  read: its time zone, its floors, the floors' map ties, the robots' stays, the plan items, the windows cleaned by
  hand, its incidents (opened, urgency, times to acknowledge and resolve) and its runs (a kept plan-against-actual
  day's ``version`` raised by ``actual_days.runs_changed``). Written by triggers on those tables on insert, delete
  and on an update of a column the figures read, so no writer (nor a hand edit, a purge, a cascade) can forget
  them. Inserts only, as ``site_downtime_changes`` (0063): writers never wait for one another on it. A robot's
  downtime records stay counted per robot there.

Downgrade drops the triggers, their functions and the table.

Revision ID: 0065_s8_site_changes
Revises: 0064_s7_search_version
"""

import sqlalchemy as sa
from alembic import op

revision = "0065_s8_site_changes"
down_revision = "0064_s7_search_version"
branch_labels = None
depends_on = None

CHANGES = "site_figure_changes"
EVENTS = ("insert", "delete", "update")
# table → (its site with {r} for NEW or OLD, which rows count on insert (None: all), the columns read on update
# (None: any), its events)
WATCHED: dict[str, tuple[str, str | None, tuple[str, ...] | None, tuple[str, ...]]] = {
    "sites": ("{r}.id", None, ("time_zone",), ("update",)),
    "site_floors": ("{r}.site_id", None, ("site_id",), EVENTS),
    "site_floor_maps": ("(SELECT site_id FROM site_floors WHERE id = {r}.floor_id)", None,
                        ("floor_id", "device_id", "map_name"), EVENTS),
    "site_robots": ("{r}.site_id", None, ("site_id", "device_id", "started_at", "ended_at"), EVENTS),
    "site_plan_items": ("{r}.site_id", None, None, EVENTS),
    "site_plan_by_hand": ("{r}.site_id", None, None, EVENTS),
    "incidents": ("{r}.site_id", None, ("site_id", "urgency", "opened_at", "ack_seconds", "resolve_seconds"), EVENTS),
    "site_actual_days": ("{r}.site_id", "{r}.version > 0", ("version",), EVENTS),
}


def _site(table: str, row: str) -> str:
    return WATCHED[table][0].format(r=row)


def _condition(table: str, event: str, differ: str) -> str:
    _, counts, columns, _ = WATCHED[table]
    if event == "insert" and counts is not None:
        return f"WHEN ({counts.format(r='NEW')})"
    if event == "update" and columns is not None:
        return "WHEN (" + " OR ".join(f"OLD.{column} {differ} NEW.{column}" for column in columns) + ")"
    return ""


def _sqlite_triggers() -> None:
    note = f"INSERT INTO {CHANGES} (site_id, weight)"
    for table, (_, _, _, events) in WATCHED.items():
        new, old = _site(table, "NEW"), _site(table, "OLD")
        body = {"insert": f"{note} SELECT {new}, 1 WHERE {new} IS NOT NULL;",
                "delete": f"{note} SELECT {old}, 1 WHERE {old} IS NOT NULL;",
                "update": f"{note} SELECT {new}, 1 WHERE {new} IS NOT NULL; "
                          f"{note} SELECT {old}, 1 WHERE {old} IS NOT NULL AND {old} IS NOT {new};"}
        for event in events:
            op.execute(f"CREATE TRIGGER {CHANGES}_{table}_{event} AFTER {event.upper()} ON {table} "
                       f"{_condition(table, event, 'IS NOT')} BEGIN {body[event]} END")


def _postgres_triggers() -> None:
    note = f"INSERT INTO {CHANGES} (site_id, weight)"
    for table, (_, _, _, events) in WATCHED.items():
        op.execute(f"""CREATE FUNCTION {CHANGES}_{table}() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE now_site integer; was_site integer; BEGIN
            IF TG_OP <> 'DELETE' THEN now_site := {_site(table, 'NEW')}; END IF;
            IF TG_OP <> 'INSERT' THEN was_site := {_site(table, 'OLD')}; END IF;
            IF now_site IS NOT NULL THEN {note} VALUES (now_site, 1); END IF;
            IF was_site IS NOT NULL AND was_site IS DISTINCT FROM now_site THEN {note} VALUES (was_site, 1); END IF;
            RETURN NULL; END $$""")
        for event in events:
            op.execute(f"CREATE TRIGGER {CHANGES}_{table}_{event} AFTER {event.upper()} ON {table} FOR EACH ROW "
                       f"{_condition(table, event, 'IS DISTINCT FROM')} EXECUTE FUNCTION {CHANGES}_{table}()")


def upgrade() -> None:
    op.create_table(
        CHANGES,
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("site_id", sa.Integer(), nullable=False),
        sa.Column("weight", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{CHANGES}")),
    )
    op.create_index("ix_site_figure_changes_site", CHANGES, ["site_id", "weight"])
    if op.get_bind().dialect.name == "postgresql":
        _postgres_triggers()
    else:
        _sqlite_triggers()


def downgrade() -> None:
    postgres = op.get_bind().dialect.name == "postgresql"
    for table, (_, _, _, events) in WATCHED.items():
        for event in events:
            op.execute(f"DROP TRIGGER {CHANGES}_{table}_{event}" + (f" ON {table}" if postgres else ""))
        if postgres:
            op.execute(f"DROP FUNCTION {CHANGES}_{table}()")
    op.drop_index("ix_site_figure_changes_site", table_name=CHANGES)
    op.drop_table(CHANGES)
