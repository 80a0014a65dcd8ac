"""Time spans as sorted, non-overlapping ``(start, end)`` pairs of epoch seconds: union, cut and length, each one
pass over sorted lists; and ``pieces``, where a few spans (a robot's outages) meet many (a site's windows), found
by bisection so a robot's month costs its outages, not its windows."""

import bisect
from collections.abc import Iterable

Spans = list[tuple[float, float]]


def union(parts: Iterable[tuple[float, float]]) -> Spans:
    """The spans covered by any of ``parts`` (in any order), merged."""
    out: Spans = []
    for start, end in sorted(p for p in parts if p[1] > p[0]):
        if out and start <= out[-1][1]:
            if end > out[-1][1]:
                out[-1] = (out[-1][0], end)
        else:
            out.append((start, end))
    return out


def cut(spans: Spans, away: Spans) -> Spans:
    """``spans`` less ``away`` (both merged and sorted)."""
    out: Spans = []
    n = 0
    for start, end in spans:
        while n < len(away) and away[n][1] <= start:
            n += 1
        at, k = start, n
        while k < len(away) and away[k][0] < end:
            if away[k][0] > at:
                out.append((at, away[k][0]))
            at = max(at, away[k][1])
            k += 1
        if at < end:
            out.append((at, end))
    return out


def common(spans: Spans, other: Spans) -> Spans:
    """Where ``spans`` and ``other`` (both merged and sorted) overlap."""
    out: Spans = []
    i = j = 0
    while i < len(spans) and j < len(other):
        start, end = max(spans[i][0], other[j][0]), min(spans[i][1], other[j][1])
        if start < end:
            out.append((start, end))
        if spans[i][1] < other[j][1]:
            i += 1
        else:
            j += 1
    return out


def length(spans: Spans) -> float:
    return sum(end - start for start, end in spans)


def clip(spans: Spans, start: float, end: float) -> Spans:
    return [(max(a, start), min(b, end)) for a, b in spans if a < end and b > start]


def pieces(spans: Spans, starts: list[float], few: Spans) -> Spans:
    """Where ``few`` meets ``spans`` (both merged and sorted; ``starts`` the spans' starts), by bisection."""
    out: Spans = []
    for start, end in few:
        n = max(bisect.bisect_right(starts, start) - 1, 0)
        while n < len(spans) and spans[n][0] < end:
            low, high = max(spans[n][0], start), min(spans[n][1], end)
            if low < high:
                out.append((low, high))
            n += 1
    return out


def length_within(spans: Spans, starts: list[float], start: float, end: float) -> float:
    """The length of ``spans`` (merged and sorted; ``starts`` their starts) between ``start`` and ``end``, by
    bisection (a month's schedule, an hour of it)."""
    total = 0.0
    n = max(bisect.bisect_right(starts, start) - 1, 0)
    while n < len(spans) and spans[n][0] < end:
        total += max(0.0, min(spans[n][1], end) - max(spans[n][0], start))
        n += 1
    return total
