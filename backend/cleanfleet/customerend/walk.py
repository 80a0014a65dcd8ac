"""What of the database belongs to a customer, found by walking the models (``Base.metadata``), not by a hand
list of tables: a table added tomorrow is covered by the same rules (issue 51 item 8, docs/domains/customerend.md).

A row belongs to the customer (the user node at ``path``) when

- one of its tree-path columns (``TreePath``: owner_path, user_path, the users' own path) lies in the subtree;
- one of its *owning* foreign keys (ON DELETE CASCADE or NO ACTION: the row cannot outlive what it points at)
  points at a row that belongs: a user of the subtree, a robot of it, a map of such a robot, and so down;
- one of the few id columns kept without a foreign key (``LOOSE``) points at a row that belongs, or an outbox
  send's row (``outbox_sends.ref_id``, per the sender's table) does.

A foreign key with ON DELETE SET NULL is a *mention* ("resolved by", "created by"): the database clears it when
what it names goes, and the row stays (a dealer's repair record keeps the repair, not who typed it). Every integer
column named like a reference (``*_id``, ``*_by``) is a foreign key, a ``LOOSE`` link or an ``UNLINKED`` column with
its reason: tests/customerend/test_walk.py fails on one that is none of them, so a new table decides here.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Column, ColumnElement, Integer, Table, and_, false, or_, select
from sqlalchemy.sql.elements import False_

from cleanfleet.core.db import Base
from cleanfleet.core.outbox import SENDERS
from cleanfleet.core.scope import path_prefix

USERS, DEVICES, FILES, JOBS, AUDIT = "users", "devices", "stored_files", "data_jobs", "audit_records"

# id columns kept without a foreign key that name a row: (table, column) -> the table they point at
LOOSE: dict[tuple[str, str], str] = {
    ("operation_logs", "user_id"): USERS,
    ("operation_logs", "token_id"): "tokens",
    ("device_subtree_counts", "user_id"): USERS,  # the triggers' per-user device count
    ("sign_in_events", "by_user_id"): USERS,
    ("data_jobs", "subject_id"): USERS,  # a person's export or erasure (the customer's own end is kept: KEPT_ROWS)
    ("data_jobs", "requested_by"): USERS,
    ("audit_personal", "subject_id"): USERS,  # a person's values an audit row names (their clear values go)
    ("incident_months", "site_id"): "sites",
    ("site_coverage_days", "site_id"): "sites",
    ("wear_forecasts", "site_id"): "sites",
    ("site_availability_days", "device_id"): DEVICES,  # a robot's kept site days (sites/availability/kept.py)
    ("site_downtime_changes", "device_id"): DEVICES,  # what the triggers count of a robot's downtime records
    ("site_figure_changes", "site_id"): "sites",  # what the triggers count of a site's own records
}
# "who set it" ids kept without a foreign key, on records that are not the customer's: cleared (as ON DELETE SET
# NULL would) when they name one of its people
MENTIONS: tuple[tuple[str, str], ...] = (("factor_policies", "updated_by"), ("retention_settings", "updated_by"))
# integer columns named like a reference that name no row of ours (or are handled apart), and why
UNLINKED: dict[tuple[str, str], str] = {
    ("audit_records", "actor_id"): "the audit trail keeps its rows, pseudonymised (KEPT_TABLES)",
    ("audit_records", "acting_id"): "the audit trail keeps its rows, pseudonymised (KEPT_TABLES)",
    ("outbox_sends", "ref_id"): "a send's row in its sender's table (outbox.SENDERS[kind].table): walked apart",
    ("devices", "elevator_id"): "a robot's elevator: cleared when the robot is handed over, gone with it otherwise",
    ("elevators", "group_id"): "the elevator vendor's group number",
    ("device_hard_changes", "batch_id"): "a production batch (the maker's)",
    ("version_softs", "type_id"): "a robot type number",
}
# foreign keys with ON DELETE SET NULL whose row is about the person named, not merely by them: the row goes
SUBJECT_MENTIONS = frozenset({("sign_in_events", "user_id")})
# columns naming a stored file without a foreign key: the file goes with the row
FILE_NAMES: tuple[tuple[str, str], ...] = (("data_jobs", "file_id"),)
# tables database triggers write to while other tables' rows go (migration 0063: a robot's downtime records counted
# in site_downtime_changes): removed after every other table, so no row comes back behind the walk
LAST_TABLES = ("site_downtime_changes",)
# tables whose rows stay when they mention the customer: the audit trail (a chain per tenant shared with the dealer;
# its personal fields are erased instead) and the data jobs' customer_end rows (the receipt outlives the customer)
KEPT_TABLES = frozenset({AUDIT})
# tree-path columns that say who last set something on a record that is not the customer's: cleared, not followed
CLEARED_PATHS = frozenset({("version_softs", "range_owner_path")})
# JSON lists of robot ids on records that are not the customer's: a removed robot's id is taken out
ID_LISTS: tuple[tuple[str, str], ...] = (
    ("version_softs", "white_list"), ("version_softs", "black_list"), ("version_softs", "test_devices"),
    ("version_soft_ranges", "white_list"), ("version_soft_ranges", "black_list"),
    ("version_soft_ranges", "test_devices"))
# a robot handed over to the dealer keeps these records of its own (the machine's, not the customer's use of it);
# every other record hanging off a robot is the customer's history and goes (docs/domains/customerend.md)
ROBOT_OWN = frozenset({
    DEVICES, "device_states", "device_hards", "device_hard_changes", "consumables", "maintenance_reminders",
    "repairs", "robot_certificates", "version_device_updates", "robot_health", "wear_notices", "wear_forecasts",
    "site_availability_days", "site_downtime_changes",
})


def tables() -> dict[str, Table]:
    return dict(Base.metadata.tables)


def is_tree_path(column: object) -> bool:
    """A ``core.db.TreePath`` column: a string compared byte-wise on PostgreSQL (collation "C")."""
    variant = getattr(getattr(column, "type", None), "_variant_mapping", {}).get("postgresql")
    return getattr(variant, "collation", None) == "C"


def path_columns(table: Table) -> list[str]:
    return [c.name for c in table.columns if is_tree_path(c) and (table.name, c.name) not in CLEARED_PATHS]


def owning_keys(table: Table) -> list[tuple[str, str, str]]:
    """(column, parent table, parent column) of each foreign key the row cannot outlive (not ON DELETE SET NULL)."""
    found = []
    for column in table.columns:
        for key in column.foreign_keys:
            if (key.ondelete or "").upper() != "SET NULL" or (table.name, column.name) in SUBJECT_MENTIONS:
                found.append((column.name, key.column.table.name, key.column.name))
    return found


def reference_columns(table: Table) -> list[str]:
    """Integer columns named like a reference to another row (what test_walk.py asks every table to decide)."""
    single_key = [c.name for c in table.primary_key.columns] if len(table.primary_key.columns) == 1 else []
    return [c.name for c in table.columns if isinstance(c.type, Integer) and c.name not in single_key
            and (c.name.endswith("_id") or c.name.endswith("_by"))]


@dataclass(frozen=True)
class Customer:
    """The customer's node and what the walk leaves out: with ``keep_robots`` the robots' rows and their own
    records (``ROBOT_OWN``) are not the customer's (the robots are being handed to the dealer)."""

    path: str
    keep_robots: bool = False


class Walk:
    """The belonging condition of every table for one customer (built once per run, each condition once)."""

    def __init__(self, customer: Customer) -> None:
        self.customer = customer
        self.tables = tables()
        self._built: dict[str, ColumnElement[bool]] = {}

    def own_path(self, table: Table) -> ColumnElement[bool]:
        found = [path_prefix(table.c[name], self.customer.path) for name in path_columns(table)]
        return or_(*found) if found else false()

    def belongs(self, name: str) -> ColumnElement[bool]:
        """The rows of table ``name`` that are the customer's (as anchors: robots included even when kept)."""
        if name not in self._built:
            self._built[name] = false()  # a cycle through owning keys ends here
            self._built[name] = self._condition(self.tables[name])
        return self._built[name]

    def _condition(self, table: Table) -> ColumnElement[bool]:
        found = [self.own_path(table)]
        for column, parent, parent_column in owning_keys(table):
            target = self.tables[parent]
            anchor = self.own_path(target) if parent == table.name else self.belongs(parent)
            found.append(table.c[column].in_(select(target.c[parent_column]).where(anchor)))
        for (name, column), parent in LOOSE.items():
            if name == table.name:
                target = self.tables[parent]
                found.append(table.c[column].in_(select(_key(target)).where(self.belongs(parent))))
        if table.name == "outbox_sends":
            found += self._sends(table)
        if table.name == FILES:
            found += self._named_files(table)
        return or_(*found)

    def _named_files(self, table: Table) -> list[ColumnElement[bool]]:
        """Stored files named by a removed row (a robot's log, a backup, a job's result), whoever uploaded them."""
        found: list[ColumnElement[bool]] = []
        for other in Base.metadata.sorted_tables:
            for column in other.columns:
                named = any(key.column.table.name == FILES for key in column.foreign_keys)
                if (named or (other.name, column.name) in FILE_NAMES) and other.name not in KEPT_TABLES:
                    found.append(table.c.id.in_(select(column).where(self.removable(other.name))))
        return found

    def _sends(self, table: Table) -> list[ColumnElement[bool]]:
        found: list[ColumnElement[bool]] = []
        for kind, sender in sorted(SENDERS.items()):
            if sender.table and sender.table in self.tables:
                target = self.tables[sender.table]
                found.append(and_(table.c.kind == kind,
                                  table.c.ref_id.in_(select(_key(target)).where(self.belongs(sender.table)))))
        return found

    def removable(self, name: str) -> ColumnElement[bool]:
        """The rows of ``name`` the end removes: what belongs, less the kept rows (the customer's own end job)."""
        condition = self.belongs(name)
        if name == JOBS:
            condition = and_(condition, self.tables[name].c.kind != "customer_end")
        return condition

    def touches(self, name: str) -> bool:
        """Whether any row of ``name`` can be the customer's (a table with no link to it is never asked)."""
        return not isinstance(self.removable(name), False_)

    def order(self) -> list[str]:
        """Every table the end removes rows from, each before what it points at (foreign keys, ``LOOSE`` links,
        outbox sends), so a row is removed while what makes it the customer's is still there."""
        parents: dict[str, set[str]] = {name: set() for name in self.tables}
        for table in self.tables.values():
            parents[table.name] |= {parent for _, parent, _ in owning_keys(table) if parent != table.name}
        for (name, _), parent in LOOSE.items():
            parents[name].add(parent)
        parents["outbox_sends"] |= {s.table for s in SENDERS.values() if s.table and s.table in self.tables}
        done: list[str] = []

        def visit(name: str, trail: frozenset[str]) -> None:
            if name in done or name in trail:
                return
            for parent in sorted(parents[name]):
                visit(parent, trail | {name})
            done.append(name)

        for name in sorted(self.tables):
            visit(name, frozenset())
        ordered = [name for name in reversed(done) if name not in LAST_TABLES] + [*LAST_TABLES]
        return [name for name in ordered if name not in KEPT_TABLES and self.touches(name)]

    def kept_with_robots(self, name: str) -> bool:
        return self.customer.keep_robots and name in ROBOT_OWN


def _key(table: Table) -> Column[Any]:
    (column,) = table.primary_key.columns
    return column


def unknown_references(names: Iterable[str] | None = None) -> list[str]:
    """Reference-like columns that are neither a foreign key, nor ``LOOSE``, nor ``UNLINKED`` (test_walk.py)."""
    found = []
    for table in Base.metadata.sorted_tables:
        if names is not None and table.name not in names:
            continue
        keyed = {c.name for c in table.columns if c.foreign_keys}
        for column in reference_columns(table):
            pair = (table.name, column)
            if column not in keyed and not (pair in LOOSE or pair in UNLINKED or pair in MENTIONS):
                found.append(f"{table.name}.{column}")
    return found
