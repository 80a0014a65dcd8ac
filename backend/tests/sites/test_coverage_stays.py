"""A floor's heat map counts only what was cleaned while the robot belonged to the site (issue 48 item 4): a robot
that moved into the site yesterday at noon (Shanghai) brings its earlier runs on the same map, before and on the
day it came; the floor counts the run after it came, the robot's own map all of them; an ``endDay`` after today is
refused naming ``endDay``, in the reader's language."""

from datetime import timedelta

from cleanfleet.core.codes import Code
from tests.sites.conftest import ok, stays_since
from tests.sites.test_coverage import block, coverage_rows, covered, grid, run_report, send, site_day  # noqa: F401


async def test_a_robot_that_moved_in_brings_no_earlier_runs_onto_the_floor(branch, covered, db):  # noqa: F811
    made, ingest = covered
    sn, robot = branch.serials["Scrubber"], branch.robots["Scrubber"]
    await stays_since(db, made["siteId"], site_day(1, 12))  # came yesterday at noon
    before, morning, after = block(range(0, 4), range(0, 4)), block(range(5, 8), range(0, 4)), block(range(10, 12),
                                                                                                     range(0, 4))
    await send(ingest, sn,
               run_report(sn, site_day(3, 9), grid(before)),  # elsewhere, three days ago
               run_report(sn, site_day(1, 9), grid(morning)),  # the day it came, before it came
               run_report(sn, site_day(1, 15), grid(after)))  # after it came
    assert ingest.counters.coverage_dropped == 0
    rows = await coverage_rows(db, robot)
    assert sorted((r.day, r.site_id, r.runs) for r in rows) == sorted([
        (site_day(3, 0).date(), 0, 1), (site_day(1, 0).date(), 0, 1), (site_day(1, 0).date(), made["siteId"], 1)])

    body = {"startDay": site_day(5, 0).date().isoformat(), "endDay": site_day(1, 0).date().isoformat()}
    floor = await ok(branch.customer, "/site/coverage/floor", {"floorId": made["floorId"], **body})
    [layer] = floor["layers"]
    assert (layer["runs"], layer["days"], layer["cleanedCells"]) == (1, 1, len(after))
    mine = await ok(branch.customer, "/site/coverage/map", {"deviceId": robot, "mapName": "hall", **body})
    assert (mine["layers"][0]["runs"], mine["layers"][0]["cleanedCells"]) == (3, len(before | morning | after))


async def test_an_end_day_after_today_is_refused_naming_it(branch, covered):  # noqa: F811
    made, _ingest = covered
    tomorrow = (site_day(0, 0) + timedelta(days=1)).date().isoformat()
    body = {"floorId": made["floorId"], "startDay": site_day(3, 0).date().isoformat(), "endDay": tomorrow}
    for language, words in (("en", "The end day must not be after today"), ("zh-CN", "结束日期不能晚于今天"),
                            ("ar", "يجب ألا يكون يوم النهاية بعد اليوم")):
        answer = await branch.customer.call("/site/coverage/floor", body, headers={"language": language})
        assert (answer.code, answer.field) == (Code.BAD_PARAMETER, "endDay"), answer.body
        assert words in answer.message
