"""WCAG 2.x contrast of the console's text on a brand's colours (the console computes the same while one types:
web/src/lib/contrast.ts).

- The **primary colour** carries white text (antd's primary buttons, the selected menu item) and is itself the
  colour of text on white (links, active tabs): both are its contrast with white.
- The **header colour** (the header bar, the sign-in page's backdrop) carries white text or the console's dark text,
  whichever contrasts more (``header_ink``); that one must reach the ratio.
"""

import re

MIN_RATIO = 4.5  # WCAG 2.x AA for normal text
LIGHT_INK = "#ffffff"
DARK_INK = "#1f1f1f"  # the console's text colour (antd's 88 % black on white)
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float:
    """Relative luminance of ``#rrggbb`` (WCAG 2.x)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def ratio(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def header_ink(background: str) -> str:
    """The text colour the console puts on ``background``: white or dark, whichever contrasts more."""
    return LIGHT_INK if ratio(background, LIGHT_INK) >= ratio(background, DARK_INK) else DARK_INK


def primary_ratio(colour: str) -> float:
    return ratio(colour, LIGHT_INK)


def header_ratio(colour: str) -> float:
    return ratio(colour, header_ink(colour))


def shown(value: float) -> str:
    """A ratio as a refusal shows it: two decimals, rounded down (4.499 is "4.49", never "4.50")."""
    return f"{int(value * 100) / 100:.2f}"
