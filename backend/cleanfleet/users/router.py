"""User calls of api-spec 7.3 (the device calls /user/updateDeviceList and /user/selectUserDeviceList
come with the devices). Rules are in users/service.py; shadow users in shadow_router.py."""

from datetime import timedelta

from fastapi import File, Form, Request, UploadFile
from starlette.datastructures import UploadFile as StarletteUpload

from cleanfleet.auth import service as auth_service
from cleanfleet.auth.schemas import LoginLocked
from cleanfleet.core.auth import Caller, CallerDep, SessionDep, person_only, require
from cleanfleet.core.bounds import Id
from cleanfleet.core.bus import ROLES_CHANGED, USER_CHANGED
from cleanfleet.core.codes import Code
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.errors import bad_parameter
from cleanfleet.core.mail import sender_of
from cleanfleet.core.routing import ApiRouter, upload_body_bytes
from cleanfleet.storage import service as storage
from cleanfleet.users import avatar, passwords, pictures, removal, search, service
from cleanfleet.users.avatar import PAD_SLOTS_TEXT
from cleanfleet.users.mail import send_test_mail
from cleanfleet.users.schemas import (
    AvatarOut,
    CleanCacheOut,
    CleanTokenOut,
    DeleteUserIn,
    DeleteUserOut,
    HeadPictureIn,
    InitialPasswordIn,
    InitialPasswordOut,
    InsertUserIn,
    PadConfig,
    PadConfigIn,
    PasswordChangedOut,
    SelectUserInfoIn,
    SelectUserListIn,
    StillHolds,
    TestMailOut,
    UpdatePasswordIn,
    UpdatePermissionIn,
    UpdateUserInfoIn,
    UserInfoOut,
    UserOut,
    UserPage,
    UserTarget,
)
from cleanfleet.users.scope import user_in_subtree
from cleanfleet.users.texts import LEVEL_NOT_OFFERED, NO_LEVEL_OFFERED, ONE_FILE

router = ApiRouter(prefix="/user", tags=["users"])

CLEAR_DATA_AGE = timedelta(days=365)


async def user_changed(request: Request, user_id: int) -> None:
    """Evicts the user's cached sessions (and its shadow users'), so the change applies at its next call."""
    await request.app.state.bus.publish(USER_CHANGED, {"user_id": user_id})


@router.call("/insertUser", answer=UserOut)
async def insert_user(body: InsertUserIn, db: DbSession, caller: Caller = person_only(service.KEY_ADD)) -> JsonResponse:
    """Create a child account one level below its parent (parentId in the caller's subtree, default the caller);
    a console session's call only (an API token never makes an account)."""
    user = await service.insert_user(db, caller, body)
    return ok(await search.user_answer_by_id(db, user.id))


@router.call("/updateUserPermission", answer=UserOut)
async def update_user_permission(body: UpdatePermissionIn, request: Request, db: DbSession,
                                 caller: Caller = person_only(service.KEY_ASSIGN_ROLE, service.KEY_ASSIGN_GROUP,
                                                              any_of=True)) -> JsonResponse:
    """Replace a child user's roles (user/index/assign_role) and/or role group (user/index/role_group/assign);
    only roles whose keys the caller holds. A console session's call only."""
    user = await service.update_permission(db, caller, body)
    await user_changed(request, user.id)
    return ok(await search.user_answer_by_id(db, user.id))


@router.call("/deleteUserInfo", answer=DeleteUserOut, refusals={Code.CONFLICT: StillHolds})
async def delete_user_info(body: DeleteUserIn, request: Request, db: DbSession,
                           caller: Caller = person_only(service.KEY_DELETE)) -> JsonResponse:
    """Delete a child user; refused (CONFLICT) while it has child users or devices, unless moveToUserId says
    where they go. Its shadow users are deleted and its sessions end (so a console session's call only)."""
    deleted = await removal.delete_user(db, caller, body)
    await storage.delete_bytes(request.app.state.store, deleted.file_keys)
    await user_changed(request, deleted.user_id)
    if deleted.moved_to is not None:  # the moved subtree's paths changed: every cached session re-reads
        await request.app.state.bus.publish(ROLES_CHANGED, {})
    answer = DeleteUserOut(userId=deleted.user_id, movedTo=deleted.moved_to, moved=deleted.moved,
                           deletedShadows=deleted.deleted_shadows)
    return ok(answer)


@router.call("/updateUserInfo", answer=UserOut)
async def update_user_info(body: UpdateUserInfoIn, request: Request, db: DbSession, caller: CallerDep) -> JsonResponse:
    """Edit a profile (name, phone, email, mail flags, remark): the caller's own, or a child's with user/index/edit."""
    user = await service.update_profile(db, caller, body)
    await user_changed(request, user.id)
    return ok(await search.user_answer_by_id(db, user.id))


@router.call("/uploadHeadPicture", answer=AvatarOut, upload_bytes=upload_body_bytes(avatar.MAX_AVATAR_BYTES))
async def upload_head_picture(request: Request, db: DbSession, caller: CallerDep,
                              file: UploadFile = File(description="one image, at most 2 MB"),
                              userId: Id | None = Form(default=None)) -> JsonResponse:  # noqa: N803
    """Upload an avatar image (multipart, one file of at most 2 MB, checked from its content); answers its url
    for /user/updateHeadPicture."""
    files = [value for _, value in (await request.form()).multi_items() if isinstance(value, StarletteUpload)]
    if len(files) != 1:
        raise avatar.bad_file(ONE_FILE)
    data = await file.read(avatar.MAX_AVATAR_BYTES + 1)
    stored, info = await avatar.upload_avatar(db, request.app.state.store, caller, userId, data)
    answer = AvatarOut(fileId=stored.id, url=storage.public_url(stored), contentType=stored.content_type,
                       size=stored.size, width=info.width, height=info.height)
    return ok(answer)


@router.call("/updateHeadPicture", answer=UserOut)
async def update_head_picture(body: HeadPictureIn, request: Request, db: DbSession,
                              caller: CallerDep) -> JsonResponse:
    """Set the avatar to an uploaded image's url (an empty one is refused); the user's other avatar files go."""
    user, stale = await pictures.set_head_picture(db, request.app.state.store, caller, user_id=body.userId,
                                                 account=body.account, url=body.url)
    await storage.delete_bytes(request.app.state.store, stale)
    return ok(await search.user_answer_by_id(db, user.id))


@router.call("/updatePadConfig", answer=PadConfig)
async def update_pad_config(body: PadConfigIn, request: Request, db: DbSession, caller: CallerDep) -> JsonResponse:
    """Store a dealer's pad customisation: the five images, the about-us text and the theme colour."""
    config = PadConfig.model_validate(body.model_dump(exclude={"userId"}))
    stale = await pictures.set_pad_config(db, caller, body.userId, config)
    await storage.delete_bytes(request.app.state.store, stale)
    return ok(config)


@router.call("/uploadPadImage", answer=AvatarOut, upload_bytes=upload_body_bytes(avatar.MAX_AVATAR_BYTES))
async def upload_pad_image(request: Request, db: DbSession, caller: CallerDep,
                           file: UploadFile = File(description="one image, at most 2 MB, of the slot's size"),
                           slot: str = Form(description=PAD_SLOTS_TEXT),
                           userId: Id | None = Form(default=None)) -> JsonResponse:  # noqa: N803
    """Upload one pad image of a dealer (multipart; one image of at most 2 MB with exactly its slot's size);
    answers its url for /user/updatePadConfig. Images the saved customisation does not use are removed then."""
    files = [value for _, value in (await request.form()).multi_items() if isinstance(value, StarletteUpload)]
    if len(files) != 1:
        raise avatar.bad_file(ONE_FILE)
    data = await file.read(avatar.MAX_AVATAR_BYTES + 1)
    stored, info = await avatar.upload_pad_image(db, request.app.state.store, caller, userId, slot, data)
    answer = AvatarOut(fileId=stored.id, url=storage.public_url(stored), contentType=stored.content_type,
                       size=stored.size, width=info.width, height=info.height)
    return ok(answer)


@router.call("/updateInitialPassword", answer=InitialPasswordOut)
async def update_initial_password(body: InitialPasswordIn, request: Request, db: DbSession,
                                  caller: Caller = person_only(service.KEY_RESET_PASSWORD)) -> JsonResponse:
    """Reset a child user's password to a new initial password (random when none is given); signs it out. A
    console session's call only."""
    user, password = await passwords.reset_initial_password(db, caller, body.userId, body.password)
    await user_changed(request, user.id)
    return ok(InitialPasswordOut(userId=user.id, password=password))


@router.call("/selectUserList", answer=UserPage)
async def select_user_list(body: SelectUserListIn, db: DbSession,
                           caller: Caller = require(service.KEY_USERS_PAGE)) -> JsonResponse:
    """Search the accounts of the caller's subtree by account or name text and by level (admin 1-4,
    dealer 3-4, user 4, sub-user none); paged, by level then id."""
    allowed = service.search_levels(caller)
    if body.levelDepth is not None and body.levelDepth not in allowed:
        raise bad_parameter("levelDepth", LEVEL_NOT_OFFERED if allowed else NO_LEVEL_OFFERED, levels=allowed)
    root_path = (caller.acting_path if body.userId in (None, caller.acting_user_id)
                 else (await user_in_subtree(db, caller, body.userId)).path)
    levels = (body.levelDepth,) if body.levelDepth is not None else allowed
    answer = await search.search_users(db, root_path, levels, body.keyword, body)
    return ok(answer)


@router.call("/updatePassword", answer=PasswordChangedOut, refusals={Code.LOGIN_LOCKED: LoginLocked})
async def update_password(body: UpdatePasswordIn, request: Request, db: DbSession, caller: SessionDep) -> JsonResponse:
    """Change the caller's own password: needs the current one (password) and the new one (newPassword); a
    console session's call only (an API token never changes its creator's password)."""
    signed_out = await passwords.change_own_password(db, caller, user_id=body.userId, account=body.account,
                                                   old=body.password, new=body.newPassword,
                                                   settings=request.app.state.settings)
    await user_changed(request, caller.user_id)
    return ok(PasswordChangedOut(signedOutSessions=signed_out))


@router.call("/testMail", answer=TestMailOut)
async def test_mail(body: UserTarget, request: Request, db: DbSession, caller: CallerDep) -> JsonResponse:
    """Send a test mail through the SMTP settings to every mailbox of the user (default the caller)."""
    user = await service.own_or_child(db, caller, body.userId, service.KEY_TEST_MAIL)
    recipients = await send_test_mail(request.app.state.settings, user, caller.language, await sender_of(db, user.id))
    return ok(TestMailOut(recipients=recipients))


@router.call("/selectUserInfo", answer=UserInfoOut)
async def select_user_info(body: SelectUserInfoIn, db: DbSession, caller: CallerDep) -> JsonResponse:
    """A user's details (default the caller) and, with showChild, one page of its child users (the lazy tree:
    each child says hasChildren; ask again with its userId for the next level)."""
    user = await service.readable_user(db, caller, body.userId, service.KEY_USERS_PAGE)
    childs = await search.child_page(db, user.id, body) if body.showChild else None
    answer = {"user": await search.user_answer_by_id(db, user.id), "padConfig": user.pad_config, "childs": childs}
    return ok(answer)


@router.call("/cleanToken", answer=CleanTokenOut)
async def clean_token(body: UserTarget, request: Request, db: DbSession,
                      caller: Caller = person_only("index/clear_token")) -> JsonResponse:
    """Revoke every token of a user (the caller by default): signs it out everywhere. A console session's call
    only (an API token never signs its creator or anyone else out)."""
    user_id = await removal.target_user_id(db, caller, body, "user/index/clean_token")
    revoked = await auth_service.revoke_user_tokens(db, user_id)
    await request.app.state.bus.publish(USER_CHANGED, {"user_id": user_id})
    return ok(CleanTokenOut(revoked=revoked))


@router.call("/cleanCache", answer=CleanCacheOut)
async def clean_cache(body: UserTarget, request: Request, db: DbSession,
                      caller: Caller = require("index/clear_data")) -> JsonResponse:
    """Clear data: drop the server's caches for the subtree and its records older than one year."""
    user_id = await removal.target_user_id(db, caller, body, "user/index/edit", default=caller.acting_user_id)
    removed, before = await removal.clear_old_data(db, caller, user_id, CLEAR_DATA_AGE)
    await request.app.state.bus.publish(USER_CHANGED, {"user_id": user_id})
    return ok(CleanCacheOut(removed=removed, before=before.isoformat()))
