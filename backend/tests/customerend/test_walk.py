"""The walk decides for every table: a table added tomorrow either links to a user, a robot or a tree path (and is
then covered by the end without a change), or says why not."""

from sqlalchemy import Column, ForeignKey, Integer, MetaData, String, Table

from cleanfleet.core.db import Base, TreePath
from cleanfleet.customerend.walk import Customer, Walk, is_tree_path, unknown_references


def test_every_reference_like_column_is_decided():
    assert unknown_references() == [], "a foreign key, walk.LOOSE, walk.MENTIONS or walk.UNLINKED must name it"


def test_a_new_table_with_an_unlinked_user_id_fails_the_check():
    Table("not_decided_yet", Base.metadata, Column("id", Integer, primary_key=True), Column("user_id", Integer))
    try:
        assert unknown_references(["not_decided_yet"]) == ["not_decided_yet.user_id"]
    finally:
        Base.metadata.remove(Base.metadata.tables["not_decided_yet"])


def test_a_new_table_hanging_off_a_robot_is_walked_without_a_change():
    table = Table("robot_notes_test", Base.metadata, Column("id", Integer, primary_key=True),
                  Column("device_id", ForeignKey("devices.id", ondelete="CASCADE")), Column("note", String(20)))
    try:
        walk = Walk(Customer("/1/7/42/"))
        assert "robot_notes_test" in walk.order()
        assert walk.order().index("robot_notes_test") < walk.order().index("devices") < walk.order().index("users")
        assert "devices" in str(walk.removable("robot_notes_test").compile())
    finally:
        Base.metadata.remove(table)


def test_tree_paths_are_told_apart_from_plain_strings():
    meta = MetaData()
    table = Table("t", meta, Column("path", TreePath()), Column("name", String(255)))
    assert is_tree_path(table.c.path) and not is_tree_path(table.c.name)
