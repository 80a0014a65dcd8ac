"""The firmware tests' simulated fleet (a software-development dealer, its customer's four robots that really
update, another branch's dealer) serves the whole-machine version tests too."""

from tests.versions.conftest import fleet  # noqa: F401  - the fixture
