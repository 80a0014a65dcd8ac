"""The device list over a whole fleet (issue 37 item 2): devices per subtree, kept by triggers, and a substring
index on ``devices.search_text`` (SQLite: an FTS5 trigram table over the devices table; PostgreSQL: pg_trgm's GIN).

``device_subtree_counts`` holds, for every user id on a device's ``owner_path`` (and 0, the whole fleet), how many
devices lie in that subtree (on PostgreSQL through ``device_count_changes``, folded in at commit). Database
triggers keep it and the FTS table in step with every write to ``devices``,
Core bulk statements included (owner_paths_moved, seeds, imports). A later SQLite migration that rebuilds
``devices`` (batch "move and copy") drops its triggers: it must create them again (``create_sqlite_triggers``).
Downgrade drops all of it.

Revision ID: 0037_h1_device_search
Revises: 0036_h1_health
"""

import sqlalchemy as sa
from alembic import op

revision = "0037_h1_device_search"
down_revision = "0036_h1_health"
branch_labels = None
depends_on = None

# a path '/1/7/42/' as the ids 0 (the fleet), 1, 7 and 42
_SQLITE_IDS = "json_each('[0,' || replace(trim({row}.owner_path, '/'), '/', ',') || ']')"
_SQLITE_ADD = ("INSERT INTO device_subtree_counts (user_id, devices) SELECT value, 1 FROM " + _SQLITE_IDS.format(row="NEW")
               + " WHERE true ON CONFLICT (user_id) DO UPDATE SET devices = devices + 1;")
_SQLITE_REMOVE = ("UPDATE device_subtree_counts SET devices = devices - 1 WHERE user_id IN (SELECT value FROM "
                  + _SQLITE_IDS.format(row="OLD") + ");")
_FTS_ADD = "INSERT INTO devices_fts (rowid, search_text) VALUES (NEW.id, NEW.search_text);"
_FTS_REMOVE = ("INSERT INTO devices_fts (devices_fts, rowid, search_text) "
               "VALUES ('delete', OLD.id, OLD.search_text);")
SQLITE_TRIGGERS = {
    "devices_counted_insert": f"AFTER INSERT ON devices BEGIN {_SQLITE_ADD} {_FTS_ADD} END",
    "devices_counted_delete": f"AFTER DELETE ON devices BEGIN {_SQLITE_REMOVE} {_FTS_REMOVE} END",
    "devices_counted_move": "AFTER UPDATE OF owner_path ON devices WHEN OLD.owner_path <> NEW.owner_path "
                            f"BEGIN {_SQLITE_REMOVE} {_SQLITE_ADD} END",
    "devices_search_text": "AFTER UPDATE OF search_text ON devices WHEN OLD.search_text <> NEW.search_text "
                           f"BEGIN {_FTS_REMOVE} {_FTS_ADD} END",
}

_PG_IDS = "('{{0,' || replace(trim(both '/' from {row}.owner_path), '/', ',') || '}}')::int[]"
# PostgreSQL: a row updated many times in one transaction leaves a chain of versions each update walks (10,000
# inserts for one owner took 14 s), so each row's change is appended to device_count_changes and the changes are
# folded into the counts once, when the transaction commits (a deferred trigger; a setting of the transaction
# says whether the changes since the last fold are folded). The fold takes the rows' locks in user id order: two
# transactions committing device changes under the same owners wait for each other, never deadlock.
_PG_FUNCTIONS = (f"""
CREATE OR REPLACE FUNCTION devices_note_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO device_count_changes (user_id, change) SELECT unnest({_PG_IDS.format(row="OLD")}), -1;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO device_count_changes (user_id, change) SELECT unnest({_PG_IDS.format(row="NEW")}), 1;
  END IF;
  PERFORM set_config('cleanfleet.device_counts_folded', 'no', true);
  RETURN NULL;
END $$
""", """
CREATE OR REPLACE FUNCTION devices_fold_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('cleanfleet.device_counts_folded', true) = 'yes' THEN
    RETURN NULL;
  END IF;
  WITH folded AS (DELETE FROM device_count_changes RETURNING user_id, change)
  INSERT INTO device_subtree_counts (user_id, devices)
    SELECT user_id, sum(change) FROM folded GROUP BY user_id ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET devices = device_subtree_counts.devices + excluded.devices;
  PERFORM set_config('cleanfleet.device_counts_folded', 'yes', true);
  RETURN NULL;
END $$
""")
_PG_MOVED = "WHEN (OLD.owner_path IS DISTINCT FROM NEW.owner_path)"
PG_TRIGGERS = {
    "devices_counted_insert": "AFTER INSERT ON devices FOR EACH ROW EXECUTE FUNCTION devices_note_count_change()",
    "devices_counted_delete": "AFTER DELETE ON devices FOR EACH ROW EXECUTE FUNCTION devices_note_count_change()",
    "devices_counted_move": f"AFTER UPDATE OF owner_path ON devices FOR EACH ROW {_PG_MOVED} "
                            "EXECUTE FUNCTION devices_note_count_change()",
    "devices_counts_folded": "AFTER INSERT OR DELETE OR UPDATE OF owner_path ON devices DEFERRABLE INITIALLY DEFERRED "
                             "FOR EACH ROW EXECUTE FUNCTION devices_fold_count_changes()",
}


def create_sqlite_triggers() -> None:
    for name, body in SQLITE_TRIGGERS.items():
        op.execute(f"CREATE TRIGGER {name} {body}")


def _create_pg_triggers() -> None:
    op.create_table(
        "device_count_changes",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("change", sa.Integer(), nullable=False),
    )
    for function in _PG_FUNCTIONS:
        op.execute(function)
    for name, when in PG_TRIGGERS.items():
        constraint = " CONSTRAINT" if "DEFERRABLE" in when else ""
        op.execute(f"CREATE{constraint} TRIGGER {name} {when}")


def _pg_trigram_index() -> None:
    """pg_trgm's GIN on search_text; its operator class named with the schema the extension lives in (it may
    be another schema than the one being migrated)."""
    op.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    schema = op.get_bind().scalar(sa.text(
        "SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm'"))
    op.execute(f"CREATE INDEX ix_devices_search_trgm ON devices USING gin (search_text {schema}.gin_trgm_ops)")


def _fill_counts(postgres: bool) -> None:
    each_id = (f"SELECT unnest({_PG_IDS.format(row='devices')}) AS user_id FROM devices" if postgres else
               f"SELECT ids.value AS user_id FROM devices, {_SQLITE_IDS.format(row='devices')} AS ids")
    op.execute("INSERT INTO device_subtree_counts (user_id, devices) "
               f"SELECT user_id, count(*) FROM ({each_id}) AS each_id GROUP BY user_id")


def upgrade() -> None:
    op.create_table(
        "device_subtree_counts",
        sa.Column("user_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("devices", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_device_subtree_counts")),
    )
    postgres = op.get_bind().dialect.name == "postgresql"
    _fill_counts(postgres)
    if postgres:
        _create_pg_triggers()
        _pg_trigram_index()
        return
    op.execute("CREATE VIRTUAL TABLE devices_fts USING fts5(search_text, content='devices', content_rowid='id', "
               "tokenize='trigram case_sensitive 1')")
    op.execute("INSERT INTO devices_fts (devices_fts) VALUES ('rebuild')")
    create_sqlite_triggers()


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP INDEX ix_devices_search_trgm")
        for name in PG_TRIGGERS:
            op.execute(f"DROP TRIGGER {name} ON devices")
        op.execute("DROP FUNCTION devices_fold_count_changes()")
        op.execute("DROP FUNCTION devices_note_count_change()")
        op.drop_table("device_count_changes")
    else:
        for name in SQLITE_TRIGGERS:
            op.execute(f"DROP TRIGGER {name}")
        op.execute("DROP TABLE devices_fts")
    op.drop_table("device_subtree_counts")
