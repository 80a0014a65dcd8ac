"""The signed-in dealer these tests share with tests/files."""

from tests.files.conftest import dealer  # noqa: F401
