from typing import Literal

from pydantic import BaseModel, Field

from cleanfleet.core.bounds import Id
from cleanfleet.core.i18n import LANGUAGES
from cleanfleet.core.validation import LETTERS_AND_DIGITS_PATTERN


class LoginIn(BaseModel):
    account: str = Field(min_length=1, max_length=64, pattern=LETTERS_AND_DIGITS_PATTERN,
                         description="login name: English letters and digits only")
    password: str = Field(min_length=1, max_length=128)
    type: Literal["user"] = "user"


class PermissionBean(BaseModel):
    key: str
    name: str


class LoginOut(BaseModel):
    userId: int
    token: str
    permissionBeans: list[PermissionBean]
    account: str
    name: str
    levelDepth: int
    shadowId: int | None = Field(description="the user this account acts as, for a shadow user")
    url: str
    language: str | None
    expiresAt: str


class LoginLocked(BaseModel):
    """``data`` of LOGIN_LOCKED (10006): how long until the account, address or password change may try again."""

    minutes: int = Field(description="whole minutes to wait, as the message says")
    retryAfter: int = Field(description="seconds to wait")


class LanguageIn(BaseModel):
    userId: Id | None = None
    language: str = Field(description="one of " + ", ".join(LANGUAGES))


class LanguageOut(BaseModel):
    language: str
