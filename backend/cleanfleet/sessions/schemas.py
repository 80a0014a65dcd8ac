"""Shapes of the sessions calls (/session/*): a person's console sessions and API tokens, in one answer."""

from pydantic import BaseModel, Field

from cleanfleet.core.bounds import Id

OTHER_USER = ("a user of the caller's subtree (needs the key user/index/sessions); default the caller itself")


class SessionsIn(BaseModel):
    userId: Id | None = Field(default=None, description=OTHER_USER)


class SessionIdIn(BaseModel):
    id: Id = Field(description="the session's id (from /session/list)")


class TokenIdIn(BaseModel):
    id: Id = Field(description="the API token's id (from /session/list)")


class SessionOut(BaseModel):
    id: int
    method: str = Field(description="how it began: password, oidc (single sign-on) or passkey")
    browser: str = Field(description='the browser in words ("Chrome 131"); "" when the user agent is not known')
    system: str = Field(description='the operating system in words ("Windows 10"); "" when not known')
    device: str = Field(description='a phone\'s or tablet\'s model ("iPhone"); "" otherwise')
    platform: str = Field(description="the platform header at sign-in (web, app)")
    address: str | None = Field(description="the client address at sign-in; null for a session from before")
    createdAt: str = Field(description="first use: the sign-in (ISO 8601, UTC)")
    lastUsedAt: str | None = Field(description="last use, to about a minute (ISO 8601, UTC); null: not since the "
                                               "sign-in")
    expiresAt: str = Field(description="ISO 8601, UTC")
    current: bool = Field(description="the session of this call")


class SessionTokenOut(BaseModel):
    id: int
    name: str
    prefix: str = Field(description="the token's public start, cft_<public id>")
    keys: list[str]
    lostKeys: list[str]
    userId: int
    account: str
    createdAt: str
    expiresAt: str
    lastUsedAt: str | None
    expired: bool


class SessionsOut(BaseModel):
    userId: int
    account: str
    name: str
    own: bool = Field(description="the caller's own sessions (false: a user of its subtree)")
    sessions: list[SessionOut] = Field(description="live console sessions, the last used first")
    tokens: list[SessionTokenOut] = Field(description="the user's API tokens, newest first (expired ones too)")


class EndedOut(BaseModel):
    ended: int = Field(description="how many sessions were ended")
