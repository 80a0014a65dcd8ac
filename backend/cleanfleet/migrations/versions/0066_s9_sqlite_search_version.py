"""Issue 52 item 4: the whole fleet's free-text count on SQLite, kept while no device's text changes, as on PostgreSQL.

``device_search_version`` (0064 made it on PostgreSQL) gets its one row on SQLite too, ``version`` raised by
triggers whenever ``devices_fts`` changes: a device added or deleted, or its ``search_text`` changed (the same
condition as the FTS triggers of 0037). The device list remembers, per pattern, the count it made and the version it
read in the same statement, and counts again only when the version it reads is another (devices/listing.py
``_indexed_text_statement``). Counting the admin's 10,000 matches of 'lobby' in ``devices_fts`` was 1.75 ms of the
statement's 2.29 (bench/history/api.md). SQLite has one writer at a time: the row makes no writer wait longer than its
own transaction already does. The robots' heartbeats never touch a device's text.

Downgrade drops the triggers and the table.

Revision ID: 0066_s9_sqlite_search_version
Revises: 0065_s8_site_changes
"""

import sqlalchemy as sa
from alembic import op

revision = "0066_s9_sqlite_search_version"
down_revision = "0065_s8_site_changes"
branch_labels = None
depends_on = None

VERSION = "device_search_version"
_RAISE = f"BEGIN UPDATE {VERSION} SET version = version + 1 WHERE id = 1; END"
TRIGGERS = {
    "devices_search_version_insert": f"AFTER INSERT ON devices {_RAISE}",
    "devices_search_version_delete": f"AFTER DELETE ON devices {_RAISE}",
    "devices_search_version_text": "AFTER UPDATE OF search_text ON devices "
                                   f"WHEN OLD.search_text <> NEW.search_text {_RAISE}",
}


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
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
               "VALUES (1, CAST((julianday('now') - 2440587.5) * 86400000000 AS INTEGER))")
    for name, body in TRIGGERS.items():
        op.execute(f"CREATE TRIGGER {name} {body}")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        return
    for name in TRIGGERS:
        op.execute(f"DROP TRIGGER {name}")
    op.drop_table(VERSION)
