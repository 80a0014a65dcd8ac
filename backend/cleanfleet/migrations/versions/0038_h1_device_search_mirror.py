"""The fleet-wide free text on PostgreSQL (issue 37 item 2): a narrow mirror of ``devices`` (id, search_text) with
its own pg_trgm GIN index, kept in step by triggers as ``devices_fts`` is on SQLite.

pg_trgm's GIN on ``devices.search_text`` (0037) gives candidates that are each rechecked in the wide devices table:
a common word over 100,000 devices reads every one of its 3,271 pages. The mirror's rows are about a fifth as wide,
so the same recheck reads its 667 pages (figures in bench/README.md, "The fleet-wide search"). Statement triggers
with transition tables add and remove the rows of inserts and deletes (a bulk insert of thousands of devices is one
insert into the mirror); a row trigger follows a change of ``search_text`` (or of the id). Back-filled here, then
analysed so the planner knows its patterns at once. SQLite has ``devices_fts`` already: nothing happens there.
Downgrade drops the mirror, its index, triggers and functions.

Revision ID: 0038_h1_device_search_mirror
Revises: 0037_h1_device_search
"""

import sqlalchemy as sa
from alembic import op

revision = "0038_h1_device_search_mirror"
down_revision = "0037_h1_device_search"
branch_labels = None
depends_on = None

MIRROR, MIRROR_INDEX = "device_search", "ix_device_search_trgm"

_FUNCTIONS = {
    "device_search_insert": f"""
        INSERT INTO {MIRROR} (id, search_text) SELECT id, search_text FROM new_devices;
        RETURN NULL;""",
    "device_search_delete": f"""
        DELETE FROM {MIRROR} WHERE id IN (SELECT id FROM old_devices);
        RETURN NULL;""",
    "device_search_change": f"""
        UPDATE {MIRROR} SET id = NEW.id, search_text = NEW.search_text WHERE id = OLD.id;
        RETURN NULL;""",
}
_TRIGGERS = {
    "device_search_insert": "AFTER INSERT ON devices REFERENCING NEW TABLE AS new_devices FOR EACH STATEMENT",
    "device_search_delete": "AFTER DELETE ON devices REFERENCING OLD TABLE AS old_devices FOR EACH STATEMENT",
    # a column list cannot go with transition tables: a row trigger, run only when the text (or the id) changed
    "device_search_change": "AFTER UPDATE OF id, search_text ON devices FOR EACH ROW "
                            "WHEN (OLD.id <> NEW.id OR OLD.search_text IS DISTINCT FROM NEW.search_text)",
}


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.create_table(
        MIRROR,
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("search_text", sa.String(160), nullable=False),
        sa.PrimaryKeyConstraint("id", name=f"pk_{MIRROR}"),
    )
    # writers wait from here to the commit: none is missed between the back-fill and the triggers
    op.execute("LOCK TABLE devices IN SHARE ROW EXCLUSIVE MODE")
    for name, body in _FUNCTIONS.items():
        op.execute(f"CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN {body} END $$")
        op.execute(f"CREATE TRIGGER {name} {_TRIGGERS[name]} EXECUTE FUNCTION {name}()")
    op.execute(f"INSERT INTO {MIRROR} (id, search_text) SELECT id, search_text FROM devices")
    # the operator class named with the schema pg_trgm lives in (0037 created the extension)
    schema = op.get_bind().scalar(sa.text(
        "SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm'"))
    op.execute(f"CREATE INDEX {MIRROR_INDEX} ON {MIRROR} USING gin (search_text {schema}.gin_trgm_ops)")
    op.execute(f"ANALYZE {MIRROR}")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for name in _FUNCTIONS:
        op.execute(f"DROP TRIGGER {name} ON devices")
        op.execute(f"DROP FUNCTION {name}()")
    op.drop_table(MIRROR)  # and its index
