"""human_size reads as the console's formatBytes (web/src/lib/format.ts), so a message and a table agree."""

import pytest

from cleanfleet.core.sizes import human_size


@pytest.mark.parametrize(("size", "text"), [
    (0, "0 B"), (512, "512 B"), (1023, "1023 B"), (1024, "1.0 KB"), (81587, "79.7 KB"),
    (1280, "1.3 KB"),  # an exact half rounds up, as toFixed(1) does (Python's round would say 1.2)
    (12 * 1024**2, "12.0 MB"), (int(1.25 * 1024**3), "1.3 GB"), (3 * 1024**5, "3072.0 TB"),
])
def test_sizes_read_as_the_console_writes_them(size, text):
    assert human_size(size) == text
