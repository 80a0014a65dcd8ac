"""Shapes of the API token calls (/integration/token/*)."""

from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import MAX_LIST, Id, UtcTime
from cleanfleet.core.fields import Name
from cleanfleet.core.paging import PageIn

MAX_DAYS = 365  # a token expires at most this many days after its creation
MAX_LIVE_TOKENS = 50  # live (not yet expired) tokens per creator

Key = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=128)]


class TokenIn(BaseModel):
    name: Name = Field(description="1-64 characters, unique among the creator's tokens")
    expiresAt: UtcTime = Field(description=f"when the token stops working: after now, at most {MAX_DAYS} days ahead")
    keys: list[Key] = Field(min_length=1, max_length=MAX_LIST,
                            description="permission keys the token may use: a subset of the caller's own keys "
                                        "(``/integration/token/keys``); a key the caller lacks is refused naming "
                                        "``keys.N``, keys only a person may use (``personOnly``) naming "
                                        "``keys``")


class TokenListIn(PageIn):
    userId: Id | None = Field(default=None, description="only this creator's tokens (a user of the caller's "
                                                        "subtree); default every token of the subtree")


class TokenIdIn(BaseModel):
    id: Id


class TokenOut(BaseModel):
    id: int
    name: str
    prefix: str = Field(description="the token's public start, cft_<public id> (the whole token is never shown "
                                    "again)")
    keys: list[str] = Field(description="the keys given at creation (the token uses those its creator still holds)")
    lostKeys: list[str] = Field(description="given keys the token cannot use: the creator no longer holds them, or "
                                            "only a person may use them (a token made before that rule)")
    userId: int = Field(description="the creator: the token acts as this user")
    account: str
    createdAt: str = Field(description="ISO 8601, UTC")
    expiresAt: str = Field(description="ISO 8601, UTC")
    lastUsedAt: str | None = Field(description="ISO 8601, UTC, to about a minute; null: never used")
    expired: bool


class TokenPage(BaseModel):
    list: list[TokenOut]
    total: int
    pageNum: int
    pageSize: int


class TokenCreated(TokenOut):
    token: str = Field(description="the whole token, shown this once: send it as Authorization: Bearer <token>")


class KeyOut(BaseModel):
    key: str
    name: str = Field(description="the catalogue's English name (the console shows its own translation)")
    kind: str = Field(description="page or button")
    group: str = Field(description="the menu group, as the role editor groups keys")
    page: str = Field(description="the page key a button belongs to (a page's own key)")
    personOnly: bool = Field(default=False, description="a token may never get it: its calls make an account, a "
                                                        "password, a token or a role, or sign people out, and "
                                                        "need a person signed in to the console")


class KeysOut(BaseModel):
    list: list[KeyOut]
    maxDays: int = Field(description="the longest expiry, in days from now")
    maxTokens: int = Field(description="live tokens a user may hold")
