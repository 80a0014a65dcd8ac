"""A robot's refusal of a task command reaches the user in the request's language, from the one catalogue
(relay.refusals), never as the robot's English (issue 29 item 4)."""

from cleanfleet.core.codes import Code


async def test_pausing_an_idle_robot_says_why_in_the_callers_language(site):
    said = {}
    for language in ("de", "zh-CN"):
        answer = await site.customer.call("/task/pause", {"deviceId": site.device_id},
                                          headers={"language": language})
        assert answer.code == Code.ROBOT_ERROR, answer.body
        said[language] = answer.message
    assert said == {"de": "Auf dem Roboter läuft keine Aufgabe", "zh-CN": "机器人当前没有正在运行的任务"}


async def test_deleting_a_task_the_robot_does_not_have_names_it_in_the_callers_language(site):
    said = {}
    for language in ("de", "zh-CN"):
        answer = await site.customer.call("/task/delete", {"deviceId": site.device_id, "taskName": "Nowhere"},
                                          headers={"language": language})
        assert answer.code == Code.NOT_FOUND, answer.body
        said[language] = answer.message
    assert said == {"de": "Der Roboter hat keine Aufgabe Nowhere", "zh-CN": "机器人上没有任务 Nowhere"}
