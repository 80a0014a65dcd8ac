"""The versions tests' fleet (a software-development dealer, its customer's four simulated robots on FW-3.4.1, a
robot link that records every command) serves the advisory tests too."""

from tests.versions.conftest import fleet  # noqa: F401  - the fixture
