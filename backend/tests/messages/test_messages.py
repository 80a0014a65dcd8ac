"""The message centre: the caller's unread and all messages in its language, mark read (one or all), delete;
the due scanner's messages rendered in the reader's language; insert_messages keeps working for writers."""

from datetime import timedelta

import pytest
from sqlalchemy import select

from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.messages.models import Message
from cleanfleet.messages.service import insert_messages, message_row
from cleanfleet.roles.catalogue import ROLE_DEALER


@pytest.fixture
async def inbox(app, make_user, signed_in):
    user, password = await make_user(2, roles=[ROLE_DEALER])
    other, other_pw = await make_user(2, roles=[ROLE_DEALER])
    now = utcnow()
    async with app.state.db.sessions() as db:
        rows = [message_row(user.id, None, "alarm_raised",
                            {"device": "R1", "serial": "SN1", "alarmKey": "replan_failed", "code": "0x0205",
                             "content": "replan failed", "time": (now - timedelta(minutes=n)).isoformat()},
                            f"test:{user.id}:{n}", now - timedelta(minutes=n)) for n in (3, 2)]
        # a writer without a text key (title and content as given) still works
        rows.append({"user_id": user.id, "device_id": None, "kind": "backup_done", "title": "Backup finished",
                     "content": "All good", "read": False, "deleted": False, "created_at": now,
                     "dedup_key": f"test:{user.id}:plain"})
        assert await insert_messages(db, rows) == 3
        assert await insert_messages(db, rows) == 0  # written once
        await db.commit()
        ids = list(await db.scalars(select(Message.id).where(Message.user_id == user.id).order_by(Message.id)))
    return {"api": await signed_in(user, password), "other": await signed_in(other, other_pw), "ids": ids}


async def test_unread_and_all_messages_newest_first_in_the_readers_language(inbox):
    api, ids = inbox["api"], inbox["ids"]
    unread = await api.call("/message/findMessageByUnRead", {}, headers={"Accept-Language": "en",
                                                                        "timezone": "Asia/Shanghai"})
    assert unread.code == 0, unread.body
    assert [m["id"] for m in unread.data["list"]] == [ids[2], ids[1], ids[0]]
    assert unread.data["unread"] == 3 and unread.data["total"] == 3
    first = unread.data["list"][1]
    assert first["title"] == "Alarm on R1: Path replanning failed"
    assert "(UTC" not in first["content"] and "SN1" in first["content"]  # shown in the caller's time zone
    assert unread.data["list"][0]["title"] == "Backup finished"
    chinese = await api.call("/message/findAllMessage", {}, headers={"Accept-Language": "zh-CN"})
    assert chinese.data["list"][1]["title"] == "R1 告警：路径重规划失败"
    kinds = await api.call("/message/findAllMessage", {"kind": "backup_done"})
    assert [m["id"] for m in kinds.data["list"]] == [ids[2]]


async def test_reading_and_deleting_change_the_callers_messages_only(inbox):
    api, other, ids = inbox["api"], inbox["other"], inbox["ids"]
    theirs = await other.call("/message/updateMessageRead", {"id": ids[0]})
    assert (theirs.code, theirs.field) == (Code.NOT_FOUND, "id")
    read = await api.call("/message/updateMessageRead", {"id": ids[0]})
    assert (read.code, read.data) == (0, {"changed": 1, "unread": 2})
    twice = await api.call("/message/updateMessageRead", {"id": ids[0]})
    assert twice.data == {"changed": 0, "unread": 2}
    unread = await api.call("/message/findMessageByUnRead", {})
    assert [m["id"] for m in unread.data["list"]] == [ids[2], ids[1]]
    everything = await api.call("/message/findAllMessage", {})
    assert [(m["id"], m["read"]) for m in everything.data["list"]] == [(ids[2], False), (ids[1], False),
                                                                        (ids[0], True)]
    deleted = await api.call("/message/updateMessageDelete", {"id": ids[1]})
    assert (deleted.code, deleted.data["unread"]) == (0, 1)
    gone = await api.call("/message/updateMessageDelete", {"id": ids[1]})
    assert (gone.code, gone.field) == (Code.NOT_FOUND, "id")
    assert (await other.call("/message/updateMessageDelete", {"id": ids[2]})).code == Code.NOT_FOUND
    all_read = await api.call("/message/updateMessageRead", {})
    assert all_read.data == {"changed": 1, "unread": 0}
    assert (await api.call("/message/findAllMessage", {})).data["total"] == 2
    bad = await api.call("/message/updateMessageRead", {"id": 0})
    assert (bad.code, bad.field) == (Code.BAD_PARAMETER, "id")


async def test_opening_a_message_marks_it_read_and_answers_the_new_count(inbox):
    """issue 29 item 9: a message opened in the message centre no longer counts as unread."""
    api, other, ids = inbox["api"], inbox["other"], inbox["ids"]
    opened = await api.call("/message/openMessage", {"id": ids[1]}, headers={"Accept-Language": "en"})
    assert opened.code == 0, opened.body
    assert opened.data["unread"] == 2
    assert opened.data["message"]["id"] == ids[1] and opened.data["message"]["read"] is True
    assert opened.data["message"]["title"] == "Alarm on R1: Path replanning failed"
    unread = await api.call("/message/findMessageByUnRead", {})
    assert ids[1] not in [m["id"] for m in unread.data["list"]] and unread.data["unread"] == 2
    again = await api.call("/message/openMessage", {"id": ids[1]})
    assert (again.code, again.data["unread"]) == (0, 2)
    theirs = await other.call("/message/openMessage", {"id": ids[0]})
    assert (theirs.code, theirs.field) == (Code.NOT_FOUND, "id")
    assert (await api.call("/message/findMessageByUnRead", {})).data["unread"] == 2  # theirs changed nothing
    await api.call("/message/updateMessageDelete", {"id": ids[0]})
    deleted = await api.call("/message/openMessage", {"id": ids[0]})
    assert (deleted.code, deleted.field) == (Code.NOT_FOUND, "id")
