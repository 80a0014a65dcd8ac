"""Addresses from coordinates with an offline reverse geocoder (reverse-geocode: GeoNames cities of
more than 1,000 people, nearest match, no network). The data (about 180 MB in memory) loads on the
first lookup, in a worker thread, and stays for the life of the process."""

import asyncio
import threading
from dataclasses import dataclass
from typing import Any

_load_lock = threading.Lock()


@dataclass(frozen=True)
class Place:
    city: str
    province: str
    country: str
    country_code: str

    @property
    def address(self) -> str:
        return ", ".join(part for part in (self.city, self.province, self.country) if part)


def _search(coordinates: list[tuple[float, float]]) -> list[dict[str, Any]]:
    import reverse_geocode

    with _load_lock:  # the library's lazy loader is not thread-safe
        return reverse_geocode.search(coordinates)  # type: ignore[no-any-return]


async def places(coordinates: list[tuple[float, float]]) -> list[Place]:
    if not coordinates:
        return []
    found = await asyncio.to_thread(_search, coordinates)
    return [Place(city=f.get("city", ""), province=f.get("state", ""), country=f.get("country", ""),
                  country_code=f.get("country_code", "")) for f in found]
