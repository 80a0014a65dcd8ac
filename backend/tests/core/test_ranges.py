"""product-spec 5's date rule on every range filter (core/ranges.py): a start after the end or after today is
refused naming the field, in the caller's language; the span is the table's (7 days for task reports)."""

from datetime import UTC, datetime, timedelta

import pytest

from cleanfleet.core.codes import Code

TOMORROW = datetime.now(UTC) + timedelta(days=1, hours=1)
DAYS = {"startDate": (TOMORROW.date()).isoformat(), "endDate": (TOMORROW.date() + timedelta(days=1)).isoformat()}
TIMES = {"startTime": TOMORROW.isoformat(), "endTime": (TOMORROW + timedelta(hours=2)).isoformat()}
FILTERS = [("/taskReport/list", DAYS, "startDate"), ("/summary/chart", DAYS, "startDate"),
           ("/summary/chartOnLineNum", DAYS, "startDate"), ("/warn/list", TIMES, "startTime"),
           ("/warn/warnSummary", TIMES, "startTime")]


@pytest.mark.parametrize(("path", "body", "field"), FILTERS)
async def test_a_start_after_today_is_refused_in_the_screens_language(admin, path, body, field):
    chinese = await admin.call(path, body, headers={"accept-language": "zh-CN"})
    assert (chinese.code, chinese.field, chinese.message) == (Code.BAD_PARAMETER, field, "开始时间不能晚于今天")
    english = await admin.call(path, body, headers={"accept-language": "en"})
    assert english.message == "The start must not be after today"


@pytest.mark.parametrize(("path", "body", "field"), FILTERS)
async def test_a_start_after_the_end_is_refused(admin, path, body, field):
    start, end = (body[k] for k in body)
    answer = await admin.call(path, {next(iter(body)): end, list(body)[1]: start}, headers={"accept-language": "en"})
    assert (answer.code, answer.field, answer.message) == (Code.BAD_PARAMETER, field,
                                                          "The start must not be after the end")


async def test_the_alarm_history_may_span_more_than_the_task_reports(admin):
    today = datetime.now(UTC).date()
    days = {"startDate": (today - timedelta(days=10)).isoformat(), "endDate": today.isoformat()}
    reports = await admin.call("/taskReport/list", days, headers={"accept-language": "en"})
    assert (reports.code, reports.message) == (Code.BAD_PARAMETER, "The start must be within 7 days of the end")
    alarms = await admin.call("/warn/list", {"startTime": f"{days['startDate']}T00:00:00Z"})
    assert alarms.code == 0, alarms.body
