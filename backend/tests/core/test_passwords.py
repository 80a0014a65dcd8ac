"""The unknown account's check (core/passwords.py): its written hash costs what a stored one costs."""

from cleanfleet.core.passwords import _DUMMY, product_hasher, verify_password


def test_the_dummy_hash_has_todays_parameters():
    product = product_hasher()  # the tests' own hashing is cheaper (tests/conftest.py)
    assert not product.check_needs_rehash(_DUMMY)
    assert product.verify(_DUMMY, "timing-equaliser")


def test_an_unknown_account_is_refused():
    assert verify_password(None, "timing-equaliser") is False
