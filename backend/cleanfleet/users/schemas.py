"""Request and answer shapes of the user calls (api-spec 7.3), with the field rules of product-spec 5.

Field rules (a refusal is BAD_PARAMETER naming the field, and changes nothing):
- account (login name): English letters and digits, 1 to 64; unique, case-insensitively (ALREADY_EXISTS).
- name: required, 1 to 64 characters after trimming.
- phone: empty, or exactly 11 digits.
- email: empty, or a comma-separated list, each entry ``local@domain.tld`` with a tld of 1 to 6 letters
  (MAILBOX_FORMAT naming the entry). Stored joined by ",".
- emailToTask, emailToWarn, emailToTaskReport: 0 or 1.
- password: 8 to 128 characters with at least one letter and one digit.
"""

import json
import re
from typing import Annotated, Any

from pydantic import AliasChoices, BaseModel, BeforeValidator, Field, RootModel, field_validator

from cleanfleet.core.bounds import Id, IdOrZero
from cleanfleet.core.fields import IdList
from cleanfleet.core.paging import Page, PageIn
from cleanfleet.core.validation import LETTERS_AND_DIGITS_PATTERN, TOO_SHORT, TextError
from cleanfleet.users import texts

ACCOUNT_PATTERN = LETTERS_AND_DIGITS_PATTERN
PHONE = re.compile(r"^\d{11}$")
MAILBOX = re.compile(r"^[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(\.[A-Za-z0-9\-]+)*\.[A-Za-z]{1,6}$")
PASSWORD_MIN = 8
THEME_COLOUR_DEFAULT = "#017465"


def check_phone(value: str) -> str:
    value = value.strip()
    if value and not PHONE.fullmatch(value):
        raise TextError(texts.PHONE_DIGITS)
    return value


def check_email_list(value: str) -> str:
    entries = [entry.strip() for entry in value.split(",") if entry.strip()]
    for entry in entries:
        if not MAILBOX.fullmatch(entry):
            raise TextError(texts.MAILBOX_FORMAT, {"entry": entry})
    return ",".join(entries)


def check_name(value: str) -> str:
    value = value.strip()
    if not value:
        raise TextError(texts.BLANK)
    return value


def check_password(value: str) -> str:
    if len(value) < PASSWORD_MIN:
        raise TextError(TOO_SHORT, {"min": PASSWORD_MIN})
    if not re.search(r"[A-Za-z]", value) or not re.search(r"\d", value):
        raise TextError(texts.PASSWORD_MIX)
    return value


Account = Annotated[str, Field(min_length=1, max_length=64, pattern=ACCOUNT_PATTERN,
                               description="login name: English letters and digits")]
Name = Annotated[str, Field(max_length=64), BeforeValidator(lambda v: check_name(str(v)))]
Phone = Annotated[str, Field(max_length=11, description="empty or 11 digits"),
                  BeforeValidator(lambda v: check_phone(str(v)))]
EmailList = Annotated[str, Field(max_length=512, description="comma-separated mailboxes; empty allowed"),
                      BeforeValidator(lambda v: check_email_list(str(v)))]
Flag = Annotated[int, Field(ge=0, le=1)]
Password = Annotated[str, Field(max_length=128, description=f"{PASSWORD_MIN}+ characters, a letter and a digit"),
                     BeforeValidator(lambda v: check_password(str(v)))]
Remark = Annotated[str, Field(max_length=255)]


def role_ids_field(description: str) -> Any:
    return Field(default=None, validation_alias=AliasChoices("roleIds", "role"), description=description)


class UserTarget(BaseModel):
    userId: Id | None = Field(default=None, description="a user in the caller's subtree; default the caller")


class ContactFields(BaseModel):
    phone: Phone = ""
    email: EmailList = ""
    emailToTask: Flag = 0
    emailToWarn: Flag = 0
    emailToTaskReport: Flag = 0
    remark: Remark = ""


class InsertUserIn(ContactFields):
    account: Account
    name: Name
    password: Password
    parentId: Id | None = Field(default=None, description="parent in the caller's subtree; default the caller")
    levelDepth: int | None = Field(default=None, ge=2, le=4, description="must be the parent's level + 1")
    roleIds: IdList | None = role_ids_field("role ids (or `role` as \"[16]\"); default the level's preset")
    roleGroupId: IdOrZero | None = None


class ProfileFields(BaseModel):
    """Fields of a profile edit: only those given change."""

    name: Name | None = None
    phone: Phone | None = None
    email: EmailList | None = None
    emailToTask: Flag | None = None
    emailToWarn: Flag | None = None
    emailToTaskReport: Flag | None = None
    remark: Remark | None = None


class UpdateUserInfoIn(ProfileFields):
    userId: Id | None = Field(default=None, description="a user in the caller's subtree; default the caller")
    account: str | None = Field(default=None, description="if given, must be the user's (it cannot change)")


class UpdatePermissionIn(BaseModel):
    userId: Id
    roleIds: IdList | None = role_ids_field("the user's roles (replaces them); absent keeps them")
    roleGroupId: IdOrZero | None = Field(default=None,
                                         description="the user's role group; 0 or null clears, absent keeps")


class DeleteUserIn(BaseModel):
    userId: Id
    moveToUserId: Id | None = Field(default=None, description=(
        "where the child users and devices go: a user of the same level in the caller's subtree"))


class HeadPictureIn(UserTarget):
    url: str = Field(max_length=512, description="a URL answered by /user/uploadHeadPicture (an empty one is "
                                                 "refused)")
    account: str | None = Field(default=None, description="if given, must be the user's")


class PadImages(BaseModel):
    """References (URLs) of the pad images; every one must be chosen."""

    loginBackground: str = Field(min_length=1, max_length=512, description="1280*800")
    bootAnimation: str = Field(min_length=1, max_length=512, description="boot/idle animation 1280*800")
    loginLogo: str = Field(min_length=1, max_length=512, description="800*326")
    mainLogo: str = Field(min_length=1, max_length=512, description="600*270")
    homeTiles: str = Field(min_length=1, max_length=512, description="326*343")

    @field_validator("*")
    @classmethod
    def a_url(cls, value: str) -> str:
        value = value.strip()
        if not (value.startswith("/") or value.startswith("https://") or value.startswith("http://")):
            raise TextError(texts.IMAGE_URL)
        return value


def _json_object(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) and value.strip().startswith("{") else value


class PadConfig(BaseModel):
    aboutUs: str = Field(min_length=2, max_length=2000, description="about-us text, at least 2 characters")
    themeColor: str = Field(default=THEME_COLOUR_DEFAULT, pattern=r"^#[0-9A-Fa-f]{6}$")
    images: Annotated[PadImages, BeforeValidator(_json_object)]

    @field_validator("aboutUs")
    @classmethod
    def trimmed(cls, value: str) -> str:
        value = value.strip()
        if len(value) < 2:
            raise TextError(TOO_SHORT, {"min": 2})
        return value


class PadConfigIn(PadConfig):
    userId: Id | None = Field(default=None, description="a dealer (level 2); default the caller")


class InitialPasswordIn(BaseModel):
    userId: Id
    password: Password | None = Field(default=None, validation_alias=AliasChoices("password", "newPassword"),
                                      description="the new initial password; absent: a random one is answered")


class UpdatePasswordIn(BaseModel):
    userId: Id | None = Field(default=None, description="if given, must be the caller")
    account: str | None = Field(default=None, description="if given, must be the caller's")
    password: str = Field(min_length=1, max_length=128, description="the current password")
    newPassword: Password


class SelectUserListIn(PageIn):
    userId: Id | None = Field(default=None, description="root of the search in the caller's subtree")
    keyword: str | None = Field(default=None, max_length=64, description="part of the account or the name")
    levelDepth: int | None = Field(default=None, ge=1, le=4, description="admin 1-4, dealer 3-4, user 4, sub-user none")


class SelectUserInfoIn(PageIn):
    userId: Id | None = None
    showChild: bool = Field(default=False, description="also answer one page of the user's child users")


class UserOut(BaseModel):
    userId: int
    account: str
    name: str
    phone: str
    email: str
    url: str = Field(description="avatar URL, empty when none")
    levelDepth: int
    parentId: int | None
    type: str = Field(description="user, or shadow")
    shadowId: int | None = Field(description="for a shadow user: the user it acts as")
    emailToTask: int
    emailToWarn: int
    emailToTaskReport: int
    role: str = Field(description='the role ids as a JSON list, e.g. "[16]"')
    roleIds: list[int]
    roleGroupId: int | None
    remark: str
    createTime: str
    hasChildren: bool = Field(description="has child users (shadow users do not count)")


class UserInfoOut(BaseModel):
    user: UserOut
    padConfig: PadConfig | None = Field(description="a dealer's pad customisation, when set")
    childs: Page[UserOut] | None = Field(description="one page of child users when showChild")


class StillHolds(RootModel[dict[str, int]]):
    """A refused delete's data (CONFLICT, moveToUserId): what the user still holds, by kind (users, devices...)."""


class DeleteUserOut(BaseModel):
    userId: int
    movedTo: int | None
    moved: dict[str, int] = Field(description="records moved to movedTo, by kind (users, devices...)")
    deletedShadows: int


class AvatarOut(BaseModel):
    fileId: str
    url: str
    contentType: str
    size: int
    width: int
    height: int


class InitialPasswordOut(BaseModel):
    userId: int
    password: str = Field(description="the new initial password (shown once)")


class PasswordChangedOut(BaseModel):
    signedOutSessions: int = Field(description="the account's other sessions that were signed out")


class TestMailOut(BaseModel):
    recipients: list[str]


class CleanTokenOut(BaseModel):
    revoked: int


class CleanCacheOut(BaseModel):
    removed: dict[str, int]
    before: str


class ShadowListIn(PageIn):
    userId: Id | None = Field(default=None, description="whose shadow users; default the caller")
    keyword: str | None = Field(default=None, max_length=64)


class ShadowInsertIn(ContactFields):
    account: Account
    name: Name
    password: Password
    roleIds: IdList | None = role_ids_field("the shadow user's own roles (within its owner's keys)")


class ShadowUpdateIn(ProfileFields):
    userId: Id = Field(description="the shadow user")
    roleIds: IdList | None = role_ids_field("replaces the shadow user's roles; absent keeps them")


class ShadowTarget(BaseModel):
    userId: Id


UserPage = Page[UserOut]
