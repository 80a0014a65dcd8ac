"""Reading /metrics as Prometheus does: from this machine's address, parsed from the text format."""

from typing import Any

import httpx
from prometheus_client.parser import text_string_to_metric_families


def client(app: Any, address: str = "127.0.0.1") -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app, client=(address, 40000)),
                             base_url="http://cleanfleet.test")


async def scrape(app: Any) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    """Every sample of /metrics by (name, labels)."""
    async with client(app) as http:
        answer = await http.get("/metrics")
    assert answer.status_code == 200, answer.text
    return {(sample.name, frozenset(sample.labels.items())): sample.value
            for family in text_string_to_metric_families(answer.text) for sample in family.samples}


def value(samples: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str, **labels: str) -> float:
    """A sample's value (0 when absent: a counter never counted)."""
    return samples.get((name, frozenset(labels.items())), 0.0)
