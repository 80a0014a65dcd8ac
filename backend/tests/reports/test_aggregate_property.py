"""The per-device-per-day aggregate always equals the sums of the raw reports, whatever mix of reports
(redelivered ones too), edits and deletes arrives (a Hypothesis property over the real calls)."""

from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.reports.helpers import aggregates, day_start, message, raw_sums, store

DAYS = st.integers(min_value=0, max_value=6)
OPS = st.lists(st.one_of(
    st.tuples(st.just("report"), st.integers(0, 1), DAYS, st.integers(0, 23), st.sampled_from(["A", "B"]),
              st.floats(0, 5000), st.booleans()),
    st.tuples(st.just("edit"), st.integers(0, 50), st.floats(0, 3000), st.sampled_from(["A", "B", "C"])),
    st.tuples(st.just("delete"), st.integers(0, 50)),
    st.tuples(st.just("before"), st.integers(0, 1), DAYS),
), min_size=1, max_size=12)


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(ops=OPS)
async def test_aggregates_equal_the_raw_reports(site, db, ops):
    device_ids = [d.id for d in site.devices]
    stored: list[int] = []
    sent = []
    for op in ops:
        if op[0] == "report":
            _, which, days_ago, hour, map_name, planned, again = op
            if again and sent:
                await store(db, sent[-1])  # a redelivery: skipped
                continue
            start = day_start(days_ago + 1, hour)
            m = message(device_ids[which], start, planned=planned, cleaned=planned * 0.9, map_name=map_name)
            sent.append(m)
            stored += await store(db, m)
        elif op[0] == "edit" and stored:
            _, pick, area, map_name = op
            answer = await site.dealer.call("/taskReport/editTaskReport", {
                "taskReportId": stored[pick % len(stored)], "workArea": area, "cleanedArea": area / 2,
                "mapName": map_name})
            assert answer.code in (0, 10005), answer.body  # 10005: deleted before
        elif op[0] == "delete" and stored:
            await site.dealer.call("/taskReport/deleteTaskReport", {"taskReportId": stored[op[1] % len(stored)]})
        elif op[0] == "before":
            _, which, days_ago = op
            await site.dealer.call("/taskReport/deleteTaskReport", {
                "deviceIds": [device_ids[which]], "time": (day_start(days_ago + 1) + timedelta(hours=5)).isoformat()})
        assert await aggregates(db, device_ids) == await raw_sums(db, device_ids)
    chart = await site.dealer.call("/taskReport/chartSummary", {"range": "month"})
    raw = await raw_sums(db, device_ids)
    assert chart.data["runs"] == sum(v[0] for v in raw.values())
    assert abs(chart.data["cleanedArea"] - round(sum(v[3] for v in raw.values()), 2)) < 0.02
