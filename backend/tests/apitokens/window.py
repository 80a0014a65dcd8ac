"""The token limit's fixed windows, as tests that count calls in one of them see them."""

import asyncio
import time

from cleanfleet.apitokens.gate import WINDOW


async def clear_of_the_window_end() -> None:
    """The limit counts calls in fixed windows of a minute: two calls on either side of a window's end are counted
    apart. A test that needs its calls in one window starts them in a window with at least 5 s left."""
    left = WINDOW - time.time() % WINDOW
    if left < 5:
        await asyncio.sleep(left + 0.05)
