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


class SecondFactorOwed(BaseModel):
    """``data`` of SECOND_FACTOR_REQUIRED (10017): the first factor held; redeem ``ticket`` at /factors/verify
    (or, with ``enrol`` among the methods, enrol a factor with it first) within five minutes, once."""

    ticket: str = Field(description="short-lived, single use; shown once")
    methods: list[str] = Field(description="totp, webauthn, recovery: the factors the person may use; or enrol "
                                           "followed by the kinds that may be enrolled (totp, webauthn)")


class LanguageIn(BaseModel):
    userId: Id | None = None
    language: str = Field(description="one of " + ", ".join(LANGUAGES))


class LanguageOut(BaseModel):
    language: str
