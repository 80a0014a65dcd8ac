"""A file size as people read it, the same text as the console's ``formatBytes`` (web/src/lib/format.ts).

A message the server writes (a backup that finished) and the table the console draws show one size the same way
(issue 30: the message said "81587 bytes" where the table said "79.7 KB"): binary units, one decimal, halves
rounded up as JavaScript's ``toFixed`` rounds them.
"""

from decimal import ROUND_HALF_UP, Decimal

UNITS = ("KB", "MB", "GB", "TB")


def human_size(size: int) -> str:
    """512 → "512 B", 81587 → "79.7 KB", 1280 → "1.3 KB", 5 * 1024**3 → "5.0 GB"."""
    if size < 1024:
        return f"{size} B"
    value = size / 1024
    unit = 0
    while value >= 1024 and unit < len(UNITS) - 1:
        value /= 1024
        unit += 1
    # Decimal(float) is the float's exact value, so a half rounds up exactly where toFixed(1) rounds it up
    return f"{Decimal(value).quantize(Decimal('0.1'), rounding=ROUND_HALF_UP)} {UNITS[unit]}"
