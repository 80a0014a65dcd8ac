"""A person's export (issue 51 item 6): the zip holds each part with the person's data and nothing of another
person, no secret; the link is signed and expires; who may ask."""

import io
import json
from datetime import timedelta

from sqlalchemy import select, update

from cleanfleet.apitokens.models import ApiToken
from cleanfleet.auth.models import Token
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.messages.models import Message
from cleanfleet.privacy.jobs import JobLoop
from cleanfleet.privacy.models import DataJob
from cleanfleet.storage.models import StoredFile
from cleanfleet.users.models import User
from tests.permission_matrix import png_bytes, upload
from tests.privacy.conftest import download
from tests.privacy.helpers import finished

PARTS = {"account.json", "sign_ins.json", "sessions.json", "tokens.json", "factors.json", "audit.json",
         "messages.json", "settings.json", "operation_log.json", "files.json", "README.txt"}


async def _prepare(family, app) -> dict:
    """The person's history: an avatar, an API token, a message; the other person a message of their own."""
    me = family.person
    avatar = await upload(me.api, png_bytes(), name="me.png")
    assert avatar.code == 0, avatar.body
    assert (await me.api.call("/user/updateHeadPicture", {"url": avatar.data["url"]})).code == 0
    token = await me.api.call("/integration/token/insert", {
        "name": "My script", "expiresAt": (utcnow() + timedelta(days=3)).isoformat(), "keys": ["index"]})
    assert token.code == 0, token.body
    async with app.state.db.sessions() as db:
        db.add_all([Message(user_id=me.user.id, kind="test", title="For me only", content="hello me"),
                    Message(user_id=family.other.user.id, kind="test", title="Not yours", content=family.other.email)])
        await db.commit()
    return {"token": token.data["token"], "avatar": avatar.data["fileId"]}


async def test_a_person_downloads_everything_about_them_and_nothing_else(family, app):
    made = await _prepare(family, app)
    me = family.person
    asked = await me.api.call("/privacy/export", {})
    assert asked.code == 0, asked.body
    assert asked.data["own"] is True and asked.data["state"] == "queued" and asked.data["link"] is None
    job = await finished(me.api, asked.data["id"])
    assert job["state"] == "done" and job["progress"] == 100, job
    assert job["link"] and job["linkExpiresAt"] and job["counts"]["sign_ins.json"] >= 1
    archive = await download(me.api, job["link"])
    names = set(archive.namelist())
    assert names >= PARTS
    account = json.loads(archive.read("account.json"))
    assert (account["account"], account["email"], account["phone"], account["name"]) == (
        me.user.account, me.email, me.phone, me.name)
    assert any(e["kind"] == "sign_in" for e in json.loads(archive.read("sign_ins.json")))
    assert json.loads(archive.read("sessions.json"))[0]["platform"]
    assert [t["name"] for t in json.loads(archive.read("tokens.json"))] == ["My script"]
    assert [m["title"] for m in json.loads(archive.read("messages.json"))] == ["For me only"]
    assert any(r["byYou"] and r["actor"] == me.user.account for r in json.loads(archive.read("audit.json")))
    assert any("/user/updateUserInfo" in r["call"] for r in json.loads(archive.read("operation_log.json")))
    [avatar] = [n for n in names if n.startswith("files/avatar/")]
    assert archive.read(avatar)[:8] == b"\x89PNG\r\n\x1a\n"
    readme = archive.read("README.txt").decode()
    assert me.user.account in readme and "account.json" in readme
    everything = b"".join(archive.read(name) for name in names if not name.startswith("files/"))
    async with app.state.db.sessions() as db:
        secrets = [*await db.scalars(select(Token.token_hash).where(Token.user_id == me.user.id)),
                   *await db.scalars(select(ApiToken.token_hash).where(ApiToken.user_id == me.user.id)),
                   (await db.get(User, me.user.id)).password_hash, made["token"]]
    for secret in secrets:
        assert secret.encode() not in everything
    for theirs in (family.other.user.account, family.other.email, family.other.phone, family.other.name, "Not yours"):
        assert theirs.encode() not in everything, theirs
    # told in the message centre, and recorded in the audit trail
    listed = await me.api.call("/message/findAllMessage", {"pageSize": 50})
    assert any(m["kind"] == "privacy" for m in listed.data["list"]), listed.body
    audit = await family.dealer.api.call("/audit/list", {"kind": ["data_export"], "pageSize": 50})
    assert audit.code == 0, audit.body
    assert any(row["target"] == f"user#{me.user.id}" for row in audit.data["list"])


async def test_a_parent_with_the_key_exports_a_child_and_another_branch_is_refused(family):
    me = family.person
    refused = await family.stranger.api.call("/privacy/export", {"userId": me.user.id})
    assert (refused.code, refused.field) == (Code.NOT_FOUND, "userId")
    sibling = await family.other.api.call("/privacy/export", {"userId": me.user.id})
    assert sibling.code == Code.NOT_FOUND
    asked = await family.dealer.api.call("/privacy/export", {"userId": me.user.id})
    assert asked.code == 0 and asked.data["own"] is False, asked.body
    again = await family.dealer.api.call("/privacy/export", {"userId": me.user.id})
    assert again.code in (0, Code.CONFLICT)  # refused while the first is queued or running
    job = await finished(family.dealer.api, asked.data["id"])
    assert job["state"] == "done"
    # the person sees the job about them; the stranger does not
    mine = await me.api.call("/privacy/job/list", {})
    assert asked.data["id"] in [j["id"] for j in mine.data["list"]]
    hidden = await family.stranger.api.call("/privacy/job/get", {"id": asked.data["id"]})
    assert (hidden.code, hidden.field) == (Code.NOT_FOUND, "id")
    theirs = await family.other.api.call("/privacy/job/list", {})
    assert asked.data["id"] not in [j["id"] for j in theirs.data["list"]]


async def test_the_link_refuses_a_bad_signature_and_expires_with_the_file(family, app):
    me = family.person
    job = await finished(me.api, (await me.api.call("/privacy/export", {})).data["id"])
    forged = job["link"].replace("sig=", "sig=0")
    assert (await me.api.client.get(forged)).status_code == 403
    async with app.state.db.sessions() as db:
        row = await db.get(DataJob, job["id"])
        file_id, key = row.file_id, row.file_key
        await db.execute(update(DataJob).where(DataJob.id == job["id"]).values(expires_at=utcnow()))
        await db.commit()
    loop = JobLoop(app.state.db, app.state.store, app.state.settings)
    assert await loop.remove_expired() >= 1
    again = await me.api.call("/privacy/job/get", {"id": job["id"]})
    assert again.data["link"] is None and again.data["state"] == "done"
    async with app.state.db.sessions() as db:
        assert await db.get(StoredFile, file_id) is None
    assert not (app.state.settings.files_root / key).exists()
    assert (await me.api.client.get(job["link"])).status_code in (403, 404)


async def test_an_erased_account_is_not_exported(family, app):
    async with app.state.db.sessions() as db:
        await db.execute(update(User).where(User.id == family.other.user.id).values(password_hash="!erased"))
        await db.commit()
    refused = await family.dealer.api.call("/privacy/export", {"userId": family.other.user.id})
    assert (refused.code, refused.field) == (Code.BAD_PARAMETER, "userId")
    assert io  # the module's zip reading is conftest.download
