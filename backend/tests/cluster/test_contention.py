"""The gateway writes a batch again when PostgreSQL rolled it back for a deadlock with another worker's batch
(gateway/ingest.py ``contended``), and only then: any other refusal goes to the search for the bad message."""

from cleanfleet.gateway.ingest import contended


class DriverError(Exception):
    def __init__(self, sqlstate: str) -> None:
        super().__init__(sqlstate)
        self.sqlstate = sqlstate


def wrapped(cause: BaseException) -> Exception:
    try:
        try:
            raise cause
        except Exception as inner:
            raise RuntimeError("the ORM's wrapper") from inner
    except RuntimeError as outer:
        return outer


def test_a_deadlock_or_serialization_failure_anywhere_in_the_chain_is_contention():
    assert contended(wrapped(DriverError("40P01")))
    assert contended(wrapped(DriverError("40001")))
    assert contended(DriverError("40P01"))


def test_other_refusals_are_not():
    assert not contended(wrapped(DriverError("23505")))  # a unique violation: retrying would not help
    assert not contended(ValueError("bad row"))
