"""Issue 52 item 4: the whole fleet's free-text count on PostgreSQL, kept while the search mirror does not change.

``device_search_version`` is one row, its ``version`` raised once by every transaction that changed the mirror
``device_search`` (0038), by a trigger deferred to the transaction's commit. The device list remembers, per pattern,
the count it made and the version it read in the same statement; it counts again only when the version it reads is
another (devices/listing.py ``_mirror_statement``). Counting 10,000 trigram matches over the mirror's 667 pages was
3.4 ms of the database's CPU a call, every page and every refresh of the same search. Deferred to the commit, and
raised once a transaction (a setting local to it marks it done), the row is held from the commit's triggers to the
commit itself: writers of devices' text (imports and edits; the robots' heartbeats never touch it) do not wait for
one another through their transactions, and it is the last lock they take, so no deadlock runs through it.
SQLite counts through ``devices_fts``: nothing happens there.

Downgrade drops the trigger, its function and the table.

Revision ID: 0064_s7_search_version
Revises: 0063_s6_speed
"""

import sqlalchemy as sa
from alembic import op

revision = "0064_s7_search_version"
down_revision = "0063_s6_speed"
branch_labels = None
depends_on = None

MIRROR, VERSION = "device_search", "device_search_version"
FUNCTION = "device_search_changed"
MARK = "cleanfleet.search_version_raised"  # set for the rest of a transaction once it raised the version


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.create_table(
        VERSION,
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("version", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=f"pk_{VERSION}"),
        sa.CheckConstraint("id = 1", name=f"ck_{VERSION}_one_row"),
    )
    # from the clock's microseconds: a database made again never meets a version a server remembers from before
    op.execute(f"INSERT INTO {VERSION} (id, version) "
               "VALUES (1, (extract(epoch FROM clock_timestamp()) * 1000000)::bigint)")
    op.execute(f"""CREATE FUNCTION {FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF current_setting('{MARK}', true) IS DISTINCT FROM 'raised' THEN
            UPDATE {VERSION} SET version = version + 1 WHERE id = 1;
            PERFORM set_config('{MARK}', 'raised', true);
        END IF;
        RETURN NULL; END $$""")
    op.execute(f"CREATE CONSTRAINT TRIGGER {FUNCTION} AFTER INSERT OR UPDATE OR DELETE ON {MIRROR} "
               f"DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION {FUNCTION}()")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(f"DROP TRIGGER {FUNCTION} ON {MIRROR}")
    op.execute(f"DROP FUNCTION {FUNCTION}()")
    op.drop_table(VERSION)
