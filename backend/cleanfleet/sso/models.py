"""OpenID providers of the user tree's nodes (issue 50 items 1-4; docs/domains/sso.md).

- ``sso_providers``: one provider a node (``node_id``, a dealer or a customer account) configured: the name on the
  sign-in button, the issuer (discovery at ``<issuer>/.well-known/openid-configuration``), the client id, the client
  secret sealed (core/sealed.py; never answered, logged or in the operation log), the scopes asked, the claim that
  carries groups, and whether its people (the accounts below the node) may still sign in with a password.
- ``sso_domains``: the e-mail domains a provider serves, each served by one provider only (the sign-in page offers
  the provider for an e-mail of that domain).
- ``sso_group_roles``: the table group -> role, in order; ``node_id`` is where a person of that group is created
  (the provider's node, or a node below it: a dealer's customer).
- ``sso_identities``: which account a provider's subject (``sub``) is; made at the first sign-in (just in time).
- ``sso_flows``: a sign-in under way (``authorize``: state, nonce and PKCE verifier, bound to the browser by a
  cookie) or just finished (``handoff``: the session the console redeems once); short-lived, single use, only the
  hashes of the state, the cookie and the handoff code stored; or owing a second factor (``ticket``: the ID token,
  sealed, under the hash of the factors' ticket, until the second step's session takes it: events.py).
- ``sso_sessions``: the console sessions an OpenID sign-in began, with the ID token (sealed) that signing out hands
  back to the provider (RP-initiated logout).
"""

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow

AUTHORIZE, HANDOFF, TICKET = "authorize", "handoff", "ticket"


class SsoProvider(Base):
    __tablename__ = "sso_providers"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    node_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    issuer: Mapped[str] = mapped_column(String(2048))
    client_id: Mapped[str] = mapped_column(String(255))
    client_secret_sealed: Mapped[str] = mapped_column(Text)
    scopes: Mapped[str] = mapped_column(String(255), default="openid email profile")
    groups_claim: Mapped[str] = mapped_column(String(64), default="groups")
    passwords_off: Mapped[bool] = mapped_column(Boolean, default=False)
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class SsoDomain(Base):
    __tablename__ = "sso_domains"

    domain: Mapped[str] = mapped_column(String(253), primary_key=True)  # lower-case
    provider_id: Mapped[int] = mapped_column(ForeignKey("sso_providers.id", ondelete="CASCADE"), index=True)


class SsoGroupRole(Base):
    __tablename__ = "sso_group_roles"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    provider_id: Mapped[int] = mapped_column(ForeignKey("sso_providers.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer, default=0)
    group: Mapped[str] = mapped_column(String(255))
    role_id: Mapped[int] = mapped_column(ForeignKey("roles.id", ondelete="CASCADE"), index=True)
    node_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)


class SsoIdentity(Base):
    __tablename__ = "sso_identities"
    __table_args__ = (UniqueConstraint("provider_id", "subject", name="uq_sso_identities_subject"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    provider_id: Mapped[int] = mapped_column(ForeignKey("sso_providers.id", ondelete="CASCADE"))
    subject: Mapped[str] = mapped_column(String(255))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    email: Mapped[str] = mapped_column(String(512), default="")
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    last_at: Mapped[datetime | None] = mapped_column(UtcDateTime())


class SsoFlow(Base):
    __tablename__ = "sso_flows"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))  # AUTHORIZE or HANDOFF
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)  # the state's (authorize) or handoff code's hash
    browser_hash: Mapped[str] = mapped_column(String(64))  # the cookie that binds the flow to one browser
    provider_id: Mapped[int] = mapped_column(ForeignKey("sso_providers.id", ondelete="CASCADE"), index=True)
    nonce: Mapped[str] = mapped_column(String(64), default="")
    verifier_sealed: Mapped[str] = mapped_column(Text, default="")  # the PKCE verifier, or the handoff's token
    login_hint: Mapped[str] = mapped_column(String(255), default="")
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime(), index=True)


class SsoSession(Base):
    __tablename__ = "sso_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)  # the console session's (tokens)
    provider_id: Mapped[int] = mapped_column(ForeignKey("sso_providers.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    id_token_sealed: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
