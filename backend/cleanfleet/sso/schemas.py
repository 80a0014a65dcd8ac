"""Shapes of the single sign-on calls (/sso/*)."""

from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id
from cleanfleet.core.fields import Name
from cleanfleet.core.outbound import MAX_URL

MAX_PROVIDERS = 5  # per node
MAX_DOMAINS = 20  # per provider
MAX_GROUPS = 100  # rows of the table group -> role per provider

Domain = Annotated[str, StringConstraints(strip_whitespace=True, to_lower=True, min_length=3, max_length=253)]
Group = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=255)]
EVERYONE = "*"  # the group every person the provider vouches for is in (a provider without groups: Google)


class GroupRoleIn(BaseModel):
    group: Group = Field(description=f"a value of the groups claim, as the provider sends it; {EVERYONE!r}: everyone")
    roleId: Id = Field(description="a preset or custom role visible at the node (and held by the caller)")
    nodeId: Id | None = Field(default=None, description="where a person of this group is created: the provider's "
                                                        "node (default) or a node below it (a dealer's customer)")


class ProviderIn(BaseModel):
    nodeId: Id | None = Field(default=None, description="the node (a dealer or customer account of the caller's "
                                                        "subtree) whose people sign in through it; default: the "
                                                        "caller's")
    name: Name = Field(description="shown on the sign-in button: Sign in with <name>")
    issuer: str = Field(min_length=8, max_length=MAX_URL, description="the issuer URL; the server reads "
                                                                      "<issuer>/.well-known/openid-configuration")
    clientId: str = Field(min_length=1, max_length=255)
    clientSecret: str | None = Field(default=None, min_length=1, max_length=1024, description="write-only; "
                                     "required when adding, left out when editing keeps the stored one")
    scopes: str = Field(default="openid email profile", min_length=6, max_length=255,
                        pattern=r"^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$")
    groupsClaim: str = Field(default="groups", min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_:./-]+$")
    domains: list[Domain] = Field(min_length=1, max_length=MAX_DOMAINS, description="e-mail domains it serves "
                                                                                   "(each served by one provider)")
    groups: list[GroupRoleIn] = Field(default_factory=list, max_length=MAX_GROUPS)
    passwordsOff: bool = Field(default=False, description="the accounts below the node may no longer sign in "
                                                          "with a password")
    enabled: bool = True


class ProviderEditIn(ProviderIn):
    id: Id


class ProviderIdIn(BaseModel):
    id: Id


class ProviderListIn(BaseModel):
    nodeId: Id | None = Field(default=None, description="only this node's providers; default every provider of "
                                                        "the caller's subtree")


class GroupRoleOut(BaseModel):
    group: str
    roleId: int
    roleName: str
    nodeId: int
    nodeAccount: str


class ProviderOut(BaseModel):
    id: int
    nodeId: int
    nodeAccount: str
    nodeName: str
    name: str
    issuer: str
    clientId: str
    secretSet: bool = Field(description="a client secret is stored (it is never answered)")
    scopes: str
    groupsClaim: str
    domains: list[str]
    groups: list[GroupRoleOut]
    passwordsOff: bool
    enabled: bool
    redirectUri: str = Field(description="the address to register at the provider as the redirect (callback) URI")
    logoutRedirectUri: str = Field(description="the address to register as the post-logout redirect URI")
    people: int = Field(description="accounts that signed in through it")
    createdAt: str
    updatedAt: str


class TestIn(BaseModel):
    id: Id | None = Field(default=None, description="a stored provider's issuer; or ``issuer``")
    issuer: str | None = Field(default=None, min_length=8, max_length=MAX_URL)


class TestOut(BaseModel):
    issuer: str
    authorizationEndpoint: str
    tokenEndpoint: str
    userinfoEndpoint: str | None
    endSessionEndpoint: str | None
    scopesSupported: list[str]
    claimsSupported: list[str]
    signingAlgorithms: list[str]
    keys: int = Field(description="signing keys its key set holds now")


class DiscoverIn(BaseModel):
    login: str = Field(min_length=1, max_length=255, description="what the person typed: an account or an e-mail")


class ProviderButton(BaseModel):
    id: int
    name: str


class DiscoverOut(BaseModel):
    providers: list[ProviderButton] = Field(description="the providers serving the e-mail's domain (none for an "
                                                        "account name)")


class RedeemIn(BaseModel):
    code: str = Field(min_length=16, max_length=128, description="the one-time code the callback handed the console")


class SignOutOut(BaseModel):
    redirect: str | None = Field(description="the provider's end-session address to send the browser to, when the "
                                             "session began there and the provider offers one")


class RolesIn(BaseModel):
    nodeId: Id | None = Field(default=None, description="where the people land; default the caller's node")


class RoleChoice(BaseModel):
    id: int
    name: str
    preset: bool
