"""A floor layer's heat map as a picture for the site report (numpy and Pillow; blocking: run in a thread).

The layer is ``heatmap.floor_layers``' answer: ``counts`` (base64 of zlib of 16-bit little-endian times cleaned
per cell, row 0 at the map's origin, the south) and ``neverReached`` (a bitset, first cell in the lowest bit).
The server keeps no map picture (the console reads it from the robot), so the heat is drawn alone on a light
background, north up: a cell never cleaned is the background, a cleaned cell takes the colour ramp from
``RAMP[0]`` (once) to ``RAMP[-1]`` (``maxCount`` times), a cell targeted and never reached is ``NEVER``. Each
cell is an integer number of pixels (a small grid enlarged towards ``UPSCALE_TO``), the picture at most
``MAX_SIDE`` pixels a side (a larger grid is reduced, each pixel showing the most cleaned of its cells, a never
reached cell winning over an uncleaned one).
"""

import base64
import zlib
from typing import Any

import numpy as np
from PIL import Image

MAX_SIDE = 1200
UPSCALE_TO = 800  # a small grid's cells drawn as blocks of pixels (a viewer would blur a tiny picture)
BACKGROUND = (244, 245, 247)
NEVER = (217, 54, 62)
RAMP = ((198, 239, 222), (120, 207, 183), (38, 166, 154), (0, 121, 140), (19, 62, 124))


def _inflate(packed: str) -> bytes:
    return zlib.decompress(base64.b64decode(packed))


def arrays(layer: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    """(counts, never reached) as ``height`` × ``width`` arrays, row 0 the north row (a picture's top)."""
    width, height = int(layer["width"]), int(layer["height"])
    cells = width * height
    counts = np.frombuffer(_inflate(layer["counts"]), "<u2", count=cells).reshape(height, width)
    never = np.unpackbits(np.frombuffer(_inflate(layer["neverReached"]), np.uint8), count=cells,
                          bitorder="little").astype(bool).reshape(height, width)
    return counts[::-1], never[::-1]


def ramp_colours(steps: int) -> np.ndarray:
    """``steps`` colours along the ramp (the legend's too), uint8 × 3."""
    stops = np.array(RAMP, dtype=float)
    at = np.linspace(0, len(RAMP) - 1, max(steps, 1))
    low = np.floor(at).astype(int).clip(0, len(RAMP) - 2)
    share = (at - low)[:, None]
    return (stops[low] * (1 - share) + stops[low + 1] * share).round().astype(np.uint8)


def _reduced(counts: np.ndarray, never: np.ndarray, factor: int) -> tuple[np.ndarray, np.ndarray]:
    """Blocks of ``factor`` × ``factor`` cells: the most cleaned, and never reached where none was cleaned."""
    height, width = counts.shape
    tall, wide = -(-height // factor) * factor, -(-width // factor) * factor
    padded = np.zeros((tall, wide), counts.dtype)
    padded[:height, :width] = counts
    flags = np.zeros((tall, wide), bool)
    flags[:height, :width] = never
    blocks = padded.reshape(tall // factor, factor, wide // factor, factor)
    most = blocks.max(axis=(1, 3))
    missed = flags.reshape(tall // factor, factor, wide // factor, factor).any(axis=(1, 3)) & (most == 0)
    return most, missed


def picture(layer: dict[str, Any]) -> Image.Image:
    """The layer's heat map, RGB, at most MAX_SIDE pixels a side."""
    counts, never = arrays(layer)
    longest = max(counts.shape)
    if longest > MAX_SIDE:
        counts, never = _reduced(counts, never, -(-longest // MAX_SIDE))
    top = max(int(counts.max(initial=0)), 1)
    colours = ramp_colours(min(top, 256))
    index = ((counts.astype(np.int64) - 1) * (len(colours) - 1) // max(top - 1, 1)).clip(0, len(colours) - 1)
    rgb = np.empty((*counts.shape, 3), np.uint8)
    rgb[:] = BACKGROUND
    cleaned = counts > 0
    rgb[cleaned] = colours[index[cleaned]]
    rgb[never & ~cleaned] = NEVER
    image = Image.fromarray(rgb, "RGB")
    scale = max(1, UPSCALE_TO // max(counts.shape))
    if scale > 1:
        image = image.resize((image.width * scale, image.height * scale), Image.Resampling.NEAREST)
    return image
